/** The manifests a generated cluster is made of, as plain JSON. */
import type { HealthyImage } from './cluster-parts.js';

export type Json = Record<string, unknown>;

export const nameOf = (o: Json): string => (o.metadata as { name: string }).name;

/** A memory limit twice the request. */
export function bump(memory: string): string {
  const m = /^(\d+)(Mi|Gi)$/.exec(memory);
  return m === null ? memory : `${Number(m[1]) * 2}${m[2] ?? 'Mi'}`;
}

export function deployment(
  app: string,
  ns: string,
  replicas: number,
  container: Json,
  podSpec: Json = {},
): Json {
  const labels = { app };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: app, namespace: ns, labels },
    spec: {
      replicas,
      selector: { matchLabels: labels },
      template: { metadata: { labels }, spec: { ...podSpec, containers: [container] } },
    },
  };
}

export function service(app: string, ns: string, img: HealthyImage, headless = false): Json {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: app, namespace: ns, labels: { app } },
    spec: {
      ...(headless ? { clusterIP: 'None' } : {}),
      selector: { app },
      ports: [
        { name: img.portName, port: headless ? img.port : 80, targetPort: img.portName, protocol: 'TCP' },
      ],
    },
  };
}

export function job(
  app: string,
  ns: string,
  container: Json,
  restartPolicy: string,
  backoffLimit: number,
): Json {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: app, namespace: ns, labels: { app } },
    spec: {
      backoffLimit,
      template: { metadata: { labels: { app } }, spec: { restartPolicy, containers: [container] } },
    },
  };
}

/** A DaemonSet in kube-system that tolerates every taint, as node agents do. */
export function nodeAgent(app: string, container: Json): Json {
  const labels = { 'app.kubernetes.io/name': app };
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: app, namespace: 'kube-system', labels },
    spec: {
      selector: { matchLabels: labels },
      template: {
        metadata: { labels },
        spec: { tolerations: [{ operator: 'Exists' }], containers: [container] },
      },
    },
  };
}

export function statefulSet(app: string, ns: string, replicas: number, container: Json): Json {
  const labels = { app };
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: app, namespace: ns, labels },
    spec: {
      serviceName: app,
      replicas,
      selector: { matchLabels: labels },
      template: { metadata: { labels }, spec: { containers: [container] } },
    },
  };
}
