import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { endpointSlice, endpoints, runningPod, service, snapshot } from '../../../test/builders.js';
import type { Endpoints, Pod, Service } from '../../model/index.js';
import { rule } from './selector-matches-no-pods.js';

/** A Service known only by name, as a `kubectl get endpoints` table gives it. */
const nameOnly = (name: string): Service => ({
  kind: 'Service',
  metadata: { name, namespace: 'default' },
  spec: {},
});
/** The same for a paste that shows no namespace at all. */
const bareService = (spec: Service['spec'] = {}): Service => ({
  kind: 'Service',
  metadata: { name: 'web' },
  spec,
});
const bareEndpoints: Endpoints = { kind: 'Endpoints', metadata: { name: 'web' }, subsets: [] };
const barePod = (labels: Record<string, string>): Pod => {
  const p = runningPod({ name: 'web-7', labels });
  return { ...p, metadata: { name: 'web-7', labels } };
};
const emptySlice = endpointSlice({ endpoints: [] });
const labelled = (name: string, labels: Record<string, string>): Pod => runningPod({ name, labels });

testRule(rule, {
  valid: [
    {
      name: 'a name-only Service without Endpoints or slices in the evidence: nothing tells',
      snapshot: snapshot({ services: [nameOnly('web')], pods: [], endpoints: [] }),
    },
  ],
  invalid: [
    {
      name: 'a name-only Service whose only EndpointSlice lists no endpoint',
      snapshot: snapshot({ services: [nameOnly('web')], endpointSlices: [emptySlice] }),
      expect: [
        {
          messageId: 'noEndpointsSelectorUnknown',
          data: { service: 'web', namespace: 'default', pods: 'the evidence shows none' },
          evidenceIncludes: ['EndpointSlice web-abcde: 0 endpoints'],
          confidence: 'low',
        },
      ],
    },
    {
      name: 'selector shown, pods not collected, only an empty EndpointSlice',
      snapshot: snapshot({ services: [service({ selector: { app: 'web' } })], endpointSlices: [emptySlice] }),
      expect: [
        {
          messageId: 'noPodsShown',
          data: { selector: 'app=web', namespace: 'default' },
          evidenceIncludes: ['EndpointSlice web-abcde: 0 endpoints'],
          confidence: 'low',
        },
      ],
    },
    {
      name: 'one selector key matches, the other carries another value',
      snapshot: snapshot({
        services: [service({ selector: { app: 'web', tier: 'front' } })],
        pods: [labelled('web-1', { app: 'web', tier: 'back' })],
      }),
      expect: [{ messageId: 'noPodsHint', data: { actual: 'tier=back (1 pod)' }, confidence: 'default' }],
    },
    {
      name: 'the four commonest other labels, most pods first, then by name',
      snapshot: snapshot({
        services: [service({ selector: { app: 'web' } })],
        pods: [
          labelled('p1', { app: 'v5' }),
          labelled('p2', { app: 'v1' }),
          labelled('p3', { app: 'v4' }),
          labelled('p4', { app: 'v3' }),
          labelled('p5', { app: 'v2' }),
          labelled('p6', { app: 'v4' }),
        ],
      }),
      expect: [
        {
          messageId: 'noPodsHint',
          data: { actual: 'app=v4 (2 pods), app=v1 (1 pod), app=v2 (1 pod), app=v3 (1 pod)' },
        },
      ],
    },
    {
      name: 'pod labels not in the evidence, its Endpoints empty: low confidence',
      snapshot: snapshot({
        services: [service({ selector: { app: 'api' } })],
        pods: [runningPod({ name: 'api-1' })],
        endpoints: [endpoints({})],
      }),
      expect: [{ messageId: 'noPods', confidence: 'low' }],
    },
    {
      name: 'labelled pods, empty Endpoints: default confidence',
      snapshot: snapshot({
        services: [service({ selector: { app: 'api' } })],
        pods: [labelled('api-1', { team: 'x' })],
        endpoints: [endpoints({})],
      }),
      expect: [{ messageId: 'noPods', confidence: 'default' }],
    },
  ],
});

describe('selector-matches-no-pods: evidence and next steps', () => {
  it('a selector the evidence lacks: Endpoints evidence, low confidence, the commands to compare labels', () => {
    const [f, ...rest] = runRule(rule, snapshot({ services: [nameOnly('web')], endpoints: [endpoints({})] }));
    expect(rest).toEqual([]);
    expect(f?.confidence).toBe('low');
    expect(f?.evidence).toEqual([{ source: 'endpointslice', text: 'Endpoints web: <none>' }]);
    expect(f?.nextSteps).toEqual([
      'kubectl get service web -n default -o yaml',
      'kubectl get pods -n default --show-labels',
      "Compare the Service's selector with the labels of the pods meant to serve it, and make them agree.",
    ]);
  });

  it('a Service and Endpoints without namespace: the empty namespace, no -n flag', () => {
    const [f, ...rest] = runRule(rule, snapshot({ services: [bareService()], endpoints: [bareEndpoints] }));
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe('noEndpointsSelectorUnknown');
    expect(f?.data).toEqual({ service: 'web', namespace: '', pods: 'the evidence shows none' });
    expect(f?.nextSteps.slice(0, 2)).toEqual([
      'kubectl get service web -o yaml',
      'kubectl get pods --show-labels',
    ]);
  });

  it('a selector shown, Service and pod without namespace: judged in the empty namespace', () => {
    const findings = runRule(
      rule,
      snapshot({ services: [bareService({ selector: { app: 'web' } })], pods: [barePod({ app: 'api' })] }),
    );
    expect(findings.map((f) => [f.messageId, f.data])).toEqual([
      ['noPodsHint', { service: 'web', selector: 'app=web', namespace: '', actual: 'app=api (1 pod)' }],
    ]);
  });

  it('shows the Service, the first three pods (labels or (none)), and no endpoint line when none was collected', () => {
    const pods = [
      labelled('web-1', { app: 'api' }),
      labelled('web-2', {}),
      labelled('web-3', { team: 'x', tier: 'y' }),
      labelled('web-4', { app: 'db' }),
    ];
    const [f, ...rest] = runRule(rule, snapshot({ services: [service({ selector: { app: 'web' } })], pods }));
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe('noPodsHint');
    expect(f?.confidence).toBeUndefined();
    expect(f?.evidence).toEqual([
      { source: 'service', text: 'Service default/web selector app=web, ports http 80->8080/TCP' },
      { source: 'spec', text: 'pod web-1 labels: app=api' },
      { source: 'spec', text: 'pod web-2 labels: (none)' },
      { source: 'spec', text: 'pod web-3 labels: team=x,tier=y' },
    ]);
    expect(f?.nextSteps).toEqual([
      'kubectl describe service web -n default',
      'kubectl get endpointslices -n default -l kubernetes.io/service-name=web -o wide',
      'kubectl get pods -n default -l app=web -o wide',
      'kubectl get pods -n default --show-labels',
      "Make the Service selector and the pod template labels agree (change the selector, or the labels in the Deployment's template); check that the workload runs in this namespace.",
    ]);
  });
});
