/**
 * Keys kept in sorted order cheaply: creates and removes are only noted, and the next read
 * sorts the (few) new keys and merges them in, so a burst of creates costs one merge rather
 * than a re-sort of the whole table each time.
 */
export class SortedKeys {
  private keys: string[] = [];
  private readonly added = new Set<string>();
  private readonly removed = new Set<string>();

  add(k: string): void {
    if (this.removed.has(k)) this.removed.delete(k);
    else this.added.add(k);
  }

  delete(k: string): void {
    if (this.added.has(k)) this.added.delete(k);
    else this.removed.add(k);
  }

  sorted(): readonly string[] {
    if (this.removed.size > 0) {
      const removed = this.removed;
      this.keys = this.keys.filter((k) => !removed.has(k));
      removed.clear();
    }
    if (this.added.size > 0) {
      const fresh = [...this.added].sort();
      this.added.clear();
      const old = this.keys;
      const merged = new Array<string>(old.length + fresh.length);
      let i = 0;
      let j = 0;
      let n = 0;
      while (i < old.length && j < fresh.length) {
        const a = old[i] as string;
        const b = fresh[j] as string;
        if (a < b) {
          merged[n++] = a;
          i++;
        } else {
          merged[n++] = b;
          j++;
        }
      }
      while (i < old.length) merged[n++] = old[i++] as string;
      while (j < fresh.length) merged[n++] = fresh[j++] as string;
      this.keys = merged;
    }
    return this.keys;
  }
}

/** The index of the first key >= `from` in sorted keys. */
export function lowerBound(keys: readonly string[], from: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((keys[mid] as string) < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
