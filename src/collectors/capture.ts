/**
 * Evidence bundles (DESIGN.md §3): the objects a diagnosis read, bounded log tails and probe
 * results, written so `handoff -f BUNDLE` replays the same diagnosis offline. Secrets never
 * leave the cluster: Secret data, env values and last-applied annotations are redacted, and
 * managedFields (bulk, no evidence) are dropped.
 */
import { writeFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { UsageError, InputError } from '../errors/index.js';
import type { LogTail, ProbeResult } from '../model/index.js';

export const REDACTED = 'REDACTED';
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

export interface BundleSource {
  readonly type: 'live' | 'simulator' | 'file';
  readonly context?: string;
  readonly server?: string;
  readonly serverVersion?: string;
  readonly scenario?: string;
}

export interface BundleScope {
  readonly namespace?: string;
  readonly allNamespaces?: boolean;
  readonly targets?: readonly string[];
  readonly selector?: string;
}

export interface BundleInput {
  readonly capturedAt: string;
  readonly source: BundleSource;
  readonly scope: BundleScope;
  readonly objects: readonly unknown[];
  readonly logs: readonly LogTail[];
  readonly probes: readonly ProbeResult[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A redacted deep copy of one Kubernetes object. */
export function redactObject(raw: unknown): unknown {
  if (!isObj(raw)) return raw;
  const obj = structuredClone(raw);
  const meta = obj.metadata;
  if (isObj(meta)) {
    delete meta.managedFields;
    const annotations = meta.annotations;
    if (isObj(annotations) && LAST_APPLIED in annotations) annotations[LAST_APPLIED] = REDACTED;
  }
  if (obj.kind === 'Secret') {
    for (const field of ['data', 'stringData']) {
      const data = obj[field];
      if (isObj(data)) for (const k of Object.keys(data)) data[k] = REDACTED;
    }
  }
  for (const spec of podSpecs(obj)) redactPodSpec(spec);
  return obj;
}

/** Pod specs inside an object: a Pod's own, a workload's template, a CronJob's job template. */
function podSpecs(obj: Obj): Obj[] {
  const out: Obj[] = [];
  const spec = obj.spec;
  if (!isObj(spec)) return out;
  if (obj.kind === 'Pod') out.push(spec);
  const template = spec.template;
  if (isObj(template) && isObj(template.spec)) out.push(template.spec);
  const jobTemplate = spec.jobTemplate;
  if (isObj(jobTemplate) && isObj(jobTemplate.spec)) {
    const inner = jobTemplate.spec.template;
    if (isObj(inner) && isObj(inner.spec)) out.push(inner.spec);
  }
  return out;
}

function redactPodSpec(spec: Obj): void {
  for (const field of ['containers', 'initContainers', 'ephemeralContainers']) {
    const list = spec[field];
    if (!Array.isArray(list)) continue;
    for (const c of list) {
      if (!isObj(c) || !Array.isArray(c.env)) continue;
      for (const env of c.env) if (isObj(env) && 'value' in env) env.value = REDACTED;
    }
  }
}

/** The bundle document, YAML (default) or JSON. */
export function renderBundle(input: BundleInput, format: 'yaml' | 'json' = 'yaml'): string {
  const doc = {
    apiVersion: 'handoff/v1',
    kind: 'EvidenceBundle',
    capturedAt: input.capturedAt,
    source: input.source,
    scope: input.scope,
    objects: input.objects.map(redactObject),
    logs: input.logs,
    probes: input.probes,
  };
  return format === 'json' ? `${JSON.stringify(doc, null, 2)}\n` : stringify(doc, { lineWidth: 0 });
}

/** Writes a bundle; never replaces an existing file unless `force`. */
export function writeBundle(path: string, text: string, force: boolean): void {
  try {
    writeFileSync(path, text, { flag: force ? 'w' : 'wx' });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST')
      throw new UsageError(
        `${path} already exists; not overwriting it`,
        'choose another --out path, or pass --force to replace it',
      );
    throw new InputError(path, undefined, `cannot write the bundle: ${code ?? String(err)}`);
  }
}
