/**
 * service-endpoints/target-port-mismatch, in detail: which slices show an unresolved port name,
 * which pods are judged, and the exact evidence, confidence and next steps of each message.
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import { container, endpointSlice, ms, pod, runningPod, service, snapshot } from '../../../test/builders.js';
import type { ContainerPort, EndpointSlice, Pod, ServicePort } from '../../model/index.js';
import { rule } from './target-port-mismatch.js';

const SERVICE_STEPS = [
  'kubectl describe service web -n default',
  'kubectl get endpointslices -n default -l kubernetes.io/service-name=web -o wide',
  'kubectl get pods -n default -l app=web -o wide',
];
const webWith = (ports: ServicePort[]) => service({ selector: { app: 'web' }, ports });
const namedHttp = webWith([{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }]);
/** A pod from a `kubectl get pods` row: labels known, containers and their ports not. */
const rowPod = (name = 'web-1') => pod({ name, labels: { app: 'web' }, phase: 'Running', containers: [] });
const withPorts = (name: string, ports: ContainerPort[], phase = 'Running'): Pod =>
  runningPod({ name, labels: { app: 'web' }, phase, containers: [container('app', { ports })] });
const sliceWith = (ports: EndpointSlice['ports'], n = 1): EndpointSlice => ({
  ...endpointSlice({ endpoints: Array.from({ length: n }, (_, i) => ({ ip: `10.244.1.${i + 1}` })) }),
  ...(ports === undefined ? {} : { ports }),
});
const portless = (n = 1): EndpointSlice => {
  const s = sliceWith(undefined, n);
  return { kind: s.kind, metadata: s.metadata, addressType: 'IPv4', endpoints: s.endpoints };
};

describe('target-port-mismatch: pod specs unknown, the slices tell', () => {
  const unresolved = (endpoints: number, sliceLine: string) => ({
    ruleId: 'service-endpoints/target-port-mismatch',
    stage: 'service-endpoints',
    reason: 'TargetPortMismatch',
    status: 'failed',
    basis: 'state',
    messageId: 'namedPortUnresolved',
    data: {
      service: 'web',
      port: 'http 80/TCP',
      targetPort: 'http',
      slice: 'EndpointSlice web-abcde',
      endpoints,
    },
    evidence: [
      { source: 'service', text: 'Service default/web selector app=web, ports http 80->http/TCP' },
      { source: 'endpointslice', text: sliceLine },
    ],
    nextSteps: [
      ...SERVICE_STEPS,
      "kubectl get pods -n default -l app=web -o jsonpath='{.items[*].spec.containers[*].ports}'",
      'Name the container port "http" in the pod template, or point targetPort at a port name or number the container has.',
    ],
  });

  it.each([
    ['a slice with an empty port list', sliceWith([], 2), 2],
    ['a slice without a port list at all', portless(1), 1],
    [
      'a slice that carries only the other port, "metrics"',
      sliceWith([{ name: 'metrics', port: 9090 }], 1),
      1,
    ],
  ])('%s: the name did not resolve', (_, slice, n) => {
    const snap = snapshot({ services: [namedHttp], pods: [rowPod()], endpointSlices: [slice] });
    const line =
      n === 1
        ? 'EndpointSlice web-abcde: 1 endpoint (10.244.1.1 ready)'
        : 'EndpointSlice web-abcde: 2 endpoints (10.244.1.1 ready, 10.244.1.2 ready)';
    expect(runRule(rule, snap, ms(600))).toEqual([unresolved(n, line)]);
  });

  it.each([
    ['a slice without endpoints, hence without ports', sliceWith([], 0), namedHttp],
    ['a slice without endpoints nor port list', portless(0), namedHttp],
    [
      'a slice that carries the port next to another',
      sliceWith([
        { name: 'metrics', port: 9090 },
        { name: 'http', port: 8080 },
      ]),
      namedHttp,
    ],
    [
      'a table slice with one unnamed port number next to a named one',
      sliceWith([{ name: 'metrics', port: 9090 }, { port: 8080 }]),
      namedHttp,
    ],
    [
      'an unnamed Service port, the slice port named "" as the controller names it',
      sliceWith([{ name: '', port: 8080 }]),
      webWith([{ port: 80, targetPort: 'http', protocol: 'TCP' }]),
    ],
  ])('%s: nothing to report', (_, slice, svc) => {
    const snap = snapshot({ services: [svc], pods: [rowPod()], endpointSlices: [slice] });
    expect(runRule(rule, snap, ms(600))).toEqual([]);
  });

  it('a Service without a selector (hand-written endpoints): its mirrored slice is not judged', () => {
    const manual = service({ ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }] });
    const snap = snapshot({ services: [manual], endpointSlices: [sliceWith([])] });
    expect(runRule(rule, snap, ms(600))).toEqual([]);
  });
});

describe('target-port-mismatch: the selected pods declare their ports', () => {
  it('numeric: names at most three pods, medium confidence, points at the declared ports', () => {
    const pods = ['web-1', 'web-2', 'web-3', 'web-4'].map((n) =>
      withPorts(n, [{ containerPort: 3000, name: 'http' }]),
    );
    const snap = snapshot({ services: [service({ selector: { app: 'web' } })], pods });
    expect(runRule(rule, snap, ms(600))).toEqual([
      {
        ruleId: 'service-endpoints/target-port-mismatch',
        stage: 'service-endpoints',
        reason: 'TargetPortMismatch',
        status: 'failed',
        basis: 'state',
        messageId: 'numericPortNotDeclared',
        data: {
          service: 'web',
          port: 'http 80/TCP',
          targetPort: '8080',
          pods: 4,
          declared: 'app 3000/TCP (http)',
        },
        confidence: 'medium',
        evidence: [
          { source: 'service', text: 'Service default/web selector app=web, ports http 80->8080/TCP' },
          ...['web-1', 'web-2', 'web-3'].map((n) => ({
            source: 'spec',
            text: `pod ${n} container ports: app 3000/TCP (http)`,
          })),
        ],
        nextSteps: [
          ...SERVICE_STEPS,
          'Set targetPort to the port the app listens on (one of: app 3000/TCP (http)), or fix the containerPort if the app really listens on 8080.',
        ],
      },
    ]);
  });

  it('named: high confidence, asks to name the container port', () => {
    const snap = snapshot({
      services: [webWith([{ name: 'http', port: 80, targetPort: 'web', protocol: 'TCP' }])],
      pods: [withPorts('web-1', [{ containerPort: 3000, name: 'http' }])],
    });
    const [f, ...rest] = runRule(rule, snap, ms(600));
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe('namedPortMissing');
    expect(f?.confidence).toBe('high');
    expect(f?.nextSteps).toEqual([
      ...SERVICE_STEPS,
      'Name the container port "web" in the pod template, or point targetPort at a port name or number the container has.',
    ]);
  });

  it('a headless Service without ports has no targetPort to judge', () => {
    const headless = service({ selector: { app: 'web' } });
    const snap = snapshot({
      services: [{ ...headless, spec: { selector: { app: 'web' }, type: 'ClusterIP', clusterIP: 'None' } }],
      pods: [withPorts('web-1', [{ containerPort: 3000 }])],
    });
    expect(runRule(rule, snap, ms(600))).toEqual([]);
  });

  it('a finished pod that had the port does not count; the running one is the sample', () => {
    const snap = snapshot({
      services: [service({ selector: { app: 'web' } })],
      pods: [
        withPorts('web-0', [{ containerPort: 8080 }], 'Succeeded'),
        withPorts('web-1', [{ containerPort: 3000 }]),
      ],
    });
    const [f] = runRule(rule, snap, ms(600));
    expect(f?.data).toEqual({
      service: 'web',
      port: 'http 80/TCP',
      targetPort: '8080',
      pods: 1,
      declared: 'app 3000/TCP',
    });
    expect(f?.evidence.filter((e) => e.source === 'spec').map((e) => e.text)).toEqual([
      'pod web-1 container ports: app 3000/TCP',
    ]);
  });

  it('a pod known only from a table row (no containers) is neither counted nor the sample', () => {
    const snap = snapshot({
      services: [service({ selector: { app: 'web' } })],
      pods: [rowPod('web-0'), withPorts('web-1', [{ containerPort: 3000 }])],
    });
    const [f] = runRule(rule, snap, ms(600));
    expect(f?.data).toEqual({
      service: 'web',
      port: 'http 80/TCP',
      targetPort: '8080',
      pods: 1,
      declared: 'app 3000/TCP',
    });
    expect(f?.evidence.filter((e) => e.source === 'spec').map((e) => e.text)).toEqual([
      'pod web-1 container ports: app 3000/TCP',
    ]);
  });
});
