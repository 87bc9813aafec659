/**
 * Text from a cluster (event messages, logs, names) may carry terminal control sequences that
 * would rewrite the screen. Strip ANSI escape sequences (CSI, OSC, and single-character escapes)
 * and every other C0/C1 control character except newline and tab; and the bidirectional
 * formatting characters (embeddings and overrides U+202A-U+202E, isolates U+2066-U+2069, the
 * marks U+200E, U+200F and U+061C), which make text display in another order than it reads
 * ("Trojan Source": `\u202Etxt.exe` shows as `exe.txt`).
 */
/* eslint-disable no-control-regex -- matching control characters is the point here */
const ESCAPES =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[ -/]*[0-~]|\u009b[0-?]*[ -/]*[@-~]/g;
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/* eslint-enable no-control-regex */

export function sanitize(text: string): string {
  return text.replace(ESCAPES, '').replace(CONTROLS, '');
}

/** A deep copy with every string sanitised. */
export function sanitizeDeep<T>(value: T): T {
  if (typeof value === 'string') return sanitize(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => sanitizeDeep(v)) as T;
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[sanitize(k)] = sanitizeDeep(v);
    return out as T;
  }
  return value;
}
