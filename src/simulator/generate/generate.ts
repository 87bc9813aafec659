/**
 * `handoff sim generate`: a synthetic cluster of N nodes and M pods for scale tests and
 * benchmarks. Node pools across three zones (one tainted GPU pool), most pods in healthy
 * Deployments behind Services, some StatefulSets, DaemonSets and Jobs, and ~7% of pods in
 * workloads that fail at many different handoffs, each with the diagnosis it must get.
 * The same options give the same text: all chance comes from a seeded Rng.
 */
import { stringify } from 'yaml';
import { Rng } from '../world/rng.js';
import { HEALTHY_IMAGES, nodePools, TEAMS, WORDS, type HealthyImage } from './cluster-parts.js';
import { FAILURES, QUOTA_NAMESPACE, type FailureKind } from './failures.js';
import { bump, deployment, job, nameOf, nodeAgent, service, statefulSet, type Json } from './manifests.js';

export interface GenerateOptions {
  readonly nodes: number;
  readonly pods: number;
  readonly seed: number;
}

/** Most pods a node carries on average before the generator refuses (kubelet maxPods is 110). */
export const MAX_PODS_PER_NODE = 80;

type Expect = Json;

/** Checks the options; the message says what is wrong (the CLI prints it, exit 2). */
export function validateGenerateOptions(o: GenerateOptions): string | undefined {
  if (!Number.isInteger(o.nodes) || o.nodes < 1) return '--nodes must be a whole number, 1 or more';
  if (!Number.isInteger(o.pods) || o.pods < 1) return '--pods must be a whole number, 1 or more';
  if (!Number.isInteger(o.seed) || o.seed < 0) return '--seed must be a whole number, 0 or more';
  if (o.pods > o.nodes * MAX_PODS_PER_NODE)
    return `--pods ${o.pods} do not fit on ${o.nodes} node(s): at most ${MAX_PODS_PER_NODE} pods a node (${o.nodes * MAX_PODS_PER_NODE})`;
  return undefined;
}

export interface GeneratedScenario {
  readonly text: string;
  /** Pods the workloads ask for (replicas, DaemonSet pods, Job pods). */
  readonly pods: number;
  readonly failingPods: number;
  readonly workloads: number;
  readonly objects: number;
}

export function generateScenario(opts: GenerateOptions): string {
  return generateScenarioDetailed(opts).text;
}

export function generateScenarioDetailed(opts: GenerateOptions): GeneratedScenario {
  const problem = validateGenerateOptions(opts);
  if (problem !== undefined) throw new RangeError(problem);
  return new Generator(opts).build();
}

class Generator {
  private readonly rng: Rng;
  private readonly objects: Json[] = [];
  private readonly expect: Expect[] = [];
  private readonly images = new Map<string, Json>();
  private readonly used = new Map<string, number>();
  private readonly failingNames = new Set<string>();
  private readonly namespaces: string[];
  private pods = 0;
  private failingPods = 0;
  private workloads = 0;
  private readonly hasGpu: boolean;

  constructor(private readonly opts: GenerateOptions) {
    this.rng = new Rng(opts.seed);
    // One team namespace per ~600 pods, at least three.
    const count = Math.max(3, Math.ceil(opts.pods / 600));
    this.namespaces = Array.from({ length: count }, (_, i) => {
      const team = TEAMS[i % TEAMS.length] ?? 'team';
      return i < TEAMS.length ? team : `${team}-${Math.floor(i / TEAMS.length) + 1}`;
    });
    this.hasGpu = nodePools(opts.nodes).some((p) => p.pool === 'gpu');
  }

  build(): GeneratedScenario {
    const { nodes, pods } = this.opts;
    this.daemonSets();
    this.failures(Math.round(pods * 0.07));
    this.statefulSets(Math.floor(pods * 0.03));
    this.jobs(Math.floor(pods * 0.01));
    this.deployments(pods - this.pods);
    const firstHealthy = this.objects.find((o) => o.kind === 'Deployment' && !this.failing(o));
    if (firstHealthy !== undefined)
      this.expect.unshift({ target: `deploy/${nameOf(firstHealthy)}`, verdict: 'healthy' });
    const head = stringify(
      {
        name: `generated-${nodes}n-${pods}p`,
        description: `A generated cluster of ${nodes} nodes and ${pods} pods with a mix of healthy and failing workloads (seed ${this.opts.seed}).`,
        seed: this.opts.seed,
        duration: '5m',
        cluster: {
          version: 'v1.31.4',
          nodes: nodePools(nodes).map((p) => p.spec),
          namespaces: [
            ...this.namespaces.map((name) => ({ name, labels: { team: name.replace(/-\d+$/, '') } })),
            QUOTA_NAMESPACE,
          ],
          registry: { defaultSize: '80Mi', images: [...this.images.values()] },
        },
      },
      { lineWidth: 0, aliasDuplicateObjects: false },
    );
    // Objects and expectations one per line as JSON (valid YAML flow style): compact, quick to
    // read back at 150,000 pods, and a loader error still names the object's line.
    const lines = (items: readonly Json[]) => items.map((o) => `  - ${JSON.stringify(o)}\n`).join('');
    const text = `${head}expect:\n${lines(this.expect)}objects:\n${lines(this.objects)}`;
    return {
      text,
      pods: this.pods,
      failingPods: this.failingPods,
      workloads: this.workloads,
      objects: this.objects.length,
    };
  }

  private failing(o: Json): boolean {
    return this.failingNames.has(nameOf(o));
  }

  private name(word: string): string {
    const n = (this.used.get(word) ?? 0) + 1;
    this.used.set(word, n);
    return n === 1 ? word : `${word}-${n}`;
  }

  private namespace(): string {
    return this.rng.pick(this.namespaces);
  }

  private image(entry: Json): string {
    const name = entry.name as string;
    if (!this.images.has(name)) this.images.set(name, entry);
    return name;
  }

  /** Node agents on every node (they tolerate every taint), while they stay a small share. */
  private daemonSets(): void {
    const { nodes, pods } = this.opts;
    const agents = [
      { app: 'node-exporter', img: HEALTHY_IMAGES.nodeExporter },
      { app: 'fluent-bit', img: HEALTHY_IMAGES.fluentBit },
    ];
    agents.forEach(({ app, img }, i) => {
      if (nodes * (i + 1) > pods / 5) return;
      this.objects.push(nodeAgent(app, this.container(app, img, { cpu: '10m', memory: '32Mi' })));
      this.count(nodes, false);
    });
  }

  private count(pods: number, failing: boolean): void {
    this.pods += pods;
    this.workloads++;
    if (failing) this.failingPods += pods;
  }

  private container(app: string, img: HealthyImage, requests: Json, extra: Json = {}): Json {
    const image = this.image({
      name: img.image,
      size: img.size,
      run: { logs: [img.log], ports: [img.port] },
    });
    const probe =
      img.path === undefined
        ? { tcpSocket: { port: img.portName } }
        : { httpGet: { path: img.path, port: img.portName } };
    return {
      name: app,
      image,
      ports: [{ name: img.portName, containerPort: img.port, protocol: 'TCP' }],
      resources: { requests, limits: { memory: bump(requests.memory as string) } },
      readinessProbe: { ...probe, periodSeconds: 10 },
      ...extra,
    };
  }

  /** ~7% of pods in small workloads that each fail at one handoff, every kind in turn. */
  private failures(budget: number): void {
    const order = [...FAILURES];
    shuffle(this.rng, order);
    for (let i = 0; this.failingPods < budget; i++) {
      const kind = order[i % order.length];
      if (kind === undefined) break;
      this.failure(kind, Math.min(1 + this.rng.int(3), budget - this.failingPods));
    }
  }

  private failure(kind: FailureKind, replicas: number): void {
    const word = this.rng.pick(WORDS);
    const app = this.name(kind.workload === 'job' ? `${word}-migrate` : word);
    const ns = kind.quota === true ? QUOTA_NAMESPACE.name : this.namespace();
    const version = `${1 + this.rng.int(4)}.${this.rng.int(20)}.${this.rng.int(10)}`;
    const image = this.image(kind.image(`registry.example.com/${ns}/${app}:${version}`));
    const container = {
      ...this.container(app, { ...HEALTHY_IMAGES.inHouse, image }, { cpu: '100m', memory: '128Mi' }),
      ...kind.container(app),
    };
    if (kind.workload === 'job') {
      this.objects.push(job(app, ns, container, 'Never', 0));
      this.expect.push({ target: `job/${app}`, stage: kind.stage, reason: kind.reason });
      this.count(1, true);
      return;
    }
    this.failingNames.add(app);
    this.objects.push(deployment(app, ns, replicas, container));
    this.objects.push(service(app, ns, HEALTHY_IMAGES.inHouse));
    this.expect.push({ target: `deploy/${app}`, stage: kind.stage, reason: kind.reason });
    this.count(replicas, true);
  }

  private statefulSets(budget: number): void {
    let left = budget;
    while (left > 0) {
      const img = this.rng.pick([HEALTHY_IMAGES.redis, HEALTHY_IMAGES.postgres]);
      const app = this.name(img.word);
      const replicas = Math.min(left, 1 + this.rng.int(3));
      const ns = this.namespace();
      this.objects.push(service(app, ns, img, true));
      this.objects.push(
        statefulSet(app, ns, replicas, this.container(app, img, { cpu: '100m', memory: '256Mi' })),
      );
      this.count(replicas, false);
      left -= replicas;
    }
  }

  private jobs(budget: number): void {
    for (let i = 0; i < budget; i++) {
      const app = this.name(`${this.rng.pick(WORDS)}-report`);
      const img = HEALTHY_IMAGES.batch;
      const image = this.image({
        name: img.image,
        size: img.size,
        run: { logs: [img.log], exitAfter: '20s', exitCode: 0 },
      });
      const container = {
        name: 'report',
        image,
        resources: { requests: { cpu: '100m', memory: '128Mi' } },
      };
      this.objects.push(job(app, this.namespace(), container, 'OnFailure', 3));
      this.count(1, false);
    }
  }

  /** The rest: Deployments of 1-20 replicas (mostly small), most behind a Service. */
  private deployments(budget: number): void {
    let left = budget;
    while (left > 0) {
      const replicas = Math.min(left, 1 + Math.floor(this.rng.next() ** 2 * 20));
      const gpu = this.hasGpu && this.rng.int(40) === 0;
      const img = gpu ? HEALTHY_IMAGES.modelServer : this.rng.pick(HEALTHY_IMAGES.web);
      const app = this.name(gpu ? 'model-server' : this.rng.pick(WORDS));
      const ns = this.namespace();
      const cpu = `${25 * (1 + this.rng.int(4))}m`;
      const memory = `${64 * (1 + this.rng.int(4))}Mi`;
      const container = this.container(app, img, { cpu, memory });
      const placement = gpu
        ? {
            nodeSelector: { 'node-pool': 'gpu' },
            tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }],
          }
        : {};
      this.objects.push(deployment(app, ns, replicas, container, placement));
      if (this.rng.next() < 0.8) this.objects.push(service(app, ns, img));
      this.count(replicas, false);
      left -= replicas;
    }
  }
}

function shuffle(rng: Rng, items: unknown[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
}
