/**
 * Issue 13, item 12: a field of the wrong type (a List whose items is not a list, a number where
 * an object belongs) is a note naming the file, the object and the field; exit 2 only when
 * nothing usable is left.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'handoff-fields-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const evicted = `apiVersion: v1
kind: Pod
metadata: {name: web-1, namespace: shop, uid: u1, creationTimestamp: "2026-01-01T00:00:00Z"}
spec: {nodeName: n1, containers: [{name: app, image: nginx}]}
status: {phase: Failed, reason: Evicted, message: "The node was low on resource: memory. "}
`;

const notesOf = (stderr: string): string[] =>
  stderr
    .split('\n')
    .filter((l) => l.startsWith('handoff: note: '))
    .map((l) => l.slice('handoff: note: '.length));

describe('fields of the wrong type', () => {
  it('a List whose items is not a list is a note naming the file, line and field', async () => {
    const f = file('list.yaml', `apiVersion: v1\nkind: List\nitems: {name: x}\n---\n${evicted}`);
    const r = await runCli(['-f', f, '-o', 'json']);
    expect(r.code).toBe(1);
    expect(notesOf(r.stderr)).toContain(
      `${f}:1: List: items is a mapping, not a list; no objects read from it`,
    );
  });

  it('exits 2 when the only List has unusable items', async () => {
    const f = file('podlist.json', JSON.stringify({ apiVersion: 'v1', kind: 'PodList', items: 'none' }));
    const r = await runCli(['-f', f, '-o', 'json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      `handoff: error: ${f}:1: nothing usable: PodList: items is a string, not a list; no objects read from it`,
    );
  });

  it('a Pod with a number where an object belongs names the object and the field', async () => {
    const f = file(
      'pod.yaml',
      `${evicted}---\napiVersion: v1\nkind: Pod\nmetadata: {name: api-1, namespace: shop}\nspec: 3\nstatus:\n  phase: Running\n  containerStatuses:\n  - name: app\n    state: 5\n`,
    );
    const r = await runCli(['-f', f, '-o', 'json']);
    expect(r.code).toBe(1);
    expect(notesOf(r.stderr)).toContain(
      `${f}:7: Pod shop/api-1: spec is a number, not a mapping; status.containerStatuses[0].state is a number, not a mapping; read without them`,
    );
  });

  it('names List items by their index, and an object without a usable metadata', async () => {
    const list = {
      apiVersion: 'v1',
      kind: 'List',
      items: [
        { apiVersion: 'v1', kind: 'Pod', metadata: 7 },
        { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, status: { conditions: 'Ready' } },
      ],
    };
    const f = file(
      'items.json',
      `${JSON.stringify(list, null, 2)}\n${JSON.stringify({ kind: 'Pod', metadata: { name: 'x', namespace: 'a' } })}`,
    );
    const r = await runCli(['-f', f, '-o', 'json']);
    expect(notesOf(r.stderr)).toEqual(
      expect.arrayContaining([
        `${f}:1: items[0] (Pod): metadata is a number, not a mapping; not read (an object needs metadata.name)`,
        `${f}:1: items[1] (Node n1): status.conditions is a string, not a list; read without it`,
      ]),
    );
  });
});
