/**
 * A World for controller tests: the real store, clock, recorder and API server, but only the
 * controllers a test names (so a test of the ReplicaSet controller does not depend on the
 * scheduler or the kubelet), permissive admission plus optional test plugins, and graceful
 * deletion of bound pods and of objects with finalizers, as the API server does it.
 */
import { ApiServer } from '../../api/server.js';
import type { AdmissionPlugin } from '../../api/types.js';
import { nodeObject } from '../../bootstrap.js';
import type { KObject, PodObj } from '../../world/types.js';
import { TEST_SCENARIO_HEADER, TestWorldBase } from '../../world/world-test-helpers.js';
import type { Controller } from '../types.js';

export class TestWorld extends TestWorldBase {
  readonly api: ApiServer;

  constructor(
    controllers: readonly Controller[],
    opts: { readonly cluster?: string; readonly plugins?: readonly AdmissionPlugin[] } = {},
  ) {
    super(`${TEST_SCENARIO_HEADER}${opts.cluster ?? 'cluster: {}'}\n`);
    this.api = new ApiServer(this, {
      authenticate: () => undefined,
      authorize: () => undefined,
      setDefaults: () => undefined,
      validate: () => undefined,
      plugins: opts.plugins ?? [],
      beginDelete: (obj, _resource, grace) => {
        const bound = obj.kind === 'Pod' && (obj as PodObj).spec.nodeName !== undefined;
        if (!bound && (obj.metadata.finalizers ?? []).length === 0) return false;
        const seconds = grace ?? (bound ? ((obj as PodObj).spec.terminationGracePeriodSeconds ?? 30) : 0);
        obj.metadata.deletionTimestamp ??= this.clock.iso(this.clock.now() + seconds * 1000);
        obj.metadata.deletionGracePeriodSeconds ??= seconds;
        this.store.update(obj);
        return true;
      },
    });
    for (const c of controllers) c.start(this);
    for (const name of ['default', 'kube-system', 'shop'])
      this.store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
    this.scenario.cluster.nodes.forEach((spec, i) => this.store.create(nodeObject(this, spec, i)));
  }

  /** Runs tasks for `ms` of simulated time. */
  run(ms: number): void {
    this.runFor(ms);
  }

  apply<T extends KObject>(obj: T): T {
    const r = this.api.create(obj, { name: 'kubernetes-admin', groups: ['system:masters'] });
    if (!r.ok) throw new Error(r.status.message);
    return r.object;
  }

  pods(namespace = 'shop'): PodObj[] {
    return this.store.list<PodObj>('pods', namespace);
  }

  /** Events as `reason: message` lines (with the count when above 1), in creation order. */
  eventLines(kind?: string): string[] {
    return this.sortedEventLines((e) => kind === undefined || e.involvedObject.kind === kind);
  }

  /** What the scheduler and kubelet would do, for tests that need pods to run: bind, Running, Ready. */
  runPod(pod: PodObj, node: string, ip: string, ready = true): void {
    const now = this.clock.iso();
    pod.spec.nodeName = node;
    pod.status = {
      phase: 'Running',
      podIP: ip,
      podIPs: [{ ip }],
      hostIP: '10.0.0.2',
      startTime: now,
      conditions: [
        { type: 'PodScheduled', status: 'True', lastTransitionTime: now },
        { type: 'Initialized', status: 'True', lastTransitionTime: now },
        { type: 'ContainersReady', status: ready ? 'True' : 'False', lastTransitionTime: now },
        { type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: now },
      ],
      containerStatuses: pod.spec.containers.map((c) => ({
        name: c.name,
        ready,
        restartCount: 0,
        started: true,
        state: { running: { startedAt: now } },
      })),
    };
    this.store.update(pod);
  }

  finishPod(pod: PodObj, phase: 'Succeeded' | 'Failed'): void {
    pod.status.phase = phase;
    pod.status.conditions = (pod.status.conditions ?? []).map((c) =>
      c.type === 'Ready' || c.type === 'ContainersReady' ? { ...c, status: 'False' } : c,
    );
    this.store.update(pod);
  }
}
