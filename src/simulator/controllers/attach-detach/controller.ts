/**
 * The attach/detach controller (kube-controller-manager) for CSI volumes: for every scheduled
 * pod's bound CSI PV whose driver needs attaching, it creates the VolumeAttachment the external
 * attacher acts on, records SuccessfulAttachVolume / FailedAttachVolume on the pods, refuses a
 * single-node volume attached elsewhere with the Multi-Attach error, and detaches (deletes the
 * VolumeAttachment) when no pod on the node uses the volume any more and the node is healthy.
 */
import type { Controller } from '../types.js';
import type { Change } from '../../world/store.js';
import type { Task } from '../../world/queue.js';
import type { PodObj, PvObj } from '../../world/types.js';
import type { World } from '../../world/world.js';
import { Backoff } from '../kubelet/images/backoff.js';
import {
  attachmentName,
  csiDriverSpec,
  nodeReady,
  reportOnNode,
  pvcVolumes,
  singleNode,
  type VolumeAttachmentObj,
} from './attachment.js';
import { multiAttachMessage } from './multi-attach.js';

/** nestedpendingoperations: a failed operation waits 500 ms, doubling to 2m2s. */
const OP_BACKOFF_INITIAL = 500;
const OP_BACKOFF_MAX = 122_000;
const COMPONENT = 'attachdetach-controller';

interface Desired {
  readonly key: string;
  readonly pv: string;
  readonly driver: string;
  readonly handle: string;
  readonly node: string;
  readonly pods: Map<string, PodObj>;
  task: Task | undefined;
  busy: boolean;
  readonly multiAttachReported: Set<string>;
}

/** One instance per simulation (the controller list is shared by every Simulation). */
export const attachDetachController: Controller = {
  name: COMPONENT,
  start(world: World): void {
    new AttachDetach(world).start();
  },
};

export class AttachDetach {
  private readonly desired = new Map<string, Desired>();
  private readonly byPod = new Map<string, Set<string>>();
  /** Unused attachments whose node is not Ready: looked at again when that node changes. */
  private readonly stuck = new Set<Desired>();
  private readonly backoff = new Backoff(OP_BACKOFF_INITIAL, OP_BACKOFF_MAX);

  constructor(private readonly world: World) {}

  start(): void {
    const world = this.world;
    world.watch('pods', (c) => {
      this.onPod(c);
    });
    world.watch('persistentvolumeclaims', (c) => {
      if (c.type === 'DELETED') return;
      for (const pod of world.store.list<PodObj>('pods', c.namespace))
        if (uses(pod, c.object.metadata.name)) this.sync(pod);
    });
    world.watch('volumeattachments', (c) => {
      if (c.type !== 'DELETED') return;
      const pv = (c.object as VolumeAttachmentObj).spec.source.persistentVolumeName;
      for (const d of this.desired.values()) if (d.pv === pv && d.pods.size > 0) this.kick(d, 0);
    });
    world.watch('nodes', (c) => {
      for (const d of [...this.stuck]) if (d.node === c.object.metadata.name) this.kick(d, 0);
    });
  }

  private onPod(c: Change): void {
    const pod = c.object as PodObj;
    const terminal = pod.status.phase === 'Succeeded' || pod.status.phase === 'Failed';
    if (c.type === 'DELETED' || terminal) this.forget(pod);
    else this.sync(pod);
  }

  /** Adds the pod to the desired state of each CSI volume it needs attached on its node. */
  private sync(pod: PodObj): void {
    const node = pod.spec.nodeName;
    if (node === undefined || node === '') return;
    const podKey = pod.metadata.uid ?? pod.metadata.name;
    for (const v of pvcVolumes(this.world, pod)) {
      const csi = v.pv?.spec.csi;
      if (v.pv === undefined || csi === undefined) continue;
      if (!csiDriverSpec(this.world, csi.driver).attachRequired) continue;
      const key = `${v.pv.metadata.name}|${node}`;
      let d = this.desired.get(key);
      if (d === undefined) {
        d = {
          key,
          pv: v.pv.metadata.name,
          driver: csi.driver,
          handle: csi.volumeHandle ?? v.pv.metadata.name,
          node,
          pods: new Map(),
          task: undefined,
          busy: false,
          multiAttachReported: new Set(),
        };
        this.desired.set(key, d);
      }
      const isNew = !d.pods.has(podKey);
      this.stuck.delete(d);
      d.pods.set(podKey, pod);
      let keys = this.byPod.get(podKey);
      if (keys === undefined) this.byPod.set(podKey, (keys = new Set()));
      keys.add(key);
      if (isNew) this.kick(d, 0);
    }
  }

  private forget(pod: PodObj): void {
    const podKey = pod.metadata.uid ?? pod.metadata.name;
    for (const key of this.byPod.get(podKey) ?? []) {
      const d = this.desired.get(key);
      if (d === undefined) continue;
      d.pods.delete(podKey);
      d.multiAttachReported.delete(podKey);
      if (d.pods.size === 0) this.kick(d, 0);
    }
    this.byPod.delete(podKey);
  }

  private kick(d: Desired, delay: number): void {
    if (d.busy) return;
    this.world.cancel(d.task);
    d.task = this.world.after(delay, () => {
      d.task = undefined;
      if (d.pods.size > 0) this.attach(d);
      else this.detach(d);
    });
  }

  private get(d: Desired): VolumeAttachmentObj | undefined {
    return this.world.store.get<VolumeAttachmentObj>(
      'volumeattachments',
      undefined,
      attachmentName(d.handle, d.driver, d.node),
    );
  }

  private attach(d: Desired): void {
    const va = this.get(d);
    if (va?.status?.attached === true) return;
    const pv = this.world.store.get<PvObj>('persistentvolumes', undefined, d.pv);
    if (pv !== undefined && singleNode(pv)) {
      const elsewhere = this.world.store
        .list<VolumeAttachmentObj>('volumeattachments')
        .filter((a) => a.spec.source.persistentVolumeName === d.pv && a.spec.nodeName !== d.node);
      if (elsewhere.length > 0) {
        this.reportMultiAttach(
          d,
          elsewhere.map((a) => a.spec.nodeName),
        );
        return; // retried when the other attachment goes away
      }
    }
    const spec = csiDriverSpec(this.world, d.driver);
    const obj = va ?? this.create(d);
    d.busy = true;
    this.world.after(spec.attachDelay, () => {
      d.busy = false;
      const now = this.world.clock.now();
      if (this.world.store.get('volumeattachments', undefined, obj.metadata.name) === undefined) return;
      if (spec.attachError !== undefined) {
        const message = `rpc error: code = Internal desc = ${spec.attachError}`;
        obj.status = { attached: false, attachError: { time: this.world.clock.iso(), message } };
        this.world.store.update(obj);
        this.eventAll(
          d,
          'Warning',
          'FailedAttachVolume',
          `AttachVolume.Attach failed for volume "${d.pv}" : ${message}`,
        );
        this.kick(d, this.backoff.next(d.key, now));
        return;
      }
      obj.status = { attached: true, attachmentMetadata: {} };
      this.world.store.update(obj);
      reportOnNode(this.world, d.node, `kubernetes.io/csi/${d.driver}^${d.handle}`, true);
      this.backoff.reset(d.key);
      if (d.pods.size > 0)
        this.eventAll(
          d,
          'Normal',
          'SuccessfulAttachVolume',
          `AttachVolume.Attach succeeded for volume "${d.pv}"`,
        );
      else this.kick(d, 0);
    });
  }

  private create(d: Desired): VolumeAttachmentObj {
    return this.world.store.create<VolumeAttachmentObj>({
      apiVersion: 'storage.k8s.io/v1',
      kind: 'VolumeAttachment',
      metadata: {
        name: attachmentName(d.handle, d.driver, d.node),
        annotations: { 'csi.alpha.kubernetes.io/node-id': d.node },
      },
      spec: { attacher: d.driver, nodeName: d.node, source: { persistentVolumeName: d.pv } },
      status: { attached: false },
    });
  }

  /** Once per pod: which pods (in its own namespace) hold the volume on other nodes. */
  private reportMultiAttach(d: Desired, otherNodes: readonly string[]): void {
    const holders: PodObj[] = [];
    for (const other of this.desired.values())
      if (other.pv === d.pv && otherNodes.includes(other.node)) holders.push(...other.pods.values());
    for (const [podKey, pod] of d.pods) {
      if (d.multiAttachReported.has(podKey)) continue;
      d.multiAttachReported.add(podKey);
      this.event(pod, 'Warning', 'FailedAttachVolume', multiAttachMessage(d.pv, pod, holders));
    }
  }

  /** Detach once unused, unless the node is unhealthy: then the attachment stays (unmount unconfirmed). */
  private detach(d: Desired): void {
    const va = this.get(d);
    if (va === undefined) {
      this.desired.delete(d.key);
      return;
    }
    if (!nodeReady(this.world, d.node)) {
      this.stuck.add(d);
      return;
    }
    this.stuck.delete(d);
    d.busy = true;
    this.world.after(csiDriverSpec(this.world, d.driver).attachDelay, () => {
      d.busy = false;
      if (d.pods.size > 0) {
        this.kick(d, 0);
        return;
      }
      this.world.store.remove('volumeattachments', undefined, va.metadata.name);
      reportOnNode(this.world, d.node, `kubernetes.io/csi/${d.driver}^${d.handle}`, false);
      this.desired.delete(d.key);
    });
  }

  private eventAll(d: Desired, type: 'Normal' | 'Warning', reason: string, message: string): void {
    for (const pod of d.pods.values()) this.event(pod, type, reason, message);
  }

  private event(pod: PodObj, type: 'Normal' | 'Warning', reason: string, message: string): void {
    const current = this.world.store.get<PodObj>('pods', pod.metadata.namespace, pod.metadata.name) ?? pod;
    this.world.events.record({ object: current, type, reason, message, component: COMPONENT });
  }
}

const uses = (pod: PodObj, claim: string): boolean =>
  (pod.spec.volumes ?? []).some((v) => v.persistentVolumeClaim?.claimName === claim);
