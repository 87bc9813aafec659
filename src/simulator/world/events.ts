/**
 * The event recorders of client-go, as data: the legacy core/v1 recorder (kubelet,
 * controllers) folds a repeat of the same event into `count` and `lastTimestamp`; the
 * events.k8s.io recorder (scheduler) sets `eventTime` and counts repeats in `series`.
 */
import type { SimClock } from './clock.js';
import type { Store } from './store.js';
import type { EventObj, KObject } from './types.js';

export interface EventSpec {
  /** The object the event is about. */
  readonly object: KObject;
  readonly fieldPath?: string;
  readonly type: 'Normal' | 'Warning';
  readonly reason: string;
  readonly message: string;
  /** e.g. kubelet, default-scheduler, replicaset-controller. */
  readonly component: string;
  /** The node, for kubelet events. */
  readonly host?: string;
  /** `series` for recorders on the events.k8s.io API (the scheduler). */
  readonly style?: 'legacy' | 'series';
  readonly action?: string;
}

export class EventRecorder {
  private readonly byKey = new Map<string, EventObj>();
  private readonly names = new Set<string>();
  /** The last instant nameFor converted, and its hex nanoseconds. */
  private hexAt = Number.NaN;
  private hexNanos = '';

  constructor(
    private readonly store: Store,
    private readonly clock: SimClock,
  ) {}

  record(spec: EventSpec): EventObj {
    const o = spec.object;
    const ns = o.metadata.namespace ?? 'default';
    const key = [
      spec.component,
      spec.host ?? '',
      o.kind,
      ns,
      o.metadata.name,
      o.metadata.uid ?? '',
      spec.fieldPath ?? '',
      spec.type,
      spec.reason,
      spec.message,
    ].join('\u0000');
    const now = this.clock.now();
    const existing = this.byKey.get(key);
    if (existing !== undefined && this.store.get('events', ns, existing.metadata.name) !== undefined) {
      if (spec.style === 'series') {
        existing.series = {
          count: (existing.series?.count ?? 1) + 1,
          lastObservedTime: this.clock.microIso(now),
        };
      } else {
        existing.count = (existing.count ?? 1) + 1;
        existing.lastTimestamp = this.clock.iso(now);
      }
      this.store.update(existing);
      return existing;
    }
    const event: EventObj = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: this.nameFor(o.metadata.name, now), namespace: ns },
      involvedObject: {
        apiVersion: o.apiVersion,
        kind: o.kind,
        ...(o.metadata.namespace === undefined ? {} : { namespace: o.metadata.namespace }),
        name: o.metadata.name,
        ...(o.metadata.uid === undefined ? {} : { uid: o.metadata.uid }),
        ...(spec.fieldPath === undefined ? {} : { fieldPath: spec.fieldPath }),
        ...(o.metadata.resourceVersion === undefined ? {} : { resourceVersion: o.metadata.resourceVersion }),
      },
      reason: spec.reason,
      message: spec.message,
      type: spec.type,
      source:
        spec.style === 'series'
          ? { component: '' }
          : { component: spec.component, ...(spec.host === undefined ? {} : { host: spec.host }) },
      firstTimestamp: spec.style === 'series' ? null : this.clock.iso(now),
      lastTimestamp: spec.style === 'series' ? null : this.clock.iso(now),
      eventTime: spec.style === 'series' ? this.clock.microIso(now) : null,
      ...(spec.style === 'series' ? {} : { count: 1 }),
      reportingComponent: spec.component,
      reportingInstance:
        spec.style === 'series' ? `${spec.component}-${spec.host ?? 'control-plane'}` : (spec.host ?? ''),
      ...(spec.action === undefined ? {} : { action: spec.action }),
    };
    if (spec.style === 'series')
      event.action = spec.action ?? (spec.reason === 'Scheduled' ? 'Binding' : 'Scheduling');
    this.store.create(event);
    this.byKey.set(key, event);
    return event;
  }

  /** `<object>.<hex nanoseconds>`, as the recorder names events. */
  private nameFor(objectName: string, at: number): string {
    // Many events share an instant: convert it to hex nanoseconds once.
    if (at !== this.hexAt) {
      this.hexAt = at;
      this.hexNanos = (BigInt(at) * 1_000_000n).toString(16);
    }
    let name = `${objectName}.${this.hexNanos}`;
    if (!this.names.has(name)) {
      this.names.add(name);
      return name;
    }
    let nanos = BigInt(at) * 1_000_000n;
    while (this.names.has(name)) {
      nanos += 1n;
      name = `${objectName}.${nanos.toString(16)}`;
    }
    this.names.add(name);
    return name;
  }
}
