import { describe, expect, it } from 'vitest';
import { parseDocuments } from './documents.js';
import { skipUnreadKinds } from './skip-kinds.js';

const keep = (kind: string): boolean => kind === 'Pod' || kind === 'Event';

describe('skipUnreadKinds', () => {
  it('cuts whole documents of kinds not read, and maps the lines left to their lines in the file', () => {
    const text = [
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: {name: big}',
      'data:',
      '  a: "1"',
      '---',
      'apiVersion: v1',
      'kind: Pod',
      'metadata: {name: p}',
      '',
    ].join('\n');
    const skipped = new Map<string, number>();
    const out = skipUnreadKinds(text, keep, skipped);
    expect(out.text.split('\n')).toEqual(['---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: p}', '']);
    expect([1, 2, 3].map((l) => out.lineOf(l))).toEqual([6, 7, 8]);
    expect(skipped).toEqual(new Map([['ConfigMap', 1]]));
  });

  it('cuts List items of kinds not read, with items at column 0 (kubectl) or indented', () => {
    for (const pad of ['', '  ']) {
      const text = [
        'apiVersion: v1',
        'items:',
        `${pad}- apiVersion: v1`,
        `${pad}  data:`,
        `${pad}    kind: Pod`,
        `${pad}  kind: ConfigMap`,
        `${pad}  metadata: {name: c}`,
        `${pad}- kind: Pod`,
        `${pad}  metadata: {name: p}`,
        `${pad}-`,
        `${pad}  kind: "Secret"`,
        `${pad}  data: {password: eA==}`,
        'kind: List',
        'metadata: {resourceVersion: ""}',
      ].join('\n');
      const skipped = new Map<string, number>();
      const out = skipUnreadKinds(text, keep, skipped);
      // Lines 3-7 (the ConfigMap) and 10-12 (the Secret) are cut; the rest keep their numbers.
      expect(out.text.split('\n')).toHaveLength(6);
      expect([1, 2, 3, 4, 5, 6].map((l) => out.lineOf(l))).toEqual([1, 2, 8, 9, 13, 14]);
      expect(skipped).toEqual(
        new Map([
          ['ConfigMap', 1],
          ['Secret', 1],
        ]),
      );
      const parsed = parseDocuments('l.yaml', out.text);
      expect(parsed.documents[0]?.value).toEqual({
        apiVersion: 'v1',
        items: [{ kind: 'Pod', metadata: { name: 'p' } }],
        kind: 'List',
        metadata: { resourceVersion: '' },
      });
    }
  });

  it('keeps an empty list of items when every item is skipped', () => {
    const text = 'apiVersion: v1\nitems:\n- kind: ConfigMap\n  data: {a: b}\nkind: List\n';
    const skipped = new Map<string, number>();
    const parsed = parseDocuments('l.yaml', skipUnreadKinds(text, keep, skipped).text);
    expect(parsed.documents[0]?.value).toEqual({ apiVersion: 'v1', items: [], kind: 'List' });
    expect(skipped.get('ConfigMap')).toBe(1);
  });

  it('keeps what it cannot judge: no kind, two kinds, a flow mapping, a marker with content', () => {
    const texts = [
      'metadata: {name: frag}\nstatus: {phase: Failed}\n',
      'kind: ConfigMap\nkind: Pod\n',
      '{kind: ConfigMap, data: {a: b}}\n',
      '--- {kind: ConfigMap}\n',
      '--- !!map\nkind: ConfigMap\n',
    ];
    for (const text of texts) {
      const skipped = new Map<string, number>();
      expect(skipUnreadKinds(text, keep, skipped).text).toBe(text);
      expect(skipped.size).toBe(0);
    }
  });
});

describe('parseDocuments with keepKind', () => {
  it('never builds documents of kinds not read, counts them, and keeps later line numbers', () => {
    const text = 'kind: ConfigMap\ndata:\n  a: b\n---\nkind: Pod\nmetadata: {name: p}\n';
    const p = parseDocuments('m.yaml', text, { keepKind: keep });
    expect(p.documents).toEqual([{ value: { kind: 'Pod', metadata: { name: 'p' } }, line: 5 }]);
    expect(p.skipped).toEqual(new Map([['ConfigMap', 1]]));
  });

  it('names the line of the file in a syntax error after a skipped document', () => {
    const text = 'kind: Secret\ndata:\n  a: b\n---\nkind: Pod\nmetadata:\n  name: [unclosed\n  x: 1\n';
    const messageOf = (options: Parameters<typeof parseDocuments>[2]): string => {
      try {
        parseDocuments('e.yaml', text, options);
      } catch (err) {
        return (err as Error).message;
      }
      return 'parsed';
    };
    const whole = messageOf({});
    expect(whole).toMatch(/^e\.yaml:\d+: invalid YAML/);
    expect(messageOf({ keepKind: keep })).toBe(whole);
  });

  it('skips a ConfigMap of 10^6 keys without building it', () => {
    const lines = ['apiVersion: v1', 'kind: ConfigMap', 'metadata: {name: big}', 'data:'];
    for (let i = 0; i < 1e6; i++) lines.push(`  key${i}: value${i}`);
    lines.push('---', 'kind: Pod', 'metadata: {name: p}', '');
    const p = parseDocuments('big.yaml', lines.join('\n'), { keepKind: keep });
    expect(p.documents.map((d) => d.value)).toEqual([{ kind: 'Pod', metadata: { name: 'p' } }]);
    expect(p.documents[0]?.line).toBe(1e6 + 6);
    expect(p.skipped).toEqual(new Map([['ConfigMap', 1]]));
    // Building it took 20 s and 1.5 GB, past the test's timeout; skipping is a scan of the lines.
  }, 30_000);
});
