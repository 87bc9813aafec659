/** Epoch ms of an RFC 3339 time, or undefined when absent, invalid or the zero time. */
export function parseTime(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms) || ms <= 0) return undefined;
  return ms;
}

/** RFC 3339 (UTC, second precision unless the time has milliseconds). */
export function formatTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}

/** Code-point order for sorting identifiers: deterministic and much cheaper than localeCompare. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
