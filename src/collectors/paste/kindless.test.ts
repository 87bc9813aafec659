import { describe, expect, it } from 'vitest';
import { parsePaste } from './driver.js';
import { PASTE_PARSERS } from './parsers.js';
import { commandTarget } from './common/command.js';

const paste = (t: string) => parsePaste(t, PASTE_PARSERS).objects;

describe('kindless selector and labels cut out of an object', () => {
  it.each([
    '$ kubectl port-forward -n mon svc/prom 9090:9090\nerror: timed out waiting for the condition\n\n  selector:\n    app: prometheus\n',
    '$ kubectl get svc prom -n mon -o yaml\nselector:\n  app: prometheus\n',
    '$ kubectl get svc prom -n mon -o json | jq .spec\n"selector": { "app": "prometheus" }\n',
  ])('a selector under a command that names the Service: %s', (text) => {
    expect(paste(text).map((o) => o.raw)).toEqual([
      {
        kind: 'Service',
        metadata: { name: 'prom', namespace: 'mon' },
        spec: { selector: { app: 'prometheus' } },
      },
    ]);
  });

  it('labels that name their StatefulSet pod, next to the selector', () => {
    const objs = paste(
      '$ kubectl port-forward svc/prom 9090\n\n  selector:\n    app: prometheus\n\n  labels:\n    app.kubernetes.io/name: prometheus\n    statefulset.kubernetes.io/pod-name: prom-0\n',
    );
    expect(objs.map((o) => [o.raw.kind, (o.raw.metadata as { name: string }).name])).toEqual([
      ['Service', 'prom'],
      ['Pod', 'prom-0'],
    ]);
    expect(objs[1]?.inferredName).toContain('statefulset.kubernetes.io/pod-name');
  });

  it('a spec of several ServiceSpec fields', () => {
    expect(
      paste(
        '$ kubectl get svc prom -o yaml | yq .spec\nselector:\n  app: x\nports:\n- port: 80\n  targetPort: 9090\n',
      )[0]?.raw,
    ).toEqual({
      kind: 'Service',
      metadata: { name: 'prom' },
      spec: { selector: { app: 'x' }, ports: [{ port: 80, targetPort: 9090 }] },
    });
  });

  it('labels under a command that names a pod', () => {
    expect(paste('$ kubectl get pod web-1 -o yaml\nlabels:\n  app: web\n')[0]?.raw).toEqual({
      kind: 'Pod',
      metadata: { name: 'web-1', labels: { app: 'web' } },
    });
  });

  it.each([
    ['selector:\n  app: prometheus\n', { selector: { app: 'prometheus' } }],
    ['$ kubectl get pods\nselector:\n  app: x\n', { selector: { app: 'x' } }],
    [
      '  ports:\n  - port: 443\n    protocol: TCP\n    targetPort: https\n',
      { ports: [{ port: 443, protocol: 'TCP', targetPort: 'https' }] },
    ],
    ['"selector": {"app": "web"}, "type": "ClusterIP"', { selector: { app: 'web' }, type: 'ClusterIP' }],
  ])('a mapping only a Service spec has, with no command naming it: an unnamed Service: %s', (text, spec) => {
    const [obj, ...rest] = paste(text);
    expect(rest).toEqual([]);
    expect(obj?.raw).toEqual({ kind: 'Service', metadata: { name: 'unnamed-service' }, spec });
    expect(obj?.inferredName).toBe('the paste names no Service');
  });

  it.each([
    '$ kubectl get svc prom -o yaml\nselector:\n  matchLabels:\n    app: x\n',
    'selector:\n  matchLabels:\n    app: x\n',
    'ports:\n- containerPort: 8080\n  protocol: TCP\n',
    'type: ClusterIP\n',
    'labels:\n  app: web\n',
  ])('nothing when no owner can be named or the mapping holds more: %s', (text) => {
    expect(paste(text)).toEqual([]);
  });
});

describe('commands that take one object and then other words', () => {
  it.each([
    [
      'kubectl port-forward -n mon svc/prom 9090:9090 --address 0.0.0.0',
      { kind: 'Service', name: 'prom', namespace: 'mon' },
    ],
    ['kubectl port-forward web-1 8080:80', { kind: 'Pod', name: 'web-1' }],
    ['kubectl exec -it web-1 -c app -- sh -c "ls /"', { kind: 'Pod', name: 'web-1' }],
  ])('%s', (line, target) => {
    expect(commandTarget(line, ['port-forward', 'exec'])).toEqual(target);
  });
});
