/**
 * A `get pods` row of a one-container pod that reads Running after restarts: kubectl's RESTARTS
 * counts the container's restarts and `(2m ago)` is when its last run ended (printers.go: the
 * newest lastState.terminated.finishedAt). Restarting that often, that recently, is a crash loop
 * whatever the moment's STATUS word; long ago, it is history. With more containers the count and
 * the time may be any container's, so they say nothing of one.
 */
import { describe, expect, it } from 'vitest';
import { diagnosePaste } from './paste-diagnoses.js';

const CLOCK = Date.parse('2026-06-01T00:00:00Z');
const HEADER = 'NAME    READY   STATUS             RESTARTS       AGE';

function verdict(row: string): string {
  const [d] = diagnosePaste(`${HEADER}\n${row}`, CLOCK).diagnoses;
  return `${d?.verdict} ${d?.stage ?? ''} ${d?.reason ?? ''}`.trim();
}

describe('a Running row with restarts', () => {
  it.each([
    ['web-1   0/1     Running            15 (2m ago)    1h', 'failed crash CrashLoopBackOff'],
    ['web-1   1/1     Running            15 (2m ago)    1h', 'failed crash CrashLoopBackOff'],
    ['web-1   1/1     Running            5 (3d ago)     5d', 'healthy'],
    ['web-1   1/1     Running            3              5d', 'healthy'],
    ['web-1   0/1     Running            3              5d', 'failed readiness NotReady'],
    ['web-1   1/2     Running            15 (2m ago)    1h', 'failed readiness NotReady'],
    ['web-1   0/1     CrashLoopBackOff   7 (30s ago)    12m', 'failed crash CrashLoopBackOff'],
  ])('%s', (row, expected) => {
    expect(verdict(row)).toBe(expected);
  });

  it("dates the container's last end from (… ago), counted back from when kubectl ran", () => {
    const { snapshot } = diagnosePaste(`${HEADER}\nweb-1   0/1     Running   15 (2m ago)   1h`, CLOCK);
    const [status] = snapshot.pods[0]?.status.containerStatuses ?? [];
    expect(status?.restartCount).toBe(15);
    expect(status?.lastState?.terminated?.finishedAt).toBe('2026-05-31T23:58:00Z');
  });

  it("a state cut out of describe fills the row's dated termination with its reason", () => {
    const text = [
      'web-1   0/1     CrashLoopBackOff   32 (63s ago)   153m',
      '',
      '   Last State:     Terminated',
      '      Reason:       StartError',
      '      Message:      failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/app/run": permission denied: unknown',
      '      Exit Code:    128',
    ].join('\n');
    const { snapshot, diagnoses } = diagnosePaste(text, CLOCK);
    const [status] = snapshot.pods[0]?.status.containerStatuses ?? [];
    expect(status?.lastState?.terminated).toMatchObject({ reason: 'StartError', exitCode: 128 });
    expect(status?.lastState?.terminated?.finishedAt).toBeDefined();
    expect(diagnoses[0]?.stage).toBe('container-start');
  });
});
