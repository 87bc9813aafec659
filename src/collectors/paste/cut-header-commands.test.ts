/**
 * The command above a table whose header a pipe cut off, read as kubectl reads it: global flags
 * may come before the verb, a pipe needs no space before it, and the flags of the command after
 * the pipe (`grep -A 2`) are not kubectl's.
 */
import { describe, expect, it } from 'vitest';
import { parsePaste } from './driver.js';
import { PASTE_PARSERS } from './parsers.js';
import { tableKind } from './cut-header.js';

describe('tableKind: commands as people type them', () => {
  it.each([
    ['$ kubectl -n shop get svc | grep web', 'Service'],
    ['$ kubectl --context prod -n shop get ep | grep api', 'Endpoints'],
    ['$ kubectl get svc|grep web', 'Service'],
    ['$ kubectl get ep -n shop|grep -v none', 'Endpoints'],
  ])('%j prints a %s table', (command, kind) => {
    expect(tableKind(command)).toBe(kind);
  });
});

describe('the NAMESPACE column is kubectl -A, never a flag of grep', () => {
  it.each([
    ['$ kubectl get svc -n shop | grep -A 2 web', ['shop/web']],
    ['$ kubectl get svc -A | grep web', ['shop/web']],
  ])('%s', (command, want) => {
    const row = command.includes(' -A |')
      ? 'shop        web    ClusterIP   10.96.12.7   <none>        80/TCP    3d'
      : 'web    ClusterIP   10.96.12.7   <none>        80/TCP    3d';
    const { objects } = parsePaste([command, row].join('\n'), PASTE_PARSERS);
    const services = objects.filter((o) => o.raw.kind === 'Service');
    const meta = (o: (typeof services)[number]) => o.raw.metadata as { name?: string; namespace?: string };
    expect(services.map((o) => `${meta(o).namespace ?? 'shop'}/${meta(o).name ?? ''}`)).toEqual(want);
    expect(services.map((o) => (o.raw.spec as { clusterIP?: string } | undefined)?.clusterIP)).toEqual([
      '10.96.12.7',
    ]);
  });
});
