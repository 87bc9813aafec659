/**
 * The same kubectl output reads the same in whatever wrapper people paste it in: a markdown quote or
 * an indented code block (GitHub, a list item), Windows line ends, a web page's no-break and
 * zero-width spaces (a Q&A answer copied from the browser), describe columns separated by tabs,
 * a CI runner's time before every line and its shell's trace of the commands, and the reporter's words before and after the output.
 */
import { describe, expect, it } from 'vitest';
import { diagnosePaste, firstFailure } from './paste-diagnoses.js';

const CLOCK = Date.parse('2026-01-01T00:00:00Z');

const PASTES: { name: string; text: string; want: string }[] = [
  {
    name: 'a describe Events table',
    text: [
      '$ kubectl describe pod web-6d4b9c8f6d-x2x7k',
      'Events:',
      '  Type     Reason     Age                 From           Message',
      '  ----     ------     ----                ----           -------',
      '  Normal   Started    58m (x5 over 1h)    kubelet, dk03  Started container web',
      '  Warning  Unhealthy  12m (x100 over 1h)  kubelet, dk03  Liveness probe failed: Get https://10.1.3.82:8443/: dial tcp 10.1.3.82:8443: connect: connection refused',
      '  Warning  BackOff    2m (x373 over 1h)   kubelet, dk03  Back-off restarting failed container',
    ].join('\n'),
    want: 'liveness LivenessProbeFailed',
  },
  {
    name: 'a logs command answered by the API server',
    text: [
      'kubectl logs es-7fc6f9b9bb-8ffgg --all-containers=true',
      "sysctl: error setting key 'vm.max_map_count': Read-only file system",
      'Error from server (BadRequest): container "es" in pod "es-7fc6f9b9bb-8ffgg" is waiting to start: PodInitializing',
    ].join('\n'),
    want: 'init-containers InitContainerFailed',
  },
  {
    name: 'a crash-looping pod and its log',
    text: [
      '$ kubectl get pods',
      'NAME                       READY   STATUS             RESTARTS   AGE',
      'hello-6468f86645-x98pq     0/1     CrashLoopBackOff   7          13m',
      '$ kubectl logs hello-6468f86645-x98pq',
      'standard_init_linux.go:211: exec user process caused "exec format error"',
    ].join('\n'),
    want: 'container-start ExecFormatError',
  },
  {
    name: 'a get events table',
    text: [
      'LAST SEEN   TYPE      REASON        OBJECT          MESSAGE',
      '7m18s       Warning   FailedMount   pod/web-1       MountVolume.SetUp failed for volume "cfg" : secret "web-cfg" not found',
    ].join('\n'),
    want: 'volumes VolumeSourceNotFound',
  },
];

PASTES.push({
  name: 'a pod as YAML',
  text: [
    '$ kubectl get pod ham-1-h6tn7 -n qa -o yaml',
    'apiVersion: v1',
    'kind: Pod',
    'metadata:',
    '  creationTimestamp: "2025-12-31T22:00:41Z"',
    '  name: ham-1-h6tn7',
    '  namespace: qa',
    'spec:',
    '  containers:',
    '  - image: "registry.example.com/data/ham:2023.05.02"',
    '    name: ham',
    '  nodeName: worker-7',
    'status:',
    '  containerStatuses:',
    '  - containerID: "containerd://0f3c2d9a8b7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0"',
    '    image: "registry.example.com/data/ham:2023.05.02"',
    '    lastState:',
    '      terminated:',
    '        exitCode: 137',
    '        finishedAt: "2025-12-31T23:50:00Z"',
    '        reason: OOMKilled',
    '        startedAt: "2025-12-31T23:40:00Z"',
    '    name: ham',
    '    ready: false',
    '    restartCount: 9',
    '    state:',
    '      waiting:',
    '        message: "back-off 5m0s restarting failed container=ham pod=ham-1-h6tn7_qa(9c9e649b-a769-475b-81b2-baea0a640a6e)"',
    '        reason: CrashLoopBackOff',
    '  phase: Running',
  ].join('\n'),
  want: 'crash OOMKilled',
});

const byLine = (f: (l: string) => string) => (text: string) => text.split('\n').map(f).join('\n');

/** The text as a terminal `width` columns wide that cuts lines rather than wrapping them shows it. */
const cutAt = (width: number) =>
  byLine((l) => (l.length <= width ? l : (l.match(new RegExp(`.{1,${width}}`, 'g')) ?? [l]).join('\n')));

const WRAPPERS: readonly { name: string; wrap: (text: string) => string }[] = [
  { name: 'as printed', wrap: (t) => t },
  { name: 'in a markdown quote', wrap: byLine((l) => `> ${l}`) },
  { name: 'indented as a markdown code block', wrap: byLine((l) => `    ${l}`) },
  { name: 'with Windows line ends', wrap: (t) => t.replace(/\n/g, '\r\n') },
  { name: 'copied from a web page (no-break spaces)', wrap: (t) => t.replace(/ {2}/g, '\u00a0 ') },
  {
    name: 'with zero-width spaces and a byte-order mark',
    wrap: (t) => `\ufeff${t.replace(/\n/g, '\u200b\n')}`,
  },
  { name: 'with columns separated by tabs', wrap: byLine((l) => l.replace(/(?<=\S) {2,}(?=\S)/g, '\t')) },
  {
    name: 'with its commands traced by a CI shell (set -x)',
    wrap: (t) => t.replace(/^(?:\$ )?(?=kubectl )/gm, '+ '),
  },
  {
    name: "in a CI runner's raw log",
    wrap: byLine((l) => `2025-11-03T08:15:42.6170954Z ${l}`),
  },
  { name: 'cut by a terminal 80 columns wide', wrap: cutAt(80) },
  { name: 'cut by a terminal 100 columns wide', wrap: cutAt(100) },
  { name: 'cut by a terminal 120 columns wide', wrap: cutAt(120) },
  { name: 'cut by a terminal 137 columns wide', wrap: cutAt(137) },
  {
    name: 'set in typographic quotes by a blog or a wiki',
    wrap: (t) => t.replace(/"([^"\n]*)"/g, '\u201c$1\u201d').replace(/ --(?=[a-z])/g, ' \u2013'),
  },
  {
    name: "copied from a page's HTML source",
    wrap: (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'),
  },
  {
    name: "copied with a code block's line numbers",
    wrap: (t) =>
      t
        .split('\n')
        .map((l, i) => `${String(i + 1).padStart(2)} ${l}`)
        .join('\n'),
  },
  {
    name: 'double-spaced by a page that set each line as a paragraph',
    wrap: (t) => t.split('\n').join('\n\n'),
  },
  {
    name: "between the reporter's words",
    wrap: (t) => `I ran these and got the following, any idea what is wrong?\n\n${t}\n\nThanks in advance!`,
  },
];

describe.each(PASTES)('$name', ({ text, want }) => {
  it.each(WRAPPERS)('reads the same $name', ({ wrap }) => {
    expect(firstFailure(wrap(text), CLOCK)).toBe(want);
  });
});

describe("a CI runner's raw log", () => {
  it('counts the pasted ages back from the time it printed the last line', () => {
    const text = [
      '2025-11-03T08:15:42.0000000Z $ kubectl get events',
      '2025-11-03T08:15:43.0000000Z LAST SEEN   TYPE      REASON        OBJECT          MESSAGE',
      '2025-11-03T08:15:43.5000000Z 10m         Warning   FailedMount   pod/web-1       MountVolume.SetUp failed for volume "cfg" : secret "web-cfg" not found',
    ].join('\n');
    const { snapshot } = diagnosePaste(text, CLOCK);
    expect(snapshot.events.map((e) => e.last)).toEqual([Date.parse('2025-11-03T08:05:43.500Z')]);
  });
});
