/**
 * A pod's status message that holds an event's message (a describe's `Message:` typed under
 * `Events:`) is that event on the pod; a pod status message stays the pod's.
 */
import { describe, expect, it } from 'vitest';
import { assemble } from './assemble.js';
import { parsePaste } from './driver.js';
import { PASTE_PARSERS } from './parsers.js';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const objectsOf = (text: string) =>
  assemble(parsePaste(text, PASTE_PARSERS).objects, { commandNamespaces: [], now: NOW, clock: () => 0 })
    .objects;
const at = (o: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
      o,
    );

describe("a pod's status message that holds an event's message", () => {
  const SCHED =
    "1 node(s) had taint {node-role.kubernetes.io/master: }, that the pod didn't tolerate, 8 node(s) didn't match Pod's node affinity/selector";
  it.each([
    [
      'under Events: (a person typing the event out)',
      `Events:\nMessage: ${SCHED}`,
      'FailedScheduling',
      SCHED,
    ],
    [
      'in a describe header',
      'Name:    web-1\nStatus:  Pending\nMessage: 0/3 nodes are available: 3 Insufficient cpu.',
      'FailedScheduling',
      '0/3 nodes are available: 3 Insufficient cpu.',
    ],
    [
      'a kubelet error without its Error: (recorded as the kubelet writes it)',
      'Name:    web-1\nStatus:  Pending\nMessage: secret "db" not found',
      'Failed',
      'Error: secret "db" not found',
    ],
    [
      'in pod YAML',
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web-1\nstatus:\n  phase: Pending\n  message: "0/3 nodes are available: 3 Insufficient cpu."',
      'FailedScheduling',
      '0/3 nodes are available: 3 Insufficient cpu.',
    ],
  ])('%s: the event it is, on the pod, and no status message', (_name, text, reason, message) => {
    const objects = objectsOf(text);
    const events = objects.filter((o) => o.kind === 'Event');
    expect(events.map((e) => [e.reason, e.message, at(e, 'involvedObject.kind')])).toEqual([
      [reason, message, 'Pod'],
    ]);
    for (const p of objects.filter((o) => o.kind === 'Pod')) expect(at(p, 'status.message')).toBeUndefined();
  });

  it.each([
    'The node was low on resource: memory. Threshold quantity: 100Mi, available: 12Mi.',
    "Pod was rejected: Node didn't have enough resource: cpu, requested: 500, used: 3600, capacity: 4000",
    'Pod was active on the node longer than the specified deadline',
    'some words of its own',
  ])('a pod status message stays the pod status message: %s', (message) => {
    const objects = objectsOf(`Name:    web-1\nStatus:  Failed\nMessage: ${message}`);
    expect(objects.filter((o) => o.kind === 'Event')).toEqual([]);
    expect(objects.filter((o) => o.kind === 'Pod').map((p) => at(p, 'status.message'))).toEqual([message]);
  });
});
