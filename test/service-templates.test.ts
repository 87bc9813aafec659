/**
 * A Service pasted beside the manifests of the workloads meant to serve it, with no pods or
 * endpoints in the evidence: the controllers give every pod the template's labels, so a selector
 * that matches no template selects none of those pods.
 */
import { describe, expect, it } from 'vitest';
import { diagnosePaste } from './paste-diagnoses.js';

const CLOCK = Date.parse('2026-06-01T00:00:00Z');

const workload = (kind: string, labels: string, ns = 'default'): string => `apiVersion: apps/v1
kind: ${kind}
metadata:
  name: frontend
  namespace: ${ns}
spec:
  selector:
    matchLabels:
${labels.replace(/^/gm, '      ')}
  template:
    metadata:
      labels:
${labels.replace(/^/gm, '        ')}
    spec:
      containers:
      - name: frontend
        image: nginx
        ports:
        - containerPort: 80
`;

const service = (selector: string): string => `apiVersion: v1
kind: Service
metadata:
  name: frontend
  namespace: default
spec:
  selector:
${selector.replace(/^/gm, '    ')}
  ports:
  - port: 80
    targetPort: 80
`;

function serviceVerdict(text: string): string {
  const d = diagnosePaste(text, CLOCK).diagnoses.find((x) => x.target.kind === 'Service');
  return `${d?.verdict} ${d?.reason ?? ''}`.trim();
}

describe("a Service judged against its workloads' pod templates", () => {
  it.each([
    ['Deployment', 'app: frontend', 'app.kubernetes.io/name: frontend', 'failed SelectorMatchesNoPods'],
    ['StatefulSet', 'app: db\ntier: data', 'app: db\ntier: cache', 'failed SelectorMatchesNoPods'],
    ['DaemonSet', 'app: agent', 'app: agent', 'undefined'],
    ['Deployment', 'app: frontend\nversion: v2', 'app: frontend', 'undefined'],
  ])('%s template {%s}, selector {%s}', (kind, labels, selector, expected) => {
    expect(serviceVerdict(`${workload(kind, labels)}---\n${service(selector)}`)).toBe(expected);
  });

  it('names the template labels the pods carry', () => {
    const d = diagnosePaste(
      `${workload('Deployment', 'app: frontend')}---\n${service('app.kubernetes.io/name: frontend')}`,
      CLOCK,
    ).diagnoses.find((x) => x.target.kind === 'Service');
    expect(d?.summary).toBe(
      'Service frontend selects app.kubernetes.io/name=frontend, but the pods of Deployment frontend carry app=frontend: the Service selects none of them (their pods are not in the evidence).',
    );
    expect(d?.confidence).toBe('low');
  });

  it("says nothing from another namespace's templates", () => {
    expect(
      serviceVerdict(`${workload('Deployment', 'app: frontend', 'other')}---\n${service('app: web')}`),
    ).toBe('undefined');
  });
});
