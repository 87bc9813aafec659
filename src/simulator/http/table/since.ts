import { humanDuration, parseTime } from '../../../k8s/index.js';

/** printers.go translateTimestampSince: `<unknown>` for a zero time, else HumanDuration. */
export function since(timestamp: string, now: number): string {
  const t = parseTime(timestamp);
  if (t === undefined) return '<unknown>';
  return humanDuration(now - t);
}
