import { describe, expect, it } from 'vitest';
import type { EventRecord, Pod, Workload, WorkloadCondition } from '../../model/index.js';
import type { WorkloadContext } from '../types.js';
import { workloadContextsOf } from '../../../test/rule-tester.js';
import {
  at,
  container,
  event,
  limitRange,
  ms,
  pod,
  resourceQuota,
  snapshot,
  workload,
  type SnapshotParts,
} from '../../../test/builders.js';
import {
  currentAdmissionFailure,
  failedPodSpec,
  limitRangeEvidence,
  quotaEvidence,
  templateResources,
  type AdmissionFailure,
} from './analyse.js';

const QUOTA =
  'Error creating: pods "web-7d4-q5mll" is forbidden: exceeded quota: namespace-quota, requested: requests.cpu=20m, used: requests.cpu=40m, limited: requests.cpu=50m';
const QUOTA_ERROR = QUOTA.slice('Error creating: '.length);
const LIMIT =
  'Error creating: pods "web-7d4-" is forbidden: maximum cpu usage per Container is 2, but limit is 4';

const deploy = workload({ kind: 'Deployment', name: 'web' });
const rs = (name = 'web-7d4', conditions?: WorkloadCondition[], template?: Workload['spec']['template']) =>
  workload({
    kind: 'ReplicaSet',
    name,
    owner: { kind: 'Deployment', name: 'web' },
    ...(conditions === undefined ? {} : { conditions }),
    ...(template === undefined ? {} : { template }),
  });
const failed = (
  message: string,
  lastS: number,
  opts: { name?: string; count?: number; namespace?: string } = {},
) =>
  event({
    reason: 'FailedCreate',
    kind: 'ReplicaSet',
    name: opts.name ?? 'web-7d4',
    message,
    count: opts.count ?? 1,
    lastS,
    source: 'replicaset-controller',
    ...(opts.namespace === undefined ? {} : { namespace: opts.namespace }),
  });
const created = (lastS: number, name = 'web-7d4') =>
  event({
    reason: 'SuccessfulCreate',
    type: 'Normal',
    kind: 'ReplicaSet',
    name,
    message: `Created pod: ${name}-abcde`,
    lastS,
  });
const untimed = (e: EventRecord): EventRecord =>
  Object.fromEntries(
    Object.entries(e).filter(([k]) => k !== 'first' && k !== 'last'),
  ) as unknown as EventRecord;
const replicaFailure = (
  message: string | undefined,
  times: { updateS?: number; transitionS?: number } = {},
) => ({
  type: 'ReplicaFailure',
  status: 'True',
  reason: 'FailedCreate',
  ...(message === undefined ? {} : { message }),
  ...(times.updateS === undefined ? {} : { lastUpdateTime: at(times.updateS) }),
  ...(times.transitionS === undefined ? {} : { lastTransitionTime: at(times.transitionS) }),
});
/** A pod created at `createdS` with these owner references (kind ReplicaSet). */
const ownedPod = (createdS: number, refs: { name: string; controller: boolean }[]): Pod => {
  const p = pod({ name: 'web-7d4-xyz', createdS });
  return {
    ...p,
    metadata: {
      ...p.metadata,
      ...(refs.length === 0
        ? {}
        : {
            ownerReferences: refs.map((r) => ({
              apiVersion: 'apps/v1',
              kind: 'ReplicaSet',
              name: r.name,
              uid: `uid-${r.name}`,
              controller: r.controller,
            })),
          }),
    },
  };
};

function ctxOf(
  parts: {
    workload?: Workload;
    children?: Workload[];
    events?: EventRecord[];
    pods?: Pod[];
  } & Pick<SnapshotParts, 'resourceQuotas' | 'limitRanges'> = {},
): WorkloadContext {
  const snap = snapshot({
    workloads: [deploy],
    resourceQuotas: parts.resourceQuotas ?? [],
    limitRanges: parts.limitRanges ?? [],
  });
  const base = workloadContextsOf(snap, ms(1000))[0] as WorkloadContext;
  return {
    ...base,
    workload: parts.workload ?? deploy,
    children: parts.children ?? [rs()],
    events: parts.events ?? [],
    pods: parts.pods ?? [],
    memo: new Map(),
  };
}

describe('currentAdmissionFailure: what makes a failure history', () => {
  it.each([
    {
      name: 'a later SuccessfulCreate of the same object',
      events: [failed(QUOTA, 50), created(80)],
      current: false,
    },
    {
      name: 'a later SuccessfulCreate of another object',
      events: [failed(QUOTA, 50), created(80, 'web-old')],
      current: true,
    },
    {
      name: 'a SuccessfulCreate at the same second',
      events: [failed(QUOTA, 50), created(50)],
      current: true,
    },
    {
      name: 'a later SuccessfulCreate when the failure has no time',
      events: [untimed(failed(QUOTA, 50)), created(80)],
      current: true,
    },
  ])('$name (current: $current)', ({ events, current }) => {
    expect(currentAdmissionFailure(ctxOf({ events })) !== undefined).toBe(current);
  });

  it.each([
    {
      name: 'a later pod of the object (its controller reference)',
      refs: [
        { name: 'web-old', controller: false },
        { name: 'web-7d4', controller: true },
      ],
      current: false,
    },
    {
      name: 'a later pod of another controller',
      refs: [
        { name: 'web-7d4', controller: false },
        { name: 'web-old', controller: true },
      ],
      current: true,
    },
    {
      name: 'a later pod without controller: its first owner',
      refs: [{ name: 'web-7d4', controller: false }],
      current: false,
    },
    { name: 'a later pod without owners', refs: [], current: true },
  ])('$name (current: $current)', ({ refs, current }) => {
    const f = currentAdmissionFailure(ctxOf({ events: [failed(QUOTA, 50)], pods: [ownedPod(90, refs)] }));
    expect(f !== undefined).toBe(current);
  });

  it('keeps the newest creation of an object, whatever the order it is seen in', () => {
    const f = currentAdmissionFailure(
      ctxOf({
        events: [failed(QUOTA, 50), created(80)],
        pods: [ownedPod(10, [{ name: 'web-7d4', controller: true }])],
      }),
    );
    expect(f).toBeUndefined();
  });

  it('ignores a ReplicaFailure condition that is not True, and one whose error is transient', () => {
    const off = { ...replicaFailure(QUOTA_ERROR, { transitionS: 10 }), status: 'False' };
    expect(currentAdmissionFailure(ctxOf({ children: [rs('web-7d4', [off])] }))).toBeUndefined();
    const transient = replicaFailure('etcdserver: request timed out', { transitionS: 10 });
    expect(currentAdmissionFailure(ctxOf({ children: [rs('web-7d4', [transient])] }))).toBeUndefined();
  });
});

describe('currentAdmissionFailure from ReplicaFailure conditions', () => {
  it.each([
    {
      name: 'blank message: the refusal is unstated',
      cond: replicaFailure('   ', { transitionS: 10 }),
      kind: 'unstated',
      at: ms(10),
      evidence: [
        { source: 'condition', text: 'ReplicaSet web-7d4: ReplicaFailure=True FailedCreate', at: at(10) },
      ],
    },
    {
      name: 'message with trailing blanks: trimmed; lastUpdateTime before lastTransitionTime',
      cond: replicaFailure(
        'pods "job-mem-ky5es" is forbidden: exceeded quota: quota, requested: memory=500Mi, used: memory=200Mi, limited: memory=200Mi  ',
        { updateS: 20, transitionS: 10 },
      ),
      kind: 'quotaExceeded',
      at: ms(20),
      evidence: [
        {
          source: 'condition',
          text: 'ReplicaSet web-7d4: ReplicaFailure=True FailedCreate: pods "job-mem-ky5es" is forbidden: exceeded quota: quota, requested: memory=500Mi, used: memory=200Mi, limited: memory=200Mi',
          at: at(20),
        },
      ],
    },
    {
      name: 'no time at all',
      cond: replicaFailure(QUOTA_ERROR),
      kind: 'quotaExceeded',
      at: undefined,
      evidence: [
        { source: 'condition', text: `ReplicaSet web-7d4: ReplicaFailure=True FailedCreate: ${QUOTA_ERROR}` },
      ],
    },
  ])('$name', ({ cond, kind, at: when, evidence }) => {
    const f = currentAdmissionFailure(ctxOf({ children: [rs('web-7d4', [cond])] }));
    expect(f?.error.kind).toBe(kind);
    expect(f?.at).toBe(when);
    expect(f?.basis).toBe('state');
    expect(f?.attempts).toBe(1);
    expect(f?.object).toEqual({ kind: 'ReplicaSet', name: 'web-7d4', namespace: 'default' });
    expect(f?.evidence).toEqual(evidence);
  });

  it('keeps two of several conditions with the same error', () => {
    const c = replicaFailure(QUOTA_ERROR, { transitionS: 10 });
    const f = currentAdmissionFailure(
      ctxOf({
        workload: workload({ kind: 'Deployment', name: 'web', conditions: [c] }),
        children: [rs('web-7d4', [c]), rs('web-old', [c])],
      }),
    );
    expect(f?.evidence.map((e) => e.text.split(':')[0])).toEqual(['Deployment web', 'ReplicaSet web-7d4']);
  });
});

describe('currentAdmissionFailure: choosing among errors', () => {
  it('prefers an event to a newer condition with another error; the condition on the same object makes it current state', () => {
    const f = currentAdmissionFailure(
      ctxOf({
        events: [failed(QUOTA, 100)],
        children: [rs('web-7d4', [replicaFailure(LIMIT.slice(16), { transitionS: 200 })])],
      }),
    );
    expect(f?.error.kind).toBe('quotaExceeded');
    expect(f?.basis).toBe('state');
    expect(f?.evidence.map((e) => e.source)).toEqual(['event']);
  });

  it.each([
    { name: 'another error on another ReplicaSet', owner: 'web-old', same: false, basis: 'events' },
    { name: 'another error on the Deployment', owner: 'web', same: false, basis: 'events' },
    { name: 'the same error on the Deployment', owner: 'web', same: true, basis: 'state' },
  ])('a condition with $name: basis $basis', ({ owner, same, basis }) => {
    const cond = replicaFailure(same ? QUOTA_ERROR : LIMIT.slice(16), { transitionS: 10 });
    const f = currentAdmissionFailure(
      ctxOf({
        events: [failed(QUOTA, 100)],
        ...(owner === 'web'
          ? { workload: workload({ kind: 'Deployment', name: 'web', conditions: [cond] }) }
          : { children: [rs(), rs(owner, [cond])] }),
      }),
    );
    expect(f?.error.kind).toBe('quotaExceeded');
    expect(f?.basis).toBe(basis);
    expect(f?.evidence.length).toBe(same ? 2 : 1);
  });

  it('counts the attempts and the time of the chosen error only', () => {
    const f = currentAdmissionFailure(
      ctxOf({
        events: [
          failed(LIMIT, 50, { count: 5 }),
          failed(QUOTA, 60, { count: 2 }),
          failed(QUOTA, 100, { count: 3 }),
        ],
      }),
    );
    expect(f?.error.kind).toBe('quotaExceeded');
    expect(f?.attempts).toBe(5);
    expect(f?.at).toBe(ms(100));
    expect(f?.basis).toBe('events');
    expect(f?.evidence.length).toBe(2);
    expect(f?.evidence.map((e) => e.at)).toEqual([at(100), at(60)]);
  });

  it('sums the attempts of more than two events in one line', () => {
    const f = currentAdmissionFailure(
      ctxOf({
        events: [
          failed(QUOTA, 50, { count: 4 }),
          failed(QUOTA, 60, { count: 2 }),
          failed(QUOTA, 100, { count: 3 }),
        ],
      }),
    );
    expect(f?.attempts).toBe(9);
    expect(f?.evidence.length).toBe(3);
    expect(f?.evidence[2]).toEqual({
      source: 'event',
      text: '1 more FailedCreate events with the same error (9 attempts in total)',
    });
  });

  it('takes the namespace of the event when the workload has none, else none', () => {
    const bare: Workload = { ...deploy, metadata: { name: 'web', uid: 'uid-web' } };
    const fromEvent = currentAdmissionFailure(
      ctxOf({ workload: bare, events: [failed(QUOTA, 50, { namespace: 'shop' })] }),
    );
    expect(fromEvent?.object.namespace).toBe('shop');
    const fromCondition = currentAdmissionFailure(
      ctxOf({ workload: bare, children: [rs('web-7d4', [replicaFailure(QUOTA_ERROR)])] }),
    );
    expect(fromCondition?.object.namespace).toBe('');
  });
});

describe('quotaEvidence', () => {
  const ctx = ctxOf({
    resourceQuotas: [
      resourceQuota({
        name: 'namespace-quota',
        hard: { 'requests.cpu': '50m', pods: '10', 'limits.memory': '2Gi' },
        used: { 'requests.cpu': '40m', pods: '3' },
      }),
      resourceQuota({ name: 'empty', hard: {}, used: {} }),
      resourceQuota({ name: 'elsewhere', namespace: 'other', hard: { pods: '1' }, used: { pods: '1' } }),
    ],
  });
  it.each([
    {
      name: 'namespace-quota',
      texts: [
        'ResourceQuota namespace-quota used/hard: limits.memory 0/2Gi, pods 3/10, requests.cpu 40m/50m',
      ],
    },
    { name: 'empty', texts: ['ResourceQuota empty used/hard: (none)'] },
    {
      name: '',
      texts: [
        'ResourceQuota namespace-quota used/hard: limits.memory 0/2Gi, pods 3/10, requests.cpu 40m/50m',
        'ResourceQuota empty used/hard: (none)',
      ],
    },
  ])('quota $name', ({ name, texts }) => {
    expect(quotaEvidence(ctx, 'default', name)).toEqual(texts.map((text) => ({ source: 'status', text })));
  });
});

describe('limitRangeEvidence', () => {
  it('lists each kind of bound that has values, per item', () => {
    const ctx = ctxOf({
      limitRanges: [
        limitRange({
          name: 'limits',
          limits: [
            { type: 'Container', max: { cpu: '2', memory: '1Gi' }, min: {}, defaultRequest: { cpu: '100m' } },
            { type: 'Pod', maxLimitRequestRatio: { cpu: '2' } },
          ],
        }),
        limitRange({ name: 'none', limits: [] }),
      ],
    });
    expect(limitRangeEvidence(ctx, 'default')).toEqual([
      {
        source: 'spec',
        text: 'LimitRange limits: Container max cpu=2,memory=1Gi, defaultRequest cpu=100m; Pod maxLimitRequestRatio cpu=2',
      },
      { source: 'spec', text: 'LimitRange none: (no limits)' },
    ]);
  });
});

describe('failedPodSpec', () => {
  const spec = (name: string) => ({ spec: { containers: [container(name)] } });
  const failure = (kind: string, name: string): AdmissionFailure => ({
    error: { code: 'QuotaExceeded', kind: 'quotaExceeded', error: '', detail: '', fields: {} },
    object: { kind, name, namespace: 'default' },
    attempts: 1,
    basis: 'events',
    evidence: [],
    at: undefined,
  });
  const withTemplate = workload({ kind: 'Deployment', name: 'web', template: spec('deploy') });
  it.each([
    { name: 'the failing ReplicaSet', top: withTemplate, object: ['ReplicaSet', 'web-b'], want: 'b' },
    {
      name: 'the workload when the failing object is not there',
      top: withTemplate,
      object: ['ReplicaSet', 'web-c'],
      want: 'deploy',
    },
    {
      name: 'the workload when the object has no template',
      top: withTemplate,
      object: ['ReplicaSet', 'web-none'],
      want: 'deploy',
    },
    { name: 'the first child with one, else', top: deploy, object: ['ReplicaSet', 'web-c'], want: 'a' },
  ])('$name', ({ top, object, want }) => {
    const ctx = ctxOf({
      workload: top,
      children: [rs('web-none'), rs('web-a', undefined, spec('a')), rs('web-b', undefined, spec('b'))],
    });
    const got = failedPodSpec(ctx, failure(object[0] as string, object[1] as string));
    expect(got?.containers.map((c) => c.name)).toEqual([want]);
  });

  it('is undefined when nothing has a template', () => {
    expect(
      failedPodSpec(ctxOf({ children: [rs('web-none')] }), failure('ReplicaSet', 'web-none')),
    ).toBeUndefined();
  });
});

describe('templateResources', () => {
  it.each([
    { name: 'no template', template: undefined, text: undefined },
    { name: 'no containers', template: { spec: { containers: [] } }, text: undefined },
    {
      name: 'init and app containers, with and without resources',
      template: {
        spec: {
          initContainers: [container('init')],
          containers: [
            container('app', { resources: { requests: { cpu: '20m', memory: '64Mi' } } }),
            container('side', { resources: { limits: { cpu: '1' } } }),
          ],
        },
      },
      text: 'pod template resources: init: requests none; limits none | app: requests cpu=20m,memory=64Mi; limits none | side: requests none; limits cpu=1',
    },
  ])('$name', ({ template, text }) => {
    const w = workload({ kind: 'Deployment', name: 'web', ...(template === undefined ? {} : { template }) });
    expect(templateResources(w)).toEqual(text === undefined ? undefined : { source: 'spec', text });
  });
});
