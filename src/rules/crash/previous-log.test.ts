/**
 * An app container known only by its previous run's log (`kubectl logs --previous`, which kubectl
 * answers only for a container that terminated and was restarted): a log ending in an error is a
 * run that exited on it; anything else, or anything the evidence says better, is not.
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, pod, snapshot, state } from '../../../test/builders.js';
import type { Pod } from '../../model/index.js';
import { rule as exitNonZero } from './exit-non-zero.js';
import { rule as crashLoop } from './crash-loop-back-off.js';

const log = (c: string, lines: string[], previous = true) => ({
  namespace: 'default',
  pod: 'web-1',
  container: c,
  previous,
  lines,
});

/** A pod the evidence holds only by a log: no status at all. */
const bare = (containers = [container('app')]): Pod => {
  const p = pod({ containers });
  return { ...p, status: {} };
};

describe('a crash known only from the previous run’s log', () => {
  it.each([
    [
      'a Go panic',
      ['starting', 'panic: runtime error: invalid memory address or nil pointer dereference'],
      'panic: runtime error: invalid memory address or nil pointer dereference',
    ],
    [
      'an error line, then the exit status',
      ['Error: failed to connect to database: connection refused', 'exit status 1'],
      'exit status 1',
    ],
    [
      'a Python traceback',
      ['Traceback (most recent call last):', '  File "app.py", line 3', 'KeyError: missing setting'],
      'Traceback (most recent call last):',
    ],
    [
      'a fatal log line',
      ['level=info msg=start', 'level=fatal msg="cannot open /data: permission denied"'],
      'level=fatal msg="cannot open /data: permission denied"',
    ],
  ])('%s: ExitNonZero at low confidence, the error quoted', (_, lines, line) => {
    const [f, ...rest] = runRule(exitNonZero, snapshot({ pods: [bare()], logs: [log('', lines)] }));
    expect(rest).toEqual([]);
    expect([f?.reason, f?.messageId, f?.confidence, f?.basis, f?.container?.name]).toEqual([
      'ExitNonZero',
      'exitPreviousLog',
      'low',
      'events',
      'app',
    ]);
    expect(f?.data['line']).toBe(line);
    expect(f?.evidence.map((e) => e.text).at(-1)).toBe(`logs[] (previous): ${lines.at(-1) ?? ''}`);
    expect(f?.nextSteps[0]).toBe('kubectl logs web-1 -n default -c app --previous');
  });

  it('the paste reader’s unnamed container is kubectl’s default container too', () => {
    const [f] = runRule(
      exitNonZero,
      snapshot({ pods: [bare([container('unnamed')])], logs: [log('unnamed', ['panic: boom'])] }),
    );
    expect(f?.container?.name).toBe('unnamed');
  });

  it('a log of a container the command named (-c) may be an init container’s: no finding', () => {
    expect(runRule(exitNonZero, snapshot({ pods: [bare()], logs: [log('app', ['panic: boom'])] }))).toEqual(
      [],
    );
  });

  it.each([
    ['the current run’s log (it may still be running)', [log('', ['panic: boom'], false)]],
    ['a previous log that ends in work done', [log('', ['error: retrying', 'connected', 'ready'])]],
    ['a previous log that ends waiting', [log('', ['waiting for db', 'waiting for db'])]],
    ['runc’s exec failure (the container-start stage)', [log('', ['exec /app: exec format error'])]],
  ])('%s: no finding', (_, logs) => {
    expect(runRule(exitNonZero, snapshot({ pods: [bare()], logs }))).toEqual([]);
  });

  it('with several app containers, an unnamed log is of none of them', () => {
    const p = bare([container('app'), container('proxy')]);
    expect(runRule(exitNonZero, snapshot({ pods: [p], logs: [log('', ['panic: boom'])] }))).toEqual([]);
  });

  it('a container with a state is judged on it, not on the log', () => {
    const p = pod({ phase: 'Running', containerStatuses: [cstatus('app', { state: state.running(0) })] });
    expect(runRule(exitNonZero, snapshot({ pods: [p], logs: [log('', ['panic: boom'])] }))).toEqual([]);
  });

  it('restart back-offs in the events tell the crash instead (CrashLoopBackOff, the log as evidence)', () => {
    const back = event({
      reason: 'BackOff',
      fieldPath: 'spec.containers{app}',
      message: 'Back-off restarting failed container app in pod web-1_default(uid)',
      count: 5,
    });
    const snap = snapshot({ pods: [bare()], events: [back], logs: [log('', ['panic: boom'])] });
    expect(runRule(exitNonZero, snap)).toEqual([]);
    const [f] = runRule(crashLoop, snap);
    expect(f?.reason).toBe('CrashLoopBackOff');
  });
});
