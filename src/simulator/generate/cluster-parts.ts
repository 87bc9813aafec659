/**
 * The building blocks of a generated cluster: node pools shaped like cloud instance types, the
 * images healthy workloads run (real public images and in-house ones), and the words names are
 * made of.
 */

export interface HealthyImage {
  readonly image: string;
  readonly size: string;
  readonly port: number;
  readonly portName: string;
  /** HTTP readiness path; absent: a TCP probe (databases). */
  readonly path?: string;
  /** The line the process logs at start. */
  readonly log: string;
  readonly word: string;
}

const web = (image: string, port: number, path: string, log: string, word: string): HealthyImage => ({
  image,
  size: '60Mi',
  port,
  portName: 'http',
  path,
  log,
  word,
});

export const HEALTHY_IMAGES = {
  web: [
    web('ghcr.io/stefanprodan/podinfo:6.7.1', 9898, '/readyz', 'Starting podinfo', 'podinfo'),
    web(
      'docker.io/library/nginx:1.27.3',
      80,
      '/',
      '/docker-entrypoint.sh: Configuration complete; ready for start up',
      'nginx',
    ),
    web('registry.example.com/platform/http-service:2.14.0', 8080, '/ready', 'listening on :8080', 'service'),
    web(
      'registry.example.com/platform/api-gateway:3.4.2',
      8080,
      '/ready',
      'gateway listening on :8080',
      'gw',
    ),
    web('registry.example.com/platform/worker:1.22.5', 8080, '/ready', 'worker started, 8 threads', 'worker'),
  ],
  /** Failing workloads run in-house images shaped like this one. */
  inHouse: web(
    'registry.example.com/platform/http-service:2.14.0',
    8080,
    '/ready',
    'listening on :8080',
    'app',
  ),
  nodeExporter: {
    ...web(
      'quay.io/prometheus/node-exporter:v1.8.2',
      9100,
      '/',
      'Listening on address=[::]:9100',
      'node-exporter',
    ),
    portName: 'metrics',
    size: '12Mi',
  },
  fluentBit: web(
    'cr.fluentbit.io/fluent/fluent-bit:3.1.9',
    2020,
    '/api/v1/health',
    '[fluent bit] version=3.1.9',
    'fluent-bit',
  ),
  redis: {
    image: 'docker.io/library/redis:7.4.1',
    size: '45Mi',
    port: 6379,
    portName: 'redis',
    log: 'Ready to accept connections tcp',
    word: 'redis',
  },
  postgres: {
    image: 'docker.io/library/postgres:16.4',
    size: '150Mi',
    port: 5432,
    portName: 'postgres',
    log: 'database system is ready to accept connections',
    word: 'postgres',
  },
  batch: web('registry.example.com/platform/report-runner:1.3.0', 8080, '/ready', 'report written', 'report'),
  modelServer: {
    ...web(
      'nvcr.io/nvidia/tritonserver:24.08-py3',
      8000,
      '/v2/health/ready',
      'Started HTTPService at 0.0.0.0:8000',
      'model-server',
    ),
    size: '2Gi',
  },
} as const satisfies Record<string, HealthyImage | readonly HealthyImage[]>;

export const TEAMS = [
  'shop',
  'payments',
  'search',
  'identity',
  'platform',
  'data',
  'media',
  'logistics',
  'growth',
  'support',
] as const;

export const WORDS = [
  'api',
  'web',
  'cart',
  'checkout',
  'catalog',
  'search',
  'orders',
  'inventory',
  'auth',
  'notifications',
  'email',
  'billing',
  'shipping',
  'recommendations',
  'reviews',
  'pricing',
  'gateway',
  'profile',
  'ledger',
  'invoices',
  'thumbnails',
  'feeds',
  'sessions',
  'tracking',
  'quotes',
  'accounts',
] as const;

const ZONES = ['eu-west-1a', 'eu-west-1b', 'eu-west-1c'] as const;

interface PoolShape {
  readonly pool: string;
  readonly instance: string;
  readonly cpu: string;
  readonly memory: string;
  readonly allocatable: Record<string, string>;
  readonly extra?: Record<string, string>;
  readonly taints?: readonly Record<string, string>[];
}

const GENERAL: PoolShape = {
  pool: 'general',
  instance: 'm6i.2xlarge',
  cpu: '8',
  memory: '32Gi',
  allocatable: { cpu: '7910m', memory: '30310Mi' },
};
const HIGHMEM: PoolShape = {
  pool: 'highmem',
  instance: 'r6i.4xlarge',
  cpu: '16',
  memory: '128Gi',
  allocatable: { cpu: '15890m', memory: '124590Mi' },
};
const GPU: PoolShape = {
  pool: 'gpu',
  instance: 'g5.8xlarge',
  cpu: '32',
  memory: '128Gi',
  allocatable: { cpu: '31850m', memory: '124590Mi' },
  extra: { 'nvidia.com/gpu': '1' },
  taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }],
};

export interface NodePool {
  readonly pool: string;
  readonly count: number;
  /** The scenario's `cluster.nodes` entry. */
  readonly spec: Record<string, unknown>;
}

/** N nodes: ~76% general, ~20% high-memory, ~4% tainted GPU nodes (from 20 nodes), each pool over three zones. */
export function nodePools(nodes: number): NodePool[] {
  const gpu = nodes >= 20 ? Math.max(1, Math.round(nodes * 0.04)) : 0;
  const highmem = nodes >= 5 ? Math.round(nodes * 0.2) : 0;
  const out: NodePool[] = [];
  for (const [shape, total] of [
    [GENERAL, nodes - gpu - highmem],
    [HIGHMEM, highmem],
    [GPU, gpu],
  ] as const) {
    ZONES.forEach((zone, z) => {
      const count = Math.floor(total / ZONES.length) + (z < total % ZONES.length ? 1 : 0);
      if (count === 0) return;
      out.push({
        pool: shape.pool,
        count,
        spec: {
          name: `${shape.pool}-${zone.slice(-1)}`,
          ...(count === 1 ? {} : { count }),
          cpu: shape.cpu,
          memory: shape.memory,
          pods: '110',
          ...(shape.extra === undefined ? {} : { capacity: shape.extra }),
          allocatable: shape.allocatable,
          labels: { 'node-pool': shape.pool, 'node.kubernetes.io/instance-type': shape.instance },
          ...(shape.taints === undefined ? {} : { taints: shape.taints }),
          zone,
        },
      });
    });
  }
  return out;
}
