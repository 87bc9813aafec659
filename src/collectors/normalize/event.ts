import type { EventRecord } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import { defined, isRecord, num, rec, str, time, type Raw } from './coerce.js';
import { objectRef } from './meta.js';

/**
 * Kubernetes 1.0 spelled event reasons in lowerCamel ("scheduled", "failed", "failedScheduling",
 * "backOff"); 1.1 renamed them to UpperCamel, the form every rule knows.
 */
function modernReason(reason: string): string {
  const first = reason.charCodeAt(0);
  return first >= 97 && first <= 122 ? reason.charAt(0).toUpperCase() + reason.slice(1) : reason;
}

const WARNING_REASONS: ReadonlySet<string> = new Set([
  'Unhealthy',
  'Evicted',
  'NetworkNotReady',
  'ErrImageNeverPull',
  'InspectFailed',
  'ProvisioningFailed',
  'ExceededGracePeriod',
]);

/** Events before 1.2 had no type: the kubelet's failures were warnings all the same. */
function typeOf(reason: string): string {
  return reason.startsWith('Failed') || WARNING_REASONS.has(reason) ? 'Warning' : 'Normal';
}

/**
 * A message that starts with the container it is about (`spec.containers{web}: Failed to pull
 * image ...`, as some event printers and recorders put the event's fieldPath before it): the
 * message after it, and that fieldPath.
 */
const FIELD_PATH_PREFIX = /^(spec\.(?:initContainers|containers|ephemeralContainers)\{[^{}\s]{1,253}\}): /;

function withoutFieldPath(message: string): { message: string; fieldPath?: string } {
  const m = FIELD_PATH_PREFIX.exec(message);
  return m?.[1] === undefined ? { message } : { message: message.slice(m[0].length), fieldPath: m[1] };
}

/**
 * A core/v1 or events.k8s.io/v1 Event as one EventRecord, with first/last/count computed the
 * way `kubectl describe` does (kubernetes-facts.md §5): first = eventTime or firstTimestamp;
 * with a series, last = series.lastObservedTime and count = series.count; else count and
 * lastTimestamp.
 */
export function event(raw: Raw): EventRecord | undefined {
  const newApi = str(raw.apiVersion)?.startsWith('events.k8s.io/') === true || raw.regarding !== undefined;
  const ref = objectRef(newApi ? (raw.regarding ?? raw.involvedObject) : raw.involvedObject);
  if (ref === undefined) return undefined;
  const said = withoutFieldPath(str(newApi ? (raw.note ?? raw.message) : raw.message) ?? '');
  const regarding =
    said.fieldPath === undefined || ref.fieldPath !== undefined ? ref : { ...ref, fieldPath: said.fieldPath };
  const source = rec(newApi ? raw.deprecatedSource : raw.source);
  const series = isRecord(raw.series) ? raw.series : undefined;
  const firstTs = time(newApi ? raw.deprecatedFirstTimestamp : raw.firstTimestamp);
  const lastTs = time(newApi ? raw.deprecatedLastTimestamp : raw.lastTimestamp);
  const rawCount = num(newApi ? raw.deprecatedCount : raw.count);
  const first = parseTime(time(raw.eventTime)) ?? parseTime(firstTs);
  const seriesCount = series === undefined ? undefined : num(series.count);
  const seriesLast = series === undefined ? undefined : parseTime(time(series.lastObservedTime));
  const count = seriesCount ?? (rawCount !== undefined && rawCount > 0 ? rawCount : 1);
  const last = seriesLast ?? parseTime(lastTs) ?? first;
  const component = str(source.component) || str(raw.reportingController) || str(raw.reportingComponent);
  const host = str(source.host) || (component === 'kubelet' ? str(raw.reportingInstance) : undefined);
  const m = rec(raw.metadata);
  const reason = modernReason(str(raw.reason) ?? '');
  return defined<EventRecord>({
    regarding,
    reason,
    message: said.message,
    type: str(raw.type) ?? typeOf(reason),
    source: component || undefined,
    host: host || undefined,
    first,
    last,
    count,
    name: str(m.name),
  });
}
