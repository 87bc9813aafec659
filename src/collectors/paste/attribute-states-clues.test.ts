/**
 * attributeUnnamedEvents: the states a pod shows (phase, container and init container waiting
 * reasons, the STATUS column), clues that must all agree, events that must all agree, and what
 * a tied event keeps.
 */
import { describe, expect, it } from 'vitest';
import type { Raw } from '../normalize/coerce.js';
import { attributeUnnamedEvents } from './attribute.js';
import { UNNAMED_POD } from './common/types.js';

interface PodOpts {
  ip?: string;
  node?: string;
  column?: string;
  phase?: string;
  waiting?: string;
  initWaiting?: string;
}
const waitingList = (reason: string) => [{ name: 'app', state: { waiting: { reason } } }];
const pod = (name: string, o: PodOpts = {}): Raw => ({
  kind: 'Pod',
  metadata: {
    name,
    namespace: 'shop',
    ...(o.column === undefined ? {} : { annotations: { 'handoff.dev/status-column': o.column } }),
  },
  spec: o.node === undefined ? {} : { nodeName: o.node },
  status: {
    ...(o.phase === undefined ? {} : { phase: o.phase }),
    ...(o.ip === undefined ? {} : { podIP: o.ip }),
    ...(o.waiting === undefined ? {} : { containerStatuses: waitingList(o.waiting) }),
    ...(o.initWaiting === undefined ? {} : { initContainerStatuses: waitingList(o.initWaiting) }),
  },
});
const event = (message: string, name = UNNAMED_POD, host?: string, kind = 'Pod'): Record<string, unknown> => ({
  kind: 'Event',
  metadata: { name: `${name}.paste-9-3` },
  involvedObject: { kind, name, namespace: 'default' },
  reason: 'Warning',
  message,
  ...(host === undefined ? {} : { source: { component: 'kubelet', host } }),
});
const keyed = (...list: Raw[]) =>
  new Map(list.map((p) => [`shop/${(p.metadata as { name: string }).name}`, p]));
const nameOf = (e: Record<string, unknown>) => (e.involvedObject as { name: string }).name;

const PENDING = '0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.';
const CRASH = 'Back-off restarting failed container app in pod x_shop(0d3f)';
const PULL = 'Back-off pulling image "registry.example.com/app:v2"';
const CONFIG = 'Error: configmap "app-config" not found';
const probe = (ip: string) => `Liveness probe failed: Get "http://${ip}:8080/healthz": dial tcp ${ip}:8080: connect: connection refused`;

describe('the state a pod shows ties its warnings to it', () => {
  it.each([
    { what: 'its phase (Pending)', a: { phase: 'Pending' }, b: { phase: 'Running' }, msg: PENDING },
    { what: "a container's waiting reason", a: { phase: 'Running', waiting: 'CrashLoopBackOff' }, b: { phase: 'Running', waiting: 'ContainerCreating' }, msg: CRASH },
    { what: "an init container's waiting reason", a: { phase: 'Pending', initWaiting: 'CreateContainerConfigError' }, b: { phase: 'Pending' }, msg: CONFIG },
    { what: 'one of the two states a pull failure shows (ImagePullBackOff only)', a: { column: 'ImagePullBackOff' }, b: { column: 'Running' }, msg: PULL },
    { what: 'one of the two states a pull failure shows (ErrImagePull only)', a: { waiting: 'ErrImagePull' }, b: { waiting: 'CrashLoopBackOff' }, msg: PULL },
    { what: 'a message with the spaces of a cut column around it', a: { waiting: 'CrashLoopBackOff' }, b: { phase: 'Running' }, msg: `  ${CRASH}  ` },
  ])('$what', ({ a, b, msg }) => {
    const events = [event(msg)];
    expect(attributeUnnamedEvents(events, keyed(pod('a', a), pod('b', b)))?.key).toBe('shop/a');
    expect(nameOf(events[0] ?? {})).toBe('a');
  });
});

describe('clues and events must agree', () => {
  it('the IP names one of two pods on the node that recorded it: that one', () => {
    const pods = keyed(pod('a', { ip: '10.244.1.7', node: 'n1' }), pod('b', { ip: '10.244.1.8', node: 'n1' }));
    expect(attributeUnnamedEvents([event(probe('10.244.1.7'), UNNAMED_POD, 'n1')], pods)?.key).toBe('shop/a');
  });

  it('two events that each point at the same pod tie to it', () => {
    const pods = keyed(pod('a', { ip: '10.244.1.7', waiting: 'CrashLoopBackOff' }), pod('b', { ip: '10.244.1.8' }));
    const events = [event(probe('10.244.1.7')), event(CRASH)];
    expect(attributeUnnamedEvents(events, pods)?.key).toBe('shop/a');
    expect(events.map(nameOf)).toEqual(['a', 'a']);
  });

  it("a named pod's events are left as they are", () => {
    const pods = keyed(pod('a', { ip: '10.244.1.7' }), pod('b', { ip: '10.244.1.8' }));
    const events = [event(probe('10.244.1.7')), event(probe('10.244.1.7'), 'b')];
    expect(attributeUnnamedEvents(events, pods)?.key).toBe('shop/a');
    expect(events.map(nameOf)).toEqual(['a', 'b']);
  });

  it.each([
    { what: 'a named pod', name: 'a', kind: 'Pod' },
    { what: 'an object of another kind', name: UNNAMED_POD, kind: 'ReplicaSet' },
  ])('events about $what are not the unnamed pod\'s', ({ name, kind }) => {
    const pods = keyed(pod('a', { ip: '10.244.1.7' }), pod('b', { ip: '10.244.1.8' }));
    const events = [event(probe('10.244.1.8'), name, undefined, kind)];
    expect(attributeUnnamedEvents(events, pods)).toBeUndefined();
    expect(events.map(nameOf)).toEqual([name]);
  });

  it('the unnamed pod itself is no candidate', () => {
    const pods = keyed(pod(UNNAMED_POD, { ip: '10.244.1.7' }), pod('b', { ip: '10.244.1.8' }));
    const events = [event(probe('10.244.1.7'))];
    expect(attributeUnnamedEvents(events, pods)).toBeUndefined();
    expect(events.map(nameOf)).toEqual([UNNAMED_POD]);
  });
});

describe('a tied event', () => {
  it("takes the pod's name and namespace and keeps its own metadata name", () => {
    const events = [event(CRASH)];
    attributeUnnamedEvents(events, keyed(pod('a', { waiting: 'CrashLoopBackOff' }), pod('b')));
    expect(events[0]).toMatchObject({
      involvedObject: { kind: 'Pod', name: 'a', namespace: 'shop' },
      metadata: { name: `${UNNAMED_POD}.paste-9-3`, namespace: 'shop' },
    });
  });
});
