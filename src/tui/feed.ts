import type { DiagnosisReport, Snapshot } from '../model/index.js';

/** What the TUI shows: the report, and the evidence behind it (container states, events, logs). */
export interface TuiData {
  readonly report: DiagnosisReport;
  /** Absent when the caller has no snapshot (the detail view then shows the report alone). */
  readonly snapshot?: Snapshot | undefined;
  /** Collector notes (skipped kinds, unreadable lists). */
  readonly notes: readonly string[];
}

/** Progress of the evidence collection, for the loading spinner. */
export interface LoadingStatus {
  /** What is being collected, e.g. "reading namespace shop on context prod". */
  readonly what: string;
  /** Objects read so far, when the collector counts them. */
  readonly count?: number | undefined;
}

/** A live feed that lost its source: since when the data is not current (epoch ms), and why. */
export interface Staleness {
  readonly since: number;
  readonly why: string;
}

/** One update from the data source. */
export type FeedEvent =
  | { readonly kind: 'loading'; readonly status: LoadingStatus }
  | { readonly kind: 'data'; readonly data: TuiData; readonly live: boolean }
  | { readonly kind: 'error'; readonly message: string }
  /** A live feed lost its source (stale) or has it back (undefined). */
  | { readonly kind: 'link'; readonly stale: Staleness | undefined };

/**
 * The data source of the App: one-shot (files, a live scan, a scenario) or live (watch,
 * simulator in real time). `subscribe` replays the latest event to a new listener.
 */
export interface Feed {
  subscribe(listener: (event: FeedEvent) => void): () => void;
}

/** A feed fed by hand: the CLI pushes events; the App subscribes. */
export class PushFeed implements Feed {
  private latest: FeedEvent | undefined;
  private readonly listeners = new Set<(event: FeedEvent) => void>();

  push(event: FeedEvent): void {
    this.latest = event;
    for (const l of this.listeners) l(event);
  }

  subscribe(listener: (event: FeedEvent) => void): () => void {
    this.listeners.add(listener);
    if (this.latest !== undefined) listener(this.latest);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
