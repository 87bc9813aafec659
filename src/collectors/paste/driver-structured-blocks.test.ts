/**
 * parsePaste on whole objects: JSON as `kubectl get -o json` / `--raw` prints it (where the block
 * ends, at any indent), YAML with a block scalar holding a blank line, objects pasted without
 * their name, list items, and what the driver passes over.
 */
import { describe, expect, it } from 'vitest';
import { parsePaste } from './driver.js';
import { PASTE_PARSERS } from './parsers.js';
import type { BlockParser } from './common/types.js';

const read = (text: string) => parsePaste(text, PASTE_PARSERS);
const summary = (text: string) =>
  read(text).objects.map((o) => [
    o.raw.kind,
    (o.raw.metadata as { name?: string } | undefined)?.name,
    o.line,
  ]);

/** `kubectl get pod web-1 -n shop -o json`, 4-space indented as kubectl prints it, arrays over several lines. */
const POD_JSON = [
  '{',
  '    "apiVersion": "v1",',
  '    "kind": "Pod",',
  '    "metadata": {',
  '        "name": "web-1",',
  '        "namespace": "shop"',
  '    },',
  '    "spec": {',
  '        "containers": [',
  '            {',
  '                "image": "nginx:1.25",',
  '                "name": "web"',
  '            }',
  '        ]',
  '    },',
  '    "status": {',
  '        "conditions": [',
  '            {',
  '                "status": "False",',
  '                "type": "PodScheduled"',
  '            }',
  '        ],',
  '        "phase": "Pending"',
  '    }',
  '}',
];
const SVC_JSON = [
  '{',
  '    "apiVersion": "v1",',
  '    "kind": "Service",',
  '    "metadata": {',
  '        "name": "web",',
  '        "namespace": "shop"',
  '    },',
  '    "spec": {',
  '        "ports": [',
  '            {',
  '                "port": 80,',
  '                "protocol": "TCP"',
  '            }',
  '        ]',
  '    }',
  '}',
];

describe('a JSON object ends on the line its outermost bracket closes', () => {
  it.each([
    ['not indented', ''],
    ['indented by one space', ' '],
    ['indented by two spaces (a markdown list)', '  '],
    ['indented by four spaces (a markdown code block)', '    '],
    ['indented by a tab', '\t'],
  ])('%s: each object from its own first line, the prose between passed over', (_, pad) => {
    const text = [
      '$ kubectl get pod web-1 -n shop -o json',
      ...POD_JSON.map((l) => pad + l),
      'it stays Pending, the service is:',
      ...SVC_JSON.map((l) => pad + l),
      'thanks',
    ].join('\n');
    expect(summary(text)).toEqual([
      ['Pod', 'web-1', 2],
      ['Service', 'web', 28],
    ]);
    expect(read(text).objects[0]?.raw).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web-1', namespace: 'shop' },
      spec: { containers: [{ image: 'nginx:1.25', name: 'web' }] },
      status: { conditions: [{ status: 'False', type: 'PodScheduled' }], phase: 'Pending' },
    });
  });

  it('two objects back to back: the second starts on the line after the first closes', () => {
    expect(summary([...POD_JSON, ...SVC_JSON].join('\n'))).toEqual([
      ['Pod', 'web-1', 1],
      ['Service', 'web', 26],
    ]);
  });

  it('a one-line `kubectl get --raw` PodList, prose after it: its items are pods', () => {
    const text = [
      '$ kubectl get --raw /api/v1/namespaces/shop/pods',
      '{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"81523"},"items":[{"metadata":{"name":"web-1","namespace":"shop"},"status":{"phase":"Pending"}},{"metadata":{"name":"web-2","namespace":"shop"},"status":{"phase":"Running"}}]}',
      'only web-1 is stuck',
    ].join('\n');
    expect(read(text).objects).toEqual([
      {
        raw: { kind: 'Pod', metadata: { name: 'web-1', namespace: 'shop' }, status: { phase: 'Pending' } },
        line: 2,
      },
      {
        raw: { kind: 'Pod', metadata: { name: 'web-2', namespace: 'shop' }, status: { phase: 'Running' } },
        line: 2,
      },
    ]);
  });

  it.each([
    ['ServiceList', 'Service'],
    ['EventList', 'Event'],
    ['PersistentVolumeClaimList', 'PersistentVolumeClaim'],
  ])('the items of a %s take the kind %s', (listKind, kind) => {
    const text = `{"kind":"${listKind}","apiVersion":"v1","metadata":{"resourceVersion":"1"},"items":[{"metadata":{"name":"a","namespace":"shop"}}]}`;
    expect(read(text).objects).toEqual([
      { raw: { kind, metadata: { name: 'a', namespace: 'shop' } }, line: 1 },
    ]);
  });

  it('the items of a `kubectl get -o yaml` List keep their own kinds', () => {
    const text = [
      'apiVersion: v1',
      'items:',
      '- apiVersion: v1',
      '  kind: Pod',
      '  metadata:',
      '    name: web-1',
      '- apiVersion: v1',
      '  kind: Service',
      '  metadata:',
      '    name: web',
      'kind: List',
      'metadata:',
      '  resourceVersion: ""',
    ].join('\n');
    expect(summary(text)).toEqual([
      ['Pod', 'web-1', 1],
      ['Service', 'web', 1],
    ]);
  });

  it('items of a List trimmed of their kind and name are kept as they are: no kind, no made-up name', () => {
    const text = ['apiVersion: v1', 'items:', '- status:', '    phase: Pending', 'kind: List'].join('\n');
    const objects = read(text).objects;
    expect(objects).toHaveLength(1);
    expect(objects[0]).toStrictEqual({ raw: { status: { phase: 'Pending' } }, line: 1 });
  });
});

describe('a YAML block scalar with a blank line in it', () => {
  it('reads the whole message and the keys after it', () => {
    const text = [
      '$ kubectl get pod api-1 -n shop -o yaml',
      'apiVersion: v1',
      'kind: Pod',
      'metadata:',
      '  name: api-1',
      '  namespace: shop',
      'status:',
      '  containerStatuses:',
      '  - lastState:',
      '      terminated:',
      '        exitCode: 2',
      '        message: |',
      '          panic: runtime error: invalid memory address or nil pointer dereference',
      '',
      '          goroutine 1 [running]:',
      '          main.main()',
      '        reason: Error',
      '    name: api',
      '    restartCount: 4',
    ].join('\n');
    expect(read(text).objects).toEqual([
      {
        raw: {
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name: 'api-1', namespace: 'shop' },
          status: {
            containerStatuses: [
              {
                lastState: {
                  terminated: {
                    exitCode: 2,
                    message:
                      'panic: runtime error: invalid memory address or nil pointer dereference\n\ngoroutine 1 [running]:\nmain.main()\n',
                    reason: 'Error',
                  },
                },
                name: 'api',
                restartCount: 4,
              },
            ],
          },
        },
        line: 2,
      },
    ]);
  });
});

describe('objects pasted without metadata.name', () => {
  it.each([
    ['Deployment', 'apps/v1', 'unnamed-deployment'],
    ['StatefulSet', 'apps/v1', 'unnamed-statefulset'],
    ['Pod', 'v1', 'unnamed-pod'],
    ['PersistentVolumeClaim', 'v1', 'unnamed-persistentvolumeclaim'],
  ])('a %s gets the placeholder name and says so', (kind, apiVersion, name) => {
    const text = [
      `apiVersion: ${apiVersion}`,
      `kind: ${kind}`,
      'metadata:',
      '  namespace: shop',
      'spec: {}',
    ].join('\n');
    expect(read(text).objects).toEqual([
      {
        raw: { apiVersion, kind, metadata: { namespace: 'shop', name }, spec: {} },
        line: 1,
        inferredName: `the ${kind} was pasted without its name`,
      },
    ]);
  });

  it.each([
    ['Pod', 'web-1'],
    ['Deployment', 'web'],
    ['Service', 'web'],
  ])('a named %s keeps its name and no note', (kind, name) => {
    const text = ['apiVersion: v1', `kind: ${kind}`, 'metadata:', `  name: ${name}`].join('\n');
    expect(read(text).objects).toEqual([{ raw: { apiVersion: 'v1', kind, metadata: { name } }, line: 1 }]);
  });

  it('an Event without metadata is left unnamed (it is named from its object later)', () => {
    const text = [
      'apiVersion: v1',
      'involvedObject:',
      '  kind: Pod',
      '  name: web-1',
      'kind: Event',
      'reason: BackOff',
    ].join('\n');
    expect(read(text).objects).toStrictEqual([
      {
        raw: {
          apiVersion: 'v1',
          involvedObject: { kind: 'Pod', name: 'web-1' },
          kind: 'Event',
          reason: 'BackOff',
        },
        line: 1,
      },
    ]);
  });
});

describe('fragments', () => {
  it('a status fragment without a pod says the fragment names none', () => {
    expect(read('state:\n  waiting:\n    reason: CrashLoopBackOff').objects).toEqual([
      {
        raw: {
          kind: 'Pod',
          metadata: { name: 'unnamed-pod' },
          spec: {},
          status: {
            containerStatuses: [{ state: { waiting: { reason: 'CrashLoopBackOff' } }, name: 'unnamed' }],
          },
        },
        line: 1,
        inferredName: 'the fragment names no pod or container',
      },
    ]);
  });

  it('a fragment that names its pod carries no note about the name', () => {
    const text = ['metadata:', '  name: web-1', '  namespace: shop', 'status:', '  phase: Pending'].join(
      '\n',
    );
    expect(read(text).objects).toStrictEqual([
      {
        raw: {
          kind: 'Pod',
          metadata: { name: 'web-1', namespace: 'shop' },
          spec: {},
          status: { phase: 'Pending' },
        },
        line: 1,
      },
    ]);
  });

  it.each([
    [1, []],
    [2, ['some prose']],
    [4, ['some prose', '', 'and more:']],
  ])('JSON members on line %i keep that line', (line, before) => {
    const text = [
      ...before,
      '"state": {',
      '    "waiting": {',
      '        "reason": "CrashLoopBackOff"',
      '    }',
      '}',
    ].join('\n');
    expect(read(text).objects.map((o) => o.line)).toEqual([line]);
  });
});

describe('what the driver passes over', () => {
  it.each([
    ['$ kubectl get pods', []],
    ['$ kubectl get pods -A', []],
    ['$ kubectl get pods -n shop', ['shop']],
    ['$ kubectl get pods --namespace=kube-system', ['kube-system']],
  ])('%j names the namespaces %j', (command, namespaces) => {
    const r = read(`${command}\nNo resources found`);
    expect(r.commandNamespaces).toHaveLength(namespaces.length);
    expect(r.commandNamespaces).toEqual(namespaces);
  });

  it('a block parser that reads no line is passed over, and the next one is tried', () => {
    const empty: BlockParser = (_lines, start) => ({
      end: start,
      objects: [{ raw: { kind: 'Pod', metadata: { name: 'never' } }, line: start + 1 }],
    });
    const one: BlockParser = (lines, start) =>
      lines[start] === 'web-1'
        ? {
            end: start + 1,
            objects: [{ raw: { kind: 'Pod', metadata: { name: 'web-1' } }, line: start + 1 }],
          }
        : undefined;
    expect(parsePaste('prose\nweb-1', { blocks: [empty, one] }).objects).toEqual([
      { raw: { kind: 'Pod', metadata: { name: 'web-1' } }, line: 2 },
    ]);
  });
});

describe('a logs paste with events but no pod', () => {
  it('the pod of the log is made from the log, beside the events', () => {
    const text = [
      '$ kubectl logs web-1 -n shop',
      'Error: connect ECONNREFUSED 10.0.0.9:5432',
      '$ kubectl get events -n shop',
      'LAST SEEN   TYPE      REASON    OBJECT      MESSAGE',
      '2m          Warning   BackOff   pod/web-1   Back-off restarting failed container web in pod web-1_shop(0b5c2f4e-1f1a-4c1e-9d35-5a3b8c9e2f10)',
    ].join('\n');
    expect(read(text).objects.map((o) => [o.raw.kind, o.line])).toEqual([
      ['Event', 5],
      ['Pod', 2],
    ]);
    expect(read(text).objects[1]?.raw).toEqual({
      kind: 'Pod',
      metadata: { name: 'web-1', namespace: 'shop' },
      spec: { containers: [{ name: 'unnamed' }] },
    });
  });
});
