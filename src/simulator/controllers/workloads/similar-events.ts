/**
 * client-go's EventAggregator, for controllers whose repeated failures differ in message (each
 * FailedCreate names a new generated pod name): once 10 distinct messages with the same
 * source, object, type and reason were seen within 10 minutes, further ones fold into one
 * event "(combined from similar events): <latest message>" whose count grows.
 */
import type { EventSpec } from '../../world/events.js';
import type { EventObj } from '../../world/types.js';
import type { World } from '../../world/world.js';

const MAX_DISTINCT = 10;
const INTERVAL_MS = 600_000;

interface Group {
  readonly messages: Set<string>;
  first: number;
  combined?: EventObj;
}

export class SimilarEvents {
  private readonly groups = new Map<string, Group>();

  constructor(private readonly world: World) {}

  record(spec: EventSpec): void {
    const o = spec.object;
    const key = [spec.component, o.metadata.uid ?? o.metadata.name, spec.type, spec.reason].join('\u0000');
    const now = this.world.clock.now();
    let group = this.groups.get(key);
    if (group === undefined || now - group.first > INTERVAL_MS) {
      group = { messages: new Set(), first: now };
      this.groups.set(key, group);
    }
    group.messages.add(spec.message);
    if (group.messages.size <= MAX_DISTINCT) {
      this.world.events.record(spec);
      return;
    }
    const message = `(combined from similar events): ${spec.message}`;
    const existing = group.combined;
    if (
      existing !== undefined &&
      this.world.store.get('events', existing.metadata.namespace, existing.metadata.name) !== undefined
    ) {
      existing.count = (existing.count ?? 1) + 1;
      existing.lastTimestamp = this.world.clock.iso(now);
      existing.message = message;
      this.world.store.update(existing);
      return;
    }
    group.combined = this.world.events.record({ ...spec, message });
  }
}
