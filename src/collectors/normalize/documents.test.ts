import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InputError } from '../../errors/index.js';
import { parseDocuments } from './documents.js';

describe('parseDocuments', () => {
  it('reads one JSON object', () => {
    const p = parseDocuments('a.json', '{"kind":"Pod","metadata":{"name":"x"}}');
    expect(p.documents).toEqual([{ value: { kind: 'Pod', metadata: { name: 'x' } }, line: 1 }]);
  });

  it('reads multi-document YAML with the line each starts on', () => {
    const p = parseDocuments(
      'a.yaml',
      'kind: Pod\nmetadata: {name: a}\n---\nkind: Pod\nmetadata: {name: b}\n',
    );
    expect(p.documents.map((d) => d.line)).toEqual([1, 4]);
  });

  it('names the line of a YAML syntax error', () => {
    const err = (() => {
      try {
        parseDocuments('bad.yaml', 'kind: Pod\nmetadata:\n  name: [unclosed\n  other: 1\n');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toMatch(/^bad\.yaml:\d+: invalid YAML/);
    expect((err as InputError).line).toBeGreaterThanOrEqual(3);
  });

  it('names the line of a JSON syntax error', () => {
    expect(() => parseDocuments('bad.json', '{\n  "kind": "Pod",\n  "metadata": {"name": "x",}\n}')).toThrow(
      /^bad\.json:3: invalid JSON/,
    );
  });

  it('reads a kubectl cluster-info dump: JSON values with log sections between them', () => {
    const text = [
      '{"kind":"NodeList","items":[]}',
      '{',
      '  "kind": "PodList", "items": []',
      '}',
      '==== START logs for container app of pod shop/web-1 ====',
      'line one',
      'panic: boom',
      '==== END logs for container app of pod shop/web-1 ====',
      '{"kind":"EventList","items":[]}',
    ].join('\n');
    const p = parseDocuments('dump.txt', text);
    expect(p.documents.map((d) => (d.value as { kind: string }).kind)).toEqual([
      'NodeList',
      'PodList',
      'EventList',
    ]);
    expect(p.documents.map((d) => d.line)).toEqual([1, 2, 9]);
    expect(p.logs).toEqual([
      {
        namespace: 'shop',
        pod: 'web-1',
        container: 'app',
        previous: false,
        lines: ['line one', 'panic: boom'],
      },
    ]);
  });

  it('skips paste noise: elisions, markdown fences and shell prompts', () => {
    const text =
      '```yaml\n$ kubectl get pod x -o yaml\napiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n  ...\n...\n```\n';
    const p = parseDocuments('paste.md', text);
    expect(p.documents.map((d) => d.value)).toEqual([
      { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' } },
    ]);
  });

  it('repairs a fragment whose first line lost its indentation', () => {
    const text = 'phase: Failed\n containerStatuses:\n  - name: main\n    restartCount: 0\n';
    const p = parseDocuments('frag.yaml', text);
    expect(p.documents[0]?.value).toEqual({
      phase: 'Failed',
      containerStatuses: [{ name: 'main', restartCount: 0 }],
    });
  });

  it.each(['[…]', '[...]', '(…)', '(...)', '<snip>', '[snip]', '<snipped>'])(
    'skips a line that only says %s was cut, wherever it is indented',
    (elision) => {
      const text = [
        'apiVersion: v1',
        'kind: Service',
        'metadata:',
        '  name: prometheus-server',
        `  ${elision}`,
        'spec:',
        `  ${elision}`,
        '  selector:',
        '    app: prometheus',
        elision,
      ].join('\n');
      expect(parseDocuments('paste.md', text).documents.map((d) => d.value)).toEqual([
        {
          apiVersion: 'v1',
          kind: 'Service',
          metadata: { name: 'prometheus-server' },
          spec: { selector: { app: 'prometheus' } },
        },
      ]);
    },
  );

  it('keeps a value that merely contains an elision', () => {
    const p = parseDocuments('x.yaml', 'metadata:\n  name: x\n  note: "[…] cut"\n');
    expect(p.documents[0]?.value).toEqual({ metadata: { name: 'x', note: '[…] cut' } });
  });

  it("repairs a list item whose dash lost its indentation: the item's keys stand two columns right of it", () => {
    const text = [
      '- lastProbeTime: null',
      '    message: corresponding condition of pod readiness gate "g" does',
      '      not exist.',
      '    type: Ready',
    ].join('\n');
    expect(parseDocuments('frag.yaml', text).documents[0]?.value).toEqual([
      {
        lastProbeTime: null,
        message: 'corresponding condition of pod readiness gate "g" does not exist.',
        type: 'Ready',
      },
    ]);
  });

  it('repairs a first line that lost its indentation above a value continued on deeper lines', () => {
    const text = [
      " message: 'container has runAsNonRoot and image has non-numeric user (admin),",
      '          cannot verify user is non-root (pod: "web",',
      "          container: app)'",
      '        reason: CreateContainerConfigError',
    ].join('\n');
    expect(parseDocuments('frag.yaml', text).documents[0]?.value).toEqual({
      message:
        'container has runAsNonRoot and image has non-numeric user (admin), cannot verify user is non-root (pod: "web", container: app)',
      reason: 'CreateContainerConfigError',
    });
  });

  it('never throws anything but InputError, on any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        try {
          parseDocuments('x', s);
        } catch (e) {
          if (!(e instanceof InputError)) throw e;
        }
      }),
      { numRuns: 500 },
    );
  });
});
