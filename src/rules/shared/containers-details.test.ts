import { describe, expect, it } from 'vitest';
import { container, cstatus, pod, state } from '../../../test/builders.js';
import { containerEntries, containerFromFieldPath, isSidecar, wasCreated } from './containers.js';

describe('containerFromFieldPath', () => {
  it.each([
    ['spec.containers{app}', { name: 'app', type: 'app' }],
    ['spec.initContainers{migrate}', { name: 'migrate', type: 'init' }],
    ['spec.ephemeralContainers{debugger}', { name: 'debugger', type: 'ephemeral' }],
    ['spec.containers{}', { name: '', type: 'app' }],
    ['spec.volumes{data}', undefined],
    [undefined, undefined],
  ])('%s -> %o', (fieldPath, ref) => {
    expect(containerFromFieldPath(fieldPath)).toEqual(ref);
  });
});

describe('containerEntries is computed once per pod', () => {
  it('returns the same list for the same pod', () => {
    const p = pod({ initContainers: [container('migrate')], containers: [container('app')] });
    const list = containerEntries(p);
    expect(list.map((e) => e.ref)).toEqual([
      { name: 'migrate', type: 'init' },
      { name: 'app', type: 'app' },
    ]);
    expect(containerEntries(p)).toBe(list);
  });
});

describe('isSidecar: an init container with restartPolicy Always', () => {
  it.each([
    ['init', 'Always', true],
    ['init', undefined, false],
    ['init', 'OnFailure', false],
    ['app', 'Always', false],
  ] as const)('%s container, restartPolicy %s: %s', (type, restartPolicy, sidecar) => {
    const spec = container('proxy', restartPolicy === undefined ? {} : { restartPolicy });
    expect(isSidecar({ ref: { name: 'proxy', type }, spec, status: undefined })).toBe(sidecar);
  });
});

describe('wasCreated', () => {
  it.each([
    ['no status', undefined, false],
    ['waiting, never created', cstatus('app', { state: state.waiting('ContainerCreating') }), false],
    ['no state at all', cstatus('app'), false],
    [
      'waiting with a container ID',
      cstatus('app', { state: state.waiting('CreateContainerError'), containerID: 'containerd://4f3c2a' }),
      true,
    ],
    [
      'waiting after restarts',
      cstatus('app', { state: state.waiting('CrashLoopBackOff'), restartCount: 3 }),
      true,
    ],
    ['running without an ID', cstatus('app', { state: state.running(3), containerID: '' }), true],
    [
      'terminated without an ID',
      cstatus('app', { state: state.terminated(1, 'Error'), containerID: '' }),
      true,
    ],
  ])('%s: %s', (_label, status, created) => {
    expect(wasCreated(status)).toBe(created);
  });
});
