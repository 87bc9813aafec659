import { describe, expect, it } from 'vitest';
import { looksStructured } from './structured.js';

/** Whether a text is read as JSON/YAML objects (its syntax error shown) or as a paste. */
describe('looksStructured', () => {
  it.each([
    ['a manifest', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n'],
    ['kubectl get -o yaml of a list', 'apiVersion: v1\nitems:\n- kind: Pod\n'],
    ['a comment before the manifest', '# from kubectl\nkind: Pod\napiVersion: v1\n'],
    ['JSON', '{"kind": "Pod"}'],
    [
      'a manifest whose prose holds a typographic quote',
      'kind: Pod\nmetadata:\n  annotations:\n    note: it\u2019s fine\n',
    ],
    ['a JSON list', '[{"kind": "Pod"}]'],
    ['a cluster-info dump', '==== START logs for container web of pod shop/web-1 ====\n'],
    [
      'a block scalar holding a fence, indented',
      'kind: ConfigMap\ndata:\n  README.md: |\n    ```\n    code\n    ```\n',
    ],
  ])('%s: structured', (_, text) => {
    expect(looksStructured(text)).toBe(true);
  });

  it.each([
    [
      'prose with a fenced log and a fenced manifest',
      'The pod crash-loops.\n\nPod Error:\n```shell\n$ k logs -n r web-1\nboom\n```\n\n```yaml\napiVersion: v1\nkind: HelmRelease\n```\n',
    ],
    ['a manifest between fences', '```\napiVersion: v1\nkind: Pod\n```\n'],
    ['a tilde fence', '~~~yaml\nkind: Pod\n~~~\n'],
    [
      'a manifest a blog set in typographic quotes',
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: \u201cweb\u201d\n',
    ],
    ["JSON from a page's HTML source", '{&quot;kind&quot;: &quot;Pod&quot;}'],
    [
      'kubectl get pods',
      'NAME    READY   STATUS    RESTARTS   AGE\nweb-1   0/1     Pending   0          1m\n',
    ],
  ])('%s: a paste', (_, text) => {
    expect(looksStructured(text)).toBe(false);
  });
});
