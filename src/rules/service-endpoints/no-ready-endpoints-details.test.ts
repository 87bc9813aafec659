/**
 * service-endpoints/no-ready-endpoints, in detail: which pod is named, how many are quoted, when
 * the symptom began, the order of the readiness probe results, and the exact evidence and next
 * steps of each message.
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import {
  cond,
  container,
  cstatus,
  endpointSlice,
  endpoints,
  ms,
  pod,
  probeResult,
  runningPod,
  service,
  snapshot,
  state,
} from '../../../test/builders.js';
import type { Pod, Service } from '../../model/index.js';
import { rule } from './no-ready-endpoints.js';

const web = service({ selector: { app: 'web' } });
const SVC_LINE = 'Service default/web selector app=web, ports http 80->8080/TCP';
const FIX =
  'Fix why the pods are not Ready (diagnose one of them); a Service only sends traffic to Ready pods.';
const UNREADY = 'containers with unready status: [app]';

/** A crash-looping pod selected by `web`, created at createdS, not Ready since readyS. */
const crashing = (name: string, createdS: number, readyS: number): Pod =>
  pod({
    name,
    labels: { app: 'web' },
    phase: 'Running',
    createdS,
    conditions: [
      cond('ContainersReady', 'False', 'ContainersNotReady', UNREADY, readyS),
      cond('Ready', 'False', 'ContainersNotReady', UNREADY, readyS),
    ],
    containerStatuses: [cstatus('app', { state: state.waiting('CrashLoopBackOff'), restartCount: 5 })],
  });
/** A `kubectl get pods` row of the namespace: not Ready, labels unknown. */
const row = (name: string): Pod =>
  pod({ name, phase: 'Running', containers: [], conditions: [cond('Ready', 'False')] });
/** The pod as a `kubectl get pods` row without --show-labels gives it: no labels. */
const unlabelled = (p: Pod): Pod => {
  const { name, namespace, uid, creationTimestamp } = p.metadata;
  return { ...p, metadata: { name, namespace, uid, creationTimestamp } as Pod['metadata'] };
};
/** A Service known only by name, as a `kubectl get endpoints` table gives it. */
const nameOnly: Service = { kind: 'Service', metadata: { name: 'restate', namespace: 'default' }, spec: {} };

describe('no-ready-endpoints: the endpoints alone', () => {
  it.each([
    [1, '1 endpoint', 'EndpointSlice web-abcde: 1 endpoint (web-1 not ready)'],
    [2, '2 endpoints', 'EndpointSlice web-abcde: 2 endpoints (web-1 not ready, web-2 not ready)'],
    [
      3,
      '3 endpoints',
      'EndpointSlice web-abcde: 3 endpoints (web-1 not ready, web-2 not ready, web-3 not ready)',
    ],
  ])('%i not-ready endpoint(s), pods not in the evidence: "%s"', (n, shown, sliceLine) => {
    const slice = endpointSlice({
      endpoints: Array.from({ length: n }, (_, i) => ({
        ip: `10.0.0.${i + 1}`,
        pod: `web-${i + 1}`,
        ready: false,
      })),
    });
    const findings = runRule(rule, snapshot({ services: [web], endpointSlices: [slice] }), ms(600));
    expect(findings).toEqual([
      {
        ruleId: 'service-endpoints/no-ready-endpoints',
        stage: 'service-endpoints',
        reason: 'NoReadyEndpoints',
        status: 'failed',
        basis: 'state',
        messageId: 'endpointsNotReady',
        data: { service: 'web', endpoints: shown },
        evidence: [
          { source: 'service', text: SVC_LINE },
          { source: 'endpointslice', text: sliceLine },
        ],
        nextSteps: [
          'kubectl describe service web -n default',
          'kubectl get endpointslices -n default -l kubernetes.io/service-name=web -o wide',
          'kubectl get pods -n default -l app=web -o wide',
          FIX,
        ],
      },
    ]);
  });

  it('a Service without a selector whose hand-written Endpoints list only not-ready addresses: not judged', () => {
    const manual = service({ name: 'web' });
    const snap = snapshot({
      services: [manual],
      endpoints: [endpoints({ notReady: [{ ip: '192.168.1.10' }] })],
    });
    expect(runRule(rule, snap, ms(600))).toEqual([]);
  });
});

describe('no-ready-endpoints: pods that may be the backends', () => {
  it('names the first unready pod by name, quotes the first three, at low confidence', () => {
    const snap = snapshot({
      services: [nameOnly],
      endpoints: [endpoints({ service: 'restate' })],
      pods: [row('restate-2'), row('restate-1'), row('restate-4'), row('restate-3')],
    });
    expect(runRule(rule, snap, ms(600))).toEqual([
      {
        ruleId: 'service-endpoints/no-ready-endpoints',
        stage: 'service-endpoints',
        reason: 'NoReadyEndpoints',
        status: 'failed',
        basis: 'state',
        messageId: 'noEndpointsSelectorUnknown',
        data: { service: 'restate', why: 'restate-1: Running' },
        confidence: 'low',
        evidence: [
          { source: 'endpointslice', text: 'Endpoints restate: <none>' },
          { source: 'status', text: 'pod restate-2: Running' },
          { source: 'status', text: 'pod restate-1: Running' },
          { source: 'status', text: 'pod restate-4: Running' },
        ],
        nextSteps: [
          'kubectl get service restate -n default -o yaml',
          'kubectl get pods -n default --show-labels',
          "Compare the Service selector with the pods' labels, then check that the selected pods are Ready.",
        ],
      },
    ]);
  });

  it('the why of the first pod carries its condition message', () => {
    const snap = snapshot({
      services: [nameOnly],
      endpoints: [endpoints({ service: 'restate' })],
      pods: [unlabelled(crashing('restate-1', 0, 2))],
    });
    const [f] = runRule(rule, snap, ms(600));
    expect(f?.data).toEqual({ service: 'restate', why: `restate-1: CrashLoopBackOff, ${UNREADY}` });
  });

  it('a Service known by name only, with no Endpoints object nor slice of its own: nothing tells', () => {
    const snap = snapshot({
      services: [nameOnly],
      endpoints: [endpoints({ service: 'other', ready: [{ ip: '10.0.0.3' }] })],
      pods: [row('restate-0')],
    });
    expect(runRule(rule, snap, ms(600))).toEqual([]);
  });
});

describe('no-ready-endpoints: the selected pods', () => {
  it('sorts the pods by name, quotes five, and names the first in the why (endpoints not collected: no endpoint line)', () => {
    const names = ['web-6', 'web-3', 'web-1', 'web-5', 'web-2', 'web-4'];
    const snap = snapshot({ services: [web], pods: names.map((n) => crashing(n, 0, 2)) });
    const [f] = runRule(rule, snap, ms(600));
    expect(f?.data).toEqual({ service: 'web', pods: 6, why: `web-1: CrashLoopBackOff, ${UNREADY}` });
    expect(f?.evidence).toEqual([
      { source: 'service', text: SVC_LINE },
      ...['web-1', 'web-2', 'web-3', 'web-4', 'web-5'].map((n) => ({
        source: 'status',
        text: `pod ${n}: CrashLoopBackOff, ${UNREADY}`,
      })),
    ]);
    expect(f?.nextSteps).toEqual([
      'kubectl get pods -n default -l app=web -o wide',
      'kubectl describe pod web-1 -n default',
      FIX,
    ]);
  });

  it('a Ready pod that is being deleted serves nothing', () => {
    const leaving = runningPod({ labels: { app: 'web' }, deletionS: 100 });
    const [f, ...rest] = runRule(rule, snapshot({ services: [web], pods: [leaving] }), ms(600));
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe('noReadyEndpoints');
    expect(f?.data).toEqual({ service: 'web', pods: 1, why: 'web-1: Terminating' });
  });

  const noTimes = (): Pod => {
    const p = pod({ name: 'web-1', labels: { app: 'web' }, phase: 'Pending' });
    return { ...p, metadata: { name: 'web-1', namespace: 'default', labels: { app: 'web' } } };
  };

  it.each([
    ['the earliest Ready transition', [crashing('web-b', 40, 50), crashing('web-a', 10, 20)], ms(20)],
    [
      'the earliest Ready transition, whatever the creation order',
      [crashing('web-b', 5, 50), crashing('web-a', 10, 20)],
      ms(20),
    ],
    [
      'the creation time of a pod without a Ready condition',
      [pod({ name: 'web-1', labels: { app: 'web' }, createdS: 30 })],
      ms(30),
    ],
    ['no time at all: unknown', [noTimes()], undefined],
  ] as const)('the symptom began at %s', (_, pods, at) => {
    const [f] = runRule(rule, snapshot({ services: [web], pods: [...pods] }), ms(600));
    expect(f?.messageId).toBe('noReadyEndpoints');
    expect(f?.at).toBe(at);
    expect(f?.status).toBe('failed');
  });

  it('pods without any timestamp count as failed at once, not as a symptom that began at epoch 0', () => {
    const [f] = runRule(rule, snapshot({ services: [web], pods: [noTimes()] }), 10_000);
    expect(f?.status).toBe('failed');
    expect(f?.at).toBeUndefined();
  });

  it('a pod not Ready for 10 s is still within the grace period', () => {
    const [f] = runRule(rule, snapshot({ services: [web], pods: [crashing('web-1', 0, 590)] }), ms(600));
    expect(f?.status).toBe('progressing');
    expect(f?.at).toBe(ms(590));
  });
});

describe('no-ready-endpoints: readiness probe results (--probe)', () => {
  const three = pod({
    name: 'web-1',
    labels: { app: 'web' },
    phase: 'Running',
    containers: [container('zeta'), container('alpha'), container('mid'), container('old')],
    conditions: [
      cond('ContainersReady', 'False', 'ContainersNotReady', 'containers with unready status: [mid]', 2),
      cond('Ready', 'False', 'ContainersNotReady', 'containers with unready status: [mid]', 2),
    ],
  });
  const line = (c: string, answer: string) =>
    `pod web-1: readiness probe GET :8080/ready on container ${c} via pods/proxy: ${answer}`;

  it('quotes one current result per container, failing first, then by container name', () => {
    const snap = snapshot({
      services: [web],
      pods: [three],
      probes: [
        probeResult(200, { container: 'zeta', atS: 600 }),
        probeResult(200, { container: 'alpha', atS: 600 }),
        probeResult(503, { container: 'mid', atS: 600 }),
        probeResult(500, { container: 'old', atS: 0 }),
        probeResult(200, { container: 'alpha', probe: 'liveness', atS: 600 }),
      ],
    });
    const [f] = runRule(rule, snap, ms(660));
    expect(f?.data).toEqual({
      service: 'web',
      pods: 1,
      why: 'web-1: Running, containers with unready status: [mid]; the readiness endpoint of mid answers HTTP status 503',
    });
    expect(f?.evidence).toEqual([
      { source: 'service', text: SVC_LINE },
      { source: 'status', text: 'pod web-1: Running, containers with unready status: [mid]' },
      { source: 'probe', text: line('mid', 'HTTP 503 (fails; 4 ms)'), at: '2026-01-01T00:10:00Z' },
      { source: 'probe', text: line('alpha', 'HTTP 200 (passes; 4 ms)'), at: '2026-01-01T00:10:00Z' },
      { source: 'probe', text: line('zeta', 'HTTP 200 (passes; 4 ms)'), at: '2026-01-01T00:10:00Z' },
    ]);
  });

  it.each([
    ['zeta', 'alpha'],
    ['alpha', 'zeta'],
  ])('two failing containers given %s first: sorted by name, the first named in the why', (a, b) => {
    const snap = snapshot({
      services: [web],
      pods: [three],
      probes: [probeResult(503, { container: a, atS: 600 }), probeResult(500, { container: b, atS: 600 })],
    });
    const [f] = runRule(rule, snap, ms(600));
    const answer = (c: string) => (c === a ? 'HTTP 503' : 'HTTP 500');
    expect(f?.evidence.filter((e) => e.source === 'probe').map((e) => e.text)).toEqual([
      line('alpha', `${answer('alpha')} (fails; 4 ms)`),
      line('zeta', `${answer('zeta')} (fails; 4 ms)`),
    ]);
    expect(f?.data['why']).toBe(
      `web-1: Running, containers with unready status: [mid]; the readiness endpoint of alpha answers HTTP status ${answer('alpha').slice(5)}`,
    );
  });

  it('a Service and pod written without a namespace find the results of namespace ""', () => {
    const bareSvc: Service = { ...web, metadata: { name: 'web' } };
    const p = crashing('web-1', 0, 2);
    const barePod: Pod = { ...p, metadata: { name: 'web-1', labels: { app: 'web' } } };
    const snap = snapshot({
      services: [bareSvc],
      pods: [barePod],
      probes: [probeResult(503, { namespace: '', atS: 600 })],
    });
    const [f] = runRule(rule, snap, ms(600));
    expect(f?.data['why']).toBe(
      `web-1: CrashLoopBackOff, ${UNREADY}; the readiness endpoint of app answers HTTP status 503`,
    );
    expect(f?.evidence.filter((e) => e.source === 'probe').map((e) => e.text)).toEqual([
      'pod web-1: readiness probe GET :8080/ready on container app via pods/proxy: HTTP 503 (fails; 4 ms)',
    ]);
  });
});
