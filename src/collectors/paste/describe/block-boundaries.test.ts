import { describe, expect, it } from 'vitest';
import { parseDescribe } from './block.js';
import { at, describeAll, lineCount, ofKind, only } from './describe-test-helpers.js';

/** parseDescribe over genuine kubectl describe text: where a block ends, and what the objects carry. */

/** real case 400 (service-endpoints-at-consumer-named-targetport-none), verbatim after its prompt. */
const SVC = `Name:                     at-consumer-platform-service
Namespace:                default
Labels:                   app=at-consumer-platform
                          chart=helm-at-consumer-platform-0.1.78
                          heritage=Tiller
                          release=at-consumer-platform
                          version=11
Annotations:              cloud.google.com/load-balancer-type=Internal
Selector:                 app=at-consumer-platform
Type:                     LoadBalancer
IP:                       10.178.4.40
IP:                       10.176.0.10
LoadBalancer Ingress:     10.176.0.10
Port:                     http-web  80/TCP
TargetPort:               %!d(string=http-web)/TCP
NodePort:                 http-web  30727/TCP
Endpoints:                <none>
Session Affinity:         None
External Traffic Policy:  Cluster
Events:                   <none>
`;

/** real case 351 (healthy-describe-job-pi-completed-2019), the header: "Completed At" and "Duration" are not known keys. */
const JOB_HEADER = `Name:           pi
Namespace:      default
Selector:       controller-uid=c9948307-e56d-4b5d-8302-ae2d7b7da67c
Labels:         controller-uid=c9948307-e56d-4b5d-8302-ae2d7b7da67c
                job-name=pi
Parallelism:    1
Completions:    1
Start Time:     Mon, 02 Dec 2019 15:20:11 +0200
Completed At:   Mon, 02 Dec 2019 15:21:16 +0200
Duration:       65s
Pods Statuses:  0 Running / 1 Succeeded / 0 Failed
`;

/** test/fixtures/kubectl/v1.33/node--node-not-ready-pod-still-running.txt, lines 2-15 and the events. */
const POD_HEAD = `Name:             cart-q867v8v6hm-vjrkj
Namespace:        shop
Priority:         0
Service Account:  default
Node:             k8s-worker-2/10.0.1.12
Start Time:       Sun, 29 Nov 2026 13:14:20 +0000
Labels:           app=cart
Status:           Running
IP:               10.244.12.7`;
const EVENTS = `Events:
  Type     Reason        Age    From             Message
  ----     ------        ----   ----             -------
  Warning  NodeNotReady  3m29s  node-controller  Node is not ready`;

describe("a service describe: its Port line is the service's, not a container's", () => {
  it('one block over the whole paste, one Service with its port', () => {
    const { objects, blocks } = describeAll(SVC);
    expect(blocks).toEqual([[0, lineCount(SVC)]]);
    const svc = only(objects, 'Service');
    expect(at(svc, 'metadata')).toMatchObject({ name: 'at-consumer-platform-service', namespace: 'default' });
    expect(ofKind(objects, 'Pod')).toEqual([]);
  });
});

describe('top-level fields a reader does not know, aligned with the field before them', () => {
  it('"Completed At" and "Duration" of a Job stay in the block', () => {
    const { objects, blocks } = describeAll(JOB_HEADER);
    expect(blocks).toEqual([[0, lineCount(JOB_HEADER)]]);
    expect(at(only(objects, 'Job'), 'metadata.name')).toBe('pi');
  });

  it.each([
    ['one column to the left', 'Completed At:  Mon, 02 Dec 2019 15:21:16 +0200'],
    ['one column to the right', 'Completed At:    Mon, 02 Dec 2019 15:21:16 +0200'],
    ['lower-case key', 'completed At:   Mon, 02 Dec 2019 15:21:16 +0200'],
  ])('a field %s ends the block', (_, line) => {
    const lines = JOB_HEADER.trimEnd().split('\n');
    const cut = lines.findIndex((l) => l.startsWith('Completed At:'));
    lines[cut] = line;
    expect(parseDescribe(lines, 0)?.end).toBe(cut);
  });
});

describe('blank lines inside a describe', () => {
  it.each([
    ['one blank then Events', `${POD_HEAD}\n\n${EVENTS}`, 'all'],
    ['two blanks then Events', `${POD_HEAD}\n\n\n${EVENTS}`, 'all'],
    ['three blanks then Events', `${POD_HEAD}\n\n\n\n${EVENTS}`, 'head'],
    [
      'a blank then the events table without its Events line',
      `${POD_HEAD}\n\n${EVENTS.split('\n').slice(1).join('\n')}`,
      'all',
    ],
    ['a blank then a new describe', `${POD_HEAD}\n\n${POD_HEAD}`, 'head'],
    ['a blank then a prompt', `${POD_HEAD}\n\n$ kubectl get pods -n shop`, 'head'],
    ['a blank then plain text', `${POD_HEAD}\n\nthe pod never becomes ready`, 'head'],
    ['a blank at the end', `${POD_HEAD}\n\n`, 'head'],
  ])('%s', (_, text, upTo) => {
    const lines = text.split('\n');
    const end = upTo === 'all' ? lines.length : POD_HEAD.split('\n').length;
    expect(parseDescribe(lines, 0)?.end).toBe(end);
  });

  it('an elision ("...") inside the header keeps the block going', () => {
    const lines = [...POD_HEAD.split('\n'), '...', ...EVENTS.split('\n')];
    const r = parseDescribe(lines, 0);
    expect(r?.end).toBe(lines.length);
    expect(r?.objects.filter((o) => o.raw.kind === 'Event')).toHaveLength(1);
  });

  it.each([
    ['a markdown fence', '```'],
    ['a prompt', '$ kubectl get events -n shop'],
  ])('%s right after the header ends the block', (_, line) => {
    const lines = [...POD_HEAD.split('\n'), line, ...EVENTS.split('\n')];
    expect(parseDescribe(lines, 0)?.end).toBe(POD_HEAD.split('\n').length);
  });
});

describe('the events point at the described object', () => {
  it('a pod: namespace on the pod and on each event, no fieldPath when the event names no container', () => {
    const { objects } = describeAll(`${POD_HEAD}\n${EVENTS}`);
    const pod = only(objects, 'Pod');
    expect(at(pod, 'metadata.namespace')).toBe('shop');
    const ev = only(objects, 'Event');
    expect(ev.involvedObject).toStrictEqual({
      kind: 'Pod',
      name: 'cart-q867v8v6hm-vjrkj',
      namespace: 'shop',
    });
    expect(objects.map((o) => o.line)).toEqual([1, 13]);
  });

  it('a pod whose Namespace is <none>: neither the pod nor its events get one', () => {
    const text = `${POD_HEAD.replace('Namespace:        shop', 'Namespace:        <none>')}\n${EVENTS}`;
    const { objects } = describeAll(text);
    expect(at(only(objects, 'Pod'), 'metadata.namespace')).toBeUndefined();
    expect(only(objects, 'Event').involvedObject).toStrictEqual({
      kind: 'Pod',
      name: 'cart-q867v8v6hm-vjrkj',
    });
  });
});

describe('out of range starts', () => {
  it.each([-1, 9, 10])('parseDescribe at %i is undefined', (start) => {
    expect(parseDescribe(POD_HEAD.split('\n'), start)).toBeUndefined();
  });
});
