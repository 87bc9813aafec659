import { describe, expect, it } from 'vitest';
import { SnapshotBuilder } from '../snapshot-builder.js';
import { listInto } from './lister.js';
import { DEPLOYMENTS, EVENTS_V1, CORE_EVENTS, PODS, type ResourceType } from './resources.js';
import type { Transport } from './transport.js';

/** A transport answering every list with one page holding `items`, as kube-apiserver writes it. */
function oneList(listKind: string, apiVersion: string, items: unknown[]): Transport {
  const fake = {
    requests: 0,
    getJson: () => Promise.resolve({ kind: 'ok', body: { kind: listKind, apiVersion, metadata: {}, items } }),
  };
  return fake as unknown as Transport;
}

const meta = (name: string) => ({ name, namespace: 'shop', uid: `uid-${name}` });

describe('listInto: list items as the API server sends them', () => {
  // kube-apiserver leaves kind and apiVersion out of a list's items (seen against v1.37.2 in
  // test/control-plane/live.test.ts): what onObject keeps (a capture bundle) must carry them.
  const cases: [string, ResourceType, string, string, Record<string, unknown>][] = [
    ['core pod', PODS, 'PodList', 'v1', { metadata: meta('web-1'), spec: { containers: [] } }],
    [
      'core event',
      CORE_EVENTS,
      'EventList',
      'v1',
      { metadata: meta('web-1.1'), involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'shop' } },
    ],
    [
      'events.k8s.io event',
      EVENTS_V1,
      'EventList',
      'events.k8s.io/v1',
      { metadata: meta('web-1.2'), regarding: { kind: 'Pod', name: 'web-1', namespace: 'shop' }, note: 'x' },
    ],
    [
      'apps deployment',
      DEPLOYMENTS,
      'DeploymentList',
      'apps/v1',
      { metadata: meta('web'), spec: { selector: { matchLabels: { app: 'web' } }, template: {} } },
    ],
  ];
  it.each(cases)(
    '%s: the kept object gets its list kind and apiVersion',
    async (_, type, listKind, apiVersion, item) => {
      const kept: Record<string, unknown>[] = [];
      const builder = new SnapshotBuilder((raw) => kept.push(raw));
      const outcome = await listInto(oneList(listKind, apiVersion, [item]), builder, { type });
      expect(outcome).toMatchObject({ status: 'complete', items: 1 });
      expect(kept).toEqual([{ apiVersion, kind: type.kind, ...item }]);
    },
  );

  it('an item that names its own kind and apiVersion is kept as it is', async () => {
    const item = { apiVersion: 'v1', kind: 'Pod', metadata: meta('web-2'), spec: { containers: [] } };
    const kept: Record<string, unknown>[] = [];
    const builder = new SnapshotBuilder((raw) => kept.push(raw));
    await listInto(oneList('PodList', 'v1', [item]), builder, { type: PODS });
    expect(kept[0]).toBe(item);
  });
});
