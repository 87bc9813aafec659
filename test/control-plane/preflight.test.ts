/**
 * `handoff preflight` against the real control plane: for each built-in scenario whose outcome
 * kube-apiserver's admission or kube-scheduler decides before any kubelet acts, the scenario's
 * cluster (fake nodes, namespaces with their PodSecurity labels, quotas, LimitRanges and
 * ServiceAccounts) is set up without its objects, and preflight predicts from the live cluster
 * what applying them will do. The manifests are then applied for real, the real component's
 * signal awaited (scenario-on-real.ts), and `handoff TARGET` diagnoses what happened. The
 * prediction must name the stage and reason that both the scenario's `expect` and the real
 * diagnosis name (for a healthy scenario: no target `would-fail`), and preflight must have sent
 * only get, list and watch requests (audit log).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Scenario } from '../../src/simulator/scenario/types.js';
import { handoff, type CliRun, type Report, type ReportDiagnosis } from './cli.js';
import { FakeKubelet } from './fake-kubelet.js';
import { adminApi, auditMark, handoffRequests } from './harness.js';
import { loadScenario, normalise, runOnReal, runOnSimulator } from './scenario-on-real.js';

/** The scenarios: the failures admission and the scheduler decide, and healthy ones. */
const SCENARIOS = [
  'quota-exceeded',
  'limit-range-violation',
  'pod-security-violation',
  'service-account-missing',
  'insufficient-cpu',
  'insufficient-memory',
  'untolerated-taint',
  'node-selector-mismatch',
  'healthy-rollout',
] as const;

const READ_VERBS = new Set(['get', 'list', 'watch']);

/**
 * Where the predicted summary's wording (generated names and numbers normalised) differs from the
 * real diagnosis's, and why; elsewhere it must be the same (the what-if runs at the live server's
 * release, so the scheduler's words are that release's). The scheduler messages are the same here;
 * only the engine's own sentence differs.
 */
const SUMMARY_DIFFERS: Readonly<Record<string, string>> = {
  'untolerated-taint':
    'the what-if names the taint of the nodes the pod could use (nvidia.com/gpu=present); on the real cluster the same rule falls back to "untolerated taints"',
};

/** `kubectl`-style target prefixes of the scenarios' `expect` to the report's kinds. */
const KIND: Readonly<Record<string, string>> = {
  pod: 'Pod',
  deploy: 'Deployment',
  sts: 'StatefulSet',
  ds: 'DaemonSet',
  job: 'Job',
  rs: 'ReplicaSet',
  svc: 'Service',
};

interface PreflightDiagnosis extends ReportDiagnosis {
  readonly preflight: { readonly verdict: string };
}

interface PreflightReport extends Omit<Report, 'diagnoses'> {
  readonly diagnoses: readonly PreflightDiagnosis[];
}

const info = inject('controlPlane');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'handoff-cp-preflight-'));
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

/** The scenario's objects as one `List` file, as a user would hand them to preflight. */
function manifestFile(scenario: Scenario): string {
  const file = path.join(tmp, `${scenario.name}.json`);
  const items = scenario.objects.map((o) => o.manifest);
  writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items }, null, 2));
  return file;
}

/** The namespace, kind and name of an `expect` target (`deploy/orders`), from the scenario's manifests. */
function targetOf(scenario: Scenario, target: string): { ns: string; kind: string; name: string } {
  const [short = '', name = ''] = target.split('/');
  const kind = KIND[short];
  const m = scenario.objects.find(
    (o) => o.manifest.kind === kind && (o.manifest.metadata as { name?: string }).name === name,
  );
  if (kind === undefined || m === undefined) throw new Error(`${scenario.name}: no manifest for ${target}`);
  return { ns: (m.manifest.metadata as { namespace?: string }).namespace ?? 'default', kind, name };
}

function parse(run: CliRun, what: string): unknown {
  if (run.code !== 0 && run.code !== 1)
    throw new Error(`${what} exited ${String(run.code)}:\n${run.stderr}\n${run.stdout.slice(0, 2000)}`);
  return JSON.parse(run.stdout);
}

const line = (d: ReportDiagnosis | undefined): string =>
  d === undefined ? 'none' : `${d.verdict} ${String(d.stage)}/${String(d.reason)}: ${d.summary}`;

describe(`preflight predicts on real kube-apiserver ${info.version} what the apply then does`, () => {
  for (const name of SCENARIOS) {
    it(name, async () => {
      const scenario = loadScenario(name, info.version);
      // The simulator's run gives the nodes (and storage classes) the real cluster is given.
      const { sim } = runOnSimulator(scenario);
      const file = manifestFile(scenario);
      const api = adminApi(info);
      const kubelet = new FakeKubelet(api, info.closedPort, info.version);
      let preflight: CliRun | undefined;
      let requests: ReturnType<typeof handoffRequests> = [];
      const real = await runOnReal(api, kubelet, info.adminKubeconfig, scenario, sim, {
        // The cluster is set up, none of the scenario's objects exists yet.
        beforeObjects: async () => {
          const mark = auditMark(info.auditLog);
          preflight = await handoff([
            'preflight',
            '-f',
            file,
            '--kubeconfig',
            info.adminKubeconfig,
            '-o',
            'json',
          ]);
          requests = handoffRequests(info.auditLog, mark);
        },
      });
      try {
        if (preflight === undefined) throw new Error('preflight did not run');
        const predicted = parse(preflight, 'handoff preflight') as PreflightReport;
        expect(predicted.kind).toBe('PreflightReport');
        expect(predicted.source.type, 'preflight read the live cluster').toBe('live');

        // Preflight only read the cluster.
        expect(requests.length, 'preflight sent requests').toBeGreaterThan(0);
        expect(
          requests.filter((r) => !READ_VERBS.has(r.verb)).map((r) => `${r.verb} ${r.requestURI}`),
        ).toEqual([]);

        // What the real apply ended in: the scenario's expectations, met on the real cluster.
        expect(real.observed.expectations, real.observed.diagnoses.join('\n')).toEqual(
          scenario.expect.map(() => 'ok'),
        );

        const out = path.join(info.dir, 'artifacts', 'preflight');
        mkdirSync(out, { recursive: true });
        const record: Record<string, string> = {};
        for (const e of scenario.expect) {
          if ('verdict' in e) {
            // A healthy outcome: no target of the input is predicted to fail.
            const wouldFail = predicted.diagnoses.filter((d) => d.preflight.verdict === 'would-fail');
            expect(wouldFail.map((d) => `${d.target.kind}/${d.target.name}: ${line(d)}`)).toEqual([]);
            expect(preflight.code, 'exit code without a would-fail').toBe(0);
            for (const d of predicted.diagnoses)
              record[`${d.target.kind}/${d.target.name}`] = `predicted ${d.preflight.verdict} ${line(d)}`;
            for (const ns of new Set(predicted.diagnoses.map((d) => d.target.namespace))) {
              const run = await handoff([
                '-n',
                ns,
                '--kubeconfig',
                info.adminKubeconfig,
                '-o',
                'json',
                '--now',
                real.judgedAt,
              ]);
              const diagnoses = (parse(run, `handoff -n ${ns}`) as Report).diagnoses;
              for (const d of diagnoses) record[`real ${d.target.kind}/${d.target.name}`] = line(d);
              expect(diagnoses.length, `real diagnoses in ${ns}`).toBeGreaterThan(0);
              expect(diagnoses.filter((d) => d.verdict !== 'healthy').map(line)).toEqual([]);
              expect(run.code, 'handoff exits 0 when all is healthy').toBe(0);
            }
            continue;
          }
          const t = targetOf(scenario, e.target ?? '');
          const ours = predicted.diagnoses.find(
            (d) => d.target.kind === t.kind && d.target.name === t.name && d.target.namespace === t.ns,
          );
          const run = await handoff([
            e.target ?? '',
            '-n',
            t.ns,
            '--kubeconfig',
            info.adminKubeconfig,
            '-o',
            'json',
            '--now',
            real.judgedAt,
          ]);
          // `handoff deploy/x` diagnoses the Deployment, or its pods once it has some: every
          // failure in that scope is the real outcome (as the scenario check reads it).
          const failed = (parse(run, `handoff ${e.target ?? ''}`) as Report).diagnoses.filter(
            (d) => d.verdict === 'failed',
          );
          record[`${t.kind}/${t.name}`] = `predicted ${String(ours?.preflight.verdict)} ${line(ours)}`;
          for (const d of failed) record[`real ${d.target.kind}/${d.target.name}`] = line(d);
          writeFileSync(path.join(out, `${name}.json`), JSON.stringify(record, null, 2));

          expect(run.code, 'handoff TARGET exits 1 on a failure').toBe(1);
          expect(
            [...new Set(failed.map((d) => `${String(d.stage)}/${String(d.reason)}`))],
            `real: ${failed.map(line).join('; ')}`,
          ).toEqual([`${e.stage}/${e.reason}`]);
          expect(
            [ours?.preflight.verdict, ours?.verdict, ours?.stage, ours?.reason],
            `predicted: ${line(ours)}`,
          ).toEqual(['would-fail', 'failed', failed[0]?.stage, failed[0]?.reason]);
          expect(
            normalise(ours?.summary ?? '') === normalise(failed[0]?.summary ?? ''),
            `summaries: predicted ${line(ours)} | real ${line(failed[0])}`,
          ).toBe(SUMMARY_DIFFERS[name] === undefined);
          expect(preflight.code, 'exit code with a would-fail').toBe(1);
        }
        writeFileSync(path.join(out, `${name}.json`), JSON.stringify(record, null, 2));
      } finally {
        await real.cleanup();
        api.close();
      }
    });
  }
});
