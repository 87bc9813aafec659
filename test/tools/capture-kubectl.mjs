// Captures genuine `kubectl describe pod` text from every golden fixture, for each kubectl version
// installed beside kubectl (kubectl.1.27 ... kubectl.1.33), into test/fixtures/kubectl/.
// Run: npm run build && node test/tools/capture-kubectl.mjs
import { execFile } from 'node:child_process';
import process from 'node:process';
import { promisify } from 'node:util';

// The server runs in this process: kubectl must run asynchronously so that it can answer.
const run = promisify(execFile);
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocuments } from '../../dist/collectors/normalize/documents.js';
import { startStaticApiServer } from './static-apiserver.mjs';
import { findKubectls } from '../../scripts/find-kubectl.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const golden = join(root, 'test', 'fixtures', 'golden');
const out = join(root, 'test', 'fixtures', 'kubectl');
// Every kubectl 1.27+ on PATH or in the versioned install folder, as the tests find them.
const kubectls = findKubectls();

/** The core/v1 view of an events.k8s.io/v1 Event, as the API server serves the same object. */
function asCoreEvent(o) {
  if (o.kind !== 'Event' || !String(o.apiVersion).startsWith('events.k8s.io')) return o;
  const {
    regarding,
    note,
    deprecatedSource,
    deprecatedFirstTimestamp,
    deprecatedLastTimestamp,
    deprecatedCount,
    ...rest
  } = o;
  return {
    ...rest,
    apiVersion: 'v1',
    involvedObject: regarding,
    message: note,
    source: deprecatedSource ?? {},
    firstTimestamp: deprecatedFirstTimestamp ?? null,
    lastTimestamp: deprecatedLastTimestamp ?? null,
    count: deprecatedCount ?? 0,
    reportingComponent: o.reportingController ?? '',
  };
}

function objectsOf(dir) {
  const objects = [];
  let capturedAt;
  for (const f of readdirSync(dir)
    .filter((x) => x.startsWith('input'))
    .sort()) {
    for (const d of parseDocuments(f, readFileSync(join(dir, f), 'utf8')).documents) {
      const v = d.value;
      if (v.kind === 'EvidenceBundle') capturedAt = v.capturedAt;
      const items =
        v.kind === 'EvidenceBundle'
          ? v.objects
          : Array.isArray(v.items)
            ? v.items.map((i) => ({ kind: v.kind.replace(/List$/, ''), ...i }))
            : [v];
      for (const o of items) objects.push({ apiVersion: 'v1', ...o });
    }
  }
  rebase(objects, capturedAt);
  return objects;
}

const TIME_KEYS = new Set([
  'deprecatedFirstTimestamp',
  'deprecatedLastTimestamp',
  'creationTimestamp',
  'deletionTimestamp',
  'startTime',
  'startedAt',
  'finishedAt',
  'lastTransitionTime',
  'lastProbeTime',
  'lastHeartbeatTime',
  'firstTimestamp',
  'lastTimestamp',
  'eventTime',
  'lastObservedTime',
  'lastUpdateTime',
]);

const MICRO_KEYS = new Set(['eventTime', 'lastObservedTime']);

function walkTimes(value, fn) {
  if (Array.isArray(value)) value.forEach((v) => walkTimes(v, fn));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (TIME_KEYS.has(k) && typeof v === 'string' && !Number.isNaN(Date.parse(v)) && Date.parse(v) > 0)
        value[k] = fn(v, k);
      else walkTimes(v, fn);
    }
  }
}

/**
 * kubectl prints ages against its own clock. Shift every time so that the evidence's newest moment
 * (its capture time, else its newest timestamp) is a minute ago, as when a user runs describe.
 */
function rebase(objects, capturedAt) {
  let newest = Date.parse(capturedAt ?? '') || 0;
  if (!newest) walkTimes(objects, (v) => ((newest = Math.max(newest, Date.parse(v))), v));
  const delta = Math.round((Date.now() - 60_000 - newest) / 1000) * 1000;
  // metav1.Time is RFC 3339 to the second; MicroTime (eventTime, series) needs exactly six decimals.
  walkTimes(objects, (v, key) => {
    const t = new Date(Date.parse(v) + delta).toISOString();
    return MICRO_KEYS.has(key) ? t.replace(/\.(\d{3})Z$/, '.$1000Z') : t.replace(/\.\d{3}Z$/, 'Z');
  });
}

for (const stage of readdirSync(golden).sort()) {
  for (const name of readdirSync(join(golden, stage)).sort()) {
    const objects = objectsOf(join(golden, stage, name));
    const pods = objects.filter((o) => o.kind === 'Pod');
    if (pods.length === 0) continue;
    const server = await startStaticApiServer(objects.map(asCoreEvent));
    const kubeconfig = join(out, '.kubeconfig');
    mkdirSync(out, { recursive: true });
    writeFileSync(
      kubeconfig,
      `apiVersion: v1\nkind: Config\nclusters: [{name: s, cluster: {server: "${server.url}"}}]\ncontexts: [{name: s, context: {cluster: s, user: u}}]\ncurrent-context: s\nusers: [{name: u, user: {token: x}}]\n`,
    );
    for (const k of kubectls) {
      const v = `kubectl.${k.name}`;
      const texts = [];
      for (const pod of pods) {
        const args = [
          '--kubeconfig',
          kubeconfig,
          'describe',
          'pod',
          pod.metadata.name,
          '-n',
          pod.metadata.namespace ?? 'default',
        ];
        try {
          const { stdout } = await run(k.bin, args, {
            env: { PATH: process.env.PATH, HOME: '/tmp' },
            timeout: 20_000,
          });
          texts.push(
            `$ kubectl describe pod ${pod.metadata.name} -n ${pod.metadata.namespace ?? 'default'}\n${stdout}`,
          );
        } catch (e) {
          texts.push(`# ${v} failed: ${String(e.stderr ?? e).split('\n')[0]}`);
        }
      }
      const dir = join(out, v.replace('kubectl.', 'v'));
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${stage}--${name}.txt`), texts.join('\n'));
    }
    await server.close();
  }
}
process.stdout.write(`captured describe output for ${kubectls.map((k) => k.name).join(', ')}\n`);
