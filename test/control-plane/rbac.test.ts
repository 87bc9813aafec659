/**
 * Real RBAC: the ServiceAccount kube-handoff/reader, bound by the harness only to deploy/rbac.yaml's
 * ClusterRole kube-handoff-reader, diagnoses the whole cluster without any "could not read" note,
 * sees what the admin sees, and the API server's own audit log shows that it only read.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseManifests, type Api } from './api.js';
import { waitFor } from './cases.js';
import { diagnoseAll, handoff, missingNotes, type Report } from './cli.js';
import { FakeKubelet } from './fake-kubelet.js';
import {
  adminApi,
  auditMark,
  handoffRequests,
  readAudit,
  REPO,
  serviceAccountKubeconfig,
} from './harness.js';

const info = inject('controlPlane');
/** Where this file's requests start in the audit log: every kube-handoff request after it is checked. */
const FILE_START = auditMark(info.auditLog);
const NS = 'cp-rbac';
const READ_VERBS = ['get', 'list', 'watch'];

const MANIFESTS = `
apiVersion: v1
kind: ResourceQuota
metadata: {name: compute}
spec:
  hard: {requests.cpu: '4'}
---
apiVersion: v1
kind: LimitRange
metadata: {name: defaults}
spec:
  limits:
    - type: Container
      default: {cpu: 200m, memory: 128Mi}
      defaultRequest: {cpu: 100m, memory: 64Mi}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: shop}
spec:
  replicas: 1
  selector: {matchLabels: {app: shop}}
  template:
    metadata: {labels: {app: shop}}
    spec:
      containers:
        - name: app
          image: registry.example/shop/shop:1.0
          ports: [{containerPort: 8080}]
---
apiVersion: v1
kind: Service
metadata: {name: shop}
spec:
  selector: {app: shop}
  ports: [{port: 80, targetPort: 8080}]
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data}
spec:
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 1Gi}}
`;

/** Target, verdict, stage and reason of each diagnosis in NS, sorted: what must not depend on who reads. */
function verdicts(r: Report): string[] {
  return r.diagnoses
    .filter((d) => d.target.namespace === NS)
    .map(
      (d) =>
        `${d.target.kind}/${d.target.namespace}/${d.target.name} ${d.verdict} ${String(d.stage)} ${String(d.reason)}`,
    )
    .sort();
}

describe(`deploy/rbac.yaml's ClusterRole on real RBAC (kube-apiserver ${info.version})`, () => {
  let api: Api | undefined;
  let kubelet: FakeKubelet | undefined;

  beforeAll(async () => {
    api = adminApi(info);
    kubelet = new FakeKubelet(api, info.closedPort, info.version);
    await kubelet.addNodes([{ name: 'rbac-node-1', cpu: '4' }]);
    await api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
    await api.apply(MANIFESTS, NS);
    const a = api;
    const pod = await waitFor('the shop pod bound', async () => {
      const pods = (await a.list(`/api/v1/namespaces/${NS}/pods`)) as {
        metadata: { name: string };
        spec: { nodeName?: string };
      }[];
      return pods.find((p) => p.spec.nodeName !== undefined);
    });
    await kubelet.runPod(NS, pod.metadata.name, { podIP: '10.244.2.10' });
  });
  afterAll(async () => {
    await kubelet?.deleteNamespace(NS);
    await kubelet?.stop();
    api?.close();
  });

  it('the reader gets no "could not read" note and the same diagnoses as the admin', async () => {
    const admin = await diagnoseAll(info.adminKubeconfig);
    const reader = await diagnoseAll(info.readerKubeconfig);
    expect(missingNotes(reader.run.stderr)).toEqual([]);
    expect(missingNotes(admin.run.stderr)).toEqual([]);
    expect(reader.report.diagnoses.some((d) => d.target.namespace === NS)).toBe(true);
    expect(verdicts(reader.report)).toEqual(verdicts(admin.report));
  });

  it("the API server's audit log shows only get, list and watch from the reader", () => {
    const events = readAudit(info.auditLog, info.readerUser);
    expect(events.length).toBeGreaterThan(0);
    const verbs = [...new Set(events.map((e) => e.verb))].sort();
    const writes = events
      .filter((e) => !READ_VERBS.includes(e.verb))
      .map((e) => `${e.verb} ${e.requestURI} → ${String(e.responseStatus?.code)}`);
    expect(writes, `verbs seen: ${verbs.join(', ')}`).toEqual([]);
    const denied = events
      .filter((e) => e.responseStatus?.code === 403)
      .map((e) => `${e.verb} ${e.requestURI}`);
    expect(denied).toEqual([]);
  });
});

const ROLE_NS = 'cp-rbac-role';
const ROLE_USER = `system:serviceaccount:${ROLE_NS}:ns-reader`;

/**
 * `could not read …` notes reduced to what was refused: `verb resource group scope`, from the API
 * server's own 403 text (`cannot list resource "nodes" in API group "" at the cluster scope`).
 */
function refused(stderr: string): string[] {
  return missingNotes(stderr)
    .map((n) => {
      const m =
        /cannot (\w+) resource "([^"]+)" in API group "([^"]*)" (at the cluster scope|in the namespace "[^"]+")/.exec(
          n,
        );
      return m === null ? `unparsed: ${n}` : `${m[1] ?? ''} ${m[2] ?? ''} "${m[3] ?? ''}" ${m[4] ?? ''}`;
    })
    .sort();
}

describe(`deploy/rbac.yaml's namespace Role on real RBAC (kube-apiserver ${info.version})`, () => {
  let api: Api | undefined;
  let kubelet: FakeKubelet | undefined;
  let kubeconfig = '';

  beforeAll(async () => {
    api = adminApi(info);
    kubelet = new FakeKubelet(api, info.closedPort, info.version);
    await kubelet.addNodes([{ name: 'rbac-node-2', cpu: '4' }]);
    await api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ROLE_NS } });
    // The Role exactly as deploy/rbac.yaml has it, in the namespace it is bound in.
    const role = parseManifests(readFileSync(path.join(REPO, 'deploy/rbac.yaml'), 'utf8')).find(
      (d) => d.kind === 'Role',
    );
    if (role === undefined) throw new Error('deploy/rbac.yaml has no Role');
    role.metadata.namespace = ROLE_NS;
    await api.create(role);
    await api.create({
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name: 'ns-reader', namespace: ROLE_NS },
    });
    await api.create({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'ns-reader', namespace: ROLE_NS },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: role.metadata.name },
      subjects: [{ kind: 'ServiceAccount', name: 'ns-reader', namespace: ROLE_NS }],
    });
    kubeconfig = await serviceAccountKubeconfig(api, {
      server: info.server,
      caFile: info.caFile,
      namespace: ROLE_NS,
      name: 'ns-reader',
      file: path.join(info.dir, 'ns-reader.kubeconfig'),
    });
    await api.apply(
      MANIFESTS.split('---')
        .filter((d) => d.includes('kind: Deployment'))
        .join('---'),
      ROLE_NS,
    );
    const a = api;
    const pod = await waitFor('the shop pod of the Role namespace bound', async () => {
      const pods = (await a.list(`/api/v1/namespaces/${ROLE_NS}/pods`)) as {
        metadata: { name: string };
        spec: { nodeName?: string };
      }[];
      return pods.find((p) => p.spec.nodeName !== undefined);
    });
    await kubelet.runPod(ROLE_NS, pod.metadata.name, { podIP: '10.244.2.11' });
  });
  afterAll(async () => {
    await kubelet?.deleteNamespace(ROLE_NS);
    await kubelet?.stop();
    api?.close();
  });

  it('a namespaced run names exactly the cluster-scoped reads the Role cannot grant, and diagnoses the namespace', async () => {
    const run = await handoff(['-n', ROLE_NS, '--kubeconfig', kubeconfig, '-o', 'json']);
    expect([0, 1], run.stderr).toContain(run.code);
    expect(refused(run.stderr)).toEqual([
      'list nodes "" at the cluster scope',
      'list persistentvolumes "" at the cluster scope',
      'list storageclasses "storage.k8s.io" at the cluster scope',
    ]);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.diagnoses.map((d) => `${d.target.kind}/${d.target.namespace} ${d.verdict}`)).toEqual([
      `Pod/${ROLE_NS} healthy`,
    ]);
  });

  it('an -A run names every list it sends at the cluster scope: the Role grants none of them', async () => {
    const run = await handoff(['-A', '--kubeconfig', kubeconfig, '-o', 'json']);
    expect([0, 1], run.stderr).toContain(run.code);
    expect(refused(run.stderr)).toEqual(
      [
        'list cronjobs "batch"',
        'list daemonsets "apps"',
        'list deployments "apps"',
        'list endpointslices "discovery.k8s.io"',
        'list events ""',
        'list jobs "batch"',
        'list limitranges ""',
        'list nodes ""',
        'list persistentvolumeclaims ""',
        'list persistentvolumes ""',
        'list pods ""',
        'list replicasets "apps"',
        'list resourcequotas ""',
        'list services ""',
        'list statefulsets "apps"',
        'list storageclasses "storage.k8s.io"',
      ].map((l) => `${l} at the cluster scope`),
    );
    expect(run.stderr).toMatch(
      /events\.k8s\.io\/v1 events were not read either: .*cannot list resource "events" in API group "events\.k8s\.io" at the cluster scope/,
    );
    expect((JSON.parse(run.stdout) as Report).diagnoses).toEqual([]);
  });

  it("the audit log shows only get, list and watch from the Role's reader, refused exactly where the notes say", () => {
    const events = readAudit(info.auditLog, ROLE_USER);
    expect(events.length).toBeGreaterThan(0);
    expect(
      events.filter((e) => !READ_VERBS.includes(e.verb)).map((e) => `${e.verb} ${e.requestURI}`),
    ).toEqual([]);
    const denied = events
      .filter((e) => e.responseStatus?.code === 403)
      .map(
        (e) =>
          `${e.objectRef?.resource ?? '?'}${e.objectRef?.namespace === undefined ? '' : ` in ${e.objectRef.namespace}`}`,
      );
    // Namespaced run: the three cluster-scoped lists; -A: the 16 lists and events.k8s.io's.
    expect(denied.filter((d) => d.includes(' in '))).toEqual([]);
    expect(denied.length).toBe(3 + 17);
  });
});

describe('every request of this file', () => {
  it('kube-handoff sent only get, list and watch, whoever it read as', () => {
    const all = handoffRequests(info.auditLog, FILE_START);
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((e) => !READ_VERBS.includes(e.verb)).map((e) => `${e.verb} ${e.requestURI}`)).toEqual(
      [],
    );
  });
});
