/**
 * host-local IPAM for one node: addresses from the node's pod CIDR (10.244.N.0/24 gives
 * 10.244.N.2 upward; .1 is the bridge gateway), at most `size` of them, lowest free first.
 */
export class IpPool {
  private readonly prefix: string;
  private readonly first: number;
  private readonly last: number;
  private readonly byPod = new Map<string, string>();
  private readonly used = new Set<number>();

  constructor(podCIDR: string, size: number) {
    const m = /^(\d+\.\d+\.\d+)\.\d+\/\d+$/.exec(podCIDR);
    this.prefix = m?.[1] ?? '10.244.0';
    this.first = 2;
    this.last = this.first + Math.max(0, Math.min(size, 253)) - 1;
  }

  /** The range set as host-local prints it in its exhaustion error. */
  get rangeSet(): string {
    return `${this.prefix}.${this.first}-${this.prefix}.${Math.max(this.first, this.last)}`;
  }

  get inUse(): number {
    return this.used.size;
  }

  /** The pod's address (the same one again if it already has one), or undefined when none is free. */
  allocate(podKey: string): string | undefined {
    const held = this.byPod.get(podKey);
    if (held !== undefined) return held;
    for (let i = this.first; i <= this.last; i++) {
      if (this.used.has(i)) continue;
      this.used.add(i);
      const ip = `${this.prefix}.${i}`;
      this.byPod.set(podKey, ip);
      return ip;
    }
    return undefined;
  }

  release(podKey: string): void {
    const ip = this.byPod.get(podKey);
    if (ip === undefined) return;
    this.byPod.delete(podKey);
    this.used.delete(Number(ip.slice(ip.lastIndexOf('.') + 1)));
  }
}
