import { describe, expect, it } from 'vitest';
import { UNNAMED_CONTAINER, UNNAMED_POD } from '../common/types.js';
import {
  containerStatePod,
  defaultedContainers,
  defaultedPod,
  statusPod,
  waitingMessagePod,
  waitingToStartPod,
} from './status-objects.js';

const NO_POD = 'the text names no pod';
/** The node controller's NodeLost message (pkg/util/node NodeUnreachablePodReason, kubernetes-facts.md §3.4). */
const NODE_LOST = 'Node worker-2 which was running pod web-0 is unresponsive';
const EVICTED = 'The node was low on resource: memory. Threshold quantity: 100Mi, available: 87608Ki.';
const BACK_OFF =
  'back-off 5m0s restarting failed container=app pod=web-0_default(0f6e1d2c-1b2a-4c3d-9e8f-0a1b2c3d4e5f)';

describe('statusPod', () => {
  it('reads the node and the pod from a NodeLost message, with no phase', () => {
    expect(statusPod('NodeLost', NODE_LOST, 7)).toStrictEqual({
      raw: {
        kind: 'Pod',
        metadata: { name: 'web-0' },
        spec: { nodeName: 'worker-2' },
        status: { reason: 'NodeLost', message: NODE_LOST },
      },
      line: 7,
    });
  });

  it('the pod a NodeLost message names wins over the name the row gives', () => {
    expect(statusPod('NodeLost', NODE_LOST, 1, 'web-9').raw.metadata).toStrictEqual({ name: 'web-0' });
  });

  it('a bare NodeLost word: no message, no node, the pod unnamed', () => {
    expect(statusPod('NodeLost', undefined, 3)).toStrictEqual({
      raw: { kind: 'Pod', metadata: { name: UNNAMED_POD }, status: { reason: 'NodeLost' } },
      line: 3,
      inferredName: NO_POD,
    });
  });

  it('a NodeLost message is read from its start only: quoted inside other words it names nothing', () => {
    const quoted = `the pod says "${NODE_LOST}"`;
    expect(statusPod('NodeLost', quoted, 3, 'web-1')).toStrictEqual({
      raw: {
        kind: 'Pod',
        metadata: { name: 'web-1' },
        status: { reason: 'NodeLost', message: quoted },
      },
      line: 3,
    });
  });

  it('only a NodeLost reason has its message read for a node', () => {
    // The reason and the message come apart (two jsonpath fields of two pods): the node is NodeLost's only.
    expect(statusPod('Evicted', NODE_LOST, 2)).toStrictEqual({
      raw: {
        kind: 'Pod',
        metadata: { name: UNNAMED_POD },
        status: { phase: 'Failed', reason: 'Evicted', message: NODE_LOST },
      },
      line: 2,
      inferredName: NO_POD,
    });
  });

  it.each([
    ['Evicted', EVICTED],
    ['OutOfcpu', "Node didn't have enough resource: cpu, requested: 4000, used: 1800, capacity: 4000"],
    ['NodeAffinity', 'Pod Predicate NodeAffinity failed'],
  ])('other reasons are Failed: %s', (reason, message) => {
    expect(statusPod(reason, message, 12)).toStrictEqual({
      raw: { kind: 'Pod', metadata: { name: UNNAMED_POD }, status: { phase: 'Failed', reason, message } },
      line: 12,
      inferredName: NO_POD,
    });
  });

  it.each([
    [undefined, { phase: 'Failed', reason: 'Evicted' }],
    [EVICTED, { phase: 'Failed', reason: 'Evicted', message: EVICTED }],
  ])('a named pod has no inferred name (message %s)', (message, status) => {
    expect(statusPod('Evicted', message, 4, 'web-0')).toStrictEqual({
      raw: { kind: 'Pod', metadata: { name: 'web-0' }, status },
      line: 4,
    });
  });
});

describe('containerStatePod', () => {
  const container = (state: object) => ({ name: UNNAMED_CONTAINER, ready: false, state });
  const pod = (status: object, line: number) => ({
    raw: { kind: 'Pod', metadata: { name: UNNAMED_POD }, status },
    line,
    inferredName: NO_POD,
  });

  it.each([
    ['CrashLoopBackOff', BACK_OFF],
    ['CreateContainerConfigError', 'configmap "app-config" not found'],
    ['ImagePullBackOff', 'Back-off pulling image "nginx:1.99"'],
  ])('a waiting reason: %s', (reason, message) => {
    expect(containerStatePod(`${reason}: ${message}`, 5)).toStrictEqual(
      pod({ containerStatuses: [container({ waiting: { reason, message } })] }, 5),
    );
  });

  /** containerd's answer when the entrypoint is missing (a StartError's terminated.message). */
  const START_ERROR =
    'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/app/run": stat /app/run: no such file or directory: unknown';

  it('a terminated reason', () => {
    const message = START_ERROR;
    expect(containerStatePod(`StartError: ${message}`, 2)).toStrictEqual(
      pod({ containerStatuses: [container({ terminated: { reason: 'StartError', message } })] }, 2),
    );
  });

  it.each([
    ['CrashLoopBackOff', BACK_OFF, 'waiting'],
    ['CreateContainerConfigError', 'secret "db-password" not found', 'waiting'],
    ['StartError', START_ERROR, 'terminated'],
  ])('an Init: reason is an init container and Initialized=False: %s', (reason, message, kind) => {
    expect(containerStatePod(`Init:${reason}: ${message}`, 9)).toStrictEqual(
      pod(
        {
          conditions: [{ type: 'Initialized', status: 'False' }],
          initContainerStatuses: [container({ [kind]: { reason, message } })],
        },
        9,
      ),
    );
  });

  it.each([
    ['no reason', 'back-off restarting failed container'],
    ['a reason with no message', 'CrashLoopBackOff:'],
    ['a reason with blanks only after it', 'CrashLoopBackOff:   '],
    ["Error is everyone's word", 'Error: secret "db-password" not found'],
    ["Completed is everyone's word", 'Completed: all done'],
    ['a word that is no container reason', 'Warning: would violate PodSecurity "restricted:latest"'],
    ['empty', ''],
  ])('%s: undefined', (_label, text) => {
    expect(containerStatePod(text, 1)).toBeUndefined();
  });
});

describe('waitingMessagePod: waiting messages that say their reason in words', () => {
  it.each([
    ['image pull failed for app:1 because the registry is unavailable', 'RegistryUnavailable'],
    [
      'image pull failed for app:1 because the registry is unavailable: dial tcp: i/o timeout',
      'RegistryUnavailable',
    ],
    ['image pull failed for app:1 because the signature validation failed', 'SignatureValidationFailed'],
  ])('%s', (message, reason) => {
    expect(waitingMessagePod(`  Message:  ${message}`, 4)).toEqual({
      raw: {
        kind: 'Pod',
        metadata: { name: UNNAMED_POD },
        status: { containerStatuses: [{ name: UNNAMED_CONTAINER, state: { waiting: { reason, message } } }] },
      },
      line: 4,
      inferredName: NO_POD,
    });
  });

  it.each(['image pull failed for app:1 because of a typo', 'the registry is unavailable'])(
    'none from %s',
    (text) => {
      expect(waitingMessagePod(text, 1)).toBeUndefined();
    },
  );
});

describe("waitingToStartPod: the kubelet's answer to kubectl logs", () => {
  const said = (container: string, name: string, reason: string) =>
    `Error from server (BadRequest): container "${container}" in pod "${name}" is waiting to start: ${reason}`;

  it.each([
    ['CrashLoopBackOff', 'CrashLoopBackOff'],
    ['CreateContainerConfigError', 'CreateContainerConfigError'],
    ["image can't be pulled", 'ErrImagePull'],
    ['trying and failing to pull image', 'ImagePullBackOff'],
    // Cut by the paste: the one reason it begins.
    ['CreateContainerConfigErro', 'CreateContainerConfigError'],
    ['CrashL', 'CrashLoopBackOff'],
  ])('%s: the container waits with %s', (words, reason) => {
    expect(waitingToStartPod(said('app', 'web-1', words), 6)).toStrictEqual({
      raw: {
        kind: 'Pod',
        metadata: { name: 'web-1' },
        status: { containerStatuses: [{ name: 'app', ready: false, state: { waiting: { reason } } }] },
      },
      line: 6,
    });
  });

  // Quoted in prose or markdown: the closing quote, backtick or full stop is no part of the reason.
  it.each([
    ['a closing double quote', '"'],
    ['a closing backtick', '`'],
    ['a full stop', '.'],
    ['a quote and a parenthesis', '")'],
  ])('%s after the reason is left out of it', (_, end) => {
    const pod = waitingToStartPod(`${said('app', 'web-1', 'PodInitializing')}${end}`, 3);
    expect(pod?.raw.metadata).toStrictEqual({ name: 'web-1' });
    expect(pod?.raw.status).toMatchObject({
      containerStatuses: [{ name: 'app', state: { waiting: { reason: 'PodInitializing' } } }],
    });
  });

  it('ContainerCreating: Pending', () => {
    expect(waitingToStartPod(said('app', 'web-1', 'ContainerCreating'), 2)?.raw.status).toStrictEqual({
      phase: 'Pending',
      containerStatuses: [{ name: 'app', ready: false, state: { waiting: { reason: 'ContainerCreating' } } }],
    });
  });

  it('PodInitializing: Pending and not Initialized', () => {
    expect(waitingToStartPod(said('app', 'web-1', 'PodInitializing'), 2)?.raw.status).toStrictEqual({
      phase: 'Pending',
      conditions: [{ type: 'Initialized', status: 'False' }],
      containerStatuses: [{ name: 'app', ready: false, state: { waiting: { reason: 'PodInitializing' } } }],
    });
  });

  it.each([
    ['a cut of five letters (too short to tell)', said('app', 'web-1', 'Crash')],
    ['a cut several reasons begin', said('app', 'web-1', 'ErrImage')],
    ['a reason that is no waiting reason', said('app', 'web-1', 'OOMKilled')],
    ['no "waiting to start" answer', 'Error from server (NotFound): pods "web-1" not found'],
    ['empty', ''],
  ])('%s: undefined', (_label, text) => {
    expect(waitingToStartPod(text, 1)).toBeUndefined();
  });
});

describe("kubectl's Defaulted container note (pkg/cmd/util/podcmd)", () => {
  it.each([
    [
      'app containers only',
      'Defaulted container "app" out of: app, proxy',
      { app: ['app', 'proxy'], init: [] },
    ],
    [
      'init and ephemeral containers marked',
      'Defaulted container "app" out of: app, debugger-abc12 (ephem), setup (init), wait-for-db (init)',
      { app: ['app'], init: ['setup', 'wait-for-db'] },
    ],
    [
      'after a quote and prose',
      '> " Defaulted container "app" out of: app, setup (init)"',
      { app: ['app'], init: ['setup'] },
    ],
    ['the picked container not listed', 'Defaulted container "web" out of: app, setup (init)', undefined],
    ['a list that is not names', 'Defaulted container "app" out of: the app and more', undefined],
    ['no note', 'Defaulted to the app', undefined],
  ])('%s', (_, text, listed) => {
    expect(defaultedContainers(text)).toEqual(listed);
  });

  it('names the pod a "waiting to start" answer of the same container names', () => {
    const got = defaultedPod(
      [
        'Defaulted container "app" out of: app, setup (init)',
        'Error from server (BadRequest): container "app" in pod "web-0" is waiting to start: PodInitializing',
      ],
      0,
    );
    expect(got).toStrictEqual({
      raw: {
        kind: 'Pod',
        metadata: { name: 'web-0' },
        spec: { containers: [{ name: 'app' }], initContainers: [{ name: 'setup' }] },
      },
      line: 1,
    });
  });

  it('an answer about another container names no pod', () => {
    const got = defaultedPod(
      [
        'Defaulted container "app" out of: app, setup (init)',
        'Error from server (BadRequest): container "other" in pod "web-0" is waiting to start: PodInitializing',
      ],
      0,
    );
    expect(got?.raw.metadata).toEqual({ name: UNNAMED_POD });
    expect(got?.inferredName).toBe(NO_POD);
  });
});
