/**
 * Real RBAC: the ServiceAccount kube-handoff/reader, bound by the harness only to deploy/rbac.yaml's
 * ClusterRole kube-handoff-reader, diagnoses the whole cluster without any "could not read" note,
 * sees what the admin sees, and the API server's own audit log shows that it only read.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Api } from './api.js';
import { waitFor } from './cases.js';
import { diagnoseAll, missingNotes, type Report } from './cli.js';
import { FakeKubelet } from './fake-kubelet.js';
import { adminApi, readAudit } from './harness.js';

const info = inject('controlPlane');
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
