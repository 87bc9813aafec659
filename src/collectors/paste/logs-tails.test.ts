/**
 * The text a pasted `kubectl logs` printed (readLog: where it ends, what is kept), the runc exec
 * failures pasted on their own (strayExecFailure), and the pods made up for logs when the paste
 * holds none (podsForStrayLogs).
 */
import { describe, expect, it } from 'vitest';
import { UNNAMED_CONTAINER, UNNAMED_POD } from './common/types.js';
import { podsForStrayLogs, readLog, strayExecFailure, type PastedLog } from './logs.js';

const COMMAND = '$ kubectl logs web-1 -n shop';
const HEAD = { pod: 'web-1', namespace: 'shop', container: undefined, previous: false };

describe('readLog', () => {
  it.each([
    [
      'the end of the paste',
      ['Listening on :8080', 'GET /healthz 200'],
      2,
      ['Listening on :8080', 'GET /healthz 200'],
    ],
    ['the next prompt', ['Listening on :8080', '$ kubectl get pods'], 1, ['Listening on :8080']],
    ['a closing fence', ['Listening on :8080', '```', 'it crashes'], 1, ['Listening on :8080']],
    ['a closing tilde fence', ['Listening on :8080', '~~~', 'it crashes'], 1, ['Listening on :8080']],
    ['an indented fence', ['Listening on :8080', '   ```', 'it crashes'], 1, ['Listening on :8080']],
    ['a tab-indented fence', ['Listening on :8080', '\t```', 'it crashes'], 1, ['Listening on :8080']],
    [
      "kubectl's own error",
      [
        'Error from server (BadRequest): container "app" in pod "web-1" is waiting to start: ContainerCreating',
      ],
      0,
      undefined,
    ],
  ])('stops at %s', (_, body, end, kept) => {
    const got = readLog([COMMAND, ...body], 1, COMMAND);
    expect(got).toEqual({ end: end + 1, log: kept === undefined ? undefined : { ...HEAD, lines: kept } });
  });

  it.each([
    ['a pod not found', 'Error from server (NotFound): pods "web-1" not found'],
    [
      'the kubelet unreachable',
      'Error from server: Get "https://10.0.0.5:10250/containerLogs/shop/web-1/app": dial tcp 10.0.0.5:10250: i/o timeout',
    ],
    [
      'no previous run',
      'Error from server (BadRequest): previous terminated container "app" in pod "web-1" not found',
    ],
    ['a client error', 'error: a container name must be specified for pod web-1, choose one of: [app proxy]'],
  ])("kubectl's complaint about %s ends the log", (_, complaint) => {
    expect(readLog([COMMAND, 'starting', complaint], 1, COMMAND)).toEqual({
      end: 2,
      log: { ...HEAD, lines: ['starting'] },
    });
  });

  it.each([
    [
      'a Job',
      'Error from server (Forbidden): jobs.batch "migrate" is forbidden: User "system:serviceaccount:shop:default" cannot get resource "jobs"',
    ],
    ['a Job gone', 'Error from server (NotFound): jobs.batch "db-setup" not found'],
  ])("the server's answer to a kubectl run inside the pod about %s is a log line", (_, answer) => {
    expect(readLog([COMMAND, 'waiting for job', answer], 1, COMMAND)).toEqual({
      end: 3,
      log: { ...HEAD, lines: ['waiting for job', answer] },
    });
  });

  it.each([
    ['a state', ['state:', '  waiting:', '    reason: CreateContainerError']],
    ['a last state, list-indented', ['  - lastState:', '      terminated:', '        exitCode: 1']],
    ['the statuses', ['containerStatuses:', '- containerID: containerd://abc']],
    ['a status', ['status:', '  phase: Pending']],
  ])("a pod's %s from -o yaml pasted under the logs command ends the log", (_, yaml) => {
    expect(readLog([COMMAND, '...', ...yaml], 1, COMMAND)).toEqual({
      end: 2,
      log: { ...HEAD, lines: ['...'] },
    });
  });

  it('an app logging a word and a colon is still its log', () => {
    const body = ['state:', 'ready for connections', 'status: ok'];
    expect(readLog([COMMAND, ...body], 1, COMMAND)).toEqual({ end: 4, log: { ...HEAD, lines: body } });
  });

  it("kubectl's note on the container it picked lists the pod's containers and is no log line", () => {
    const note = 'Defaulted container "app" out of: app, proxy, setup (init), debugger-x7 (ephem)';
    const got = readLog([COMMAND, note, 'starting'], 1, COMMAND);
    expect(got?.log?.lines).toEqual(['starting']);
    expect(got?.pod?.raw).toEqual({
      kind: 'Pod',
      metadata: { name: 'web-1' },
      spec: { containers: [{ name: 'app' }, { name: 'proxy' }], initContainers: [{ name: 'setup' }] },
    });
  });

  it('a fence inside a log line is log text', () => {
    const body = ['level=info msg="rendering ```yaml block"', 'level=info msg=done'];
    expect(readLog([COMMAND, ...body], 1, COMMAND)).toEqual({ end: 3, log: { ...HEAD, lines: body } });
  });

  it.each([
    ['empty', ''],
    ['spaces', '   '],
    ['a tab', '\t'],
    ['a CR', '\r'],
  ])('trailing %s lines are dropped, inner ones kept', (_, blank) => {
    const got = readLog([COMMAND, 'starting', blank, 'ready', blank, blank], 1, COMMAND);
    expect(got).toEqual({ end: 6, log: { ...HEAD, lines: ['starting', blank, 'ready'] } });
  });

  it.each([
    ['nothing', [] as string[]],
    ['blank lines only', ['', '  ']],
  ])('a command that printed %s has no log', (_, body) => {
    expect(readLog([COMMAND, ...body, '$ kubectl get pods'], 1, COMMAND)).toEqual({
      end: body.length + 1,
      log: undefined,
    });
  });

  it.each([
    [199, 1],
    [200, 1],
    [201, 2],
    [250, 51],
  ])('%i lines keep the last 200 (from line %i)', (count, first) => {
    const body = Array.from({ length: count }, (_, i) => `line ${i + 1}`);
    const got = readLog([COMMAND, ...body], 1, COMMAND);
    expect(got?.end).toBe(count + 1);
    expect(got?.log?.lines).toHaveLength(Math.min(count, 200));
    expect(got?.log?.lines[0]).toBe(`line ${first}`);
    expect(got?.log?.lines.at(-1)).toBe(`line ${count}`);
  });

  it('a namespace flag counts when the command also reads all containers', () => {
    const command = 'kubectl logs web-1 -n shop --all-containers';
    expect(readLog([command, 'boom'], 1, command)?.log).toEqual({ ...HEAD, lines: ['boom'] });
  });

  it('other commands are no log', () => {
    expect(readLog(['kubectl get pods', 'web-1 1/1 Running 0 5m'], 1, 'kubectl get pods')).toBeUndefined();
  });
});

describe('strayExecFailure', () => {
  const line = 'exec /docker-entrypoint.sh: exec format error';
  const failure = (pod: string, container: string | undefined) => ({
    pod,
    namespace: undefined,
    container,
    previous: true,
    lines: [line],
  });

  it.each([
    [line, failure('', undefined)],
    [`[pod/web-7d9c8-abcde/app] ${line}`, failure('web-7d9c8-abcde', 'app')],
    [`The pod only prints \`${line}\` and restarts`, failure('', undefined)],
    [`I ran \`kubectl logs web-1\` and got \`${line}\``, failure('', undefined)],
    [`I ran \`kubectl logs --prefix\` and got \`[pod/web-1/app] ${line}\``, failure('web-1', 'app')],
    [`│ app ${line} │`, failure('', 'app')],
    [`web-1 app ${line}`, failure('web-1', 'app')],
  ])('%s', (text, expected) => {
    expect(strayExecFailure(text)).toEqual(expected);
  });

  it.each([
    '[pod/web-1/app] Listening on :8080',
    'The container fails with exec format error',
    'I ran `kubectl logs web-1` and got `Listening on :8080`',
    '',
  ])('%j is none', (text) => {
    expect(strayExecFailure(text)).toBeUndefined();
  });
});

describe('podsForStrayLogs', () => {
  it.each([
    ['init', true],
    ['istio-init', true],
    ['init-chown-data', true],
    ['wait-for-db', true],
    ['wait', true],
    ['check-db-ready', true],
    ['volume-permissions', true],
    ['change-perms', true],
    ['sysctl', true],
    ['web', false],
    ['initializer', false],
    ['waiter', false],
    ['db-checker', false],
  ])('a log of container %s: an init container %s', (name, init) => {
    const [pod] = podsForStrayLogs(
      [{ pod: 'web-1', namespace: 'shop', container: name, previous: false, lines: ['x'] }],
      3,
    ).pods;
    const spec = pod?.raw.spec as { containers: { name: string }[]; initContainers?: { name: string }[] };
    expect(spec.initContainers?.map((c) => c.name) ?? []).toEqual(init ? [name] : []);
    expect(spec.containers.map((c) => c.name)).toEqual(init ? [] : [name]);
  });

  const EXEC = 'standard_init_linux.go:228: exec user process caused: exec format error';
  const stray = (over: Partial<PastedLog>): PastedLog => ({
    pod: '',
    namespace: undefined,
    container: undefined,
    previous: true,
    lines: [EXEC],
    ...over,
  });

  it('one pod per namespace and name, with the containers its logs name', () => {
    const got = podsForStrayLogs(
      [
        stray({ pod: 'web-1', namespace: 'shop', container: 'app' }),
        stray({ pod: 'web-1', namespace: 'dev', container: 'app' }),
        stray({ pod: 'web-1', namespace: 'shop', container: 'sidecar' }),
        stray({ pod: 'api-1' }),
      ],
      7,
    );
    expect(got.pods).toStrictEqual([
      {
        raw: {
          kind: 'Pod',
          metadata: { name: 'web-1', namespace: 'shop' },
          spec: { containers: [{ name: 'app' }, { name: 'sidecar' }] },
        },
        line: 7,
      },
      {
        raw: {
          kind: 'Pod',
          metadata: { name: 'web-1', namespace: 'dev' },
          spec: { containers: [{ name: 'app' }] },
        },
        line: 7,
      },
      {
        raw: {
          kind: 'Pod',
          metadata: { name: 'api-1' },
          spec: { containers: [{ name: UNNAMED_CONTAINER }] },
        },
        line: 7,
      },
    ]);
  });

  it('a log naming no pod is of unnamed-pod, said to be inferred; named ones are not', () => {
    const logs = [stray({ pod: 'web-1', container: 'app' }), stray({})];
    const got = podsForStrayLogs(logs, 3);
    expect(got.logs.map((l) => l.pod)).toEqual(['web-1', UNNAMED_POD]);
    expect(got.pods).toStrictEqual([
      { raw: { kind: 'Pod', metadata: { name: 'web-1' }, spec: { containers: [{ name: 'app' }] } }, line: 3 },
      {
        raw: {
          kind: 'Pod',
          metadata: { name: UNNAMED_POD },
          spec: { containers: [{ name: UNNAMED_CONTAINER }] },
        },
        line: 3,
        inferredName: 'the log names no pod',
      },
    ]);
  });

  it('a pod the command itself names unnamed-pod is not inferred', () => {
    const got = podsForStrayLogs([stray({ pod: UNNAMED_POD, container: 'app' })], 1);
    expect(got.pods).toStrictEqual([
      {
        raw: { kind: 'Pod', metadata: { name: UNNAMED_POD }, spec: { containers: [{ name: 'app' }] } },
        line: 1,
      },
    ]);
  });
});

describe('podsForStrayLogs: a log kubectl read from a workload', () => {
  const log = (over: Partial<PastedLog>): PastedLog => ({
    pod: '',
    namespace: 'shop',
    container: undefined,
    previous: true,
    lines: ['Error: failed to connect to database'],
    ...over,
  });

  it('is of an unnamed pod the workload controls, and the report says which workload', () => {
    const [pod] = podsForStrayLogs([log({ owner: { kind: 'Deployment', name: 'web' } })], 2).pods;
    expect(pod?.raw.metadata).toStrictEqual({
      name: UNNAMED_POD,
      namespace: 'shop',
      ownerReferences: [{ kind: 'Deployment', name: 'web', controller: true }],
    });
    expect(pod?.inferredName).toBe('kubectl logs read one pod of Deployment web and did not print which');
  });

  it('a pod a command named keeps no owner from another command', () => {
    const [named] = podsForStrayLogs([log({ pod: 'web-1' })], 2).pods;
    expect(named?.raw.metadata).toStrictEqual({ name: 'web-1', namespace: 'shop' });
    expect(named?.inferredName).toBeUndefined();
  });
});
