import { describe, expect, it } from 'vitest';
import { podContextsOf } from '../../../test/rule-tester.js';
import { container, cstatus, event, ms, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import type { EventRecord, Snapshot } from '../../model/index.js';
import { pullData, pullFailures, type PullFailure } from './analyse.js';

const NOT_FOUND = (image: string) =>
  `rpc error: code = NotFound desc = failed to pull and unpack image "${image}": failed to resolve reference "${image}": ${image}: not found`;
const NOT_FOUND_TAIL = NOT_FOUND('registry.example/app:1.0');

/** Kubelet image events (kubernetes-facts §4.2); `fieldPath` names the container. */
const failedPull = (image: string, lastS: number, fieldPath?: string, host?: string) =>
  event({
    reason: 'Failed',
    message: `Failed to pull image "${image}": ${NOT_FOUND(image)}`,
    lastS,
    source: 'kubelet',
    ...(fieldPath === undefined ? {} : { fieldPath }),
    ...(host === undefined ? {} : { host }),
  });
const errImagePull = (lastS: number, fieldPath?: string) =>
  event({
    reason: 'Failed',
    message: 'Error: ErrImagePull',
    lastS,
    ...(fieldPath === undefined ? {} : { fieldPath }),
  });
const backOff = (image: string, lastS: number, fieldPath?: string) =>
  event({
    reason: 'BackOff',
    type: 'Normal',
    message: `Back-off pulling image "${image}"`,
    lastS,
    ...(fieldPath === undefined ? {} : { fieldPath }),
  });
const pulled = (image: string, lastS: number) =>
  event({
    reason: 'Pulled',
    type: 'Normal',
    message: `Successfully pulled image "${image}" in 1.2s (1.2s including waiting). Image size: 1000 bytes.`,
    lastS,
    fieldPath: 'spec.containers{app}',
  });
/** The same event as a paste without ages would give it: no first or last time. */
const untimed = (e: EventRecord): EventRecord => {
  const copy: { -readonly [K in keyof EventRecord]: EventRecord[K] } = { ...e };
  delete copy.first;
  delete copy.last;
  return copy;
};

const APP = 'spec.containers{app}';
const IMAGE = 'registry.example/app:1.0';

function failures(snap: Snapshot): readonly PullFailure[] {
  return podContextsOf(snap).flatMap((c) => [...pullFailures(c)]);
}

/** The fields that say whose pull fails and why. */
function brief(f: PullFailure) {
  return {
    container: f.ref === undefined ? undefined : `${f.ref.type}:${f.ref.name}`,
    image: f.image,
    code: f.code,
    basis: f.basis,
  };
}

const briefs = (snap: Snapshot) => failures(snap).map(brief);

describe('pullFailures: which container an event belongs to', () => {
  it('a bare "Error: ErrImagePull" on a pod whose container has no state is a failure of an unnamed container', () => {
    const snap = snapshot({
      pods: [pod({ containers: [], containerStatuses: [cstatus('app')] })],
      events: [errImagePull(20)],
    });
    const [f, ...rest] = failures(snap);
    expect(rest).toEqual([]);
    expect(f && brief(f)).toEqual({ container: undefined, image: '', code: 'PullBackOff', basis: 'events' });
    expect(f?.cause).toBe('Error: ErrImagePull');
    expect(f && pullData(f)).toEqual({
      container: '',
      subject: 'a container',
      image: '(image not named in the evidence)',
      cause: 'the pull error itself is not in the evidence',
      detail: 'Error: ErrImagePull',
    });
  });

  it('a bare "Error: ErrImagePull" without times still counts', () => {
    const snap = snapshot({
      pods: [pod({ containers: [], containerStatuses: [cstatus('app')] })],
      events: [untimed(errImagePull(20))],
    });
    expect(briefs(snap)).toEqual([{ container: undefined, image: '', code: 'PullBackOff', basis: 'events' }]);
  });

  it('a container-level failure without times still counts', () => {
    const snap = snapshot({
      pods: [pod({ containers: [], containerStatuses: [cstatus('app')] })],
      events: [untimed(failedPull(IMAGE, 20, APP))],
    });
    expect(briefs(snap)).toEqual([
      { container: 'app:app', image: IMAGE, code: 'ImageNotFound', basis: 'events' },
    ]);
  });

  it('a bare event on a pod with only a spec is a failure of an unnamed container', () => {
    const snap = snapshot({ pods: [pod({ containers: [container('app')] })], events: [errImagePull(20)] });
    expect(briefs(snap)).toEqual([{ container: undefined, image: '', code: 'PullBackOff', basis: 'events' }]);
  });

  it('a bare event on a pod whose containers run is history', () => {
    expect(failures(snapshot({ pods: [runningPod()], events: [errImagePull(20)] }))).toEqual([]);
  });

  it('an event naming an unknown image belongs to the one container whose image is not known', () => {
    const snap = snapshot({
      pods: [pod({ containers: [container('app', { image: IMAGE })], containerStatuses: [cstatus('side')] })],
      events: [failedPull('registry.example/side:2', 20)],
    });
    expect(briefs(snap)).toEqual([
      { container: 'app:side', image: 'registry.example/side:2', code: 'ImageNotFound', basis: 'events' },
    ]);
  });

  it('a fieldPath picks its container, not the first one', () => {
    const snap = snapshot({
      pods: [
        pod({
          initContainers: [container('migrate')],
          containers: [container('web'), container('app', { image: IMAGE })],
        }),
      ],
      events: [failedPull(IMAGE, 20, APP)],
    });
    expect(briefs(snap)).toEqual([
      { container: 'app:app', image: IMAGE, code: 'ImageNotFound', basis: 'events' },
    ]);
  });

  it('events only: an image-only event and a container-only event are two failures', () => {
    const snap = snapshot({ events: [failedPull('a.example/x:1', 10), errImagePull(20, APP)] });
    expect(briefs(snap)).toEqual([
      { container: undefined, image: 'a.example/x:1', code: 'ImageNotFound', basis: 'events' },
      { container: 'app:app', image: '', code: 'PullBackOff', basis: 'events' },
    ]);
  });

  it('the spec image stays when events name an earlier image of the container', () => {
    const snap = snapshot({
      pods: [
        pod({
          containers: [container('app', { image: 'registry.example/app:2.0' })],
          containerStatuses: [cstatus('app', { state: state.waiting('ErrImagePull', NOT_FOUND_TAIL) })],
        }),
      ],
      events: [failedPull(IMAGE, 20, APP)],
    });
    expect(briefs(snap)).toEqual([
      { container: 'app:app', image: 'registry.example/app:2.0', code: 'ImageNotFound', basis: 'state' },
    ]);
  });

  it('an image learnt from a container event claims later events that name only the image', () => {
    const image = 'x.example/app:1';
    const snap = snapshot({
      pods: [pod({ containers: [], containerStatuses: [cstatus('app'), cstatus('side')] })],
      events: [errImagePull(10, APP), failedPull(image, 20, APP), backOff(image, 30)],
    });
    const found = failures(snap);
    expect(found.map(brief)).toEqual([
      { container: 'app:app', image, code: 'ImageNotFound', basis: 'events' },
    ]);
    expect(found[0]?.evidence.map((e) => e.text)).toEqual([
      `Warning Failed 10s ago kubelet: Failed to pull image "${image}": ${NOT_FOUND(image)}`,
      `Normal BackOff 0s ago: Back-off pulling image "${image}"`,
    ]);
  });

  it('an image taken from the status when the spec leaves it empty', () => {
    const snap = snapshot({
      pods: [
        pod({
          containers: [container('app', { image: '' })],
          containerStatuses: [
            cstatus('app', { image: IMAGE, state: state.waiting('ErrImagePull', NOT_FOUND_TAIL) }),
          ],
        }),
      ],
    });
    expect(briefs(snap)).toEqual([
      { container: 'app:app', image: IMAGE, code: 'ImageNotFound', basis: 'state' },
    ]);
  });

  it('an indented pull failure (a wrapped paste) is still a pull failure', () => {
    const e = {
      ...failedPull(IMAGE, 20, APP),
      message: `  Failed to pull image "${IMAGE}": ${NOT_FOUND_TAIL}`,
    };
    expect(briefs(snapshot({ events: [e] }))).toEqual([
      { container: 'app:app', image: IMAGE, code: 'ImageNotFound', basis: 'events' },
    ]);
  });

  it('a running pod has no pull failure', () => {
    expect(failures(snapshot({ pods: [runningPod()], events: [pulled(IMAGE, 2)] }))).toEqual([]);
  });
});

describe('pullFailures: bare "Error: ErrImagePull" next to failing containers', () => {
  const twoContainers = (appState: ReturnType<typeof state.waiting>, webState = state.running(3)) =>
    pod({
      startS: 1,
      containers: [container('web'), container('app', { image: IMAGE })],
      containerStatuses: [cstatus('web', { state: webState }), cstatus('app', { state: appState })],
    });

  it('joins the one container whose pull fails', () => {
    const snap = snapshot({
      pods: [twoContainers(state.waiting('ErrImagePull', NOT_FOUND_TAIL))],
      events: [errImagePull(30)],
    });
    const [f, ...rest] = failures(snap);
    expect(rest).toEqual([]);
    expect(f && brief(f)).toEqual({
      container: 'app:app',
      image: IMAGE,
      code: 'ImageNotFound',
      basis: 'state',
    });
    expect(f?.evidence.map((e) => e.text)).toEqual([
      `containerStatuses[app].state.waiting: ErrImagePull: ${NOT_FOUND_TAIL}`,
      'Warning Failed 0s ago: Error: ErrImagePull',
    ]);
    expect(f?.since).toBe(ms(30));
  });

  it('joins neither of two failing containers', () => {
    const waiting = state.waiting('ErrImagePull', NOT_FOUND_TAIL);
    const snap = snapshot({ pods: [twoContainers(waiting, waiting)], events: [errImagePull(30)] });
    const found = failures(snap);
    expect(found.map((f) => f.ref?.name)).toEqual(['web', 'app']);
    expect(found.map((f) => f.evidence.length)).toEqual([1, 1]);
    expect(found.map((f) => f.since)).toEqual([ms(1), ms(1)]);
  });

  it('events only: joins neither of two containers with failures, nor makes a third', () => {
    const snap = snapshot({
      events: [
        failedPull(IMAGE, 10, APP),
        failedPull('registry.example/side:1.0', 10, 'spec.containers{side}'),
        errImagePull(20),
      ],
    });
    expect(failures(snap).map((f) => [f.ref?.name, f.evidence.length])).toEqual([
      ['app', 1],
      ['side', 1],
    ]);
  });
});

describe('pullFailures: when events still tell a failure', () => {
  const creating = (...events: EventRecord[]) =>
    snapshot({
      pods: [
        pod({
          containers: [],
          containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })],
        }),
      ],
      events,
    });

  it('a container in crash loop back-off is past its pull', () => {
    const snap = snapshot({
      pods: [pod({ containerStatuses: [cstatus('app', { state: state.waiting('CrashLoopBackOff') })] })],
      events: [failedPull(IMAGE, 10, APP)],
    });
    expect(failures(snap)).toEqual([]);
  });

  it.each([
    [
      'a pull at the same time as the last failure ends it',
      [failedPull(IMAGE, 50, APP), pulled(IMAGE, 50)],
      [],
    ],
    ['a pull before the last failure does not', [pulled(IMAGE, 10), failedPull(IMAGE, 50, APP)], ['app']],
    [
      'a Created container after the failure ends it',
      [
        failedPull(IMAGE, 10, APP),
        event({
          reason: 'Created',
          type: 'Normal',
          message: 'Created container: app',
          lastS: 20,
          fieldPath: APP,
        }),
      ],
      [],
    ],
  ] as const)('%s', (_, events, names) => {
    expect(failures(creating(...events)).map((f) => f.ref?.name)).toEqual(names);
  });

  it('the failure began with the first failure event, not at pod creation', () => {
    const snap = snapshot({
      pods: [
        pod({
          createdS: 0,
          containers: [],
          containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })],
        }),
      ],
      events: [failedPull(IMAGE, 100, APP)],
    });
    expect(failures(snap).map((f) => f.since)).toEqual([ms(100)]);
  });

  it('the node is the host of the newest event that names one', () => {
    const snap = snapshot({ events: [failedPull(IMAGE, 10, APP, 'node-2'), backOff(IMAGE, 20, APP)] });
    expect(failures(snap).map((f) => f.node)).toEqual(['node-2']);
  });
});

describe('pullFailures: the cause', () => {
  it('a classified event beats an unclassified back-off message', () => {
    const snap = snapshot({
      pods: [
        pod({
          containerStatuses: [
            cstatus('app', { state: state.waiting('ImagePullBackOff', `Back-off pulling image "${IMAGE}"`) }),
          ],
        }),
      ],
      events: [failedPull(IMAGE, 10, APP), backOff(IMAGE, 20, APP)],
    });
    expect(failures(snap).map((f) => [f.code, f.cause, f.matched])).toEqual([
      ['ImageNotFound', NOT_FOUND_TAIL, 'not found'],
    ]);
  });

  it('without a classified text, the newest event that is not a back-off', () => {
    const snap = snapshot({ events: [errImagePull(20, APP), backOff(IMAGE, 30, APP)] });
    const found = failures(snap);
    expect(found.map((f) => [f.code, f.cause, f.matched])).toEqual([
      ['PullBackOff', 'Error: ErrImagePull', ''],
    ]);
    expect(found[0]?.evidence.map((e) => e.text)).toEqual([
      `Normal BackOff 0s ago: Back-off pulling image "${IMAGE}"`,
    ]);
  });

  it('only back-off events: no cause at all', () => {
    const found = failures(snapshot({ events: [backOff(IMAGE, 30, APP)] }));
    expect(found.map((f) => [f.code, f.cause])).toEqual([['PullBackOff', '']]);
    expect(found[0] && pullData(found[0])).toEqual({
      container: 'app',
      subject: 'container app',
      image: IMAGE,
      cause: 'the pull error itself is not in the evidence',
      detail: 'cause not stated',
    });
  });

  it('a back-off waiting message alone decides nothing', () => {
    const message = `Back-off pulling image "${IMAGE}"`;
    const found = failures(
      snapshot({
        pods: [
          pod({ containerStatuses: [cstatus('app', { state: state.waiting('ImagePullBackOff', message) })] }),
        ],
      }),
    );
    expect(found.map((f) => [f.code, f.cause, f.matched])).toEqual([['PullBackOff', message, '']]);
    expect(found[0] && pullData(found[0])).toMatchObject({
      container: 'app',
      cause: 'the pull error itself is not in the evidence',
      detail: message,
    });
  });

  it('one event that is both the cause and the newest is quoted once', () => {
    const found = failures(snapshot({ events: [failedPull(IMAGE, 10, APP)] }));
    expect(found.map((f) => f.evidence.length)).toEqual([1]);
  });
});
