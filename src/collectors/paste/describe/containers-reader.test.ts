import { describe, expect, it } from 'vitest';
import { readContainers } from './containers.js';
import { newDoc, type Doc } from './doc.js';
import { UNNAMED_CONTAINER } from '../common/types.js';

/** readContainers over genuine kubectl describe text: where it stops, and what each container holds. */

function read(
  text: string,
  start: number,
  keyed: boolean,
  group: 'app' | 'init' = 'app',
): { end: number; doc: Doc } {
  const doc = newDoc();
  const end = readContainers(text.split('\n'), start, doc, group, keyed);
  return { end, doc };
}

/** test/fixtures/kubectl/v1.31/crash--job-exit-non-zero.txt, lines 18-49: a multi-line termination message. */
const JOB = `Containers:
  reindex:
    Container ID:  containerd://8eb8fc41b29e35678d3d181266a3956340d64404310cc57fdf863eeb152b1609
    Image:         ghcr.io/acme/search-tools:2.2.0
    Image ID:      ghcr.io/acme/search-tools@sha256:57f4a81ea59219f23e63997f15c694b6688eaf2cd274d90e305c500786e1c26a
    Port:          <none>
    Host Port:     <none>
    Args:
      reindex
      --index=products-v7
      --batch=500
    State:      Terminated
      Reason:   Error
      Message:  Error: index "products-v7" not found
    at Reindexer.resolveTarget (/app/dist/reindex.js:88:13)
    at async Reindexer.run (/app/dist/reindex.js:41:20)
    at async main (/app/dist/cli.js:17:3)

      Exit Code:    1
      Started:      Sun, 29 Nov 2026 16:03:43 +0000
      Finished:     Sun, 29 Nov 2026 16:04:25 +0000
    Ready:          False
    Restart Count:  0
    Limits:
      memory:  1Gi
    Requests:
      cpu:        500m
      memory:     1Gi
    Environment:  <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-5bmjm (ro)
Conditions:
  Type                        Status`;

const MESSAGE =
  'Error: index "products-v7" not found at Reindexer.resolveTarget (/app/dist/reindex.js:88:13) ' +
  'at async Reindexer.run (/app/dist/reindex.js:41:20) at async main (/app/dist/cli.js:17:3)';

describe('a keyed Containers section with a wrapped Message and a blank line inside it', () => {
  const { end, doc } = read(JOB, 0, true);
  const c = doc.containers[0];

  it('stops at Conditions, past the blank line that the Exit Code follows', () => {
    expect(end).toBe(31);
    expect(doc.containers).toHaveLength(1);
  });

  it('reads the name, group and the terminated state with its joined message', () => {
    expect(c).toMatchObject({ name: 'reindex', named: true, group: 'app', hasStatus: true });
    expect(c?.state).toEqual({
      kind: 'terminated',
      reason: 'Error',
      message: MESSAGE,
      exitCode: 1,
      signal: undefined,
      startedAt: '2026-11-29T16:03:43Z',
      finishedAt: '2026-11-29T16:04:25Z',
    });
    expect(c?.lastState).toBeUndefined();
  });

  it('reads the fields after the state and the lists', () => {
    expect(c?.spec).toEqual({
      image: 'ghcr.io/acme/search-tools:2.2.0',
      args: ['reindex', '--index=products-v7', '--batch=500'],
      resources: { limits: { memory: '1Gi' }, requests: { cpu: '500m', memory: '1Gi' } },
      volumeMounts: [
        {
          name: 'kube-api-access-5bmjm',
          mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
          readOnly: true,
        },
      ],
    });
    expect(c?.status).toEqual({
      containerID: 'containerd://8eb8fc41b29e35678d3d181266a3956340d64404310cc57fdf863eeb152b1609',
      imageID:
        'ghcr.io/acme/search-tools@sha256:57f4a81ea59219f23e63997f15c694b6688eaf2cd274d90e305c500786e1c26a',
      ready: false,
      restartCount: 0,
    });
  });

  it('counts the section, the name line and every field it recognised', () => {
    // Containers, reindex, 6 fields to Args, State + 5 sub-fields, Ready, Restart Count,
    // Limits, Requests, Environment, Mounts
    expect(doc.recognised).toBe(1 + 1 + 6 + 6 + 2 + 4);
  });
});

describe('a blank line inside the containers: kept only when a container field follows within two lines', () => {
  const head = JOB.split('\n').slice(0, 15).join('\n'); // down to the last "at …" line of the message
  it.each([
    ['a container field after one blank', `${head}\n\n    Ready:          False`, 17],
    ['a state field after one blank', `${head}\n\n      Exit Code:    1`, 17],
    ['a container field after two blanks', `${head}\n\n\n    Restart Count:  0`, 18],
    ['a container field after three blanks', `${head}\n\n\n\n    Restart Count:  0`, 15],
    ['a section after the blank', `${head}\n\nConditions:`, 15],
    ['a blank line that ends the text', `${head}\n`, 15],
    ['a name line after the blank', `${head}\n\n  sidecar:`, 15],
  ])('%s', (_, text, end) => {
    const r = read(text, 0, true);
    expect(r.end).toBe(end);
    expect(r.doc.containers.map((c) => c.name)).toEqual(['reindex']);
  });

  it('reads the field after the blank into the same container', () => {
    const r = read(`${head}\n\n      Exit Code:    1\n    Ready:          False`, 0, true);
    expect(r.doc.containers[0]?.state?.exitCode).toBe(1);
    expect(r.doc.containers[0]?.status.ready).toBe(false);
  });
});

/** test/fixtures/kubectl/v1.33/init-containers--init-crashloop-config-fetch.txt: both container sections. */
const INIT = `Init Containers:
  fetch-config:
    Container ID:  containerd://78a09f2adb64393a7d79260efcf0bcc3959e33afe3598d5187b65be14eae2186
    Image:         docker.io/curlimages/curl:8.11.1
    Image ID:      docker.io/curlimages/curl@sha256:a7a59cad94266105f535e1452e48fd3982ae9cc447207d66d831010f42acd564
    Port:          <none>
    Host Port:     <none>
    Command:
      sh
      -c
      curl -fsS -H "Authorization: Bearer $(cat /var/run/secrets/config-token/token)" https://config.acme.internal/v1/catalog/config.yaml -o /config/config.yaml
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       Error
      Exit Code:    22
      Started:      Sun, 29 Nov 2026 16:01:40 +0000
      Finished:     Sun, 29 Nov 2026 16:01:41 +0000
    Ready:          False
    Restart Count:  8
    Environment:    <none>
    Mounts:
      /config from config (rw)
      /var/run/secrets/config-token from config-token (ro)
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-wpt6l (ro)
Containers:
  catalog:
    Container ID:   
    Image:          ghcr.io/acme/catalog:6.2.0
    Image ID:       
    Port:           8080/TCP
    Host Port:      0/TCP
    State:          Waiting
      Reason:       PodInitializing
    Ready:          False
    Restart Count:  0
    Limits:
      memory:  512Mi
    Requests:
      cpu:        200m
      memory:     512Mi
    Environment:  <none>
    Mounts:
      /etc/catalog from config (ro)
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-wpt6l (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True`;

const INIT_LINES = INIT.split('\n');
const at = (prefix: string): number => INIT_LINES.findIndex((l) => l.startsWith(prefix));

describe('Init Containers then Containers, keyed', () => {
  it('the init section ends at the Containers line, its command items kept whole', () => {
    const { end, doc } = read(INIT, 0, true, 'init');
    expect(end).toBe(at('Containers:'));
    expect(doc.containers).toHaveLength(1);
    const c = doc.containers[0];
    expect(c).toMatchObject({ name: 'fetch-config', named: true, group: 'init' });
    expect(c?.spec.command).toEqual([
      'sh',
      '-c',
      'curl -fsS -H "Authorization: Bearer $(cat /var/run/secrets/config-token/token)" https://config.acme.internal/v1/catalog/config.yaml -o /config/config.yaml',
    ]);
    expect(c?.state).toMatchObject({ kind: 'waiting', reason: 'CrashLoopBackOff', exitCode: undefined });
    expect(c?.lastState).toMatchObject({ kind: 'terminated', reason: 'Error', exitCode: 22 });
    expect(c?.status).toMatchObject({ ready: false, restartCount: 8 });
    expect((c?.spec.volumeMounts as unknown[]).length).toBe(3);
  });

  it('the app section ends at Conditions', () => {
    const start = at('Containers:');
    const { end, doc } = read(INIT, start, true);
    expect(end).toBe(at('Conditions:'));
    expect(doc.containers.map((c) => [c.name, c.group, c.state?.kind, c.state?.reason])).toEqual([
      ['catalog', 'app', 'waiting', 'PodInitializing'],
    ]);
    expect(doc.containers[0]?.spec.resources).toEqual({
      limits: { memory: '512Mi' },
      requests: { cpu: '200m', memory: '512Mi' },
    });
  });

  it('a section line with a value on it ("Containers: <none>") is one line', () => {
    const doc = newDoc();
    expect(readContainers(['Containers:  <none>', 'Conditions:'], 0, doc, 'app', true)).toBe(1);
    expect(doc.containers).toEqual([]);
    expect(doc.recognised).toBe(1);
  });
});

describe('a fragment that starts inside a container (no section line)', () => {
  it('the catalog container from its State down to Conditions: one unnamed container, ended by the section', () => {
    const lines = INIT_LINES.slice(INIT_LINES.lastIndexOf('    State:          Waiting'));
    const doc = newDoc();
    const end = readContainers(lines, 0, doc, 'app', false);
    expect(lines[end]).toBe('Conditions:');
    expect(doc.containers).toHaveLength(1);
    expect(doc.containers[0]).toMatchObject({ name: UNNAMED_CONTAINER, named: false, group: 'app' });
    expect(doc.containers[0]?.state).toMatchObject({ kind: 'waiting', reason: 'PodInitializing' });
    expect(doc.containers[0]?.spec.volumeMounts).toEqual([
      { name: 'config', mountPath: '/etc/catalog', readOnly: true },
      {
        name: 'kube-api-access-wpt6l',
        mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
        readOnly: true,
      },
    ]);
  });

  /** real case 034 (crash-oomkilled-operator): a Last State pasted alone. */
  it.each([
    ['  Last State:     Terminated', 'lastState', 'terminated'],
    ['  State:          Terminated', 'state', 'terminated'],
    ['  State:          Running', 'state', 'running'],
    ['  State:          Waiting', 'state', 'waiting'],
    ['  Last Termination State:  Terminated', 'lastState', 'terminated'],
  ] as const)('%s opens the %s of an unnamed container', (first, which, kind) => {
    const lines = [first, '  Reason:       OOMKilled', '  Exit Code:    137'];
    const doc = newDoc();
    expect(readContainers(lines, 0, doc, 'app', false)).toBe(3);
    expect(doc.containers).toHaveLength(1);
    const c = doc.containers[0];
    expect(c).toMatchObject({ name: UNNAMED_CONTAINER, named: false, hasStatus: true });
    expect(c?.[which]).toMatchObject({ kind, reason: 'OOMKilled', exitCode: 137 });
    expect(c?.[which === 'state' ? 'lastState' : 'state']).toBeUndefined();
    expect(doc.recognised).toBe(3);
  });
});

describe('where a wrapped termination message ends', () => {
  const JOB_LINES = JOB.split('\n');
  const message = JOB_LINES.findIndex((l) => l.startsWith('      Message:'));
  const lastAt = message + 3; // "    at async main (/app/dist/cli.js:17:3)"
  /** The app container of test/fixtures/kubectl/v1.33/node--node-not-ready-pod-still-running.txt, lines 17-20. */
  const CART = [
    '  cart:',
    '    Container ID:   containerd://be189587b8e2b9f2ff45726cadfd5ad99aee7520883ea22ca38f5a5cefab9f57',
    '    Image:          ghcr.io/acme/cart:3.9.0',
  ];

  it('an elided rest of the container ("...") then the next container name line: the message stops before both', () => {
    const lines = [...JOB_LINES.slice(0, lastAt + 1), '    ...', ...CART];
    const doc = newDoc();
    expect(readContainers(lines, 0, doc, 'app', true)).toBe(lines.length);
    expect(doc.containers.map((c) => [c.name, c.named])).toEqual([
      ['reindex', true],
      ['cart', true],
    ]);
    expect(doc.containers[0]?.state?.message).toBe(MESSAGE);
    expect(doc.containers[1]?.spec.image).toBe('ghcr.io/acme/cart:3.9.0');
    expect(doc.containers[1]?.state).toBeUndefined();
  });

  it('a paste cut after the message and followed by the next paste\'s describe header ends at the "Name:" line', () => {
    const lines = [
      ...JOB_LINES.slice(1, lastAt + 1),
      'Name:             reindex-products-bf7nv',
      'Namespace:        batch',
    ];
    const doc = newDoc();
    expect(readContainers(lines, 0, doc, 'app', false)).toBe(lastAt);
    expect(doc.containers).toHaveLength(1);
    expect(doc.containers[0]?.state?.message).toBe(MESSAGE);
  });

  it('the same under a Containers line: the header line at column 0 is not message text', () => {
    const lines = [...JOB_LINES.slice(0, lastAt + 1), 'Name:             reindex-products-bf7nv'];
    const doc = newDoc();
    expect(readContainers(lines, 0, doc, 'app', true)).toBe(lastAt + 1);
    expect(doc.containers[0]?.state?.message).toBe(MESSAGE);
  });

  it('a paste that starts at the Message line: an unnamed container whose state has no kind', () => {
    const lines = JOB_LINES.slice(message, message + 8); // Message … Finished
    const doc = newDoc();
    expect(readContainers(lines, 0, doc, 'app', false)).toBe(8);
    expect(doc.containers).toHaveLength(1);
    expect(doc.containers[0]).toMatchObject({ name: UNNAMED_CONTAINER, named: false, hasStatus: true });
    expect(doc.containers[0]?.state).toEqual({
      kind: undefined,
      reason: undefined,
      message: MESSAGE,
      exitCode: 1,
      signal: undefined,
      startedAt: '2026-11-29T16:03:43Z',
      finishedAt: '2026-11-29T16:04:25Z',
    });
    expect(doc.recognised).toBe(4);
  });
});

describe('a fragment that ends in a Mounts list, then the paste goes on', () => {
  const fragment = INIT_LINES.slice(INIT_LINES.lastIndexOf('    State:          Waiting'), at('Conditions:'));
  it.each([
    ['a markdown fence', '```'],
    ['a shell prompt', '$ kubectl get events -n catalog'],
    ['a blank line then a prompt', ''],
  ])('%s ends it at that line', (_, next) => {
    const lines = [...fragment, next, '$ kubectl get events -n catalog', 'LAST SEEN   TYPE      REASON'];
    const doc = newDoc();
    expect(readContainers(lines, 0, doc, 'app', false)).toBe(fragment.length);
    expect(doc.containers).toHaveLength(1);
    expect(doc.containers[0]?.spec.volumeMounts).toHaveLength(2);
  });
});

describe('a fragment that ends on a plain field, then the events table without its "Events:" line', () => {
  /** test/fixtures/kubectl/v1.33/init-containers--init-crashloop-config-fetch.txt, the events table. */
  const EVENTS = [
    '  Type     Reason     Age                  From               Message',
    '  ----     ------     ----                 ----               -------',
    '  Normal   Scheduled  22m                  default-scheduler  Successfully assigned shop/catalog-t49sm62js6-7mx6w to k8s-worker-1',
  ];
  const from = INIT_LINES.lastIndexOf('    State:          Waiting');
  it.each([
    ['Restart Count', '    Restart Count:  0'],
    ['Ready', '    Ready:          False'],
    ['Image', '    Image:          ghcr.io/acme/catalog:6.2.0'],
  ])('after %s the table header ends the containers', (_, last) => {
    const fragment = [...INIT_LINES.slice(from, from + 2), last];
    const doc = newDoc();
    expect(readContainers([...fragment, ...EVENTS], 0, doc, 'app', false)).toBe(fragment.length);
    expect(doc.containers).toHaveLength(1);
    expect(doc.containers[0]?.state).toMatchObject({ kind: 'waiting', reason: 'PodInitializing' });
  });
});
