import { describe, expect, it } from 'vitest';
import { event, pod, service, snapshot } from '../../../test/builders.js';
import type { EvidenceKind } from '../../model/index.js';
import { buildContexts } from './contexts.js';

describe('buildContexts: Services and the pods they select', () => {
  const web1 = pod({ name: 'web-1', namespace: 'shop', labels: { app: 'web', tier: 'front' } });
  const web2 = pod({ name: 'web-2', namespace: 'shop', labels: { app: 'web', tier: 'back' } });
  const other = pod({ name: 'web-1', namespace: 'other', labels: { app: 'web', tier: 'front' } });
  const bare = pod({ name: 'bare', namespace: 'shop' });
  const snap = snapshot({
    pods: [web1, web2, other, bare],
    services: [
      service({ name: 'all-web', namespace: 'shop', selector: { app: 'web' } }),
      service({ name: 'front', namespace: 'shop', selector: { tier: 'front', app: 'web' } }),
      service({ name: 'none', namespace: 'shop', selector: {} }),
      service({ name: 'no-selector', namespace: 'shop' }),
      service({ name: 'ghost', namespace: 'shop', selector: { app: 'ghost' } }),
    ],
  });
  const contexts = buildContexts(snap, Date.parse('2026-01-01T00:00:00Z'));
  const podsOf = (name: string): string[] =>
    (contexts.services.find((s) => s.service.metadata.name === name)?.pods ?? []).map(
      (p) => `${p.metadata.namespace ?? ''}/${p.metadata.name}`,
    );
  const servicesOf = (ns: string, name: string): string[] =>
    contexts.pods
      .find((c) => c.pod.metadata.namespace === ns && c.pod.metadata.name === name)
      ?.services.map((s) => s.metadata.name) ?? [];

  it('a Service selects the pods of its namespace whose labels carry every selector pair, in pod order', () => {
    expect(podsOf('all-web')).toEqual(['shop/web-1', 'shop/web-2']);
    expect(podsOf('front')).toEqual(['shop/web-1']);
    expect(podsOf('ghost')).toEqual([]);
  });

  it('an empty or missing selector selects no pods', () => {
    expect(podsOf('none')).toEqual([]);
    expect(podsOf('no-selector')).toEqual([]);
  });

  it("a pod's Services are those selecting it, in the Services' order", () => {
    expect(servicesOf('shop', 'web-1')).toEqual(['all-web', 'front']);
    expect(servicesOf('shop', 'web-2')).toEqual(['all-web']);
    expect(servicesOf('other', 'web-1')).toEqual([]);
    expect(servicesOf('shop', 'bare')).toEqual([]);
  });
});

describe('buildContexts: objects known only from their events', () => {
  const events = [
    event({
      name: 'gone-1',
      namespace: 'shop',
      reason: 'BackOff',
      message: 'Back-off restarting failed container',
    }),
    event({
      kind: 'ReplicaSet',
      name: 'web-old',
      namespace: 'shop',
      reason: 'FailedCreate',
      message: 'Error creating: x',
    }),
  ];
  const live = pod({ name: 'web-1', namespace: 'shop' });
  // authoritative lists × which kinds they list → the pods and workloads that become targets.
  const table: readonly [boolean, EvidenceKind[], string[], string[]][] = [
    [false, ['pods', 'events'], ['web-1', 'gone-1'], ['web-old']],
    [false, ['pods', 'events', 'workloads'], ['web-1', 'gone-1'], ['web-old']],
    [true, ['pods', 'events', 'workloads'], ['web-1'], []],
    [true, ['pods', 'events'], ['web-1'], ['web-old']],
    [true, ['events', 'workloads'], ['web-1', 'gone-1'], []],
    [true, ['events'], ['web-1', 'gone-1'], ['web-old']],
  ];
  it.each(table)(
    'authoritative %s, listing %j: pods %j, workloads %j',
    (authoritative, collected, pods, workloads) => {
      const snap = {
        ...snapshot({ pods: [live], events, collected }),
        ...(authoritative ? { authoritative } : {}),
      };
      const contexts = buildContexts(snap, Date.parse('2026-01-01T00:00:00Z'));
      expect(contexts.pods.map((c) => c.pod.metadata.name)).toEqual(pods);
      expect(contexts.workloads.map((c) => c.workload.metadata.name)).toEqual(workloads);
    },
  );
});
