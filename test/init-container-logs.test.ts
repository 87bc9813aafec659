/**
 * Init containers known only by what kubectl printed around their logs: a `kubectl logs -c NAME`
 * of a container named as charts name init containers, kubectl's "Defaulted container ... (init)"
 * note, the kubelet's "waiting to start: PodInitializing" answer. The log's end says whether the
 * init container failed (an error), is stuck (a wait that comes round again) or got what it
 * waited for; an app container's log never stands for an init container's.
 */
import { describe, expect, it } from 'vitest';
import { diagnosePaste, firstFailure } from './paste-diagnoses.js';

const CLOCK = Date.parse('2026-06-01T00:00:00Z');
const lines = (...l: string[]): string => l.join('\n');

describe('a pasted init container log without the pod around it', () => {
  it.each([
    [
      'a volume chown refused',
      lines('$ kubectl logs db-0 -c init-chown-data', 'chown: /var/lib/mysql: Operation not permitted'),
      'init-containers InitContainerFailed',
    ],
    [
      'a permissions step on an empty volume',
      lines(
        '$ kubectl logs proxy-6d9c7-kq2wz -c volume-permissions',
        'chmod: /data/*: No such file or directory',
      ),
      'init-containers InitContainerFailed',
    ],
    [
      'an in-pod kubectl refused by RBAC (previous run)',
      lines(
        '$ kubectl logs -p api-5f7d9-2xkqv -c wait-for-migrations',
        'Error from server (Forbidden): jobs.batch "migrate" is forbidden: User "system:serviceaccount:app:default" cannot get resource "jobs" in API group "batch" in the namespace "app"',
      ),
      'init-containers InitContainerFailed',
    ],
    [
      'a wait for a database that comes round again',
      lines(
        '$ kubectl -n app logs api-5f7d9-2xkqv -c check-db-ready',
        'waiting for postgres',
        'postgres:5432 - no response',
        'waiting for postgres',
        'postgres:5432 - no response',
      ),
      'init-containers InitContainerStuck',
    ],
  ])('%s', (_name, text, expected) => {
    expect(firstFailure(text, CLOCK)).toBe(expected);
  });

  it('a wait that ended with an arrival is no failure', () => {
    const text = lines(
      '$ kubectl logs worker-0 -c wait-for-database',
      'postgres:5432 - no response',
      'postgres:5432 - no response',
      'postgres:5432 - accepting connections',
    );
    expect(firstFailure(text, CLOCK)).toBe('undefined undefined');
  });

  it("an app container's error log is not read as an init container's", () => {
    const text = lines('$ kubectl logs web-1 -c web', 'Error: cannot open /etc/web.conf: Permission denied');
    const { diagnoses } = diagnosePaste(text, CLOCK);
    expect(diagnoses.map((d) => d.stage)).not.toContain('init-containers');
  });
});

describe("kubectl's notes on a pod that waits for its init containers", () => {
  it('the Defaulted-container list and the PodInitializing answer: the pod waits on the listed init containers', () => {
    const text = lines(
      'Defaulted container "web" out of: web, wait-for-install (init), wait-for-search (init)',
      'Error from server (BadRequest): container "web" in pod "web-55d95d6c57-j5b54" is waiting to start: PodInitializing',
    );
    const { diagnoses } = diagnosePaste(text, CLOCK);
    const [d] = diagnoses;
    expect(`${d?.target.name} ${d?.verdict} ${d?.stage} ${d?.reason}`).toBe(
      'web-55d95d6c57-j5b54 failed init-containers InitContainerStuck',
    );
    expect(d?.summary).toContain('wait-for-install, wait-for-search');
    expect(d?.confidence).toBe('low');
  });

  it("--all-containers: the lines before the PodInitializing answer are an init container's", () => {
    const text = lines(
      '$ kubectl logs search-7fc6f9b9bb-8ffgg --all-containers=true',
      "sysctl: error setting key 'vm.max_map_count': Read-only file system",
      'Error from server (BadRequest): container "search" in pod "search-7fc6f9b9bb-8ffgg" is waiting to start: PodInitializing',
    );
    expect(firstFailure(text, CLOCK)).toBe('init-containers InitContainerFailed');
  });

  it("the Defaulted note printed before an app container's own log is not part of the log", () => {
    const text = lines(
      '$ kubectl logs web-1',
      'Defaulted container "web" out of: web, setup (init)',
      'listening on :8080',
    );
    const { snapshot, diagnoses } = diagnosePaste(text, CLOCK);
    expect(snapshot.logs.map((l) => [l.container, l.lines])).toEqual([['web', ['listening on :8080']]]);
    expect(snapshot.pods[0]?.spec.initContainers?.map((c) => c.name)).toEqual(['setup']);
    expect(diagnoses.map((d) => d.verdict)).not.toContain('failed');
  });
});

describe("genuine kubectl output (kubectl logs against the simulator's init-container-stuck scenario)", () => {
  it("the default container's answer, then the init container's own log: that init container is stuck", () => {
    const text = lines(
      '$ kubectl logs -n analytics reporting-8494bd4468-5v2bw',
      'Defaulted container "reporting" out of: reporting, wait-for-db (init)',
      'Error from server (BadRequest): container "reporting" in pod "reporting-8494bd4468-5v2bw" is waiting to start: PodInitializing',
      '$ kubectl logs -n analytics reporting-8494bd4468-5v2bw -c wait-for-db',
      'waiting for postgres.analytics.svc.cluster.local:5432',
    );
    const [d] = diagnosePaste(text, CLOCK).diagnoses;
    expect([
      d?.target.namespace,
      d?.target.name,
      d?.verdict,
      d?.stage,
      d?.reason,
      d?.container?.name,
    ]).toEqual([
      'analytics',
      'reporting-8494bd4468-5v2bw',
      'failed',
      'init-containers',
      'InitContainerStuck',
      'wait-for-db',
    ]);
  });
});

describe('a pod status pasted under the logs command it followed', () => {
  it("is read as the pod's status, not kept as its log", () => {
    const text = lines(
      'kubectl logs -f db-6488476b5-25gs9',
      '...',
      'state:',
      '      waiting:',
      "        message: 'Error response from daemon: invalid mode: /var/lib/postgresql/data'",
      '        reason: CreateContainerError',
    );
    const [d] = diagnosePaste(text, CLOCK).diagnoses;
    expect([d?.target.name, d?.verdict, d?.stage, d?.reason]).toEqual([
      'db-6488476b5-25gs9',
      'failed',
      'container-config',
      'CreateContainerError',
    ]);
  });
});
