/**
 * Kubernetes resource quantities ("100m", "1Gi", "2", "1.5e3") as numbers: CPU in cores,
 * memory and storage in bytes. Returns undefined for text that is not a quantity.
 */
const SUFFIX: Readonly<Record<string, number>> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

const QUANTITY = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE])?)$/;

export function parseQuantity(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const m = QUANTITY.exec(text.trim());
  if (m === null) return undefined;
  const base = Number(m[1]);
  if (m[2] !== undefined) return base * 10 ** Number(m[2].slice(1));
  const mult = SUFFIX[m[3] ?? ''];
  return mult === undefined ? undefined : base * mult;
}

/** Bytes as the largest binary unit that divides evenly enough to read ("512Mi", "1.5Gi"). */
export function formatBytes(bytes: number): string {
  const units = ['Ei', 'Pi', 'Ti', 'Gi', 'Mi', 'Ki'] as const;
  for (const unit of units) {
    const size = SUFFIX[unit] ?? 1;
    if (bytes >= size) {
      const v = bytes / size;
      return `${Number.isInteger(v) ? v : v.toFixed(1)}${unit}`;
    }
  }
  return `${bytes}`;
}
