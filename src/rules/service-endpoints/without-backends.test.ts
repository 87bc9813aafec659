/**
 * Services judged without their pods or endpoints: from another component's word that they have no
 * endpoint (the API aggregator, the API server's service proxy, ingress-nginx, minikube), or from
 * the pod templates of the namespace's workloads. Each finding is checked whole: what it says, the
 * evidence it quotes, the next steps it gives.
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import { event, service, snapshot, workload } from '../../../test/builders.js';
import type { EventRecord, Service, Workload } from '../../model/index.js';
import { rule as noReady } from './no-ready-endpoints.js';
import { rule as noPods } from './selector-matches-no-pods.js';

/** A Service known only by name (what an event names). */
const stub = (name: string, namespace = 'default'): Service => ({
  kind: 'Service',
  metadata: { name, namespace },
  spec: {},
});
const said = (
  message: string,
  name = 'web',
  namespace = 'default',
  reason = 'ServiceUnavailable',
): EventRecord => event({ kind: 'Service', name, namespace, reason, message });

describe('no-ready-endpoints from another component saying so', () => {
  it.each([
    ['no endpoints available for service "web"', 'API server'],
    ['Service "default/web" does not have any active Endpoint.', 'ingress-nginx controller'],
    ['service not available: no running pod for service web found', 'minikube'],
  ])('%s', (message, speaker) => {
    const [f, ...rest] = runRule(noReady, snapshot({ services: [stub('web')], events: [said(message)] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({
      reason: 'NoReadyEndpoints',
      messageId: 'saidNoEndpoints',
      data: { speaker, service: 'web' },
      confidence: 'medium',
    });
    expect(f?.evidence.map((e) => e.text).join('\n')).toContain(message);
    expect(f?.nextSteps.join('\n')).toContain('kubectl describe service web -n default');
    expect(f?.nextSteps.at(-1)).toContain("Compare the Service's selector with the labels");
  });

  it.each([
    ['another Service', said('no endpoints available for service "api"')],
    ['another namespace', said('Service "shop/web" does not have any active Endpoint.')],
    ['another reason', said('no endpoints available for service "web"', 'web', 'default', 'Other')],
  ])('says nothing of %s', (_, e) => {
    expect(runRule(noReady, snapshot({ services: [stub('web')], events: [e] }))).toEqual([]);
  });

  it('leaves a Service whose selector is known to the pods', () => {
    const web = service({ name: 'web', selector: { app: 'web' } });
    const findings = runRule(
      noReady,
      snapshot({ services: [web], events: [said('no endpoints available for service "web"')] }),
    );
    expect(findings.map((f) => f.messageId)).not.toContain('saidNoEndpoints');
  });
});

describe("no-ready-endpoints from the API aggregator's condition", () => {
  const aggregator = (message: string, apiService?: string): EventRecord => ({
    ...said(message, 'metrics-server', 'kube-system', 'MissingEndpoints'),
    ...(apiService === undefined ? {} : { name: `apiservice/${apiService}` }),
  });
  const judge = (e: EventRecord) =>
    runRule(noReady, snapshot({ services: [stub('metrics-server', 'kube-system')], events: [e] }));

  it.each([
    [
      'endpoints for service/metrics-server in "kube-system" have no addresses with port name "https"',
      ' with port name "https"',
      ' and that its port "https" targets a port they declare',
    ],
    [
      'endpoints for service/metrics-server in "kube-system" have no addresses with port name ""',
      ' on its unnamed port',
      '',
    ],
    ['endpoints for service/metrics-server in "kube-system" have no addresses', '', ''],
  ])('%s', (message, port, check) => {
    const [f] = judge(aggregator(message, 'v1beta1.metrics.k8s.io'));
    expect(f).toMatchObject({
      messageId: 'aggregatorNoEndpoints',
      confidence: 'medium',
      data: { service: 'metrics-server', port, apiService: 'APIService v1beta1.metrics.k8s.io' },
    });
    expect(f?.evidence).toHaveLength(1);
    expect(f?.nextSteps).toContain(
      "kubectl get apiservice 'v1beta1.metrics.k8s.io' -o yaml".replaceAll("'", ''),
    );
    expect(f?.nextSteps.at(-1)).toBe(
      `Check that the pods the Service selects are Ready${check}; the aggregator uses only ready endpoints of that port.`,
    );
  });

  it('without the APIService named, lists them all', () => {
    const [f] = judge(aggregator('cannot find endpoints for service/metrics-server in "kube-system"'));
    expect(f?.data).toMatchObject({ apiService: 'the APIService it backs', reason: 'EndpointsNotFound' });
    expect(f?.nextSteps).toContain('kubectl get apiservices');
  });

  it('says nothing of another Service or namespace', () => {
    expect(judge(aggregator('endpoints for service/other in "kube-system" have no addresses'))).toEqual([]);
    expect(
      judge(aggregator('endpoints for service/metrics-server in "monitoring" have no addresses')),
    ).toEqual([]);
  });
});

describe("selector-matches-no-pods from the workloads' pod templates", () => {
  const template = (labels: Record<string, string> | undefined): Workload['spec']['template'] => ({
    ...(labels === undefined ? {} : { metadata: { labels } }),
    spec: { containers: [{ name: 'app', image: 'nginx' }] },
  });
  const web = service({ name: 'web', selector: { app: 'web' } });
  const judge = (...workloads: Workload[]) =>
    runRule(noPods, {
      ...snapshot({ services: [web], workloads }),
      collected: ['services', 'workloads'],
    });

  it('names up to three workloads and the labels their pods carry', () => {
    const ws = ['a', 'b', 'c', 'd'].map((n) =>
      workload({ kind: 'Deployment', name: n, template: template({ app: `web-${n}` }) }),
    );
    const [f, ...rest] = judge(...ws);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({
      messageId: 'noTemplateSelected',
      confidence: 'low',
      data: {
        workloads: 'Deployment a, Deployment b, Deployment c',
        labels: 'app=web-a; app=web-b; app=web-c',
      },
    });
    expect(f?.evidence.map((e) => e.text)).toEqual([
      expect.stringContaining('Service default/web selector app=web'),
      'Deployment a pod template labels: app=web-a',
      'Deployment b pod template labels: app=web-b',
      'Deployment c pod template labels: app=web-c',
    ]);
    expect(f?.nextSteps).toContain('kubectl get pods -n default --show-labels');
    expect(f?.nextSteps.at(-1)).toContain('Make the Service selector and the pod template labels agree');
  });

  it.each([
    ['one template of several matches', [template({ app: 'other' }), template({ app: 'web', tier: 'x' })]],
    ['no template has labels', [template(undefined), template({})]],
  ])('says nothing when %s', (_, templates) => {
    expect(
      judge(...templates.map((t, i) => workload({ kind: 'Deployment', name: `w${i}`, template: t }))),
    ).toEqual([]);
  });
});
