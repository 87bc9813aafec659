/**
 * A paste that is only `kubectl logs` output is not refused: the pod the command names is in the
 * evidence by its log alone, judged unknown (its status is not there), with the log's last line
 * as evidence and the commands that show the rest; an init container's log that ends in an error
 * is that init container failing; the previous run of kubectl's default container (`--previous`
 * without -c: an app container that terminated and was restarted) ending in an error is a crash.
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
  const text = (command: string): string =>
    [command, 'setting permissions of /var/lib/pgsql', 'chown: /data: Operation not permitted', ''].join(
      '\n',
    );

  it('an app container: its state is unknown, the log is the evidence', () => {
    const log = 'the log of its container';
    const [d, ...rest] = diagnoses(text('kubectl logs web-1'));
    expect(rest).toEqual([]);
    expect(`${d?.target.namespace}/${d?.target.name}`).toBe('default/web-1');
    expect(d?.verdict).toBe('unknown');
    expect(d?.stage).toBeNull();
    expect(d?.summary).toBe(
      `Only ${log} is in the evidence; without the pod's status and events its state is unknown.`,
    );
    expect(d?.evidence).toEqual([
      { source: 'log', text: `${log} ends: chown: /data: Operation not permitted` },
    ]);
  });

  it.each([
    ['kubectl logs web-1 -c app --previous', 'the previous log of container app'],
    ['kubectl logs web-1 app -p', 'the previous log of container app'],
  ])('%s: a container the command names may be an init container: unknown', (command, log) => {
    const [d] = diagnoses(text(command));
    expect([d?.verdict, d?.stage]).toEqual(['unknown', null]);
    expect(d?.evidence).toEqual([
      { source: 'log', text: `${log} ends: chown: /data: Operation not permitted` },
    ]);
  });

  it("the previous run of kubectl's default container, ending in an error: a crash, at low confidence", () => {
    const [d, ...rest] = diagnoses(text('kubectl logs web-1 --previous'));
    expect(rest).toEqual([]);
    expect([d?.verdict, d?.stage, d?.reason, d?.confidence]).toEqual([
      'failed',
      'crash',
      'ExitNonZero',
      'low',
    ]);
    expect(d?.summary).toContain('previous run ended in an error (chown: /data: Operation not permitted)');
  });

  it.each([
    ['$ kubectl logs -p move2kube-0 -c change-perms', 'default/move2kube-0', 'change-perms'],
    [
      'pi@kube-master: $ kubectl logs traefik-7d8bf8b9b-7bqq2 -c volume-permissions',
      'default/traefik-7d8bf8b9b-7bqq2',
      'volume-permissions',
    ],
    ['user@host:~$ kubectl logs -n data noobaa-db-pg-0 -c init', 'data/noobaa-db-pg-0', 'init'],
  ])('a container named as init containers are (%s): its error ends the init stage', (command, target, c) => {
    const [d, ...rest] = diagnoses(text(command));
    expect(rest).toEqual([]);
    expect(`${d?.target.namespace}/${d?.target.name}`).toBe(target);
    expect([d?.verdict, d?.stage, d?.reason, d?.container?.name, d?.container?.type]).toEqual([
      'failed',
      'init-containers',
      'InitContainerFailed',
      c,
      'init',
    ]);
    expect(d?.confidence).toBe('low');
    expect(d?.evidence.map((e) => e.text)).toContain(
      `${c} ${command.includes(' -p ') ? 'previous log' : 'log'}: chown: /data: Operation not permitted`,
    );
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
