/**
 * The same pod in several `kubectl get pods` rows with different STATUS words (`get pods -w`, the
 * table run again later) is the pod at several moments: the row pasted last is its state since, and
 * an earlier row's container state does not linger in it. (A row reading Terminating only adds the
 * deletion: test/deletion-requested.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { diagnosePaste } from './paste-diagnoses.js';

const CLOCK = Date.parse('2026-01-01T00:00:00Z');
const HEADER = 'NAME                          READY   STATUS                       RESTARTS   AGE';
const row = (name: string, ready: string, status: string, restarts: number, age: string) =>
  `${name.padEnd(29)} ${ready.padEnd(7)} ${status.padEnd(28)} ${String(restarts).padEnd(10)} ${age}`;

const verdicts = (text: string) =>
  diagnosePaste(text, CLOCK)
    .diagnoses.map((d) => `${d.target.name} ${d.verdict} ${d.stage ?? ''} ${d.reason ?? ''}`.trim())
    .sort();

describe('one pod in several get pods rows', () => {
  it.each([
    [
      'get pods -w: a config error that resolved',
      [
        '$ kubectl get pods -w',
        HEADER,
        row('speaker-4bq9z', '0/1', 'CreateContainerConfigError', 0, '7s'),
        row('speaker-4bq9z', '0/1', 'Running', 0, '15s'),
        row('speaker-4bq9z', '1/1', 'Running', 0, '19s'),
      ],
      ['speaker-4bq9z healthy'],
    ],
    [
      'get pods -w: a start that turned into a crash loop',
      [
        HEADER,
        row('web-7d9f', '0/1', 'ContainerCreating', 0, '2s'),
        row('web-7d9f', '0/1', 'Error', 1, '40s'),
        row('web-7d9f', '0/1', 'CrashLoopBackOff', 1, '41s'),
      ],
      ['web-7d9f failed crash CrashLoopBackOff'],
    ],
    [
      'two tables, a crash loop then the fixed rollout',
      [
        HEADER,
        row('api-0', '0/1', 'CrashLoopBackOff', 4, '6m'),
        '',
        HEADER,
        row('api-0', '1/1', 'Running', 0, '40s'),
      ],
      ['api-0 healthy'],
    ],
  ])('%s', (_, lines, want) => {
    expect(verdicts(lines.join('\n'))).toEqual(want);
  });

  it('rows with the same STATUS still add up (the later READY and RESTARTS win)', () => {
    const text = [
      HEADER,
      row('web-7d9f', '0/1', 'CrashLoopBackOff', 3, '5m'),
      row('web-7d9f', '0/1', 'CrashLoopBackOff', 4, '6m'),
    ].join('\n');
    const [d] = diagnosePaste(text, CLOCK).diagnoses;
    expect(`${d?.stage} ${d?.reason}`).toBe('crash CrashLoopBackOff');
    expect(d?.summary).toContain('4 restarts');
  });
});

/**
 * A run-to-completion init container is restarted only when it fails: running again after
 * restarts, with no start time in the evidence, it is a crash loop, not one run stuck since the
 * pod started.
 */
describe('an init container running again after restarts', () => {
  it.each([
    ['restarted', 9, 'failed init-containers InitContainerCrashLoop'],
    ['never restarted (its run began with the pod)', 0, 'failed init-containers InitContainerStuck'],
  ])('%s', (_, restarts, want) => {
    const text = [HEADER, row('web-0', '0/2', 'Init:0/1', restarts, '60m')].join('\n');
    const [d] = diagnosePaste(text, CLOCK).diagnoses;
    expect(`${d?.verdict} ${d?.stage} ${d?.reason}`).toBe(want);
  });
});
