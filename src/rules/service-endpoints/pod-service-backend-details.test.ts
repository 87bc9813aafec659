/**
 * service-endpoints/pod-service-backend, in detail: which pods and Services are judged, in what
 * order, and the exact evidence, confidence and next steps of each message.
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import { cond, container, endpointSlice, ms, runningPod, service, snapshot } from '../../../test/builders.js';
import type { ContainerPort, Pod, PodCondition, Service } from '../../model/index.js';
import { rule } from './pod-service-backend.js';

const serviceSteps = (name: string) => [
  `kubectl describe service ${name} -n default`,
  `kubectl get endpointslices -n default -l kubernetes.io/service-name=${name} -o wide`,
  'kubectl get pods -n default -l app=web -o wide',
];
const CONTROLLER_STEP =
  "The EndpointSlice controller (kube-controller-manager) has not added the pod: check its logs and the slices' endpointslice.kubernetes.io/managed-by label.";
const AGREE_STEP =
  'Make the Service targetPort and the container port agree (same number, or the same port name).';

/** Pod web-1 selected by app=web: ContainersReady a second before Ready (at readyS). */
const ready = (
  opts: {
    readyS?: number;
    ip?: string;
    readyCond?: PodCondition;
    ports?: ContainerPort[];
    deletionS?: number;
  } = {},
): Pod => {
  const readyS = opts.readyS ?? 10;
  const p = runningPod({
    labels: { app: 'web' },
    containers: [container('app', opts.ports === undefined ? {} : { ports: opts.ports })],
    ...(opts.deletionS === undefined ? {} : { deletionS: opts.deletionS }),
    conditions: [
      cond('ContainersReady', 'True', undefined, undefined, readyS - 1),
      opts.readyCond ?? cond('Ready', 'True', undefined, undefined, readyS),
    ],
  });
  return opts.ip === undefined ? p : { ...p, status: { ...p.status, podIP: opts.ip } };
};
const svc = (name: string, extra: Partial<Service['spec']> = {}): Service => {
  const s = service({ name, selector: { app: 'web' } });
  return { ...s, spec: { ...s.spec, ...extra } };
};
const otherSlice = (name: string) =>
  endpointSlice({ service: name, endpoints: [{ ip: '10.0.0.7', pod: 'web-0' }] });
const notListedFinding = (name: string, readyText: string, at: number | undefined) => ({
  ruleId: 'service-endpoints/pod-service-backend',
  stage: 'service-endpoints',
  reason: 'NotInEndpoints',
  status: 'failed',
  basis: 'state',
  messageId: 'podNotInEndpoints',
  data: { service: name },
  evidence: [
    { source: 'service', text: `Service default/${name} selector app=web, ports http 80->8080/TCP` },
    { source: 'condition', text: readyText },
    { source: 'endpointslice', text: `EndpointSlice ${name}-abcde: 1 endpoint (web-0 ready)` },
  ],
  ...(at === undefined ? {} : { at }),
  nextSteps: [...serviceSteps(name), CONTROLLER_STEP],
});

describe('pod-service-backend: a Ready pod the endpoints do not list', () => {
  it('one finding per Service, sorted by name, with the Ready time and pod IP', () => {
    const snap = snapshot({
      services: [svc('zeta'), svc('alpha')],
      pods: [ready({ ip: '10.0.0.1' })],
      endpointSlices: [otherSlice('zeta'), otherSlice('alpha')],
    });
    const line = 'pod Ready=True since 2026-01-01T00:00:10Z, IP 10.0.0.1';
    expect(runRule(rule, snap, ms(600))).toEqual([
      notListedFinding('alpha', line, ms(10)),
      notListedFinding('zeta', line, ms(10)),
    ]);
  });

  it('no pod IP, no Ready transition time: both shown as unknown, failed at once', () => {
    const snap = snapshot({
      services: [svc('web')],
      pods: [ready({ readyCond: { type: 'Ready', status: 'True' } })],
      endpointSlices: [otherSlice('web')],
    });
    expect(runRule(rule, snap, ms(600))).toEqual([
      notListedFinding('web', 'pod Ready=True since (time unknown), IP (none)', undefined),
    ]);
  });

  it.each([
    [
      'a Ready pod being deleted is leaving the endpoints on purpose',
      [svc('web')],
      ready({ deletionS: 500 }),
    ],
    [
      'an ExternalName Service has no endpoints, whatever its selector',
      [svc('web', { type: 'ExternalName', externalName: 'web.example.com' })],
      ready(),
    ],
  ])('%s', (_, services, p) => {
    const snap = snapshot({ services, pods: [p], endpointSlices: [otherSlice('web')] });
    expect(runRule(rule, snap, ms(600))).toEqual([]);
  });

  it('a pod and Service written without a namespace, listed by a slice of namespace ""', () => {
    const p = ready();
    const s = svc('web');
    const snap = snapshot({
      services: [{ ...s, metadata: { name: 'web' } }],
      pods: [{ ...p, metadata: { name: 'web-1', labels: { app: 'web' } } }],
      endpointSlices: [endpointSlice({ namespace: '', endpoints: [{ ip: '10.0.0.1', pod: 'web-1' }] })],
    });
    expect(runRule(rule, snap, ms(600))).toEqual([]);
  });
});

describe('pod-service-backend: the targetPort this pod lacks', () => {
  const finding = (messageId: string, targetPort: string, confidence: string) => ({
    ruleId: 'service-endpoints/pod-service-backend',
    stage: 'service-endpoints',
    reason: 'TargetPortMismatch',
    status: 'failed',
    basis: 'state',
    messageId,
    data: { service: 'web', port: 'http 80/TCP', targetPort, declared: 'app 3000/TCP (api)' },
    confidence,
    evidence: [
      { source: 'service', text: `Service default/web selector app=web, ports http 80->${targetPort}/TCP` },
      { source: 'spec', text: 'pod web-1 container ports: app 3000/TCP (api)' },
    ],
    nextSteps: [...serviceSteps('web'), AGREE_STEP],
  });

  it.each([
    ['a named targetPort: high confidence', 'http', 'podTargetPortNamed', 'high'],
    ['a numeric targetPort: medium confidence', 8080, 'podTargetPortNumeric', 'medium'],
  ] as const)('%s', (_, targetPort, messageId, confidence) => {
    const snap = snapshot({
      services: [svc('web', { ports: [{ name: 'http', port: 80, targetPort, protocol: 'TCP' }] })],
      pods: [ready({ ports: [{ containerPort: 3000, name: 'api' }] })],
    });
    expect(runRule(rule, snap, ms(600))).toEqual([finding(messageId, String(targetPort), confidence)]);
  });

  it('a headless Service without ports has no targetPort to judge', () => {
    const headless: Service = {
      kind: 'Service',
      metadata: { name: 'web', namespace: 'default' },
      spec: { selector: { app: 'web' }, type: 'ClusterIP', clusterIP: 'None' },
    };
    const snap = snapshot({ services: [headless], pods: [ready({ ports: [{ containerPort: 3000 }] })] });
    expect(runRule(rule, snap, ms(600))).toEqual([]);
  });
});
