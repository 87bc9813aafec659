/**
 * deploy/rbac.yaml is enough: a user bound to its ClusterRole reads everything a cluster scan
 * needs; one bound to its namespace Role reads the namespace and misses only cluster-scoped kinds.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { collectClusterState, collectLive, loadConnection } from '../../src/collectors/live/index.js';
import { startApiServer } from '../../src/simulator/http/server.js';
import { resolveScenario } from '../../src/simulator/scenario/catalog.js';
import type { UserSpec } from '../../src/simulator/scenario/types.js';
import { Simulation } from '../../src/simulator/simulation.js';
import { writeKubeconfig } from './kubeconfig-files.js';

interface RbacDoc {
  kind: string;
  metadata: { name: string; namespace?: string };
  rules: { apiGroups: string[]; resources: string[]; verbs: string[] }[];
}

const docs = parseAllDocuments(readFileSync('deploy/rbac.yaml', 'utf8')).map((d) => d.toJS() as RbacDoc);

function userFrom(doc: RbacDoc, name: string, namespace?: string): UserSpec {
  return {
    name,
    token: `${name}-token`,
    groups: [],
    rules: doc.rules.map((r) => ({
      verbs: r.verbs,
      resources: r.resources,
      apiGroups: r.apiGroups,
      ...(namespace === undefined ? {} : { namespaces: [namespace] }),
    })),
  };
}

async function connectAs<T>(
  user: UserSpec,
  read: (c: ReturnType<typeof loadConnection>) => Promise<T>,
): Promise<T> {
  const base = resolveScenario('default');
  const sim = new Simulation({ ...base, cluster: { ...base.cluster, users: [user] } }).run();
  const server = await startApiServer(sim, { port: 0, speed: 0 });
  try {
    const kubeconfig = writeKubeconfig([
      { name: 'sim', server: server.url, token: user.token, namespace: 'shop' },
    ]);
    return await read(
      loadConnection({ kubeconfig, env: { HOME: mkdtempSync(path.join(os.tmpdir(), 'h-')) } }),
    );
  } finally {
    await server.close();
  }
}

async function collectAs(user: UserSpec, scope: { allNamespaces: boolean; namespace?: string }) {
  const base = resolveScenario('default');
  const sim = new Simulation({ ...base, cluster: { ...base.cluster, users: [user] } }).run();
  const server = await startApiServer(sim, { port: 0, speed: 0 });
  try {
    const kubeconfig = writeKubeconfig([
      { name: 'sim', server: server.url, token: user.token, namespace: 'shop' },
    ]);
    const connection = loadConnection({
      kubeconfig,
      env: { HOME: mkdtempSync(path.join(os.tmpdir(), 'h-')) },
    });
    return await collectLive(connection, { ...scope, targets: [] });
  } finally {
    await server.close();
  }
}

describe('deploy/rbac.yaml', () => {
  it('the ClusterRole grants every read a cluster scan makes, and only reads', async () => {
    const role = docs.find((d) => d.kind === 'ClusterRole' && d.metadata.name === 'kube-handoff-reader');
    expect(role).toBeDefined();
    if (role === undefined) return;
    for (const rule of role.rules)
      expect(rule.verbs.every((v) => ['get', 'list', 'watch'].includes(v))).toBe(true);
    const snapshot = await collectAs(userFrom(role, 'reader'), { allNamespaces: true });
    expect(snapshot.missing).toEqual([]);
    expect(snapshot.pods.length).toBeGreaterThan(10);
  });

  it('the namespace Role reads its namespace and misses only the cluster-scoped kinds', async () => {
    const role = docs.find((d) => d.kind === 'Role');
    expect(role).toBeDefined();
    if (role === undefined) return;
    const snapshot = await collectAs(userFrom(role, 'ns-reader', 'shop'), {
      allNamespaces: false,
      namespace: 'shop',
    });
    expect(snapshot.missing.map((m) => m.kind).sort()).toEqual(['nodes', 'pvs', 'storageclasses']);
    expect(snapshot.pods.length).toBeGreaterThan(0);
  });

  it('the reader and preflight ClusterRoles together read every kind preflight needs, only by listing', async () => {
    const reader = docs.find((d) => d.kind === 'ClusterRole' && d.metadata.name === 'kube-handoff-reader');
    const preflight = docs.find(
      (d) => d.kind === 'ClusterRole' && d.metadata.name === 'kube-handoff-preflight',
    );
    expect(preflight?.rules.flatMap((r) => r.verbs)).toEqual(expect.arrayContaining(['list']));
    expect(preflight?.rules.every((r) => r.verbs.every((v) => v === 'list'))).toBe(true);
    const user = userFrom(
      {
        kind: 'ClusterRole',
        metadata: { name: 'both' },
        rules: [...(reader?.rules ?? []), ...(preflight?.rules ?? [])],
      },
      'ci',
    );
    const state = await connectAs(user, (c) => collectClusterState(c, ['shop']));
    expect(state.missing).toEqual([]);
    const alone = userFrom(reader ?? { kind: '', metadata: { name: '' }, rules: [] }, 'reader-only');
    const partial = await connectAs(alone, (c) => collectClusterState(c, ['shop']));
    expect(partial.missing.map((m) => m.kind).sort()).toEqual([
      'CSIDriver',
      'ConfigMap',
      'MutatingWebhookConfiguration',
      'Namespace',
      'Secret',
      'ServiceAccount',
      'ValidatingWebhookConfiguration',
    ]);
  });
});
