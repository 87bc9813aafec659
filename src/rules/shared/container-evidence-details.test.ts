import { describe, expect, it } from 'vitest';
import type { ContainerRef, EventRecord } from '../../model/index.js';
import { container, cstatus, event, ms, pod, state } from '../../../test/builders.js';
import {
  containerJsonPath,
  containerSubject,
  createdSince,
  entryFor,
  errorDetail,
  hasState,
  isOldStartError,
  lifecycleName,
  newestTime,
  oldestTime,
  podHasState,
  shorten,
  stateEvidence,
  statusField,
} from './container-evidence.js';

const APP: ContainerRef = { name: 'app', type: 'app' };
const INIT: ContainerRef = { name: 'migrate', type: 'init' };
const EPHEMERAL: ContainerRef = { name: 'debugger', type: 'ephemeral' };

describe('naming a container by its kind', () => {
  it.each([
    [APP, 'container app', 'containerStatuses[app]', 'containers'],
    [INIT, 'init container migrate', 'initContainerStatuses[migrate]', 'initContainers'],
    [
      EPHEMERAL,
      'ephemeral container debugger',
      'ephemeralContainerStatuses[debugger]',
      'ephemeralContainers',
    ],
  ] as const)('%o: "%s", %s, spec.%s', (ref, subject, field, list) => {
    expect(containerSubject(ref)).toBe(subject);
    expect(statusField(ref)).toBe(field);
    expect(containerJsonPath(pod({ namespace: 'shop' }), ref, 'image')).toBe(
      `kubectl get pod web-1 -n shop -o jsonpath='{.spec.${list}[?(@.name=="${ref.name}")].image}'`,
    );
  });

  it('says "a container" when the evidence names none', () => {
    expect(containerSubject(undefined)).toBe('a container');
  });
});

describe('stateEvidence quotes the state on one line', () => {
  it.each([
    ['ErrImagePull', undefined, 'containerStatuses[app].state.waiting: ErrImagePull'],
    ['ErrImagePull', '', 'containerStatuses[app].state.waiting: ErrImagePull'],
    ['ErrImagePull', '   \n ', 'containerStatuses[app].state.waiting: ErrImagePull'],
    [
      'CreateContainerConfigError',
      '  secret "db-pass"   not\n\tfound  ',
      'containerStatuses[app].state.waiting: CreateContainerConfigError: secret "db-pass" not found',
    ],
  ])('%s with message %j', (reason, message, text) => {
    expect(stateEvidence(APP, 'state.waiting', reason, message)).toEqual({ source: 'status', text });
  });
});

describe('entryFor matches a ref by name and kind', () => {
  const p = pod({
    initContainers: [container('migrate')],
    containers: [container('app')],
    initContainerStatuses: [cstatus('migrate', { state: state.terminated(0, 'Completed') })],
    containerStatuses: [cstatus('app', { state: state.waiting('PodInitializing') })],
  });

  it('finds the init and the app container', () => {
    expect(entryFor(p, INIT)?.spec?.name).toBe('migrate');
    expect(entryFor(p, INIT)?.ref).toEqual(INIT);
    expect(entryFor(p, APP)?.ref).toEqual(APP);
    expect(entryFor(p, APP)?.status?.state?.waiting?.reason).toBe('PodInitializing');
  });

  it.each([
    ['no ref', undefined],
    ['right name, wrong kind (app)', { name: 'migrate', type: 'app' }],
    ['right name, wrong kind (init)', { name: 'app', type: 'init' }],
    ['unknown name', { name: 'sidecar', type: 'app' }],
  ] as const)('%s: none', (_label, ref) => {
    expect(entryFor(p, ref)).toBeUndefined();
  });
});

describe('hasState / podHasState', () => {
  it('an empty state object tells nothing', () => {
    expect(hasState(cstatus('app', { state: {} }))).toBe(false);
    expect(hasState(cstatus('app'))).toBe(false);
    expect(hasState(undefined)).toBe(false);
  });
  it.each([
    ['waiting', state.waiting('ContainerCreating')],
    ['running', state.running(3)],
    ['terminated', state.terminated(1, 'Error')],
  ])('a %s state tells the state', (_label, s) => {
    expect(hasState(cstatus('app', { state: s }))).toBe(true);
  });
  it('podHasState reads init and app statuses', () => {
    expect(podHasState(pod())).toBe(false);
    expect(podHasState(pod({ containerStatuses: [cstatus('app')] }))).toBe(false);
    expect(
      podHasState(pod({ initContainerStatuses: [cstatus('migrate', { state: state.running(2) })] })),
    ).toBe(true);
    expect(podHasState(pod({ containerStatuses: [cstatus('app', { state: state.running(2) })] }))).toBe(true);
  });
});

describe('errorDetail / isOldStartError', () => {
  const OLD_START =
    "Failed to start container with docker id 310aac97cc9a with error: API error (404): Container command 'perl1' not found or does not exist.";
  it.each([
    ['Failed', 'Error: ErrImagePull  \n', 'ErrImagePull'],
    ['Failed', 'Error: secret "db-pass" not found', 'secret "db-pass" not found'],
    ['Failed', `${OLD_START} `, "API error (404): Container command 'perl1' not found or does not exist."],
    ['Failed', 'Failed to pull image "nginx:nope": not found', undefined],
    ['BackOff', 'Error: ErrImagePull', undefined],
  ])('%s %j -> %j', (reason, message, detail) => {
    expect(errorDetail(event({ reason, message }))).toBe(detail);
  });

  it.each([
    ['Failed', OLD_START, true],
    ['Failed', 'Error: ErrImagePull', false],
    ['BackOff', OLD_START, false],
  ])('%s %j: old start error %s', (reason, message, expected) => {
    expect(isOldStartError(event({ reason, message }))).toBe(expected);
  });
});

describe('lifecycleName', () => {
  it.each([
    ['Created', 'Created container: app', 'app'],
    ['Created', 'Created container app', 'app'],
    ['Started', 'Started container app', 'app'],
    ['Started', 'Started container with docker id 2a158eecfcfd', undefined],
    ['Created', 'Created container with docker id a63873af72e2; Security:[seccomp=unconfined]', undefined],
    ['Pulled', 'Started container app', undefined],
    ['Killing', 'Created container: app', undefined],
  ])('%s %j -> %j', (reason, message, name) => {
    expect(lifecycleName(event({ reason, type: 'Normal', message }))).toBe(name);
  });
});

describe('createdSince: a Created/Started event for the container at or after a time', () => {
  const started = (message: string, lastS: number, fieldPath?: string): EventRecord =>
    event({
      reason: message.startsWith('Created') ? 'Created' : 'Started',
      type: 'Normal',
      message,
      lastS,
      ...(fieldPath === undefined ? {} : { fieldPath }),
    });

  it('takes an event exactly at `since`, not one before it', () => {
    const e = started('Started container app', 100, 'spec.containers{app}');
    expect(createdSince([e], APP, ms(100))).toBe(e);
    expect(createdSince([e], APP, ms(100) + 1)).toBeUndefined();
  });

  it('by default takes both Created and Started; `reasons` narrows it', () => {
    const s = started('Started container app', 100, 'spec.containers{app}');
    const c = started('Created container: app', 100, 'spec.containers{app}');
    expect(createdSince([s], APP, ms(50))).toBe(s);
    expect(createdSince([c], APP, ms(50))).toBe(c);
    expect(createdSince([c], APP, ms(50), ['Started'])).toBeUndefined();
  });

  it('nothing without a ref', () => {
    const e = started('Started container app', 100, 'spec.containers{app}');
    expect(createdSince([e], undefined, ms(50))).toBeUndefined();
  });

  it.each([
    ['fieldPath names it', 'Started container app', 'spec.containers{app}', APP, true],
    [
      'fieldPath names it (docker-era message)',
      'Started container with docker id 4a5bd0d8b0a7',
      'spec.containers{app}',
      APP,
      true,
    ],
    ['fieldPath names another container', 'Started container app', 'spec.containers{web}', APP, false],
    [
      'fieldPath names an init container of that name',
      'Started container app',
      'spec.initContainers{app}',
      APP,
      false,
    ],
    [
      'fieldPath names the init container',
      'Started container migrate',
      'spec.initContainers{migrate}',
      INIT,
      true,
    ],
    ['no fieldPath, message names it', 'Created container: app', undefined, APP, true],
    ['no fieldPath, message names another', 'Created container: web', undefined, APP, false],
    [
      'no fieldPath, message names no container',
      'Started container with docker id 4a5bd0d8b0a7',
      undefined,
      APP,
      false,
    ],
    ['no fieldPath, empty message', '', undefined, APP, false],
  ] as const)('%s', (_label, message, fieldPath, ref, found) => {
    const e =
      message === ''
        ? event({ reason: 'Started', type: 'Normal', message, lastS: 100 })
        : started(message, 100, fieldPath);
    expect(createdSince([e], ref, ms(50)) === e).toBe(found);
  });
});

describe('newestTime / oldestTime', () => {
  const raw = (first?: number, last?: number): EventRecord => ({
    regarding: { kind: 'Pod', namespace: 'default', name: 'web-1' },
    reason: 'BackOff',
    message: 'Back-off pulling image "nginx:nope"',
    type: 'Normal',
    count: 1,
    ...(first === undefined ? {} : { first }),
    ...(last === undefined ? {} : { last }),
  });

  it.each([
    ['none', [], undefined, undefined],
    ['no times', [raw()], undefined, undefined],
    ['first and last differ', [raw(10, 20)], 20, 10],
    ['only first', [raw(10)], 10, 10],
    ['only last', [raw(undefined, 20)], 20, 20],
    ['ascending', [raw(10, 15), raw(30, 40)], 40, 10],
    ['descending', [raw(30, 40), raw(10, 15)], 40, 10],
    ['untimed among timed', [raw(), raw(30, 40), raw(), raw(10, 15), raw()], 40, 10],
  ] as const)('%s', (_label, events, newest, oldest) => {
    expect(newestTime(events)).toBe(newest);
    expect(oldestTime(events)).toBe(oldest);
  });
});

describe('shorten', () => {
  it('folds runs of whitespace into one space', () => {
    expect(shorten('  back-off   5m0s\n\trestarting  ')).toBe('back-off 5m0s restarting');
  });
  it.each([
    ['abcde', 5, 'abcde'],
    ['abcdef', 5, 'abcd…'],
    ['abcd', 5, 'abcd'],
  ])('%j at most %i -> %j', (text, max, out) => {
    expect(shorten(text, max)).toBe(out);
  });
  it('keeps 240 characters by default', () => {
    expect(shorten('x'.repeat(240))).toBe('x'.repeat(240));
    expect(shorten('x'.repeat(241))).toBe(`${'x'.repeat(239)}…`);
  });
});
