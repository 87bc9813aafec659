/** Seeded randomness (mulberry32): the only source of chance inside the world. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('Rng.pick on an empty list');
    return item;
  }

  /** `n` characters from `alphabet`. */
  chars(n: number, alphabet: string): string {
    let out = '';
    for (let i = 0; i < n; i++) out += alphabet[this.int(alphabet.length)] ?? '';
    return out;
  }

  /** Lower-case hex, for container IDs and event name suffixes. */
  hex(n: number): string {
    return this.chars(n, '0123456789abcdef');
  }

  /** The 5-character suffix Kubernetes gives generated names (apimachinery's rand.String alphabet). */
  nameSuffix(n = 5): string {
    return this.chars(n, 'bcdfghjklmnpqrstvwxz2456789');
  }

  /** A random (version 4 shaped) UID. */
  uid(): string {
    const h = this.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}
