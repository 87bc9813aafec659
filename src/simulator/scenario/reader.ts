/**
 * Typed reads from a parsed YAML document that know where they are: every error names the
 * file and the line of the offending value, as `InputError` (exit 2).
 */
import { isMap, isScalar, isSeq, type Document, type LineCounter } from 'yaml';
import { InputError } from '../../errors/index.js';
import { parseDuration } from '../../k8s/index.js';

export type Path = readonly (string | number)[];

export class Reader {
  /** Placeholder nodes of top-level list items read by the JSON fast path (json-lines.ts). */
  private readonly placeholders = new Map<unknown, Record<string, unknown>>();

  constructor(
    private readonly file: string,
    private readonly doc: Document,
    private readonly lines: LineCounter,
    inline: ReadonlyMap<number, Record<string, unknown>> = new Map(),
  ) {
    if (inline.size === 0 || !isMap(doc.contents)) return;
    for (const pair of doc.contents.items) {
      if (!isSeq(pair.value)) continue;
      for (const item of pair.value.items) {
        if (!isMap(item) || item.items.length > 0 || item.range == null) continue;
        const value = inline.get(lines.linePos(item.range[0]).line);
        if (value !== undefined) this.placeholders.set(item, value);
      }
    }
  }

  /** The value at a path inside an inlined item, or undefined when the path is not inside one. */
  private inlined(path: Path): { value: unknown } | undefined {
    if (this.placeholders.size === 0 || path.length < 2) return undefined;
    const item = this.placeholders.get(this.doc.getIn(path.slice(0, 2), true));
    if (item === undefined) return undefined;
    let value: unknown = item;
    for (const key of path.slice(2)) {
      if (value === null || typeof value !== 'object') return { value: undefined };
      value = (value as Record<string | number, unknown>)[key];
    }
    return { value };
  }

  lineOf(path: Path): number {
    for (let n = path.length; n >= 0; n--) {
      const node = this.doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
      if (node?.range !== undefined) return this.lines.linePos(node.range[0]).line;
    }
    return 1;
  }

  fail(path: Path, message: string): never {
    const where = path.length === 0 ? '' : ` (${formatPath(path)})`;
    throw new InputError(
      this.file,
      this.lineOf(path),
      `${message}${where}`,
      'see docs/scenarios.md for the scenario format',
    );
  }

  value(path: Path): unknown {
    const inlined = this.inlined(path);
    if (inlined !== undefined) return inlined.value;
    const node = this.doc.getIn(path, true);
    if (node === undefined) return undefined;
    const v: unknown = this.doc.getIn(path, false);
    if (isMap(v) || isSeq(v)) return (v as { toJSON(): unknown }).toJSON();
    return v;
  }

  /** Present and not null. Looks at the node only: converting a large subtree to JSON just to
   * test it would make reading a generated 150,000-pod scenario quadratic. */
  has(path: Path): boolean {
    const inlined = this.inlined(path);
    if (inlined !== undefined) return inlined.value !== undefined && inlined.value !== null;
    const node: unknown = this.doc.getIn(path, true);
    if (node === undefined || node === null) return false;
    return !(isScalar(node) && (node.value === null || node.value === undefined));
  }

  string(path: Path, fallback?: string): string {
    const v = this.value(path);
    if (v === undefined || v === null) {
      if (fallback !== undefined) return fallback;
      this.fail(path, `${last(path)} is required`);
    }
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (typeof v !== 'string') this.fail(path, `${last(path)} must be a string`);
    return v;
  }

  optString(path: Path): string | undefined {
    return this.has(path) ? this.string(path) : undefined;
  }

  number(path: Path, fallback: number): number {
    const v = this.value(path);
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'number' || !Number.isFinite(v)) this.fail(path, `${last(path)} must be a number`);
    return v;
  }

  bool(path: Path, fallback: boolean): boolean {
    const v = this.value(path);
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'boolean') this.fail(path, `${last(path)} must be true or false`);
    return v;
  }

  /** A duration such as "90s", "5m", "1h30m" (or a number of seconds), in ms. */
  duration(path: Path, fallback: number): number {
    const v = this.value(path);
    if (v === undefined || v === null) return fallback;
    if (typeof v === 'number' && v >= 0) return v * 1000;
    const ms = typeof v === 'string' ? parseDuration(v) : undefined;
    if (ms === undefined) this.fail(path, `${last(path)} must be a duration such as 30s, 5m or 1h`);
    return ms;
  }

  optDuration(path: Path): number | undefined {
    return this.has(path) ? this.duration(path, 0) : undefined;
  }

  /** Length of a sequence (0 when absent). */
  length(path: Path): number {
    if (!this.has(path)) return 0;
    const inlined = this.inlined(path);
    if (inlined !== undefined) {
      if (!Array.isArray(inlined.value)) this.fail(path, `${last(path)} must be a list`);
      return inlined.value.length;
    }
    const node: unknown = this.doc.getIn(path, true);
    if (!isSeq(node)) this.fail(path, `${last(path)} must be a list`);
    return node.items.length;
  }

  record(path: Path): Record<string, unknown> {
    const v = this.value(path);
    if (v === undefined || v === null) return {};
    if (typeof v !== 'object' || Array.isArray(v)) this.fail(path, `${last(path)} must be a mapping`);
    return v as Record<string, unknown>;
  }

  /** A string → string map (labels, capacity); numbers are accepted as Kubernetes does in YAML. */
  stringMap(path: Path): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(this.record(path))) {
      if (typeof v === 'string') out[k] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
      else this.fail([...path, k], `${k} must be a string`);
    }
    return out;
  }

  strings(path: Path): string[] {
    const n = this.length(path);
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(this.string([...path, i]));
    return out;
  }

  oneOf<T extends string>(path: Path, allowed: readonly T[], fallback: T): T {
    const v = this.has(path) ? this.string(path) : fallback;
    if (!(allowed as readonly string[]).includes(v))
      this.fail(path, `${last(path)} must be one of ${allowed.join(', ')}, not "${v}"`);
    return v as T;
  }

  /** Fails on keys the format does not define (typos must not pass silently). */
  keys(path: Path, allowed: readonly string[]): void {
    if (!this.has(path)) return;
    for (const k of this.keysOf(path)) {
      if (!allowed.includes(k))
        this.fail([...path, k], `unknown field "${k}"; expected one of ${allowed.join(', ')}`);
    }
  }

  private keysOf(path: Path): string[] {
    const notMapping = () => this.fail(path, `${last(path) || 'the document'} must be a mapping`);
    const inlined = this.inlined(path);
    if (inlined !== undefined) {
      const v = inlined.value;
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return notMapping();
      return Object.keys(v);
    }
    const node: unknown = path.length === 0 ? this.doc.contents : this.doc.getIn(path, true);
    if (!isMap(node)) return notMapping();
    return node.items.map((pair) => (isScalar(pair.key) ? String(pair.key.value) : String(pair.key)));
  }
}

const last = (path: Path): string => String(path[path.length - 1] ?? '');

const formatPath = (path: Path): string =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
