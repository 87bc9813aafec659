import { describe, expect, it } from 'vitest';
import { kindlessObjects } from './kindless.js';

const SVC = 'kubectl get svc web -n shop -o yaml';
const byCommand = (c: string): string => `named by the command above it (${c})`;
const BY_LABEL = 'named by its statefulset.kubernetes.io/pod-name label';

describe('kindlessObjects: a Service spec named by the command above it', () => {
  it('selector, ports and labels: the spec holds all but the labels; blanks around the command are cut', () => {
    expect(
      kindlessObjects(
        { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 8080 }], labels: { app: 'web' } },
        `  ${SVC}  `,
      ),
    ).toStrictEqual([
      {
        raw: {
          kind: 'Service',
          metadata: { name: 'web', namespace: 'shop' },
          spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 8080 }] },
        },
        inferredName: byCommand(SVC),
      },
    ]);
  });

  it('no selector, no namespace: ports and type alone', () => {
    const cmd = 'kubectl get svc web -o yaml';
    expect(kindlessObjects({ ports: [{ port: 443 }], type: 'ClusterIP' }, cmd)).toStrictEqual([
      {
        raw: {
          kind: 'Service',
          metadata: { name: 'web' },
          spec: { ports: [{ port: 443 }], type: 'ClusterIP' },
        },
        inferredName: byCommand(cmd),
      },
    ]);
  });

  it('a selector alone under port-forward', () => {
    const cmd = 'kubectl port-forward -n mon svc/prom 9090:9090';
    expect(kindlessObjects({ selector: { app: 'prometheus', release: 2 } }, cmd)).toStrictEqual([
      {
        raw: {
          kind: 'Service',
          metadata: { name: 'prom', namespace: 'mon' },
          spec: { selector: { app: 'prometheus', release: 2 } },
        },
        inferredName: byCommand(cmd),
      },
    ]);
  });

  it.each([
    ['labels alone', { labels: { app: 'web' } }],
    ['a selector with matchLabels', { selector: { matchLabels: { app: 'web' } } }],
    ['an empty selector', { selector: {} }],
    ['a field no ServiceSpec has', { selector: { app: 'web' }, replicas: 3 }],
    ['nothing', {}],
  ])('nothing for %s', (_name, value) => {
    expect(kindlessObjects(value, SVC)).toStrictEqual([]);
  });

  it.each([
    ['null', null],
    ['a string', 'selector'],
    ['an array', [{ app: 'web' }]],
    ['a number', 3],
  ])('nothing for a value that is no mapping: %s', (_name, value) => {
    expect(kindlessObjects(value, SVC)).toStrictEqual([]);
  });

  it('an unnamed Service without a command; none under a command that names another object', () => {
    expect(kindlessObjects({ selector: { app: 'web' } }, undefined)).toStrictEqual([
      {
        raw: { kind: 'Service', metadata: { name: 'unnamed-service' }, spec: { selector: { app: 'web' } } },
        inferredName: 'the paste names no Service',
      },
    ]);
    expect(kindlessObjects({ selector: { app: 'web' } }, 'kubectl get pod web-1 -o yaml')).toStrictEqual([]);
  });
});

describe('kindlessObjects: labels name their pod', () => {
  const labels = {
    app: 'web',
    'controller-revision-hash': 'web-6d4b9c7f8',
    'statefulset.kubernetes.io/pod-name': 'web-0',
  };

  it('by the StatefulSet pod-name label, with no command', () => {
    expect(kindlessObjects({ labels }, undefined)).toStrictEqual([
      { raw: { kind: 'Pod', metadata: { name: 'web-0', labels } }, inferredName: BY_LABEL },
    ]);
  });

  it('by the pod-name label before the command, in the command namespace', () => {
    expect(kindlessObjects({ labels }, 'kubectl get pod web-1 -n shop -o yaml')).toStrictEqual([
      {
        raw: { kind: 'Pod', metadata: { name: 'web-0', namespace: 'shop', labels } },
        inferredName: BY_LABEL,
      },
    ]);
  });

  it('by the command, numbers read as label strings', () => {
    const cmd = 'kubectl get pod web-1 -o yaml';
    expect(kindlessObjects({ labels: { app: 'web', 'pod-template-generation': 1 } }, cmd)).toStrictEqual([
      {
        raw: {
          kind: 'Pod',
          metadata: { name: 'web-1', labels: { app: 'web', 'pod-template-generation': '1' } },
        },
        inferredName: byCommand(cmd),
      },
    ]);
  });

  it.each([
    ['empty labels', { labels: {} }],
    ['labels holding a mapping', { labels: { app: 'web', matchLabels: { app: 'web' } } }],
    ['labels holding a list', { labels: { app: 'web', tiers: ['a'] } }],
  ])('nothing for %s', (_name, value) => {
    expect(kindlessObjects(value, 'kubectl get pod web-1 -o yaml')).toStrictEqual([]);
  });

  it('no pod for labels without the pod-name label and no command naming a pod', () => {
    expect(kindlessObjects({ labels: { app: 'web' } }, undefined)).toStrictEqual([]);
  });
});
