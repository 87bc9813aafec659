/**
 * service-endpoints/not-in-endpoints, in detail: which pods count as missing, how many are named,
 * when the controller lag ends, and the exact evidence and next steps of both messages.
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import { cond, endpointSlice, endpoints, ms, runningPod, service, snapshot } from '../../../test/builders.js';
import type { Endpoints, Pod, PodCondition, Service } from '../../model/index.js';
import { rule } from './not-in-endpoints.js';

const web = service({ selector: { app: 'web' } });
const SVC_LINE = 'Service default/web selector app=web, ports http 80->8080/TCP';
const SERVICE_STEPS = [
  'kubectl describe service web -n default',
  'kubectl get endpointslices -n default -l kubernetes.io/service-name=web -o wide',
  'kubectl get pods -n default -l app=web -o wide',
];
const CONTROLLER_STEP =
  'The EndpointSlice controller (kube-controller-manager) has not added these pods: check its logs, and whether the slices carry endpointslice.kubernetes.io/managed-by of another controller that must add them.';

/** A pod selected by `web`: ContainersReady a second before Ready (at readyS); IP when given. */
const ready = (name: string, readyS: number, opts: { ip?: string; readyCond?: PodCondition } = {}): Pod => {
  const p = runningPod({
    name,
    labels: { app: 'web' },
    conditions: [
      cond('ContainersReady', 'True', undefined, undefined, readyS - 1),
      opts.readyCond ?? cond('Ready', 'True', undefined, undefined, readyS),
    ],
  });
  return opts.ip === undefined ? p : { ...p, status: { ...p.status, podIP: opts.ip } };
};
const slice = endpointSlice({ endpoints: [{ ip: '10.0.0.3', pod: 'web-3' }] });
const SLICE_LINE = 'EndpointSlice web-abcde: 1 endpoint (web-3 ready)';
const notListed = (name: string, since: string, ip = '(none)') => ({
  source: 'condition',
  text: `pod ${name}: Ready=True since ${since}, IP ${ip}, not listed`,
  ...(since === '(time unknown)' ? {} : { at: since }),
});

describe('not-in-endpoints: Ready pods the endpoints do not list', () => {
  it('names the Ready pods only, sorted, with their Ready time and IP; begins at the newest Ready transition', () => {
    const snap = snapshot({
      services: [web],
      pods: [
        ready('web-2', 20, { ip: '10.0.0.2' }),
        ready('web-1', 10),
        // Not Ready, finished, or being deleted: not expected in the endpoints.
        {
          ...ready('web-0', 5),
          status: { ...ready('web-0', 5).status, conditions: [cond('Ready', 'False')] },
        },
        { ...ready('web-8', 5), status: { ...ready('web-8', 5).status, phase: 'Succeeded' } },
        {
          ...ready('web-9', 5),
          metadata: { ...ready('web-9', 5).metadata, deletionTimestamp: '2026-01-01T00:09:00Z' },
        },
        ready('web-3', 5),
      ],
      endpointSlices: [slice],
    });
    expect(runRule(rule, snap, ms(600))).toEqual([
      {
        ruleId: 'service-endpoints/not-in-endpoints',
        stage: 'service-endpoints',
        reason: 'NotInEndpoints',
        status: 'failed',
        basis: 'state',
        messageId: 'notInEndpoints',
        data: { service: 'web', count: 2, pods: 'web-1, web-2' },
        evidence: [
          { source: 'service', text: SVC_LINE },
          notListed('web-1', '2026-01-01T00:00:10Z'),
          notListed('web-2', '2026-01-01T00:00:20Z', '10.0.0.2'),
          { source: 'endpointslice', text: SLICE_LINE },
        ],
        at: ms(20),
        nextSteps: [...SERVICE_STEPS, CONTROLLER_STEP],
      },
    ]);
  });

  it.each([
    ['web-1 Ready 10 min ago, web-2 20 s ago: the newest decides', 0, 580, 'progressing', ms(580)],
    ['web-1 Ready 20 s ago, web-2 10 min ago: the newest decides', 580, 0, 'progressing', ms(580)],
    ['both Ready for minutes', 0, 10, 'failed', ms(10)],
  ] as const)('%s', (_, s1, s2, status, at) => {
    const snap = snapshot({
      services: [web],
      pods: [ready('web-1', s1), ready('web-2', s2)],
      endpointSlices: [slice],
    });
    const [f] = runRule(rule, snap, ms(600));
    expect(f?.status).toBe(status);
    expect(f?.at).toBe(at);
  });

  it('a Ready condition without a transition time: the start is unknown, so failed at once', () => {
    const timeless: PodCondition = { type: 'Ready', status: 'True' };
    const snap = snapshot({
      services: [web],
      pods: [ready('web-1', 595), ready('web-2', 0, { readyCond: timeless })],
      endpointSlices: [slice],
    });
    const [f] = runRule(rule, snap, ms(600));
    expect(f?.status).toBe('failed');
    expect(f?.at).toBeUndefined();
    expect(f?.evidence.filter((e) => e.source === 'condition')).toEqual([
      notListed('web-1', '2026-01-01T00:09:55Z'),
      notListed('web-2', '(time unknown)'),
    ]);
  });

  it('six missing pods: five named, "+1 more"', () => {
    const names = ['web-6', 'web-5', 'web-4', 'web-3', 'web-2', 'web-1'];
    const snap = snapshot({
      services: [web],
      pods: names.map((n) => ready(n, 10)),
      endpointSlices: [endpointSlice({ endpoints: [{ ip: '10.0.0.9', pod: 'web-9' }] })],
    });
    const [f] = runRule(rule, snap, ms(600));
    expect(f?.data).toEqual({ service: 'web', count: 6, pods: 'web-1, web-2, web-3, web-4, web-5, +1 more' });
    expect(f?.evidence.filter((e) => e.source === 'condition').map((e) => e.text)).toEqual(
      ['web-1', 'web-2', 'web-3', 'web-4', 'web-5'].map(
        (n) => `pod ${n}: Ready=True since 2026-01-01T00:00:10Z, IP (none), not listed`,
      ),
    );
  });
});

/** A Service known only by name, as a `kubectl get endpoints` table gives it. */
const nameOnly: Service = { kind: 'Service', metadata: { name: 'app', namespace: 'default' }, spec: {} };
const apiserverSlice = endpointSlice({
  service: 'kubernetes',
  name: 'kubernetes',
  endpoints: [{ ip: '192.168.51.11' }],
});
/** An Endpoints object of two subsets (two port sets): three ready addresses, then one not ready. */
const twoSubsets: Endpoints = {
  kind: 'Endpoints',
  metadata: { name: 'app', namespace: 'default' },
  subsets: [
    {
      addresses: [{ ip: '10.45.120.66' }, { ip: '10.45.120.67' }, { ip: '10.45.120.68' }],
      ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
    },
    { notReadyAddresses: [{ ip: '10.45.120.69' }], ports: [{ name: 'grpc', port: 9090, protocol: 'TCP' }] },
  ],
};

describe('not-in-endpoints: Endpoints without EndpointSlices', () => {
  it('counts the ready addresses of every subset; exact evidence and next steps', () => {
    const snap = snapshot({
      services: [nameOnly],
      endpoints: [twoSubsets],
      endpointSlices: [apiserverSlice],
    });
    expect(runRule(rule, snap, ms(600))).toEqual([
      {
        ruleId: 'service-endpoints/not-in-endpoints',
        stage: 'service-endpoints',
        reason: 'NotInEndpoints',
        status: 'failed',
        basis: 'state',
        messageId: 'noEndpointSlice',
        data: { service: 'app', count: 3 },
        confidence: 'medium',
        evidence: [
          { source: 'endpointslice', text: 'Endpoints app: 3 ready, 1 not ready addresses' },
          { source: 'endpointslice', text: 'no EndpointSlice labelled kubernetes.io/service-name=app' },
        ],
        nextSteps: [
          'kubectl get endpointslices -n default -l kubernetes.io/service-name=app',
          'kubectl logs -n kube-system -l component=kube-controller-manager --tail=200',
          'Check that kube-controller-manager runs its endpointslice and endpointslicemirroring controllers (--controllers) and can write EndpointSlices (RBAC, API version).',
        ],
      },
    ]);
  });

  it('Endpoints with only not-ready addresses and no slice: no backend loses traffic', () => {
    const snap = snapshot({
      services: [nameOnly],
      endpoints: [endpoints({ service: 'app', notReady: [{ ip: '10.45.120.69' }] })],
      endpointSlices: [apiserverSlice],
    });
    expect(runRule(rule, snap, ms(600))).toEqual([]);
  });
});
