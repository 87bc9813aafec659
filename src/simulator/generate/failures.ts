/**
 * The failures a generated cluster carries, one per kind of handoff that breaks: each names the
 * registry image it needs, how it bends a healthy Deployment's pod template, and the diagnosis
 * the rule engine must give it. Messages are the ones the real components print.
 */
import type { StageId } from '../../model/index.js';

type Json = Record<string, unknown>;

export interface FailureKind {
  readonly id: string;
  readonly stage: StageId;
  readonly reason: string;
  /** `job`: the workload is a Job whose pod fails (restartPolicy Never). */
  readonly workload: 'deployment' | 'job';
  /** The registry entry for the image the workload runs (name filled in by the caller). */
  readonly image: (name: string) => Json;
  /** Changes to the container (added keys win). */
  readonly container: (app: string) => Json;
  /** Placed in the namespace with a tight quota. */
  readonly quota?: boolean;
}

const LISTENING = (port: number): Json => ({ logs: [`listening on :${port}`], ports: [port] });

export const FAILURES: readonly FailureKind[] = [
  {
    id: 'image-not-found',
    stage: 'image-pull',
    reason: 'ImageNotFound',
    workload: 'deployment',
    image: (name) => ({ name, exists: false }),
    container: () => ({}),
  },
  {
    id: 'registry-auth',
    stage: 'image-pull',
    reason: 'RegistryUnauthorized',
    workload: 'deployment',
    image: (name) => ({ name, auth: true, run: LISTENING(8080) }),
    container: () => ({}),
  },
  {
    id: 'crashloop',
    stage: 'crash',
    reason: 'CrashLoopBackOff',
    workload: 'deployment',
    image: (name) => ({
      name,
      run: {
        logs: ['starting server', 'panic: dial tcp 10.96.0.15:5432: connect: connection refused'],
        exitAfter: '4s',
        exitCode: 2,
      },
    }),
    container: () => ({}),
  },
  {
    id: 'oom',
    stage: 'crash',
    reason: 'OOMKilled',
    workload: 'deployment',
    image: (name) => ({ name, run: { ...LISTENING(8080), oomAfter: '20s' } }),
    container: () => ({
      resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '128Mi' } },
    }),
  },
  {
    id: 'job-fails',
    stage: 'crash',
    reason: 'ExitNonZero',
    workload: 'job',
    image: (name) => ({
      name,
      run: {
        logs: ['applying migration 0042_add_invoice_index', 'ERROR: relation "invoices" does not exist'],
        exitAfter: '3s',
        exitCode: 1,
      },
    }),
    container: () => ({}),
  },
  {
    id: 'configmap-missing',
    stage: 'container-config',
    reason: 'ConfigMapMissing',
    workload: 'deployment',
    image: (name) => ({ name, run: LISTENING(8080) }),
    container: (app) => ({
      env: [
        { name: 'LOG_LEVEL', valueFrom: { configMapKeyRef: { name: `${app}-config`, key: 'log-level' } } },
      ],
    }),
  },
  {
    id: 'secret-missing',
    stage: 'container-config',
    reason: 'SecretMissing',
    workload: 'deployment',
    image: (name) => ({ name, run: LISTENING(8080) }),
    container: (app) => ({
      env: [{ name: 'DB_PASSWORD', valueFrom: { secretKeyRef: { name: `${app}-db`, key: 'password' } } }],
    }),
  },
  {
    id: 'exec-not-found',
    stage: 'container-start',
    reason: 'ExecutableNotFound',
    workload: 'deployment',
    image: (name) => ({
      name,
      run: { startError: 'exec: "/app/server": stat /app/server: no such file or directory' },
    }),
    container: () => ({ command: ['/app/server'] }),
  },
  {
    id: 'too-big',
    stage: 'scheduling',
    reason: 'InsufficientResources',
    workload: 'deployment',
    image: (name) => ({ name, run: LISTENING(8080) }),
    // More than any node pool offers (the largest has 32 CPUs).
    container: () => ({ resources: { requests: { cpu: '64', memory: '8Gi' } } }),
  },
  {
    id: 'quota',
    stage: 'admission',
    reason: 'QuotaExceeded',
    workload: 'deployment',
    image: (name) => ({ name, run: LISTENING(8080) }),
    container: () => ({
      resources: { requests: { cpu: '500m', memory: '512Mi' }, limits: { cpu: '1', memory: '512Mi' } },
    }),
    quota: true,
  },
  {
    id: 'liveness',
    stage: 'liveness',
    reason: 'LivenessProbeFailed',
    workload: 'deployment',
    image: (name) => ({ name, run: { ...LISTENING(8080), http: [{ path: '/healthz', status: 500 }] } }),
    container: () => ({
      livenessProbe: { httpGet: { path: '/healthz', port: 'http' }, periodSeconds: 10, failureThreshold: 3 },
    }),
  },
  {
    id: 'readiness',
    stage: 'readiness',
    reason: 'ReadinessProbeFailed',
    workload: 'deployment',
    image: (name) => ({ name, run: { ...LISTENING(8080), http: [{ path: '/ready', status: 503 }] } }),
    container: () => ({}),
  },
];

/** The namespace whose quota the `quota` failures exceed (every pod asks for more CPU than it allows). */
export const QUOTA_NAMESPACE = {
  name: 'sandbox',
  labels: { team: 'sandbox' },
  quota: { 'requests.cpu': '250m', 'requests.memory': '1Gi', 'limits.cpu': '1', 'limits.memory': '2Gi' },
};
