/**
 * A `kubectl get pods` row says little (a STATUS word, READY as ready containers); the events
 * beside it say what happened. Two classes where the row must not outvote them (texts are
 * genuine kubectl 1.33 output against the simulator):
 * - CrashLoopBackOff over start failures: the back-off restarts a container whose process never
 *   started (the kubelet's `Failed` "Error: failed to create containerd task …" with no `Started`
 *   since): container-start, not crash.
 * - READY 1/1 Running and the node controller's "Node is not ready": the row's READY counts the
 *   containers the silent kubelet last reported ready; the pod sits on a NotReady node.
 */
import { describe, expect, it } from 'vitest';
import { diagnosePaste } from './paste-diagnoses.js';

const CLOCK = Date.parse('2026-12-03T09:50:00Z');
function judged(text: string): string[] {
  return diagnosePaste(text, CLOCK).diagnoses.map((d) =>
    `${d.target.name} ${d.verdict} ${d.stage ?? ''} ${d.reason ?? ''}`.trim(),
  );
}

const POD = 'thumbnailer-767f6bd7ff-wkmqn';
const row = (status: string, restarts: string) =>
  `$ kubectl get pods -n media\nNAME                           READY   STATUS             RESTARTS      AGE\n${POD}   0/1     ${status.padEnd(16)}   ${restarts.padEnd(11)}   3m`;
const START_FAILED = (age: string) =>
  `${age.padEnd(11)} Warning   Failed              pod/${POD}    Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/usr/local/bin/thumbnailer": exec format error: unknown`;
const events = (...rows: string[]) =>
  [
    '$ kubectl get events -n media',
    'LAST SEEN   TYPE      REASON              OBJECT                              MESSAGE',
    `3m          Normal    Pulled              pod/${POD}    Successfully pulled image "ghcr.io/acme/thumbnailer:1.0.0-arm64" in 1.399s (1.399s including waiting). Image size: 52428800 bytes.`,
    `28s         Normal    Created             pod/${POD}    Created container thumbnailer`,
    ...rows,
    `7s          Warning   BackOff             pod/${POD}    Back-off restarting failed container thumbnailer in pod ${POD}_media(97bbb076-6db3-4be2-a072-919115749124)`,
  ].join('\n');

describe('CrashLoopBackOff in a get pods row over start failures', () => {
  it.each([
    ['CrashLoopBackOff', '5 (28s ago)'],
    ['CrashLoopBackOff', '12 (4m2s ago)'],
  ])('%s %s: container-start, the process never started', (status, restarts) => {
    expect(judged(`${row(status, restarts)}\n${events(START_FAILED('28s'))}`)).toEqual([
      `${POD} failed container-start ExecFormatError`,
    ]);
  });

  it('a Started after the last start failure: the container ran, the loop is the crash stage', () => {
    const started = `20s         Normal    Started             pod/${POD}    Started container thumbnailer`;
    expect(
      judged(`${row('CrashLoopBackOff', '5 (20s ago)')}\n${events(START_FAILED('2m'), started)}`),
    ).toEqual([`${POD} failed crash CrashLoopBackOff`]);
  });

  it('without start-failure events the row stays a crash loop', () => {
    expect(judged(`${row('CrashLoopBackOff', '5 (28s ago)')}\n${events()}`)).toEqual([
      `${POD} failed crash CrashLoopBackOff`,
    ]);
  });
});

describe('READY 1/1 Running beside "Node is not ready"', () => {
  const API = 'api-6ff4c4c8bc-7c5rn';
  const base = [
    '$ kubectl get pods -n orders',
    'NAME                   READY   STATUS    RESTARTS   AGE',
    `${API}   1/1     Running   0          4m`,
    '$ kubectl get events -n orders',
    'LAST SEEN   TYPE      REASON              OBJECT                      MESSAGE',
    `3m59s       Normal    Started             pod/${API}    Started container api`,
    `2m          Warning   NodeNotReady        pod/${API}    Node is not ready`,
  ];

  it('the pod is on a NotReady node', () => {
    expect(judged(base.join('\n'))).toEqual([`${API} failed node NodeNotReady`]);
  });

  it('the kubelet recorded the pod again after it: the node came back', () => {
    const again = `30s         Normal    Started             pod/${API}    Started container api`;
    expect(judged([...base, again].join('\n'))).toEqual([`${API} healthy`]);
  });

  it('a describe that shows the Ready condition True outweighs the event', () => {
    const describe = [
      `$ kubectl describe pod ${API} -n orders`,
      `Name:             ${API}`,
      'Namespace:        orders',
      'Status:           Running',
      'Conditions:',
      '  Type              Status',
      '  Initialized       True ',
      '  Ready             True ',
      '  ContainersReady   True ',
      '  PodScheduled      True ',
      'Events:',
      '  Type     Reason        Age   From             Message',
      '  ----     ------        ----  ----             -------',
      '  Warning  NodeNotReady  2m    node-controller  Node is not ready',
    ].join('\n');
    expect(judged(describe)[0]).toMatch(new RegExp(`^${API} (healthy|unknown)`));
  });
});

describe('describe svc + get endpoints + get pods --show-labels of a healthy Service', () => {
  // kubectl 1.33 against the simulator's healthy-rollout scenario: three Ready pods, all three
  // behind the Service; the row gives no pod IP, the ENDPOINTS column no pod names.
  const text = [
    '$ kubectl describe svc -n shop',
    'Name:                     web',
    'Namespace:                shop',
    'Selector:                 app=web',
    'Type:                     ClusterIP',
    'IP:                       10.104.209.107',
    'Port:                     http  80/TCP',
    'TargetPort:               http/TCP',
    'Endpoints:                10.244.2.2:8080,10.244.1.2:8080,10.244.0.2:8080',
    'Events:                   <none>',
    '$ kubectl get endpoints -n shop',
    'NAME   ENDPOINTS                                         AGE',
    'web    10.244.0.2:8080,10.244.1.2:8080,10.244.2.2:8080   3m',
    '$ kubectl get pods -n shop --show-labels',
    'NAME                   READY   STATUS    RESTARTS   AGE   LABELS',
    'web-64655968f8-hzh9g   1/1     Running   0          3m    app=web,pod-template-hash=64655968f8',
    'web-64655968f8-kqn9r   1/1     Running   0          3m    app=web,pod-template-hash=64655968f8',
    'web-64655968f8-tknx6   1/1     Running   0          3m    app=web,pod-template-hash=64655968f8',
  ];

  it('is healthy: a pod without a known IP is not proven missing from unnamed addresses', () => {
    expect(judged(text.join('\n')).filter((l) => / failed /.test(l))).toEqual([]);
  });

  it('a pod whose IP is known and not among the addresses is missing', () => {
    const wide = [
      ...text.slice(0, 13),
      '$ kubectl get pods -n shop -o wide --show-labels',
      'NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE       NOMINATED NODE   READINESS GATES   LABELS',
      'web-64655968f8-hzh9g   1/1     Running   0          3m    10.244.0.2   worker-a   <none>           <none>            app=web,pod-template-hash=64655968f8',
      'web-64655968f8-kqn9r   1/1     Running   0          3m    10.244.3.9   worker-b   <none>           <none>            app=web,pod-template-hash=64655968f8',
    ];
    expect(
      judged(wide.join('\n'))
        .filter((l) => / failed /.test(l))
        .sort(),
    ).toEqual([
      'web failed service-endpoints NotInEndpoints',
      'web-64655968f8-kqn9r failed service-endpoints NotInEndpoints',
    ]);
  });
});
