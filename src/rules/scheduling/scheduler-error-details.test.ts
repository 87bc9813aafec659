import { describe, expect, it } from 'vitest';
import type { EventRecord, Finding, Pod } from '../../model/index.js';
import { runRule } from '../../../test/rule-tester.js';
import { at, cond, event, ms, pod, snapshot, unschedulable } from '../../../test/builders.js';
import { rule } from './scheduler-error.js';

const LOGS = 'kubectl logs -n kube-system -l component=kube-scheduler --tail=200';
const BINDING_STEP =
  'Binding errors are usually transient (a conflict or a deleted pod); if they repeat, check the volume binding or the admission webhooks on pods/binding named in the error.';
const FIX_STEP =
  'Fix what the error names (often an invalid affinity or selector in the pod spec, or a scheduler extender that is down); the scheduler retries on its own.';
const PREFILTER = 'running PreFilter plugin "NodeAffinity": invalid label value';
/** The binding conflict message, for a pod named `name` on node `node`. */
const alreadyAssigned = (name: string, node = 'node-2') =>
  `binding rejected: running Bind plugin "DefaultBinder": Operation cannot be fulfilled on pods/binding "${name}": pod ${name} is already assigned to node "${node}"`;

function only(pods: Pod[], events: EventRecord[] | undefined, now?: number): Finding | undefined {
  const found = runRule(rule, snapshot({ pods, ...(events === undefined ? {} : { events }) }), now);
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0];
}

describe('scheduling/scheduler-error: scheduler failures', () => {
  it('a SchedulerError condition: detail, evidence and next steps', () => {
    const f = only(
      [pod({ conditions: [cond('PodScheduled', 'False', 'SchedulerError', PREFILTER, 10)] })],
      [],
    );
    expect(f?.messageId).toBe('schedulerError');
    expect(f?.data).toEqual({ detail: PREFILTER });
    expect(f?.evidence).toEqual([
      { source: 'condition', text: `PodScheduled=False SchedulerError: ${PREFILTER}`, at: at(10) },
    ]);
    expect(f?.nextSteps).toEqual(['kubectl describe pod web-1 -n default', LOGS, FIX_STEP]);
    expect(f?.at).toBe(ms(10));
  });

  it('a SchedulerError condition without a message: the reason is the detail', () => {
    const f = only(
      [pod({ conditions: [cond('PodScheduled', 'False', 'SchedulerError', undefined, 10)] })],
      [],
    );
    expect(f?.data).toEqual({ detail: 'SchedulerError' });
    expect(f?.evidence.map((e) => e.text)).toEqual(['PodScheduled=False SchedulerError']);
  });

  it('a binding conflict from events: binding steps, the event as evidence', () => {
    const message = alreadyAssigned('web-1');
    const f = only(
      [],
      [event({ reason: 'FailedScheduling', message, source: 'default-scheduler', lastS: 10 })],
      ms(70),
    );
    expect(f?.messageId).toBe('bindingFailed');
    expect(f?.basis).toBe('events');
    expect(f?.evidence.map((e) => e.text)).toEqual([
      `Warning FailedScheduling 60s ago default-scheduler: ${message}`,
    ]);
    expect(f?.nextSteps).toEqual(['kubectl describe pod web-1 -n default', LOGS, BINDING_STEP]);
  });

  // The pod name appears twice; a one-character longer node name makes up an odd length.
  it.each<[string, number, boolean]>([
    ['exactly 400 characters: kept whole', 400, false],
    ['401 characters: cut at 400', 401, true],
  ])('detail of %s', (_name, length, cut) => {
    const free = length - alreadyAssigned('').length;
    const message = alreadyAssigned('w'.repeat(Math.floor(free / 2)), free % 2 === 1 ? 'node-12' : 'node-2');
    expect(message).toHaveLength(length);
    const f = only([pod({ conditions: [unschedulable(message, 10)] })], []);
    expect(f?.messageId).toBe('bindingFailed');
    expect(f?.data.detail).toBe(cut ? `${message.slice(0, 400)}…` : message);
  });
});

describe('scheduling/scheduler-error: a custom scheduler that never acted', () => {
  const custom = (opts: Parameters<typeof pod>[0] = {}) =>
    pod({ createdS: 0, ...opts, spec: { schedulerName: 'my-scheduler', ...opts.spec } });

  it('the finding: state basis, medium confidence, exact evidence and steps', () => {
    const f = only([custom()], [], ms(1800));
    expect(f?.messageId).toBe('schedulerAbsent');
    expect(f?.basis).toBe('state');
    expect(f?.confidence).toBe('medium');
    expect(f?.evidence).toEqual([
      { source: 'spec', text: 'spec.schedulerName: my-scheduler' },
      { source: 'status', text: 'no PodScheduled condition and no events for the pod' },
    ]);
    expect(f?.nextSteps).toEqual([
      'kubectl get pods -A -o wide | grep -i my-scheduler',
      'Deploy or repair the scheduler named my-scheduler, or remove spec.schedulerName so that default-scheduler places the pod.',
    ]);
  });

  it.each<[string, number, boolean]>([
    ['exactly five minutes old', 300, true],
    ['a second short of five minutes', 299, false],
  ])('%s', (_name, ageS, fires) => {
    expect(only([custom()], [], ms(ageS))?.messageId).toBe(fires ? 'schedulerAbsent' : undefined);
  });

  it('a pod with no phase counts as Pending', () => {
    const p = custom();
    const noPhase: Pod = { ...p, status: {} };
    expect(only([noPhase], [], ms(1800))?.messageId).toBe('schedulerAbsent');
  });

  it('a condition of another type does not hide it', () => {
    const p = custom({ conditions: [cond('www.example.com/feature-1', 'False')] });
    expect(only([p], [], ms(1800))?.messageId).toBe('schedulerAbsent');
  });

  it.each<[string, Pod, EventRecord[]]>([
    ['phase Failed', custom({ phase: 'Failed' }), []],
    [
      'PodScheduled=True without a node name yet',
      custom({ conditions: [cond('PodScheduled', 'True', undefined, undefined, 5)] }),
      [],
    ],
    [
      'PodScheduled=True among other conditions',
      custom({
        conditions: [
          cond('www.example.com/feature-1', 'False'),
          cond('PodScheduled', 'True', undefined, undefined, 5),
        ],
      }),
      [],
    ],
    [
      'an event for the pod (the scheduler acted)',
      custom(),
      [
        event({
          reason: 'Scheduled',
          type: 'Normal',
          message: 'Successfully assigned default/web-1 to node-2',
          source: 'my-scheduler',
          lastS: 20,
        }),
      ],
    ],
  ])('no finding: %s', (_name, p, events) => {
    expect(only([p], events, ms(1800))).toBeUndefined();
  });

  it('no finding for a pod without a creation time', () => {
    const p = custom();
    const metadata = { ...p.metadata };
    delete metadata.creationTimestamp;
    expect(only([{ ...p, metadata }], [], ms(1800))).toBeUndefined();
  });
});
