/**
 * `handoff preflight --server-dry-run`: the API server's own admission answer, asked with dryRun=All creates.
 */
import { dryRunCreates, type Connection, type DryRunRequest } from '../../collectors/live/index.js';
import type { JudgeInput } from '../../preflight/judge.js';
import { targetsOf } from '../../preflight/targets.js';
import { type CheckFinding, type InputObject } from '../../preflight/types.js';
import type { KObject } from '../../simulator/world/types.js';
import { groupOf } from './input.js';
import { judgedKind } from './input.js';
import { admissionReason } from './predict.js';

/**
 * `--server-dry-run`: every input object, and a pod of each workload's template, sent to the live
 * API server as a create with dryRun=All: its admission (webhooks included) and validation answer,
 * and nothing is stored. Returns the findings per input object, and a note saying what was sent.
 */
export async function askServer(
  connection: Connection,
  inputs: readonly InputObject[],
): Promise<{ results: NonNullable<JudgeInput['serverDryRun']>; note: string }> {
  const requests: { input: InputObject; what: string; request: DryRunRequest }[] = [];
  const add = (input: InputObject, object: KObject, what: string): void => {
    const resource = judgedKind(groupOf(object.apiVersion), object.kind);
    if (resource === undefined) return;
    const [group, version] = object.apiVersion.includes('/')
      ? object.apiVersion.split('/')
      : ['', object.apiVersion];
    requests.push({
      input,
      what,
      request: {
        object,
        group: group ?? '',
        version: version ?? 'v1',
        resource: resource.resource,
        ...(resource.namespaced ? { namespace: object.metadata.namespace ?? 'default' } : {}),
      },
    });
  };
  for (const input of inputs) add(input, input.object, `${input.object.kind} ${input.object.metadata.name}`);
  for (const t of targetsOf(inputs)) {
    if (t.kind === 'Pod') continue;
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        generateName: `${t.name}-`,
        namespace: t.namespace,
        labels: { ...(t.template.metadata.labels ?? {}) },
      },
      spec: structuredClone(t.template.spec),
    } as unknown as KObject;
    add(t.input, pod, `a pod of ${t.kind} ${t.name}`);
  }
  const answers = await dryRunCreates(
    connection,
    requests.map((r) => r.request),
  );
  const results = new Map<InputObject, { findings: CheckFinding[]; admitted: boolean }>();
  requests.forEach((r, i) => {
    const answer = answers[i];
    const entry = results.get(r.input) ?? { findings: [], admitted: true };
    results.set(r.input, entry);
    if (answer === undefined || answer.outcome === 'admitted') return;
    entry.admitted = false;
    if (answer.outcome === 'exists') return;
    const text = `server dry-run of ${r.what}: HTTP ${answer.code}: ${answer.message}`;
    entry.findings.push(
      answer.outcome === 'refused'
        ? {
            check: 'server-dry-run',
            outcome: 'fail',
            stage: 'admission',
            reason: admissionReason(answer.message) ?? 'Forbidden',
            message: answer.message,
            evidence: [{ source: 'status', text }],
            nextSteps: [`kubectl apply --dry-run=server -f ${r.input.file}`],
          }
        : {
            check: 'server-dry-run',
            outcome: 'unknown',
            stage: 'admission',
            message: text,
            evidence: [],
            nextSteps: [],
          },
    );
  });
  return {
    results,
    note: `--server-dry-run sent ${requests.length} create${requests.length === 1 ? '' : 's'} with dryRun=All to ${connection.server}: the API server admitted or refused each and stored nothing`,
  };
}
