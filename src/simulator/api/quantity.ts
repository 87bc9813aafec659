/**
 * resource.Quantity as the apiserver does arithmetic on it: exact values in milli-units
 * (bigint, so terabytes of storage stay exact) and the canonical String() form that quota and
 * LimitRanger messages print ("1800m", "2", "1536Mi", "1k").
 */
export type QuantityFormat = 'DecimalSI' | 'BinarySI';

export interface Quantity {
  readonly milli: bigint;
  readonly format: QuantityFormat;
}

const DECIMAL: Readonly<Record<string, number>> = {
  n: -9,
  u: -6,
  m: -3,
  '': 0,
  k: 3,
  M: 6,
  G: 9,
  T: 12,
  P: 15,
  E: 18,
};
const BINARY: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]))?$/;

export const ZERO: Quantity = { milli: 0n, format: 'DecimalSI' };

/** Ceiling division for positive divisors (Go rounds sub-milli values up). */
const ceilDiv = (a: bigint, b: bigint): bigint => (a >= 0n ? (a + b - 1n) / b : a / b);

// Quota usage re-reads every pod's requests on each of its changes, and clusters use a few
// quantity texts over and over: parse each text once (results are immutable; bounded cache).
const parsed = new Map<string, Quantity | undefined>();
const PARSED_LIMIT = 10_000;

export function parseQuantity(text: unknown): Quantity | undefined {
  if (typeof text === 'number') return parseQuantity(String(text));
  if (typeof text !== 'string') return undefined;
  if (parsed.has(text)) return parsed.get(text);
  const q = parseText(text);
  if (parsed.size >= PARSED_LIMIT) parsed.clear();
  parsed.set(text, q);
  return q;
}

function parseText(text: string): Quantity | undefined {
  const m = PATTERN.exec(text.trim());
  if (m === null || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const sign = m[1] === '-' ? -1n : 1n;
  const frac = m[3] ?? '';
  const digits = BigInt(`${m[2] ?? ''}${frac}` || '0');
  const suffix = m[5] ?? '';
  if (suffix in BINARY) {
    const scaled = digits * 1000n * 2n ** BigInt(BINARY[suffix] ?? 0);
    return { milli: sign * ceilDiv(scaled, 10n ** BigInt(frac.length)), format: 'BinarySI' };
  }
  const exp = (m[4] === undefined ? (DECIMAL[suffix] ?? 0) : Number(m[4].slice(1))) + 3 - frac.length;
  const milli = exp >= 0 ? digits * 10n ** BigInt(exp) : ceilDiv(digits, 10n ** BigInt(-exp));
  return { milli: sign * milli, format: 'DecimalSI' };
}

export function add(a: Quantity, b: Quantity): Quantity {
  // Go's Quantity.Add keeps the receiver's format unless the receiver is zero.
  return { milli: a.milli + b.milli, format: a.milli === 0n ? b.format : a.format };
}

export const sub = (a: Quantity, b: Quantity): Quantity => ({ milli: a.milli - b.milli, format: a.format });

export const cmp = (a: Quantity, b: Quantity): number => (a.milli < b.milli ? -1 : a.milli > b.milli ? 1 : 0);

/** The canonical text, as Quantity.String() prints it. */
export function formatQuantity(q: Quantity): string {
  const negative = q.milli < 0n;
  const abs = negative ? -q.milli : q.milli;
  const sign = negative ? '-' : '';
  if (q.format === 'BinarySI' && abs % 1000n === 0n && abs >= 1024_000n) {
    let value = abs / 1000n;
    let unit = 0;
    while (value % 1024n === 0n && unit < 6) {
      value /= 1024n;
      unit++;
    }
    const name = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'][unit] ?? '';
    return `${sign}${value}${name}`;
  }
  if (abs === 0n) return '0';
  let value = abs;
  let exp = -3;
  while (value % 1000n === 0n && exp < 18) {
    value /= 1000n;
    exp += 3;
  }
  const name = { [-3]: 'm', 0: '', 3: 'k', 6: 'M', 9: 'G', 12: 'T', 15: 'P', 18: 'E' }[exp] ?? '';
  return `${sign}${value}${name}`;
}

/** A ResourceList as Quantities (entries that do not parse are left out). */
export function resourceList(v: unknown): Map<string, Quantity> {
  const out = new Map<string, Quantity>();
  if (typeof v !== 'object' || v === null) return out;
  for (const [k, text] of Object.entries(v)) {
    const q = parseQuantity(text);
    if (q !== undefined) out.set(k, q);
  }
  return out;
}

/** `requests.cpu=500m,requests.memory=1Gi`: sorted keys, as the quota admission prints lists. */
export function prettyPrint(items: ReadonlyMap<string, Quantity>): string {
  return [...items.keys()]
    .sort()
    .map((k) => `${k}=${formatQuantity(items.get(k) ?? ZERO)}`)
    .join(',');
}
