/**
 * siblingCause in detail: which other pods of the namespace lend their cause (waiting on the same
 * reason, or known only from their config-error events), which do not, and the evidence line.
 */
import { describe, expect, it } from 'vitest';
import { podContextsOf } from '../../../test/rule-tester.js';
import { cstatus, event, ms, pod, snapshot, state } from '../../../test/builders.js';
import type { EventRecord, Pod } from '../../model/index.js';
import { siblingCause } from './sibling-cause.js';

const CCCE = 'CreateContainerConfigError';

const row = (name: string, reason = CCCE, message?: string, namespace = 'pac'): Pod =>
  pod({
    name,
    namespace,
    containers: [],
    containerStatuses: [cstatus('unnamed', { state: state.waiting(reason, message) })],
  });
const failedFor = (podName: string, message: string, namespace = 'pac') =>
  event({ reason: 'Failed', name: podName, namespace, message: `Error: ${message}`, count: 4 });

/** The cause pod `api-1` (a bare row waiting on `reason`) takes from the rest of the evidence. */
function causeFor(others: Pod[], events: EventRecord[] = [], reason = CCCE) {
  const ctx = podContextsOf(snapshot({ pods: [row('api-1', reason), ...others], events }), ms(600)).find(
    (c) => c.pod.metadata.name === 'api-1',
  );
  if (ctx === undefined) throw new Error('no context for api-1');
  const s = siblingCause(ctx, reason);
  return s === undefined
    ? undefined
    : { pod: s.pod, object: s.cls.object, message: s.message, evidence: s.evidence };
}

describe('siblingCause', () => {
  it('the first pod showing a cause of that kind lends it, with its evidence line', () => {
    expect(
      causeFor([row('api-2', CCCE, 'secret "a" not found'), row('api-3', CCCE, 'secret "b" not found')]),
    ).toEqual({
      pod: 'api-2',
      object: 'a',
      message: 'secret "a" not found',
      evidence: {
        source: 'status',
        text: 'pod api-2 of the same namespace, also CreateContainerConfigError: secret "a" not found',
      },
    });
  });

  it('a pod whose error is not a known config cause does not stand in the way', () => {
    expect(
      causeFor([
        row('api-2', CCCE, 'failed to prepare subPath for volumeMount "data" of container "app"'),
        row('api-3', CCCE, 'configmap "settings" not found'),
      ])?.object,
    ).toBe('settings');
  });

  it('a pod that has since started does not lend the cause of its old events', () => {
    const started = pod({
      name: 'api-2',
      namespace: 'pac',
      containerStatuses: [cstatus('app', { state: state.running(30), ready: true })],
    });
    expect(causeFor([started], [failedFor('api-2', 'secret "db" not found')])).toBeUndefined();
  });

  it('a pod known only from its events lends the cause they report', () => {
    expect(causeFor([], [failedFor('api-2', 'secret "db" not found')])).toEqual({
      pod: 'api-2',
      object: 'db',
      message: 'secret "db" not found',
      evidence: {
        source: 'status',
        text: 'pod api-2 of the same namespace, also CreateContainerConfigError: secret "db" not found',
      },
    });
  });

  it('events of a pod of another namespace lend nothing', () => {
    expect(causeFor([], [failedFor('api-2', 'secret "db" not found', 'shop')])).toBeUndefined();
  });

  it('for CreateContainerError, pods known only from their events lend nothing', () => {
    expect(
      causeFor([], [failedFor('api-2', 'secret "db" not found')], 'CreateContainerError'),
    ).toBeUndefined();
  });

  it('the pod itself lends nothing, not even its own unattributed events', () => {
    const ctx = podContextsOf(
      snapshot({
        pods: [
          pod({
            name: 'api-1',
            namespace: 'pac',
            containerStatuses: [
              cstatus('app', { state: state.waiting(CCCE) }),
              cstatus('sidecar', { state: state.waiting(CCCE) }),
            ],
          }),
        ],
        events: [failedFor('api-1', 'secret "db" not found')],
      }),
      ms(600),
    )[0];
    if (ctx === undefined) throw new Error('no context');
    expect(siblingCause(ctx, CCCE)).toBeUndefined();
  });
});

describe('siblingCause: tables without a namespace column (kubectl get pods / get events without -A)', () => {
  const bare = (name: string, message?: string): Pod => {
    const p = row(name, CCCE, message);
    return { ...p, metadata: { name } };
  };
  const causeOf = (pods: Pod[], events: EventRecord[] = []) => {
    const ctx = podContextsOf(snapshot({ pods, events }), ms(600)).find(
      (c) => c.pod.metadata.name === 'api-1',
    );
    if (ctx === undefined) throw new Error('no context for api-1');
    return siblingCause(ctx, CCCE)?.pod;
  };

  it('a pod of the same table shows the cause in its status', () => {
    expect(causeOf([bare('api-1'), bare('api-2', 'secret "db" not found')])).toBe('api-2');
  });

  it('a pod of the same table shows it in its events', () => {
    const failedEvent: EventRecord = {
      regarding: { kind: 'Pod', name: 'api-2' },
      reason: 'Failed',
      message: 'Error: secret "db" not found',
      type: 'Warning',
      count: 4,
    };
    expect(causeOf([bare('api-1'), bare('api-2')], [failedEvent])).toBe('api-2');
    // The same events with no row for their pod: a pod known only from its events.
    expect(causeOf([bare('api-1')], [failedEvent])).toBe('api-2');
  });
});
