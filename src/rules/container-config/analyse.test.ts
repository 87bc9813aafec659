/**
 * The stage's shared analyser: which container each config or create failure belongs to, which
 * events join it (by fieldPath, by the container a sync error names, by the same error, or the
 * sole container waiting without a message), which event it quotes, when it began, and when the
 * cause is another pod's.
 */
import { describe, expect, it } from 'vitest';
import { container, cstatus, event, ms, pod, snapshot, state } from '../../../test/builders.js';
import type { EventRecord, Pod } from '../../model/index.js';
import { podContextsOf } from '../../../test/rule-tester.js';
import { configFailures } from './analyse.js';

const NOW = ms(600);

/** The failures of one pod (the first pod context), in a shape a table can compare. */
function failures(pods: Pod[], events: EventRecord[] = [], podName?: string) {
  const contexts = podContextsOf(snapshot({ pods, events }), NOW);
  const ctx = podName === undefined ? contexts[0] : contexts.find((c) => c.pod.metadata.name === podName);
  if (ctx === undefined) throw new Error('no pod context');
  return configFailures(ctx).map((f) => ({
    container: f.ref === undefined ? undefined : `${f.ref.type}/${f.ref.name}`,
    cls: f.cls,
    basis: f.basis,
    evidence: f.evidence.map((e) => e.text),
  }));
}

const ccce = (name: string, message?: string) =>
  cstatus(name, { state: state.waiting('CreateContainerConfigError', message) });
const failed = (message: string, opts: { fieldPath?: string; lastS?: number; name?: string } = {}) =>
  event({ reason: 'Failed', message: `Error: ${message}`, ...opts });
const syncFailed = (target: string, message: string) =>
  event({
    reason: 'FailedSync',
    message: `Error syncing pod, skipping: failed to "StartContainer" for "${target}" with CreateContainerConfigError: "${message.replaceAll('"', '\\"')}"`,
  });

describe('configFailures: events that name no container, without a pod object', () => {
  it.each([
    [
      'the same key of a ConfigMap and of a Secret of one name',
      ["couldn't find key token in ConfigMap default/api", "couldn't find key token in Secret default/api"],
      [
        { code: 'KeyMissing', objectKind: 'ConfigMap', object: 'api', key: 'token', namespace: 'default' },
        { code: 'KeyMissing', objectKind: 'Secret', object: 'api', key: 'token', namespace: 'default' },
      ],
    ],
    [
      'two missing secrets',
      ['secret "a" not found', 'secret "b" not found'],
      [
        { code: 'SecretMissing', objectKind: 'Secret', object: 'a' },
        { code: 'SecretMissing', objectKind: 'Secret', object: 'b' },
      ],
    ],
    [
      'two missing keys of one secret',
      ["couldn't find key user in Secret default/db", "couldn't find key pass in Secret default/db"],
      [
        { code: 'KeyMissing', objectKind: 'Secret', object: 'db', key: 'user', namespace: 'default' },
        { code: 'KeyMissing', objectKind: 'Secret', object: 'db', key: 'pass', namespace: 'default' },
      ],
    ],
  ])('%s: one failure per distinct error', (_name, messages, classes) => {
    const found = failures(
      [],
      messages.map((m) => failed(m)),
    );
    expect(found.map((f) => [f.container, f.basis, f.cls])).toEqual(
      classes.map((c) => [undefined, 'events', c]),
    );
  });

  it('the same error twice is one failure, quoting the newest event', () => {
    const found = failures(
      [],
      [failed('secret "a" not found', { lastS: 10 }), failed('secret "a" not found', { lastS: 30 })],
    );
    expect(found.map((f) => f.evidence)).toEqual([['Warning Failed 9m30s ago: Error: secret "a" not found']]);
  });
});

describe('configFailures: the container a sync error names', () => {
  it.each([
    ['the second app container', 'worker', 'app/worker'],
    ['an init container', 'migrate', 'init/migrate'],
    ['a container the spec does not list', 'ghost', 'app/ghost'],
  ])('%s', (_name, target, expected) => {
    const spec = pod({
      initContainers: [container('migrate')],
      containers: [container('web'), container('worker')],
    });
    const found = failures([{ ...spec, status: {} }], [syncFailed(target, 'secret "db" not found')]);
    expect(found.map((f) => [f.container, f.cls.code, f.cls.object])).toEqual([
      [expected, 'SecretMissing', 'db'],
    ]);
  });
});

describe('configFailures: events with a fieldPath join their own container', () => {
  it('two failing containers each quote their own newest event', () => {
    const found = failures(
      [
        pod({
          containers: [container('web'), container('worker')],
          containerStatuses: [ccce('web', 'secret "a" not found'), ccce('worker', 'secret "b" not found')],
        }),
      ],
      [
        failed('secret "b" not found', { fieldPath: 'spec.containers{worker}', lastS: 20 }),
        failed('secret "a" not found', { fieldPath: 'spec.containers{web}', lastS: 10 }),
      ],
    );
    expect(found).toEqual([
      {
        container: 'app/web',
        cls: { code: 'SecretMissing', objectKind: 'Secret', object: 'a' },
        basis: 'state',
        evidence: [
          'containerStatuses[web].state.waiting: CreateContainerConfigError: secret "a" not found',
          'Warning Failed 9m50s ago: Error: secret "a" not found',
        ],
      },
      {
        container: 'app/worker',
        cls: { code: 'SecretMissing', objectKind: 'Secret', object: 'b' },
        basis: 'state',
        evidence: [
          'containerStatuses[worker].state.waiting: CreateContainerConfigError: secret "b" not found',
          'Warning Failed 9m40s ago: Error: secret "b" not found',
        ],
      },
    ]);
  });

  it('events only: the newest of the container events decides the error', () => {
    const found = failures(
      [],
      [
        failed('secret "old" not found', { fieldPath: 'spec.initContainers{setup}', lastS: 10 }),
        failed('configmap "new" not found', { fieldPath: 'spec.initContainers{setup}', lastS: 30 }),
        failed('secret "older" not found', { fieldPath: 'spec.initContainers{setup}', lastS: 5 }),
      ],
    );
    expect(found).toEqual([
      {
        container: 'init/setup',
        cls: { code: 'ConfigMapMissing', objectKind: 'ConfigMap', object: 'new' },
        basis: 'events',
        evidence: ['Warning Failed 9m30s ago: Error: configmap "new" not found'],
      },
    ]);
  });

  it('an event without a time (describe showing <unknown> age) is quoted as it is', () => {
    const untimed: EventRecord = {
      regarding: { kind: 'Pod', namespace: 'default', name: 'web-1', fieldPath: 'spec.containers{app}' },
      reason: 'Failed',
      message: 'Error: secret "db" not found',
      type: 'Warning',
      count: 1,
    };
    const found = failures([], [untimed]);
    expect(found).toEqual([
      {
        container: 'app/app',
        cls: { code: 'SecretMissing', objectKind: 'Secret', object: 'db' },
        basis: 'events',
        evidence: ['Warning Failed: Error: secret "db" not found'],
      },
    ]);
  });

  it('a container created before the error is still failing', () => {
    const found = failures(
      [],
      [
        event({
          reason: 'Created',
          type: 'Normal',
          message: 'Created container: app',
          fieldPath: 'spec.containers{app}',
          lastS: 10,
        }),
        failed('secret "db" not found', { fieldPath: 'spec.containers{app}', lastS: 20 }),
      ],
    );
    expect(found.map((f) => [f.container, f.cls.code])).toEqual([['app/app', 'SecretMissing']]);
  });

  it('an init container with no status in the evidence, beside app containers that have one', () => {
    const found = failures(
      [
        pod({
          initContainers: [container('setup')],
          containers: [container('app')],
          containerStatuses: [cstatus('app', { state: state.waiting('PodInitializing') })],
        }),
      ],
      [failed('secret "db" not found', { fieldPath: 'spec.initContainers{setup}', lastS: 20 })],
    );
    expect(found.map((f) => [f.container, f.basis, f.cls.code])).toEqual([
      ['init/setup', 'events', 'SecretMissing'],
    ]);
  });
});

describe('configFailures: events without a fieldPath on a pod with container states', () => {
  const missingC = failed('configmap "c" not found', { lastS: 20 });
  const eventLine = 'Warning Failed 9m40s ago: Error: configmap "c" not found';

  it('join the container failing with the same error', () => {
    const found = failures(
      [
        pod({
          containers: [container('app'), container('worker')],
          containerStatuses: [
            ccce('app', 'secret "db" not found'),
            ccce('worker', 'configmap "c" not found'),
          ],
        }),
      ],
      [missingC],
    );
    expect(found.map((f) => [f.container, f.evidence])).toEqual([
      [
        'app/app',
        ['containerStatuses[app].state.waiting: CreateContainerConfigError: secret "db" not found'],
      ],
      [
        'app/worker',
        [
          'containerStatuses[worker].state.waiting: CreateContainerConfigError: configmap "c" not found',
          eventLine,
        ],
      ],
    ]);
  });

  it.each([
    ['a running sidecar', cstatus('sidecar', { state: state.running(3), ready: true })],
    ['a sidecar failing on another error', ccce('sidecar', 'secret "db" not found')],
  ])('the sole container waiting without a message takes them, beside %s', (_name, sidecar) => {
    const found = failures(
      [
        pod({
          containers: [container('app'), container('sidecar')],
          containerStatuses: [ccce('app'), sidecar],
        }),
      ],
      [missingC],
    );
    expect(found[0]).toEqual({
      container: 'app/app',
      cls: { code: 'ConfigMapMissing', objectKind: 'ConfigMap', object: 'c' },
      basis: 'state',
      evidence: ['containerStatuses[app].state.waiting: CreateContainerConfigError', eventLine],
    });
  });

  it('two containers waiting without a message: neither takes them', () => {
    const found = failures(
      [
        pod({
          containers: [container('app'), container('sidecar')],
          containerStatuses: [ccce('app'), ccce('sidecar')],
        }),
      ],
      [missingC],
    );
    expect(found.map((f) => [f.container, f.cls.code, f.evidence.length])).toEqual([
      ['app/app', 'CreateContainerError', 1],
      ['app/sidecar', 'CreateContainerError', 1],
    ]);
  });

  it('are history when every container has moved on', () => {
    const found = failures(
      [pod({ containerStatuses: [cstatus('app', { state: state.running(3), ready: true })] })],
      [missingC],
    );
    expect(found).toEqual([]);
  });
});

describe('configFailures: the cause another pod shows', () => {
  const row = (name: string, reason: string, message?: string): Pod =>
    pod({
      name,
      namespace: 'pac',
      containers: [],
      containerStatuses: [cstatus('unnamed', { state: state.waiting(reason, message) })],
    });

  it('is taken only when the pod shows no message of its own', () => {
    const pods = [
      row('api-1', 'CreateContainerConfigError', 'secret "own" not found'),
      row('api-2', 'CreateContainerConfigError', 'configmap "other" not found'),
      row('api-3', 'CreateContainerConfigError'),
    ];
    const ctxs = podContextsOf(snapshot({ pods }), NOW);
    expect(
      ctxs.map((c) =>
        configFailures(c).map((f) => [c.pod.metadata.name, f.cls.object, f.sibling, f.message]),
      ),
    ).toEqual([
      [['api-1', 'own', undefined, 'secret "own" not found']],
      [['api-2', 'other', undefined, 'configmap "other" not found']],
      // api-1 and api-2 disagree on the kind of cause: none is assumed.
      [['api-3', undefined, undefined, '']],
    ]);
  });

  it('names the pod that shows it', () => {
    const pods = [
      row('api-1', 'CreateContainerConfigError', 'secret "db" not found'),
      row('api-2', 'CreateContainerConfigError'),
    ];
    const ctxs = podContextsOf(snapshot({ pods }), NOW);
    expect(ctxs.map((c) => configFailures(c).map((f) => [f.cls.object, f.sibling]))).toEqual([
      [['db', undefined]],
      [['db', 'api-1']],
    ]);
  });

  it('is not taken for CreateContainerError, which the kubelet sets for runtime errors', () => {
    const pods = [
      row('api-1', 'CreateContainerError'),
      row('api-2', 'CreateContainerError', 'secret "db" not found'),
    ];
    const found = failures(pods, [], 'api-1');
    expect(found.map((f) => [f.cls.code, f.evidence])).toEqual([
      ['CreateContainerError', ['containerStatuses[unnamed].state.waiting: CreateContainerError']],
    ]);
  });
});

describe('configFailures: since', () => {
  const at = (p: Pod, events: EventRecord[] = []) => {
    const ctx = podContextsOf(snapshot({ pods: [p], events }), NOW)[0];
    if (ctx === undefined) throw new Error('no pod context');
    return configFailures(ctx).map((f) => f.since);
  };
  const waitingPod = pod({
    createdS: 0,
    startS: 5,
    containerStatuses: [ccce('app', 'secret "db" not found')],
  });

  it('the oldest event when events tell', () => {
    expect(
      at(waitingPod, [
        event({ reason: 'Failed', message: 'Error: secret "db" not found', firstS: 40, lastS: 90 }),
        event({ reason: 'Failed', message: 'Error: secret "db" not found', firstS: 20, lastS: 30 }),
      ]),
    ).toEqual([ms(20)]);
  });

  it('else the pod start time', () => {
    expect(at(waitingPod)).toEqual([ms(5)]);
  });

  it('else the pod creation time', () => {
    const unstarted = pod({ createdS: 2, containerStatuses: [ccce('app', 'secret "db" not found')] });
    expect(at(unstarted)).toEqual([ms(2)]);
  });
});
