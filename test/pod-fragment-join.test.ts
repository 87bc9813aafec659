/**
 * A container's state cut out of `kubectl describe pod` without the pod's name (Last State,
 * Reason, Exit Code, Message), pasted beside the one `get pods` row of its pod: the fragment is
 * that pod's, so the stage comes from what it says (a StartError under CrashLoopBackOff is the
 * container's start, an OOMKilled last state a crash), not from the row's STATUS word alone.
 * Where the paste names several pods, or the fragment names a container the pod does not have,
 * it stays apart.
 */
import { describe, expect, it } from 'vitest';
import { diagnosePaste } from './paste-diagnoses.js';

const CLOCK = Date.parse('2026-01-01T00:00:00Z');
const HEADER = 'NAME                              READY   STATUS             RESTARTS       AGE';
const row = (name: string, status = 'CrashLoopBackOff') =>
  `${name.padEnd(33)} 0/1     ${status.padEnd(18)} 32 (63s ago)   153m`;

const FRAGMENTS = {
  startError: [
    '    Last State:     Terminated',
    '      Reason:       StartError',
    '      Message:      failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/app/run": stat /app/run: no such file or directory: unknown',
    '      Exit Code:    128',
  ],
  oomKilled: [
    '    Last State:     Terminated',
    '      Reason:       OOMKilled',
    '      Exit Code:    137',
    '      Started:      Thu, 31 Dec 2025 23:40:00 +0000',
    '      Finished:     Thu, 31 Dec 2025 23:41:10 +0000',
  ],
};

function failed(text: string) {
  return diagnosePaste(text, CLOCK)
    .diagnoses.filter((d) => d.verdict === 'failed')
    .map((d) => `${d.target.name} ${d.stage} ${d.reason}`);
}

describe('a container state fragment beside the one pod pasted', () => {
  it.each([
    ['a StartError under CrashLoopBackOff', FRAGMENTS.startError, 'container-start ExecutableNotFound'],
    ['an OOMKilled last state', FRAGMENTS.oomKilled, 'crash OOMKilled'],
  ])('%s is that pod’s', (_, fragment, want) => {
    const text = [HEADER, row('worker-7d5cdbb7bd-4lhhw'), '', ...fragment].join('\n');
    expect(failed(text)).toEqual([`worker-7d5cdbb7bd-4lhhw ${want}`]);
  });

  it('with the row after the fragment too', () => {
    const text = [...FRAGMENTS.startError, '', HEADER, row('worker-7d5cdbb7bd-4lhhw')].join('\n');
    expect(failed(text)).toEqual(['worker-7d5cdbb7bd-4lhhw container-start ExecutableNotFound']);
  });

  it('a fragment under its container header joins the row too, and names its container', () => {
    const text = [
      HEADER,
      row('worker-7d5cdbb7bd-4lhhw'),
      '',
      'Containers:',
      '  worker:',
      ...FRAGMENTS.oomKilled,
    ].join('\n');
    const { snapshot, diagnoses } = diagnosePaste(text, CLOCK);
    const [d, ...rest] = diagnoses;
    expect(rest).toEqual([]);
    // The report says whose the fragment was taken to be, at the fragment's line.
    expect(snapshot.notes).toContain(
      "line 4: the container's state names no pod; it is pod worker-7d5cdbb7bd-4lhhw's, the one pod pasted",
    );
    expect(`${d?.target.name} ${d?.stage} ${d?.reason} ${d?.container?.name}`).toBe(
      'worker-7d5cdbb7bd-4lhhw crash OOMKilled worker',
    );
  });

  it("stays apart where it names a container the pod's describe does not", () => {
    const text = [
      'Name:         worker-7d5cdbb7bd-4lhhw',
      'Namespace:    shop',
      'Status:       Running',
      'Containers:',
      '  app:',
      '    State:          Waiting',
      '      Reason:       CrashLoopBackOff',
      '    Restart Count:  12',
      '',
      '```',
      'Containers:',
      '  sidecar:',
      ...FRAGMENTS.oomKilled,
      '```',
    ].join('\n');
    expect(failed(text)).toEqual([
      'sidecar crash OOMKilled',
      'worker-7d5cdbb7bd-4lhhw crash CrashLoopBackOff',
    ]);
  });

  it('stays apart where the paste names two pods: the fragment could be either’s', () => {
    const text = [
      HEADER,
      row('worker-7d5cdbb7bd-4lhhw'),
      row('worker-7d5cdbb7bd-9xkq2'),
      '',
      ...FRAGMENTS.startError,
    ].join('\n');
    const names = diagnosePaste(text, CLOCK).diagnoses.map((d) => d.target.name);
    expect(names).toContain('unnamed-pod');
    expect(failed(text).filter((f) => f.startsWith('worker-'))).toEqual([
      'worker-7d5cdbb7bd-4lhhw crash CrashLoopBackOff',
      'worker-7d5cdbb7bd-9xkq2 crash CrashLoopBackOff',
    ]);
  });
});
