/**
 * What never leaves the cluster in an evidence bundle: Secret data, env values, last-applied
 * annotations, annotations whose names say they hold a credential, and the values of command-line
 * flags and shell assignments whose names say so (`--password=…`, `--token …`, `PASSWORD=…`).
 * Every redaction is recorded, so the bundle can say what it lacks.
 */

export const REDACTED = 'REDACTED';
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/** One value taken out of an object. */
export interface Redaction {
  /** "Pod shop/web-1" */
  readonly object: string;
  /** "spec.containers[0].args[1]" */
  readonly field: string;
  /** "the value of --password" */
  readonly what: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether a flag, variable or annotation name says it holds a credential: a word of it (split at
 * `-`, `_`, `.`, `/` and camelCase) is or ends with secret, password, passwd, pwd, token, key or
 * credential(s). Flag values named like a key file (`--tls-key-file`) are redacted too: a path is
 * cheap to lose, a key is not.
 */
export function namesCredential(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((w) => /(?:secret|password|passwd|pwd|token|key|credential)s?$/.test(w));
}

/** `NAME=value` or `--name=value` (value bare or quoted), preceded by nothing or a separator. */
const ASSIGNMENT = /(^|[\s;&|(`])(-{0,2})([A-Za-z_][\w.-]*)=("[^"]*"|'[^']*'|[^\s"'`;&|)]*)/g;
/** `--name value` inside one string (a shell command line). */
const FLAG_SPACE = /(^|[\s;&|(`])(--?[A-Za-z][\w.-]*)([ \t]+)("[^"]*"|'[^']*'|[^\s"'`;&|)-][^\s"'`;&|)]*)/g;

/** Redacts credential values inside one argument string; returns it and the names redacted. */
function redactArgument(text: string): { text: string; names: string[] } {
  const names: string[] = [];
  let out = text.replace(ASSIGNMENT, (all, lead: string, dashes: string, name: string, value: string) => {
    if (!namesCredential(name) || value === '') return all;
    names.push(`${dashes}${name}`);
    return `${lead}${dashes}${name}=${REDACTED}`;
  });
  out = out.replace(FLAG_SPACE, (all, lead: string, flag: string, gap: string) => {
    if (!namesCredential(flag)) return all;
    names.push(flag);
    return `${lead}${flag}${gap}${REDACTED}`;
  });
  return { text: out, names };
}

function whatOf(names: readonly string[]): string {
  return names.length === 1 ? `the value of ${names[0] ?? ''}` : `the values of ${names.join(', ')}`;
}

class Redactor {
  readonly found: Redaction[] = [];
  constructor(private readonly object: string) {}

  record(field: string, what: string): void {
    this.found.push({ object: this.object, field, what });
  }

  /** An argv list: `--password=x` and `PASSWORD=x` in one element, or `--password` then `x`. */
  argv(list: unknown[], field: string): void {
    list.forEach((item, i) => {
      if (typeof item !== 'string') return;
      const previous = list[i - 1];
      if (
        typeof previous === 'string' &&
        /^--?[A-Za-z][\w.-]*$/.test(previous) &&
        namesCredential(previous) &&
        !item.startsWith('-')
      ) {
        list[i] = REDACTED;
        this.record(`${field}[${i}]`, whatOf([previous]));
        return;
      }
      const { text, names } = redactArgument(item);
      if (names.length === 0) return;
      list[i] = text;
      this.record(`${field}[${i}]`, whatOf(names));
    });
  }

  annotations(meta: Obj, field: string): void {
    const annotations = meta.annotations;
    if (!isObj(annotations)) return;
    for (const key of Object.keys(annotations)) {
      const lastApplied = key === LAST_APPLIED;
      if (!lastApplied && !namesCredential(key)) continue;
      annotations[key] = REDACTED;
      this.record(
        `${field}.annotations['${key}']`,
        lastApplied
          ? 'the last applied configuration (it may hold a whole Secret)'
          : 'an annotation whose name says secret, password, token or key',
      );
    }
  }

  container(c: Obj, field: string): void {
    if (Array.isArray(c.env)) {
      c.env.forEach((env: unknown, i) => {
        if (!isObj(env) || !('value' in env)) return;
        env.value = REDACTED;
        this.record(`${field}.env[${i}].value`, 'an environment variable value');
      });
    }
    for (const key of ['command', 'args'] as const) {
      const list = c[key];
      if (Array.isArray(list)) this.argv(list, `${field}.${key}`);
    }
    // exec probes and lifecycle hooks run commands too.
    const execs: [unknown, string][] = [
      ...['livenessProbe', 'readinessProbe', 'startupProbe'].map((p): [unknown, string] => [
        c[p],
        `${field}.${p}`,
      ]),
      ...['postStart', 'preStop'].map((h): [unknown, string] => [
        isObj(c.lifecycle) ? c.lifecycle[h] : undefined,
        `${field}.lifecycle.${h}`,
      ]),
    ];
    for (const [handler, at] of execs) {
      if (isObj(handler) && isObj(handler.exec) && Array.isArray(handler.exec.command))
        this.argv(handler.exec.command, `${at}.exec.command`);
    }
  }

  podSpec(spec: Obj, field: string): void {
    for (const key of ['containers', 'initContainers', 'ephemeralContainers']) {
      const list = spec[key];
      if (!Array.isArray(list)) continue;
      list.forEach((c: unknown, i) => {
        if (isObj(c)) this.container(c, `${field}.${key}[${i}]`);
      });
    }
  }
}

function objectName(obj: Obj): string {
  const meta = isObj(obj.metadata) ? obj.metadata : {};
  const kind = typeof obj.kind === 'string' ? obj.kind : 'object';
  const name = typeof meta.name === 'string' ? meta.name : '';
  const namespace = typeof meta.namespace === 'string' ? `${meta.namespace}/` : '';
  return `${kind} ${namespace}${name}`;
}

/**
 * A redacted deep copy of one Kubernetes object, and what was redacted. Values already redacted
 * are listed again, so redacting a redacted object gives the same list.
 */
export function redact(raw: unknown): { object: unknown; redacted: Redaction[] } {
  if (!isObj(raw)) return { object: raw, redacted: [] };
  const obj = structuredClone(raw);
  const r = new Redactor(objectName(obj));
  const meta = obj.metadata;
  if (isObj(meta)) {
    delete meta.managedFields;
    r.annotations(meta, 'metadata');
  }
  if (obj.kind === 'Secret') {
    for (const field of ['data', 'stringData']) {
      const data = obj[field];
      if (!isObj(data)) continue;
      for (const k of Object.keys(data)) {
        data[k] = REDACTED;
        r.record(`${field}.${k}`, 'Secret data');
      }
    }
  }
  const spec = obj.spec;
  if (isObj(spec)) {
    if (obj.kind === 'Pod') r.podSpec(spec, 'spec');
    // A workload's pod template, and a CronJob's job template.
    const template = spec.template;
    if (isObj(template)) {
      if (isObj(template.metadata)) r.annotations(template.metadata, 'spec.template.metadata');
      if (isObj(template.spec)) r.podSpec(template.spec, 'spec.template.spec');
    }
    const jobTemplate = spec.jobTemplate;
    if (isObj(jobTemplate) && isObj(jobTemplate.spec)) {
      const inner = jobTemplate.spec.template;
      if (isObj(inner)) {
        const at = 'spec.jobTemplate.spec.template';
        if (isObj(inner.metadata)) r.annotations(inner.metadata, `${at}.metadata`);
        if (isObj(inner.spec)) r.podSpec(inner.spec, `${at}.spec`);
      }
    }
  }
  return { object: obj, redacted: r.found };
}

/** A redacted deep copy of one Kubernetes object. */
export function redactObject(raw: unknown): unknown {
  return redact(raw).object;
}
