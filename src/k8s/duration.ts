/**
 * Durations as kubectl prints and reads them. `humanDuration` ports apimachinery's
 * `duration.HumanDuration` (the AGE column and "(x5 over 10m)"); `parseDuration` reads those
 * strings and Go `time.Duration` strings ("1m30s", "2.5s", "300ms") back.
 */
export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = Math.trunc(seconds / 60);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = Math.trunc(minutes / 60);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${Math.trunc(hours / 24)}d` : `${Math.trunc(hours / 24)}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const days = Math.trunc(hours / 24);
    const dy = days % 365;
    const y = Math.trunc(days / 365);
    return dy === 0 ? `${y}y` : `${y}y${dy}d`;
  }
  return `${Math.trunc(hours / 24 / 365)}y`;
}

const UNIT_MS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  y: 365 * 86_400_000,
};

const DURATION_PART = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h|d|y)/gy;

/** Milliseconds of "5m2s", "106s", "2d3h", "1.5s", "300ms"; undefined when not a duration. */
export function parseDuration(text: string): number | undefined {
  const value = text.trim();
  if (value === '' || value.length > 40) return undefined;
  DURATION_PART.lastIndex = 0;
  let total = 0;
  let end = 0;
  for (let m = DURATION_PART.exec(value); m !== null; m = DURATION_PART.exec(value)) {
    const unit = UNIT_MS[m[2] ?? ''];
    if (unit === undefined) return undefined;
    total += Number(m[1]) * unit;
    end = DURATION_PART.lastIndex;
  }
  if (end !== value.length) return undefined;
  return total;
}
