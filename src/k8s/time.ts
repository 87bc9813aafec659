function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/**
 * Epoch ms of an RFC 3339 time, or undefined when absent, invalid or the zero time. The API's
 * own form ("2026-01-02T03:04:05Z") takes a fast path; anything else goes to Date.parse.
 */
export function parseTime(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  let ms: number;
  if (
    value.length === 20 &&
    value[4] === '-' &&
    value[7] === '-' &&
    value[10] === 'T' &&
    value[13] === ':' &&
    value[16] === ':' &&
    value[19] === 'Z'
  ) {
    const y = digits(value, 0, 4);
    const mo = digits(value, 5, 7);
    const d = digits(value, 8, 10);
    const h = digits(value, 11, 13);
    const mi = digits(value, 14, 16);
    const se = digits(value, 17, 19);
    ms =
      y < 0 ||
      mo < 1 ||
      mo > 12 ||
      d < 1 ||
      d > 31 ||
      h < 0 ||
      h > 23 ||
      mi < 0 ||
      mi > 59 ||
      se < 0 ||
      se > 60
        ? Number.NaN
        : Date.UTC(y, mo - 1, d, h, mi, se);
  } else {
    ms = Date.parse(value);
  }
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
