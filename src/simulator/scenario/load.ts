/**
 * Reads a scenario file: YAML in the format of docs/scenarios.md, checked field by field
 * (unknown fields are errors, so typos do not pass silently), with every default filled in.
 */
import { LineCounter, parseDocument, visit } from 'yaml';
import { InputError } from '../../errors/index.js';
import { isReasonCode, isStageId, stageOfReason } from '../../model/index.js';
import { inlineJsonLines } from './json-lines.js';
import { Reader, type Path } from './reader.js';
import type {
  ClusterSpec,
  ContainerBehavior,
  CsiDriverSpec,
  Expectation,
  ImageSpec,
  NamespaceSpec,
  NodeIncident,
  NodeSpec,
  Scenario,
  ScenarioObject,
  StorageClassSpec,
  UserSpec,
  WebhookSpec,
} from './types.js';

export const DEFAULT_START = Date.parse('2026-01-01T00:00:00Z');
export const DEFAULT_DURATION = 10 * 60_000;

export function parseScenario(text: string, file: string, group?: string): Scenario {
  const lines = new LineCounter();
  const inlined = inlineJsonLines(text);
  const doc = parseDocument(inlined.text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const err = doc.errors[0];
  if (err !== undefined)
    // linePos is only filled in with prettyErrors (which also rewrites the message), so the
    // line comes from the error's offset.
    throw new InputError(
      file,
      lines.linePos(err.pos[0]).line,
      `invalid YAML: ${err.message.split('\n')[0] ?? ''}`,
    );
  // Paths are read node by node, and a path cannot walk through an alias: refuse them plainly
  // rather than let the aliased fields read as absent.
  let alias: number | undefined;
  visit(doc, {
    Alias(_key, node) {
      alias = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  if (alias !== undefined)
    throw new InputError(
      file,
      lines.linePos(alias).line,
      'YAML aliases (*name) are not supported in scenarios; repeat the value instead',
    );
  const r = new Reader(file, doc, lines, inlined.inline);
  r.keys([], ['name', 'description', 'seed', 'start', 'duration', 'expect', 'cluster', 'objects']);
  const startText = r.optString(['start']);
  const start = startText === undefined ? DEFAULT_START : Date.parse(startText);
  if (Number.isNaN(start)) r.fail(['start'], 'start must be an RFC 3339 time');
  const objects = readObjects(r);
  return {
    name: r.string(['name']),
    description: r.string(['description']),
    ...(group === undefined ? {} : { group }),
    path: file,
    seed: r.number(['seed'], 1),
    start,
    duration: r.duration(['duration'], DEFAULT_DURATION),
    cluster: readCluster(r, objects),
    objects,
    expect: readExpect(r),
  };
}

function readExpect(r: Reader): Expectation[] {
  const v = r.value(['expect']);
  if (v === undefined || v === null)
    r.fail(['expect'], 'expect is required: {stage, reason} or {verdict: healthy|progressing}');
  const paths: Path[] = Array.isArray(v) ? v.map((_, i) => ['expect', i]) : [['expect']];
  const out = paths.map((p): Expectation => {
    r.keys(p, ['target', 'stage', 'reason', 'verdict', 'at']);
    const target = r.optString([...p, 'target']);
    const at = r.optDuration([...p, 'at']);
    const t = { ...(target === undefined ? {} : { target }), ...(at === undefined ? {} : { at }) };
    if (r.has([...p, 'verdict']) && (r.has([...p, 'stage']) || r.has([...p, 'reason'])))
      r.fail([...p, 'verdict'], 'an expectation names either a verdict or a stage and reason, not both');
    if (r.has([...p, 'verdict']))
      return { ...t, verdict: r.oneOf([...p, 'verdict'], ['healthy', 'progressing'], 'healthy') };
    const stage = r.string([...p, 'stage']);
    if (!isStageId(stage)) r.fail([...p, 'stage'], `unknown stage "${stage}" (see DESIGN.md §1)`);
    const reason = r.string([...p, 'reason']);
    if (!isReasonCode(reason) || stageOfReason(reason) !== stage)
      r.fail([...p, 'reason'], `"${reason}" is not a reason code of stage ${stage}`);
    return { ...t, stage, reason };
  });
  const duration = r.duration(['duration'], DEFAULT_DURATION);
  out.forEach((e, i) => {
    if (e.at !== undefined && e.at > duration)
      r.fail(paths[i] ?? ['expect'], "expect.at is after the scenario's duration");
  });
  return out;
}

function readObjects(r: Reader): ScenarioObject[] {
  const out: ScenarioObject[] = [];
  for (let i = 0; i < r.length(['objects']); i++) {
    const p: Path = ['objects', i];
    const raw = r.record(p);
    const wrapped = 'manifest' in raw && !('kind' in raw);
    if (wrapped) r.keys(p, ['at', 'as', 'deleteAt', 'manifest']);
    else
      for (const key of ['at', 'as', 'deleteAt'])
        if (key in raw)
          r.fail(
            [...p, key],
            `${key} belongs beside the object, not in it: write {${key}: …, manifest: {apiVersion: …}}`,
          );
    const mp: Path = wrapped ? [...p, 'manifest'] : p;
    const manifest = r.record(mp);
    r.string([...mp, 'apiVersion']);
    r.string([...mp, 'kind']);
    r.string([...mp, 'metadata', 'name']);
    const as = wrapped ? r.optString([...p, 'as']) : undefined;
    const deleteAt = wrapped ? r.optDuration([...p, 'deleteAt']) : undefined;
    const at = wrapped ? r.duration([...p, 'at'], 0) : 0;
    if (deleteAt !== undefined && deleteAt <= at)
      r.fail([...p, 'deleteAt'], 'deleteAt must be later than at (the object must exist to be deleted)');
    if (as !== undefined && !userNames(r).includes(as))
      r.fail([...p, 'as'], `as: "${as}" is not one of cluster.users`);
    out.push({
      at,
      ...(as === undefined ? {} : { as }),
      ...(deleteAt === undefined ? {} : { deleteAt }),
      manifest,
      line: r.lineOf(mp),
    });
  }
  return out;
}

function userNames(r: Reader): string[] {
  const out: string[] = [];
  for (let i = 0; i < r.length(['cluster', 'users']); i++)
    out.push(r.string(['cluster', 'users', i, 'name']));
  return out;
}

function readCluster(r: Reader, objects: readonly ScenarioObject[]): ClusterSpec {
  const c: Path = ['cluster'];
  r.keys(c, [
    'version',
    'nodes',
    'namespaces',
    'webhooks',
    'storageClasses',
    'csiDrivers',
    'cni',
    'registry',
    'users',
  ]);
  const nodes = readNodes(r);
  const namespaces = readNamespaces(r, objects);
  const webhooks: WebhookSpec[] = [];
  for (let i = 0; i < r.length([...c, 'webhooks']); i++) {
    const p: Path = [...c, 'webhooks', i];
    r.keys(p, [
      'name',
      'type',
      'resources',
      'namespaces',
      'deny',
      'denyImages',
      'unreachable',
      'failurePolicy',
      'service',
    ]);
    const name = r.string([...p, 'name']);
    const deny = r.optString([...p, 'deny']);
    const denyImages = r.optString([...p, 'denyImages']);
    const unreachable = r.bool([...p, 'unreachable'], false);
    if (deny === undefined && !unreachable) r.fail(p, 'a webhook needs deny: MESSAGE or unreachable: true');
    webhooks.push({
      name,
      type: r.oneOf([...p, 'type'], ['validating', 'mutating'], 'validating'),
      resources: r.has([...p, 'resources']) ? r.strings([...p, 'resources']) : ['pods'],
      ...(r.has([...p, 'namespaces']) ? { namespaces: r.strings([...p, 'namespaces']) } : {}),
      ...(deny === undefined ? {} : { deny }),
      ...(denyImages === undefined ? {} : { denyImages }),
      unreachable,
      failurePolicy: r.oneOf([...p, 'failurePolicy'], ['Fail', 'Ignore'], 'Fail'),
      service: r.string(
        [...p, 'service'],
        `${name.split('.')[0] ?? name}-system/${name.split('.')[0] ?? name}`,
      ),
    });
  }
  const storageClasses: StorageClassSpec[] = [];
  for (let i = 0; i < r.length([...c, 'storageClasses']); i++) {
    const p: Path = [...c, 'storageClasses', i];
    r.keys(p, ['name', 'provisioner', 'bindingMode', 'default', 'provisionDelay', 'provisionError', 'zones']);
    const provisionError = r.optString([...p, 'provisionError']);
    storageClasses.push({
      name: r.string([...p, 'name']),
      provisioner: r.string([...p, 'provisioner'], 'ebs.csi.aws.com'),
      bindingMode: r.oneOf(
        [...p, 'bindingMode'],
        ['Immediate', 'WaitForFirstConsumer'],
        'WaitForFirstConsumer',
      ),
      default: r.bool([...p, 'default'], i === 0),
      provisionDelay: r.duration([...p, 'provisionDelay'], 3000),
      ...(provisionError === undefined ? {} : { provisionError }),
      ...(r.has([...p, 'zones']) ? { zones: r.strings([...p, 'zones']) } : {}),
    });
  }
  const csiDrivers: CsiDriverSpec[] = [];
  for (let i = 0; i < r.length([...c, 'csiDrivers']); i++) {
    const p: Path = [...c, 'csiDrivers', i];
    r.keys(p, [
      'name',
      'registered',
      'attachRequired',
      'attachDelay',
      'mountDelay',
      'attachError',
      'mountError',
    ]);
    const attachError = r.optString([...p, 'attachError']);
    const mountError = r.optString([...p, 'mountError']);
    csiDrivers.push({
      name: r.string([...p, 'name']),
      registered: r.bool([...p, 'registered'], true),
      attachRequired: r.bool([...p, 'attachRequired'], true),
      attachDelay: r.duration([...p, 'attachDelay'], 2000),
      mountDelay: r.duration([...p, 'mountDelay'], 1000),
      ...(attachError === undefined ? {} : { attachError }),
      ...(mountError === undefined ? {} : { mountError }),
    });
  }
  const cp: Path = [...c, 'cni'];
  r.keys(cp, ['plugin', 'setupDelay', 'failure']);
  r.keys([...cp, 'failure'], ['mode', 'message', 'nodes']);
  const failureMessage = r.optString([...cp, 'failure', 'message']);
  const cni = {
    plugin: r.string([...cp, 'plugin'], 'calico'),
    setupDelay: r.duration([...cp, 'setupDelay'], 500),
    ...(r.has([...cp, 'failure'])
      ? {
          failure: {
            mode: r.oneOf(
              [...cp, 'failure', 'mode'],
              ['not-ready', 'error', 'unauthorized', 'ip-exhausted'],
              'error',
            ),
            ...(failureMessage === undefined ? {} : { message: failureMessage }),
            ...(r.has([...cp, 'failure', 'nodes']) ? { nodes: r.strings([...cp, 'failure', 'nodes']) } : {}),
          },
        }
      : {}),
  };
  const rp: Path = [...c, 'registry'];
  r.keys(rp, ['defaultSize', 'bandwidth', 'images']);
  const images: ImageSpec[] = [];
  for (let i = 0; i < r.length([...rp, 'images']); i++) images.push(readImage(r, [...rp, 'images', i]));
  const users: UserSpec[] = [];
  for (let i = 0; i < r.length([...c, 'users']); i++) {
    const p: Path = [...c, 'users', i];
    r.keys(p, ['name', 'token', 'groups', 'rules']);
    const rules: UserSpec['rules'][number][] = [];
    for (let j = 0; j < r.length([...p, 'rules']); j++) {
      const q: Path = [...p, 'rules', j];
      r.keys(q, ['verbs', 'resources', 'apiGroups', 'namespaces']);
      rules.push({
        verbs: r.strings([...q, 'verbs']),
        resources: r.strings([...q, 'resources']),
        apiGroups: r.has([...q, 'apiGroups']) ? r.strings([...q, 'apiGroups']) : ['*'],
        ...(r.has([...q, 'namespaces']) ? { namespaces: r.strings([...q, 'namespaces']) } : {}),
      });
    }
    const name = r.string([...p, 'name']);
    users.push({
      name,
      token: r.string([...p, 'token'], `${name}-token`),
      groups: r.strings([...p, 'groups']),
      rules,
    });
  }
  return {
    version: r.string([...c, 'version'], 'v1.31.4'),
    nodes,
    namespaces,
    webhooks,
    storageClasses:
      storageClasses.length > 0
        ? storageClasses
        : [
            {
              name: 'standard',
              provisioner: 'rancher.io/local-path',
              bindingMode: 'WaitForFirstConsumer',
              default: true,
              provisionDelay: 2000,
            },
          ],
    csiDrivers,
    cni,
    registry: {
      defaultSize: r.string([...rp, 'defaultSize'], '50Mi'),
      bandwidth: r.number([...rp, 'bandwidth'], 50_000_000),
      images,
    },
    users,
  };
}

function readNodes(r: Reader): NodeSpec[] {
  const base: Path = ['cluster', 'nodes'];
  const n = r.length(base);
  if (n === 0) return [defaultNode('node-1')];
  const out: NodeSpec[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    const p: Path = [...base, i];
    r.keys(p, [
      'name',
      'count',
      'cpu',
      'memory',
      'pods',
      'capacity',
      'allocatable',
      'labels',
      'taints',
      'unschedulable',
      'images',
      'podIPs',
      'zone',
      'incidents',
    ]);
    const name = r.string([...p, 'name']);
    const count = r.number([...p, 'count'], 1);
    if (!Number.isInteger(count) || count < 1)
      r.fail([...p, 'count'], 'count must be a whole number, 1 or more');
    const capacity = {
      cpu: r.string([...p, 'cpu'], '4'),
      memory: r.string([...p, 'memory'], '16Gi'),
      pods: r.string([...p, 'pods'], '110'),
      'ephemeral-storage': '100Gi',
      ...r.stringMap([...p, 'capacity']),
    };
    const taints: NodeSpec['taints'][number][] = [];
    for (let j = 0; j < r.length([...p, 'taints']); j++) {
      const q: Path = [...p, 'taints', j];
      r.keys(q, ['key', 'value', 'effect']);
      const value = r.optString([...q, 'value']);
      taints.push({
        key: r.string([...q, 'key']),
        ...(value === undefined ? {} : { value }),
        effect: r.oneOf([...q, 'effect'], ['NoSchedule', 'PreferNoSchedule', 'NoExecute'], 'NoSchedule'),
      });
    }
    const incidents: NodeIncident[] = [];
    for (let j = 0; j < r.length([...p, 'incidents']); j++) {
      const q: Path = [...p, 'incidents', j];
      r.keys(q, ['at', 'type', 'message']);
      const at = r.duration([...q, 'at'], 0);
      const type = r.oneOf(
        [...q, 'type'],
        [
          'lost',
          'not-ready',
          'memory-pressure',
          'disk-pressure',
          'pid-pressure',
          'shutdown',
          'recover',
          'cordon',
        ],
        'lost',
      );
      const message = r.optString([...q, 'message']);
      incidents.push(
        type === 'not-ready' ? { at, type, ...(message === undefined ? {} : { message }) } : { at, type },
      );
    }
    const zone = r.optString([...p, 'zone']);
    const spec = {
      capacity,
      ...(r.has([...p, 'allocatable'])
        ? { allocatable: { ...capacity, ...r.stringMap([...p, 'allocatable']) } }
        : {}),
      labels: r.stringMap([...p, 'labels']),
      taints,
      unschedulable: r.bool([...p, 'unschedulable'], false),
      images: r.strings([...p, 'images']),
      podIPs: r.number([...p, 'podIPs'], 254),
      ...(zone === undefined ? {} : { zone }),
      incidents,
    };
    const names = count === 1 ? [name] : Array.from({ length: count }, (_, k) => `${name}-${k + 1}`);
    for (const n of names) {
      if (seen.has(n)) r.fail([...p, 'name'], `node "${n}" is declared twice`);
      seen.add(n);
      out.push({ name: n, ...spec });
    }
  }
  return out;
}

const defaultNode = (name: string): NodeSpec => ({
  name,
  labels: {},
  capacity: { cpu: '4', memory: '16Gi', pods: '110', 'ephemeral-storage': '100Gi' },
  taints: [],
  unschedulable: false,
  images: [],
  podIPs: 254,
  incidents: [],
});

function readNamespaces(r: Reader, objects: readonly ScenarioObject[]): NamespaceSpec[] {
  const out: NamespaceSpec[] = [];
  const base: Path = ['cluster', 'namespaces'];
  for (let i = 0; i < r.length(base); i++) {
    const p: Path = [...base, i];
    r.keys(p, ['name', 'labels', 'quota', 'limitRange', 'serviceAccounts']);
    const limits = r.value([...p, 'limitRange']);
    if (limits !== undefined && !Array.isArray(limits))
      r.fail([...p, 'limitRange'], 'limitRange must be a list of LimitRange items');
    out.push({
      name: r.string([...p, 'name']),
      labels: r.stringMap([...p, 'labels']),
      ...(r.has([...p, 'quota']) ? { quota: r.stringMap([...p, 'quota']) } : {}),
      ...(Array.isArray(limits) ? { limitRange: limits as Record<string, unknown>[] } : {}),
      serviceAccounts: r.strings([...p, 'serviceAccounts']),
    });
  }
  // Namespaces the objects use exist, as if created before the scenario began.
  const known = new Set(out.map((n) => n.name));
  for (const obj of objects) {
    const meta = obj.manifest.metadata as { namespace?: unknown } | undefined;
    const ns = typeof meta?.namespace === 'string' ? meta.namespace : undefined;
    if (ns === undefined || known.has(ns)) continue;
    known.add(ns);
    out.push({ name: ns, labels: {}, serviceAccounts: [] });
  }
  return out;
}

function readImage(r: Reader, p: Path): ImageSpec {
  r.keys(p, [
    'name',
    'exists',
    'size',
    'pullTime',
    'auth',
    'rateLimited',
    'badTLS',
    'unreachable',
    'wrongArch',
    'run',
  ]);
  const size = r.optString([...p, 'size']);
  const pullTime = r.optDuration([...p, 'pullTime']);
  return {
    name: r.string([...p, 'name']),
    exists: r.bool([...p, 'exists'], true),
    ...(size === undefined ? {} : { size }),
    ...(pullTime === undefined ? {} : { pullTime }),
    auth: r.bool([...p, 'auth'], false),
    rateLimited: r.bool([...p, 'rateLimited'], false),
    badTLS: r.bool([...p, 'badTLS'], false),
    unreachable: r.bool([...p, 'unreachable'], false),
    wrongArch: r.bool([...p, 'wrongArch'], false),
    run: readBehavior(r, [...p, 'run']),
  };
}

export const DEFAULT_BEHAVIOR: ContainerBehavior = {
  exitCode: 0,
  logs: [],
  ports: [],
  listenAfter: 0,
  http: [],
  execOk: true,
};

function readBehavior(r: Reader, p: Path): ContainerBehavior {
  r.keys(p, [
    'startError',
    'exitAfter',
    'exitCode',
    'oomAfter',
    'logs',
    'ports',
    'listenAfter',
    'http',
    'execOk',
  ]);
  const startError = r.optString([...p, 'startError']);
  const exitAfter = r.optDuration([...p, 'exitAfter']);
  const oomAfter = r.optDuration([...p, 'oomAfter']);
  const http: ContainerBehavior['http'][number][] = [];
  for (let i = 0; i < r.length([...p, 'http']); i++) {
    const q: Path = [...p, 'http', i];
    r.keys(q, ['path', 'status', 'latency', 'after', 'until']);
    const after = r.optDuration([...q, 'after']);
    const until = r.optDuration([...q, 'until']);
    http.push({
      path: r.string([...q, 'path']),
      status: r.number([...q, 'status'], 200),
      latency: r.duration([...q, 'latency'], 5),
      ...(after === undefined ? {} : { after }),
      ...(until === undefined ? {} : { until }),
    });
  }
  const ports: number[] = [];
  for (let i = 0; i < r.length([...p, 'ports']); i++) ports.push(r.number([...p, 'ports', i], 0));
  return {
    ...(startError === undefined ? {} : { startError }),
    ...(exitAfter === undefined ? {} : { exitAfter }),
    exitCode: r.number([...p, 'exitCode'], exitAfter === undefined ? 0 : 1),
    ...(oomAfter === undefined ? {} : { oomAfter }),
    logs: r.strings([...p, 'logs']),
    ports,
    listenAfter: r.duration([...p, 'listenAfter'], 0),
    http,
    execOk: r.bool([...p, 'execOk'], true),
  };
}
