/**
 * docs/architecture.md §1 "progressing needs proof of youth", and its limit: a grace period covers a
 * stage still under way (a wait), never a failure the component already reported (its own attempt
 * failed and it retries after a back-off). Each row is a pod that is 20 s old, so every stage began
 * well inside its rule's grace period: only what the evidence rests on decides the verdict.
 */
import { describe, expect, it } from 'vitest';
import type { EventRecord, ReasonCode, StageId } from '../src/model/index.js';
import { cond, cstatus, event, ms, pod, snapshot, state } from './builders.js';
import { RULES } from '../src/rules/index.js';
import { diagnose } from '../src/rules/engine/diagnose.js';

interface Row {
  readonly name: string;
  readonly stage: StageId;
  readonly reason: ReasonCode;
  /** The waiting reason of the app container; ContainerCreating before a container exists. */
  readonly waiting?: readonly [string, string?];
  readonly events: readonly EventRecord[];
  readonly verdict: 'failed' | 'progressing';
}

const NOW_S = 20;
const kubelet = (reason: string, message: string, fieldPath?: string): EventRecord =>
  event({
    reason,
    message,
    firstS: 10,
    lastS: 18,
    count: 2,
    source: 'kubelet',
    host: 'node-1',
    ...(fieldPath === undefined ? {} : { fieldPath }),
  });
const adc = (message: string): EventRecord =>
  event({ reason: 'FailedAttachVolume', message, firstS: 12, lastS: 12, source: 'attachdetach-controller' });
const sandbox = (desc: string): EventRecord =>
  kubelet('FailedCreatePodSandBox', `Failed to create pod sandbox: rpc error: code = Unknown desc = ${desc}`);
const APP = 'spec.containers{app}';
const PULL = 'Failed to pull image "registry.example/app:1.0": rpc error: code = Unknown desc = ';

const rows: readonly Row[] = [
  // volumes
  {
    name: 'Multi-Attach naming the pods that use the volume on another node',
    stage: 'volumes',
    reason: 'MultiAttach',
    events: [adc('Multi-Attach error for volume "pvc-1" Volume is already used by pod(s) web-0, web-2')],
    verdict: 'failed',
  },
  {
    name: 'Multi-Attach while the old pod is gone and its detach is under way',
    stage: 'volumes',
    reason: 'MultiAttach',
    events: [
      adc(
        'Multi-Attach error for volume "pvc-1" Volume is already exclusively attached to one node and can\'t be attached to another',
      ),
    ],
    verdict: 'progressing',
  },
  {
    name: 'CSI mount error',
    stage: 'volumes',
    reason: 'MountFailed',
    events: [
      kubelet(
        'FailedMount',
        'MountVolume.SetUp failed for volume "pvc-1" : rpc error: code = Internal desc = mount failed: exit status 32',
      ),
    ],
    verdict: 'failed',
  },
  {
    name: 'attach error from the storage backend',
    stage: 'volumes',
    reason: 'AttachFailed',
    events: [
      adc(
        'AttachVolume.Attach failed for volume "pvc-1" : rpc error: code = Internal desc = Could not attach volume "vol-1" to node "i-1": attachment of disk "vol-1" failed, expected device to be attached but was attaching',
      ),
    ],
    verdict: 'failed',
  },
  {
    name: 'attach timed out waiting for the external-attacher',
    stage: 'volumes',
    reason: 'AttachFailed',
    events: [
      adc(
        'AttachVolume.Attach failed for volume "pvc-1" : timed out waiting for external-attacher of ebs.csi.aws.com CSI driver to attach volume vol-1',
      ),
    ],
    verdict: 'progressing',
  },
  // sandbox-network
  {
    name: 'runtime handler missing',
    stage: 'sandbox-network',
    reason: 'SandboxFailed',
    events: [sandbox('failed to find runtime handler kata from runtime list map[runc:0xc00001da70]')],
    verdict: 'failed',
  },
  {
    name: 'sandbox name still reserved by an earlier request',
    stage: 'sandbox-network',
    reason: 'SandboxFailed',
    events: [
      sandbox(
        'failed to reserve sandbox name "web-1_default_u_0": name "web-1_default_u_0" is reserved for "4f1e"',
      ),
    ],
    verdict: 'progressing',
  },
  {
    name: 'CNI plugin error',
    stage: 'sandbox-network',
    reason: 'CNIFailed',
    events: [
      sandbox(
        'failed to setup network for sandbox "ab": plugin type="flannel" failed (add): open /run/flannel/subnet.env: no such file or directory',
      ),
    ],
    verdict: 'failed',
  },
  {
    name: 'no IP address left',
    stage: 'sandbox-network',
    reason: 'IPExhausted',
    events: [
      sandbox(
        'failed to setup network for sandbox "ab": plugin type="bridge" failed (add): failed to allocate for range 0: no IP addresses available in range set: 10.244.1.1-10.244.1.254',
      ),
    ],
    verdict: 'failed',
  },
  {
    name: 'network plugin not initialised yet on the node',
    stage: 'sandbox-network',
    reason: 'NetworkNotReady',
    events: [
      kubelet(
        'NetworkNotReady',
        'network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized',
      ),
    ],
    verdict: 'progressing',
  },
  // image-pull
  {
    name: 'registry unreachable, backing off',
    stage: 'image-pull',
    reason: 'RegistryUnreachable',
    waiting: ['ImagePullBackOff', 'Back-off pulling image "registry.example/app:1.0"'],
    events: [
      kubelet('Failed', `${PULL}dial tcp: lookup registry.example on 127.0.0.53:53: server misbehaving`, APP),
      kubelet('BackOff', 'Back-off pulling image "registry.example/app:1.0"', APP),
    ],
    verdict: 'failed',
  },
  {
    name: 'registry unreachable on the first attempt',
    stage: 'image-pull',
    reason: 'RegistryUnreachable',
    waiting: ['ErrImagePull', 'dial tcp 10.0.0.9:443: i/o timeout'],
    events: [kubelet('Failed', `${PULL}dial tcp 10.0.0.9:443: i/o timeout`, APP)],
    verdict: 'failed',
  },
  {
    name: 'image still pulling',
    stage: 'image-pull',
    reason: 'PullBackOff',
    events: [kubelet('Pulling', 'Pulling image "registry.example/app:1.0"', APP)],
    verdict: 'progressing',
  },
  // container-config
  {
    name: 'subPath could not be prepared',
    stage: 'container-config',
    reason: 'CreateContainerError',
    waiting: [
      'CreateContainerConfigError',
      'failed to prepare subPath for volumeMount "conf" of container "app"',
    ],
    events: [
      kubelet('Failed', 'Error: failed to prepare subPath for volumeMount "conf" of container "app"', APP),
    ],
    verdict: 'failed',
  },
  {
    name: 'container name still reserved by an earlier create',
    stage: 'container-config',
    reason: 'CreateContainerError',
    waiting: [
      'CreateContainerError',
      'failed to reserve container name "app_web-1": name "app_web-1" is reserved for "9c"',
    ],
    events: [
      kubelet(
        'Failed',
        'Error: failed to reserve container name "app_web-1": name "app_web-1" is reserved for "9c"',
        APP,
      ),
    ],
    verdict: 'progressing',
  },
];

function podFor(row: Row) {
  const [reason, message] = row.waiting ?? ['ContainerCreating'];
  return pod({
    createdS: 0,
    nodeName: 'node-1',
    conditions: [cond('PodScheduled', 'True', undefined, undefined, 1)],
    containerStatuses: [cstatus('app', { state: state.waiting(reason, message) })],
  });
}

describe('a reported failure gets no grace period; a wait does', () => {
  it.each(rows)('$stage: $name → $verdict', (row) => {
    const snap = {
      ...snapshot({ pods: [podFor(row)], events: [...row.events] }),
      capturedAt: new Date(ms(NOW_S)).toISOString(),
    };
    const [d] = diagnose(snap, { now: ms(NOW_S), rules: RULES }).diagnoses;
    expect(d?.stage).toBe(row.stage);
    expect(d?.verdict).toBe(row.verdict);
    if (row.verdict === 'failed') expect(d?.reason).toBe(row.reason);
  });
});
