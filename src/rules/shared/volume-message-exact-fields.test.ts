import { describe, expect, it } from 'vitest';
import { event } from '../../../test/builders.js';
import { classifyVolumeEvent, classifyVolumeMessage, shortDetail } from './volume-message.js';

// Every field of the classification, not just the kind: the detail is shown to the user and the
// object/key/volume names feed the next steps.

describe('per-volume operation messages: the detail after the volume name', () => {
  it.each([
    [
      'the " : " separator, even when the error itself says "with: "',
      'MountVolume.SetUp failed for volume "data" : mount failed: exit status 32 with: mount.nfs: access denied \n',
      { volume: 'data', detail: 'mount failed: exit status 32 with: mount.nfs: access denied' },
    ],
    [
      'the older "(spec.Name: ..) ... with: err" form',
      'MountVolume.SetUp failed for volume "kubernetes.io/secret/5f1c-tok" (spec.Name: "tok") pod "5f1c" (UID: "5f1c") with: mount failed: exit status 32',
      { volume: 'tok', detail: 'mount failed: exit status 32' },
    ],
    [
      'a pasted line cut and wrapped right after the colon',
      'MountVolume.SetUp failed for volume "data" :\n  mount failed: exit status 32 \n',
      { volume: 'data', detail: 'mount failed: exit status 32' },
    ],
    [
      'a colon glued to the error',
      'MountVolume.SetUp failed for volume "data" :mount failed: exit status 32',
      { volume: 'data', detail: 'mount failed: exit status 32' },
    ],
    [
      'a colon right after the quote, with no space before it',
      'MountVolume.SetUp failed for volume "data": mount failed: exit status 32',
      { volume: 'data', detail: 'mount failed: exit status 32' },
    ],
    [
      'no colon at all before the error',
      'MountVolume.SetUp failed for volume "data"\nrpc error: code = Internal desc = mount failed',
      { volume: 'data', detail: 'rpc error: code = Internal desc = mount failed' },
    ],
    [
      'a line cut right after the volume name',
      'MountVolume.SetUp failed for volume "data"',
      { volume: 'data', detail: '' },
    ],
  ])('%s', (_label, message, want) => {
    expect(classifyVolumeMessage(message)).toEqual({
      kind: 'mountFailed',
      operation: 'MountVolume.SetUp',
      ...want,
    });
  });
});

describe('referenced objects and keys', () => {
  it.each([
    [
      'MountVolume.SetUp failed for volume "cfg" : configmaps "app-config" not found',
      'ConfigMap',
      'app-config',
    ],
    ['MountVolume.SetUp failed for volume "tls" : secrets "tls-cert" not found', 'Secret', 'tls-cert'],
    ['MountVolume.SetUp failed for volume "tls" : secret "tls-cert" not found', 'Secret', 'tls-cert'],
  ])('%s names the %s %s', (message, objectKind, object) => {
    const volume = message.includes('"cfg"') ? 'cfg' : 'tls';
    expect(classifyVolumeMessage(message)).toEqual({
      kind: 'objectNotFound',
      volume,
      operation: 'MountVolume.SetUp',
      detail: message.slice(message.indexOf(' : ') + 3),
      objectKind,
      object,
    });
  });

  it.each([
    ['Secret', 'tls-cert', 'tls.crt'],
    ['ConfigMap', 'app-config', 'app.yaml'],
  ])("couldn't find key in %s", (objectKind, object, key) => {
    const detail = `couldn't find key ${key} in ${objectKind} prod/${object}`;
    expect(classifyVolumeMessage(`MountVolume.SetUp failed for volume "v" : ${detail}`)).toEqual({
      kind: 'keyNotFound',
      volume: 'v',
      operation: 'MountVolume.SetUp',
      detail,
      key,
      objectKind,
      object,
    });
  });
});

describe('messages without an operation prefix', () => {
  it('an UnmountDevice failure is a teardown carrying the whole message', () => {
    const message =
      'UnmountDevice failed for volume "pvc-1" (UniqueName: "kubernetes.io/csi/ebs.csi.aws.com^vol-1") on node "n1" : rpc error: code = Internal desc = device or resource busy';
    expect(classifyVolumeMessage(message)).toEqual({
      kind: 'teardown',
      volume: '',
      operation: '',
      detail: message,
    });
  });

  it('a bare "not found" line has no volume and no operation', () => {
    expect(classifyVolumeEvent(event({ reason: '', message: 'configmap "app-config" not found' }))).toEqual({
      kind: 'objectNotFound',
      volume: '',
      operation: '',
      detail: 'configmap "app-config" not found',
      objectKind: 'ConfigMap',
      object: 'app-config',
    });
  });

  it.each([null, undefined, 42])('a non-string input (%s) gives undefined and never throws', (input) => {
    expect(classifyVolumeMessage(input as unknown as string)).toBeUndefined();
  });
});

describe('Multi-Attach', () => {
  it('names the pods, the attach operation and the trimmed detail', () => {
    expect(
      classifyVolumeMessage(
        'Multi-Attach error for volume "pvc-4" Volume is already used by pod(s) web-a, web-b \n',
      ),
    ).toEqual({
      kind: 'multiAttach',
      volume: 'pvc-4',
      operation: 'AttachVolume.Attach',
      detail: 'Volume is already used by pod(s) web-a, web-b',
      pods: ['web-a', 'web-b'],
    });
  });
});

describe('aggregate messages', () => {
  it('1.17+ aggregate timeout: every field', () => {
    expect(
      classifyVolumeMessage(
        'Unable to attach or mount volumes: unmounted volumes=[secrets], unattached volumes=[secrets kube-api-access-f2mf8]: timed out waiting for the condition\n',
      ),
    ).toEqual({
      kind: 'timeout',
      volume: 'secrets',
      operation: '',
      detail: 'timed out waiting for the condition',
      unmounted: ['secrets'],
      unattached: ['secrets', 'kube-api-access-f2mf8'],
    });
  });

  it('an aggregate cut right after its lists is still a wait timeout', () => {
    expect(
      classifyVolumeMessage(
        'Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[data]',
      ),
    ).toEqual({
      kind: 'timeout',
      volume: 'data',
      operation: '',
      detail: '',
      unmounted: ['data'],
      unattached: ['data'],
    });
  });

  it('empty unmounted list: no volume name', () => {
    expect(
      classifyVolumeMessage(
        'Unable to attach or mount volumes: unmounted volumes=[], unattached volumes=[data]: timed out waiting for the condition',
      ),
    ).toEqual({
      kind: 'timeout',
      volume: '',
      operation: '',
      detail: 'timed out waiting for the condition',
      unmounted: [],
      unattached: ['data'],
    });
    expect(
      classifyVolumeMessage(
        'Unable to attach or mount volumes: unmounted volumes=[], unattached volumes=[], failed to process volumes=[data]: error processing PVC ns/data: PVC is not bound',
      ),
    ).toEqual({
      kind: 'mountFailed',
      volume: '',
      operation: '',
      detail: 'error processing PVC ns/data: PVC is not bound',
      unmounted: [],
      unattached: [],
    });
  });

  it.each([
    [
      'pre-1.17 with two lists',
      'Unable to mount volumes for pod "db-0_ns(c38a)": timeout expired waiting for volumes to attach or mount for pod "ns"/"db-0". list of unmounted volumes=[postgresql]. list of unattached volumes=[postgresql default-token-x]',
      'timeout expired waiting for volumes to attach or mount for pod "ns"/"db-0".',
      ['postgresql'],
      ['postgresql', 'default-token-x'],
    ],
    [
      '1.6-1.9 with the joint list',
      'Unable to mount volumes for pod "nginx-azuredisk_default(4eb22bb2)": timeout expired waiting for volumes to attach/mount for pod "default"/"nginx-azuredisk". list of unattached/unmounted volumes=[disk01]',
      'timeout expired waiting for volumes to attach/mount for pod "default"/"nginx-azuredisk".',
      ['disk01'],
      ['disk01'],
    ],
    [
      '1.6-1.9 FailedSync repeat',
      'Error syncing pod, skipping: timeout expired waiting for volumes to attach/mount for pod "ceph-pod2"/"default". list of unattached/unmounted volumes=[ceph-vol2]',
      'timeout expired waiting for volumes to attach/mount for pod "ceph-pod2"/"default".',
      ['ceph-vol2'],
      ['ceph-vol2'],
    ],
    [
      'pre-1.17 as a kubectl get events line (text before the message)',
      'Warning  FailedMount  pod/db-0  Unable to mount volumes for pod "db-0_ns(c38a)": timeout expired waiting for volumes to attach or mount for pod "ns"/"db-0". list of unmounted volumes=[pg]. list of unattached volumes=[pg]',
      'timeout expired waiting for volumes to attach or mount for pod "ns"/"db-0".',
      ['pg'],
      ['pg'],
    ],
  ])('%s: the reason before the lists is the detail', (_label, message, detail, unmounted, unattached) => {
    expect(classifyVolumeMessage(message)).toEqual({
      kind: 'timeout',
      volume: unmounted[0],
      operation: '',
      detail,
      unmounted,
      unattached,
    });
  });

  it.each([
    'Unable to mount volumes for pod "c-1_default(95609653)": timeout expired waiting for volumes to attach/mount for pod "c-1"/"default". list of unattached/unmounted volumes=[vol1 vo',
    'Unable to mount volumes for pod "db-0_ns(c38a)": timeout expired waiting for volumes to attach or mount for pod "ns"/"db-0". list of unmounted volumes=[postgresql]. list of unatt',
  ])('an old aggregate cut inside its lists is not classified: %s', (message) => {
    expect(classifyVolumeMessage(message)).toBeUndefined();
  });

  it('the lists alone, without the old wait message before them, are not classified', () => {
    // e.g. the continuation of a wrapped pasted line read on its own
    expect(
      classifyVolumeMessage('list of unmounted volumes=[pg]. list of unattached volumes=[pg]'),
    ).toBeUndefined();
    expect(classifyVolumeMessage('list of unattached/unmounted volumes=[disk01]')).toBeUndefined();
  });
});

describe('classifyVolumeEvent fallback', () => {
  it.each(['', '   ', '\n'])('a volume reason with a blank message (%j) is not an error', (message) => {
    expect(classifyVolumeEvent(event({ reason: 'FailedMount', message }))).toBeUndefined();
  });

  it('an unrecognised message is kept trimmed, with no volume or operation', () => {
    expect(
      classifyVolumeEvent(event({ reason: 'FailedAttachVolume', message: '  something odd \n' })),
    ).toEqual({
      kind: 'attachFailed',
      volume: '',
      operation: '',
      detail: 'something odd',
    });
  });
});

describe('shortDetail', () => {
  it('collapses runs of whitespace', () => {
    expect(shortDetail('mount failed:  exit\n\tstatus 32')).toBe('mount failed: exit status 32');
  });

  it.each([
    ['abcde', 5, 'abcde'],
    ['abcdef', 5, 'abcd…'],
    ['abcd', 5, 'abcd'],
  ])('%s cut at %i -> %s', (text, max, want) => {
    expect(shortDetail(text, max)).toBe(want);
  });

  it('the default cut is 240 characters', () => {
    expect(shortDetail('x'.repeat(240))).toBe('x'.repeat(240));
    expect(shortDetail('x'.repeat(241))).toBe(`${'x'.repeat(239)}…`);
  });
});
