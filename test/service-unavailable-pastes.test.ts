/**
 * A component's word that a Service has no endpoint, pasted alone (the API server's service proxy
 * through kubectl, the ingress-nginx controller's log, `minikube service`): the Service is the
 * target, at service-endpoints / NoReadyEndpoints, whatever stands before the message on its line.
 */
import { describe, expect, it } from 'vitest';
import { diagnosePaste } from './paste-diagnoses.js';

const CLOCK = Date.parse('2026-06-01T00:00:00Z');

function failures(text: string): string[] {
  return diagnosePaste(text, CLOCK)
    .diagnoses.filter((d) => d.verdict === 'failed')
    .map((d) => `${d.target.kind}/${d.target.namespace}/${d.target.name} ${d.stage} ${d.reason}`);
}

describe('a Service without endpoints, in the words of the component that found none', () => {
  it.each([
    ['Error from server (ServiceUnavailable): no endpoints available for service "web"', 'default', 'web'],
    [
      '$ kubectl -n shop get --raw /api/v1/namespaces/shop/services/web:80/proxy/\nError from server (ServiceUnavailable): no endpoints available for service "web"',
      'shop',
      'web',
    ],
    [
      'W1203 10:00:00.000000       7 controller.go:1044] Service "shop/web" does not have any active Endpoint.',
      'shop',
      'web',
    ],
    [
      'ingress-nginx-controller-7d9 controller W0426 21:51:57.908771  9 controller.go:775] service shop/web does not have any active endpoints',
      'shop',
      'web',
    ],
    [
      '❌  Exiting due to SVC_UNREACHABLE: service not available: no running pod for service app1 found',
      'default',
      'app1',
    ],
    [
      'When I run minikube service app1 I get: service not available: no running pod for service app1 found',
      'default',
      'app1',
    ],
  ])('%s', (text, namespace, name) => {
    expect(failures(text)).toEqual([`Service/${namespace}/${name} service-endpoints NoReadyEndpoints`]);
  });

  it('names the speaker and quotes its line as the evidence', () => {
    const d = diagnosePaste('Service "shop/web" does not have any active Endpoint.', CLOCK).diagnoses[0];
    expect(d?.summary).toBe(
      'The ingress-nginx controller finds no endpoint of Service web to send traffic to.',
    );
    expect(JSON.stringify(d?.evidence)).toContain('does not have any active Endpoint.');
  });

  it('leaves the judgement to the Service and its pods when they are in the evidence', () => {
    const text = [
      'Service "shop/web" does not have any active Endpoint.',
      '$ kubectl get pods -n shop -o wide --show-labels',
      'NAME        READY   STATUS    RESTARTS   AGE   LABELS',
      'web-7d4-x   0/1     Running   0          10m   app=web',
      '$ kubectl get svc web -n shop -o yaml',
      'apiVersion: v1',
      'kind: Service',
      'metadata:',
      '  name: web',
      '  namespace: shop',
      'spec:',
      '  selector:',
      '    app: shop-web',
      '  ports:',
      '  - port: 80',
    ].join('\n');
    expect(failures(text).filter((f) => f.startsWith('Service/'))).toEqual([
      'Service/shop/web service-endpoints SelectorMatchesNoPods',
    ]);
  });
});
