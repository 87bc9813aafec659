import type { Obj } from './fake-api.js';

/** Minimal Kubernetes objects for the fake API. */
export function pod(
  ns: string,
  name: string,
  extra: Partial<Record<'spec' | 'status', unknown>> = {},
  labels?: Record<string, string>,
): Obj {
  return {
    metadata: { name, namespace: ns, uid: `uid-${ns}-${name}`, ...(labels ? { labels } : {}) },
    spec: { containers: [{ name: 'app', image: 'nginx' }], ...(extra.spec as object | undefined) },
    status: extra.status ?? { phase: 'Running' },
  };
}

export function pods(ns: string, n: number): Obj[] {
  return Array.from({ length: n }, (_, i) => pod(ns, `p-${i}`));
}

export function crashLooping(ns: string, name: string): Obj {
  return pod(ns, name, {
    status: {
      phase: 'Running',
      containerStatuses: [
        {
          name: 'app',
          restartCount: 4,
          ready: false,
          state: { waiting: { reason: 'CrashLoopBackOff' } },
          lastState: { terminated: { exitCode: 1, reason: 'Error' } },
        },
      ],
    },
  });
}

export function coreEvent(ns: string, name: string, podName: string, reason: string): Obj {
  return {
    metadata: { name, namespace: ns, uid: `ev-${name}` },
    involvedObject: { kind: 'Pod', namespace: ns, name: podName, uid: `uid-${ns}-${podName}` },
    reason,
    message: `${reason} happened`,
    type: 'Warning',
    count: 1,
    lastTimestamp: '2026-12-01T10:00:00Z',
  };
}

export function node(name: string): Obj {
  return {
    metadata: { name, uid: `uid-node-${name}` },
    status: { conditions: [{ type: 'Ready', status: 'True' }] },
  };
}

export function named(ns: string | undefined, name: string, body: Record<string, unknown> = {}): Obj {
  return {
    metadata: { name, ...(ns === undefined ? {} : { namespace: ns }), uid: `uid-${ns ?? ''}-${name}` },
    ...body,
  };
}
