/**
 * The VolumeBinding plugin's Reserve and PreBind steps: a chosen static volume is pre-bound to
 * its claim, a claim to provision gets the selected-node annotation, and the pod's binding
 * waits until every such claim is Bound (bindTimeoutSeconds, 600 s, then the attempt fails).
 */
import type { World } from '../../world/world.js';
import type { PvcObj } from '../../world/types.js';
import { SELECTED_NODE } from '../volume-binding/matching.js';
import type { Decision } from './schedule-one.js';
import { phaseOf } from './volume-binding.js';

export const BIND_TIMEOUT_MS = 600_000;

/** Writes the Reserve decisions; returns the claims the binding must wait for. */
export function reserveVolumes(world: World, d: Extract<Decision, { ok: true }>): string[] {
  const claims: string[] = [];
  for (const pvc of d.volumes.delayed) {
    const pv = d.picks.get(pvc.metadata.name);
    if (pv !== undefined) {
      // A static volume: pre-bind it to the claim; the PV controller completes the binding.
      pv.spec.claimRef = {
        kind: 'PersistentVolumeClaim',
        namespace: pvc.metadata.namespace ?? '',
        name: pvc.metadata.name,
        ...(pvc.metadata.uid === undefined ? {} : { uid: pvc.metadata.uid }),
      };
      world.store.update(pv);
    } else {
      pvc.metadata.annotations = { ...(pvc.metadata.annotations ?? {}), [SELECTED_NODE]: d.node };
      world.store.update(pvc);
    }
    claims.push(pvc.metadata.name);
  }
  return claims;
}

interface Wait {
  readonly namespace: string;
  readonly claims: readonly string[];
  readonly bound: () => void;
}

/** Pods whose binding waits for their claims, keyed by pod uid. */
export class VolumeWaits {
  private readonly waits = new Map<string, Wait>();

  constructor(private readonly world: World) {}

  has(uid: string): boolean {
    return this.waits.has(uid);
  }

  /** Calls `bound` once all claims are Bound, or `timedOut` after BIND_TIMEOUT_MS. */
  add(
    uid: string,
    namespace: string,
    claims: readonly string[],
    bound: () => void,
    timedOut: () => void,
  ): void {
    const wait: Wait = { namespace, claims, bound };
    this.waits.set(uid, wait);
    this.world.after(BIND_TIMEOUT_MS, () => {
      if (this.waits.get(uid) !== wait) return;
      this.waits.delete(uid);
      timedOut();
    });
    this.check();
  }

  /** Re-checked on every claim change. */
  check(): void {
    for (const [uid, wait] of this.waits) {
      const store = this.world.store;
      const bound = wait.claims.every(
        (c) => phaseOf(store.get<PvcObj>('persistentvolumeclaims', wait.namespace, c)) === 'Bound',
      );
      if (!bound) continue;
      this.waits.delete(uid);
      wait.bound();
    }
  }
}
