/**
 * A paste that is only `kubectl logs` output is not refused: the pod the command names is in the
 * evidence by its log alone, judged unknown (its status is not there), with the log's last line
 * as evidence and the commands that show the rest.
 */
import { describe, expect, it } from 'vitest';
import { snapshotFromSources } from '../src/collectors/files/index.js';
import { referenceTimeOf } from '../src/collectors/collector.js';
import { diagnose } from '../src/rules/engine/index.js';
import { RULES } from '../src/rules/index.js';

const CLOCK = Date.parse('2026-01-01T00:00:00Z');

function diagnoses(text: string) {
  const snapshot = snapshotFromSources([{ name: 'paste.txt', text }], ['paste.txt'], { clock: () => CLOCK });
  return diagnose(snapshot, { now: referenceTimeOf(snapshot) ?? CLOCK, rules: RULES }).diagnoses;
}

describe('a paste of kubectl logs output only', () => {
  it.each([
    [
      '$ kubectl logs -p move2kube-0 -c change-perms',
      'default/move2kube-0',
      'the previous log of container change-perms',
    ],
    [
      'pi@kube-master: $ kubectl logs traefik-7d8bf8b9b-7bqq2 -c volume-permissions',
      'default/traefik-7d8bf8b9b-7bqq2',
      'the log of container volume-permissions',
    ],
    [
      'user@host:~$ kubectl logs -n data noobaa-db-pg-0 -c init',
      'data/noobaa-db-pg-0',
      'the log of container init',
    ],
    ['kubectl logs web-1 --previous', 'default/web-1', 'the previous log of its container'],
  ])('%s', (command, target, log) => {
    const text = [
      command,
      'setting permissions of /var/lib/pgsql',
      'chown: /data: Operation not permitted',
      '',
    ].join('\n');
    const [d, ...rest] = diagnoses(text);
    expect(rest).toEqual([]);
    expect(`${d?.target.namespace}/${d?.target.name}`).toBe(target);
    expect(d?.verdict).toBe('unknown');
    expect(d?.stage).toBeNull();
    expect(d?.summary).toBe(
      `Only ${log} is in the evidence; without the pod's status and events its state is unknown.`,
    );
    expect(d?.evidence).toEqual([
      { source: 'log', text: `${log} ends: chown: /data: Operation not permitted` },
    ]);
  });

  it('a pasted pod keeps the usual judgement: the log is only evidence beside it', () => {
    const text = [
      'NAME    READY   STATUS    RESTARTS   AGE',
      'web-1   1/1     Running   0          3h',
      '$ kubectl logs web-1',
      'listening on :8080',
    ].join('\n');
    const [d] = diagnoses(text);
    expect(d?.verdict).toBe('healthy');
  });

  it('a log of a command that names no one pod stays unread: refused', () => {
    expect(() =>
      diagnoses(['$ kubectl logs -l app=web', 'chown: /data: Operation not permitted'].join('\n')),
    ).toThrow(/holds no Kubernetes objects or kubectl output/);
  });

  it("a paste of nothing but the API server's answer to kubectl is read, with a note, not refused", () => {
    const text = '$ kubectl get job migrate\nError from server (NotFound): jobs.batch "migrate" not found\n';
    const snapshot = snapshotFromSources([{ name: 'paste.txt', text }], ['paste.txt'], { now: 0 });
    expect(snapshot.pods).toEqual([]);
    expect(snapshot.notes.some((n) => n.includes('answered a kubectl request with NotFound'))).toBe(true);
  });
});
