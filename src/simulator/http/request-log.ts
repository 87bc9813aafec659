/**
 * What clients asked the simulated apiserver, counted per verb and resource: the live-cluster
 * tests assert on these counts (e.g. that a collector lists events once, not per pod).
 */
export type RequestVerb =
  | 'get'
  | 'list'
  | 'watch'
  | 'create'
  | 'update'
  | 'patch'
  | 'delete'
  | 'deletecollection'
  | 'proxy'
  | 'discovery';

export interface RequestRecord {
  readonly verb: RequestVerb;
  /** Plural resource, with the subresource after a slash: `pods`, `pods/log`, `pods/proxy`. */
  readonly resource: string;
  /** '' for the core group. */
  readonly group: string;
  readonly namespace?: string;
  readonly name?: string;
  readonly code: number;
  readonly path: string;
}

export interface RequestSummary {
  readonly total: number;
  /** `verb resource` → count, e.g. `list pods`, `get pods/log`. */
  readonly counts: Readonly<Record<string, number>>;
  readonly byVerb: Readonly<Record<string, number>>;
  readonly byResource: Readonly<Record<string, number>>;
}

export class RequestLog {
  private items: RequestRecord[] = [];

  record(entry: RequestRecord): void {
    this.items.push(entry);
    if (this.items.length > 50_000) this.items.splice(0, 10_000);
  }

  get records(): readonly RequestRecord[] {
    return this.items;
  }

  /** How many requests matched the verb and (when given) the resource. */
  count(verb?: RequestVerb, resource?: string): number {
    return this.items.filter(
      (r) => (verb === undefined || r.verb === verb) && (resource === undefined || r.resource === resource),
    ).length;
  }

  summary(): RequestSummary {
    const counts: Record<string, number> = {};
    const byVerb: Record<string, number> = {};
    const byResource: Record<string, number> = {};
    for (const r of this.items) {
      if (r.verb === 'discovery') continue;
      const k = `${r.verb} ${r.resource}`;
      counts[k] = (counts[k] ?? 0) + 1;
      byVerb[r.verb] = (byVerb[r.verb] ?? 0) + 1;
      byResource[r.resource] = (byResource[r.resource] ?? 0) + 1;
    }
    return { total: this.items.filter((r) => r.verb !== 'discovery').length, counts, byVerb, byResource };
  }

  reset(): void {
    this.items = [];
  }
}
