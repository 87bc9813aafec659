/**
 * A pod whose deletion was requested is judged on its termination, whatever else failed before
 * it (its node lost, a crash): also when the paste shows the request without a deletionTimestamp
 * (kubectl's STATUS Terminating, or kubectl confirming the delete and a later listing still
 * showing the pod).
 */
import { describe, expect, it } from 'vitest';
import { snapshotFromSources } from '../src/collectors/files/index.js';
import { referenceTimeOf } from '../src/collectors/collector.js';
import { diagnose } from '../src/rules/engine/index.js';
import { RULES } from '../src/rules/index.js';

const CLOCK = Date.parse('2026-01-01T00:00:00Z');

function first(text: string) {
  const snapshot = snapshotFromSources([{ name: 'paste.txt', text }], ['paste.txt'], { clock: () => CLOCK });
  const { diagnoses } = diagnose(snapshot, { now: referenceTimeOf(snapshot) ?? CLOCK, rules: RULES });
  const [d] = diagnoses;
  return `${d?.verdict} ${d?.stage} ${d?.reason}`;
}

const HEADER = 'NAME     READY   STATUS        RESTARTS   AGE';
const row = (status: string, age = '3h') => `dash-1   1/1     ${status.padEnd(12)}  0          ${age}`;

describe('deletion requested, shown by the paste', () => {
  it.each([
    [
      'Unknown (node lost), confirmed deleted, still listed',
      [HEADER, row('Unknown'), 'pod "dash-1" deleted', HEADER, row('Unknown')],
      'failed termination NodeGone',
    ],
    [
      'Running, confirmed deleted, still listed',
      [HEADER, row('Running'), 'pod "dash-1" deleted', HEADER, row('Running', '4h')],
      'failed termination StuckTerminating',
    ],
    [
      'Unknown, then Terminating',
      [HEADER, row('Unknown'), HEADER, row('Terminating')],
      'failed termination NodeGone',
    ],
    [
      'CrashLoopBackOff, then Terminating',
      [HEADER, row('CrashLoopBackOff'), HEADER, row('Terminating')],
      'failed termination StuckTerminating',
    ],
  ])('%s: %s', (_, lines, verdict) => {
    expect(first(lines.join('\n'))).toBe(verdict);
  });

  it.each([
    ['Unknown, never deleted', [HEADER, row('Unknown')], 'failed node NodeLost'],
    // The newer listing is what the pod of that name is now: a new pod, Running.
    [
      'Unknown, deleted, a new pod of the same name',
      [HEADER, row('Unknown'), 'pod "dash-1" deleted', HEADER, row('Running', '5s')],
      'healthy null null',
    ],
    [
      'Running, deleted, not listed again',
      [HEADER, row('Running'), 'pod "dash-1" deleted'],
      'healthy null null',
    ],
  ])('%s: %s', (_, lines, verdict) => {
    expect(first(lines.join('\n'))).toBe(verdict);
  });
});

describe('kubectl delete pod refused by admission', () => {
  const webhook =
    'Error from server (InternalError): Internal error occurred: failed calling webhook "validate.kyverno.svc-fail": Post "https://kyverno-svc.kyverno.svc:443/validate?timeout=10s": service "kyverno-svc" not found';
  const gatekeeper =
    'Error from server (Forbidden): admission webhook "validation.gatekeeper.sh" denied the request: [deny-delete] pods in prod may not be deleted';

  function firstOf(text: string) {
    const snapshot = snapshotFromSources([{ name: 'paste.txt', text }], ['paste.txt'], {
      clock: () => CLOCK,
    });
    return diagnose(snapshot, { now: referenceTimeOf(snapshot) ?? CLOCK, rules: RULES }).diagnoses[0];
  }

  it.each([
    [
      '$ kubectl delete pods --force -n kyverno kyverno-66447b5c94-9wc84',
      webhook,
      'kyverno/kyverno-66447b5c94-9wc84',
      'validate.kyverno.svc-fail',
    ],
    ['kubectl delete pod web-1', gatekeeper, 'default/web-1', 'validation.gatekeeper.sh'],
    ['kubectl -n shop delete pod/web-1 --grace-period=0', webhook, 'shop/web-1', 'validate.kyverno.svc-fail'],
  ])('%s, then %s: termination, the request refused', (command, error, target, hook) => {
    const d = firstOf([command, error].join('\n'));
    expect(`${d?.verdict} ${d?.stage} ${d?.reason}`).toBe('failed termination StuckTerminating');
    expect(`${d?.target.namespace}/${d?.target.name}`).toBe(target);
    expect(d?.summary).toMatch(/^Deleting the pod is refused by the API server \(/);
    expect(d?.evidence[0]?.text).toMatch(
      new RegExp(`^kubectl delete pod ${target.split('/')[1]} was refused: `),
    );
    expect(d?.nextSteps[0]).toBe('kubectl get validatingwebhookconfigurations,mutatingwebhookconfigurations');
    if (error === webhook) expect(d?.nextSteps[1]).toContain(`webhook ${hook}`);
    else expect(d?.nextSteps[1]).toMatch(/^Fix what the message names/);
  });

  it.each([
    ['kubectl apply -f pod.yaml', 'admission'],
    ['kubectl delete pods -l app=web', 'admission'],
    ['kubectl delete deployment web', 'admission'],
  ])('the same denial under %s is not a refused pod deletion', (command, stage) => {
    const d = firstOf([command, webhook].join('\n'));
    expect(d?.stage).toBe(stage);
    expect(d?.target.kind).not.toBe('Pod');
  });
});
