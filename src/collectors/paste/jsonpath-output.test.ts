import { describe, expect, it } from 'vitest';
import { jsonPathObject, parsePaste } from './driver.js';
import { PASTE_PARSERS } from './parsers.js';

const objects = (text: string) => parsePaste(text, PASTE_PARSERS).objects.map((o) => o.raw);

describe('kubectl get NAME -o jsonpath of one field: the value put back in the object the command names', () => {
  it.each([
    [
      '$ kubectl -n monitoring get po prometheus-k8s-0 -o jsonpath=\'{.metadata.labels}\' | jq .\n{\n  "app": "prometheus",\n  "prometheus": "k8s"\n}\n',
      {
        kind: 'Pod',
        metadata: {
          labels: { app: 'prometheus', prometheus: 'k8s' },
          name: 'prometheus-k8s-0',
          namespace: 'monitoring',
        },
      },
    ],
    [
      '$ kubectl get pod web-1 -o=jsonpath="{.status.containerStatuses}"\n[{"name":"app","ready":false,"restartCount":3}]\n',
      {
        kind: 'Pod',
        metadata: { name: 'web-1' },
        status: { containerStatuses: [{ name: 'app', ready: false, restartCount: 3 }] },
      },
    ],
    [
      'kubectl get svc web -ojsonpath=\'{.spec.selector}\'\n{"app":"web"}\n',
      { kind: 'Service', metadata: { name: 'web' }, spec: { selector: { app: 'web' } } },
    ],
    [
      'kubectl get pvc data-0 --output jsonpath=\'{.status}\'\n{"phase":"Pending"}\n',
      { kind: 'PersistentVolumeClaim', metadata: { name: 'data-0' }, status: { phase: 'Pending' } },
    ],
  ])('%s', (text, raw) => {
    expect(objects(text)).toEqual([raw]);
  });

  it.each([
    // Not one plain path of one named object: left to the other readers.
    ["kubectl get pods -o jsonpath='{.items[*].metadata.labels}'", { app: 'web' }],
    ["kubectl get pod web-1 -o jsonpath='{.status.containerStatuses[0].state}'", { waiting: {} }],
    ["kubectl get pod web-1 -o jsonpath='{range .items[*]}{.metadata.name}{end}'", { a: 1 }],
    ["kubectl get pods -l app=web -o jsonpath='{.metadata.labels}'", { app: 'web' }],
    ["kubectl get pod web-1 -o jsonpath='{.kind}'", { a: 1 }],
    ["kubectl describe pod web-1 -o jsonpath='{.status}'", { phase: 'Running' }],
    ['kubectl get pod web-1 -o json', { phase: 'Running' }],
    [undefined, { phase: 'Running' }],
  ])('nothing for %s', (command, value) => {
    expect(jsonPathObject(value, command)).toBeUndefined();
  });

  it('a value that already has its metadata keeps it beside the name the command gives', () => {
    expect(
      jsonPathObject({ labels: { app: 'web' } }, "kubectl get pod web-1 -n shop -o jsonpath='{.metadata}'"),
    ).toEqual({ kind: 'Pod', metadata: { labels: { app: 'web' }, name: 'web-1', namespace: 'shop' } });
  });
});
