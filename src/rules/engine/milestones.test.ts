import { describe, expect, it } from 'vitest';
import type { EventRecord, Pod, StageId } from '../../model/index.js';
import { event, ms, pod } from '../../../test/builders.js';
import { podMilestones } from './milestones.js';

/** The pod stub the engine builds for a pod known only from its events. */
const stub: Pod = {
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'default' },
  spec: { containers: [] },
  status: {},
};

function passed(p: Pod, events: readonly EventRecord[]): StageId[] {
  return [...podMilestones(p, events).pod.keys()].sort();
}

const kubelet = (reason: string, extra: Partial<Parameters<typeof event>[0]> = {}) =>
  event({ reason, source: 'kubelet', lastS: 10, ...extra });

describe('milestones from events alone (docs/architecture.md §1: every piece of evidence proves the stages before it)', () => {
  it.each<[string, EventRecord[], StageId[]]>([
    ['a kubelet rejection proves only the binding', [kubelet('OutOfcpu')], ['admission', 'scheduling']],
    [
      'a volume event proves the kubelet admitted the pod',
      [kubelet('FailedMount')],
      ['admission', 'node', 'scheduling'],
    ],
    [
      'a sandbox attempt proves the volumes were mounted',
      [kubelet('FailedCreatePodSandBox')],
      ['admission', 'node', 'scheduling', 'volumes'],
    ],
    [
      'Pulling proves the sandbox',
      [kubelet('Pulling', { fieldPath: 'spec.containers{app}' })],
      ['admission', 'init-containers', 'node', 'sandbox-network', 'scheduling', 'volumes'],
    ],
    [
      'Started of the one named container proves its pull, config and start',
      [kubelet('Started', { fieldPath: 'spec.containers{app}', type: 'Normal' })],
      [
        'admission',
        'container-config',
        'container-start',
        'image-pull',
        'init-containers',
        'node',
        'sandbox-network',
        'scheduling',
        'volumes',
      ],
    ],
    [
      'a probe result proves the container ran',
      [kubelet('Unhealthy', { fieldPath: 'spec.containers{app}' })],
      [
        'admission',
        'container-config',
        'container-start',
        'image-pull',
        'init-containers',
        'node',
        'sandbox-network',
        'scheduling',
        'volumes',
      ],
    ],
    [
      'a reason the kubelet records stands in for an unnamed source',
      [event({ reason: 'FailedMount', lastS: 10 })],
      ['admission', 'node', 'scheduling'],
    ],
  ])('%s', (_name, events, stages) => {
    expect(passed(stub, events)).toEqual(stages);
  });

  it('a started container does not prove the pull of another one the events name', () => {
    const m = podMilestones(stub, [
      kubelet('Started', { fieldPath: 'spec.containers{app}', type: 'Normal' }),
      kubelet('Failed', { fieldPath: 'spec.containers{sidecar}' }),
    ]);
    expect(m.pod.has('image-pull')).toBe(false);
    expect(m.containers.get('app/app')?.has('container-start')).toBe(true);
    expect(m.containers.get('app/sidecar')?.has('image-pull')).toBe(false);
  });

  it('events without a container name stand for the one container they are about', () => {
    const m = podMilestones(stub, [kubelet('Started', { type: 'Normal', lastS: 30 })]);
    expect(m.pod.get('container-start')).toEqual({ at: ms(30) });
  });

  it('a pod known only from an apply-time FailedCreate on it was never admitted', () => {
    const refused = event({
      reason: 'FailedCreate',
      message: 'pods "web-1" is forbidden: exceeded quota: q',
    });
    expect(passed(stub, [refused])).toEqual([]);
    expect(passed(pod(), [])).toEqual(['admission']);
  });

  it("dates the node's acceptance from status.startTime", () => {
    const p = pod({ startS: 42 });
    expect(podMilestones(p, []).pod.get('node')).toEqual({ at: ms(42) });
    expect(podMilestones(pod(), []).pod.has('node')).toBe(false);
  });
});
