import { describe, expect, it } from 'vitest';
import { parseLine } from '../parsers.js';

describe("the API server's error answers kubectl printed (Error from server (Reason): ...)", () => {
  it.each([
    [
      'Error from server (NotFound): jobs.batch "test-clp-db-table-creator" not found',
      'line 1: the API server answered a kubectl request with NotFound: jobs.batch "test-clp-db-table-creator" not found (about that request, not a pod\'s handoff)',
    ],
    [
      'Error from server (Forbidden): pods is forbidden: User "alice@example.com" cannot list resource "pods" in API group "" in the namespace "shop"',
      'line 1: the API server answered a kubectl request with Forbidden: pods is forbidden: User "alice@example.com" cannot list resource "pods" in API group "" in the namespace "shop" (about that request, not a pod\'s handoff)',
    ],
    [
      'Error from server (Forbidden): jobs.batch "migrate" is forbidden: User "system:serviceaccount:shop:default" cannot get resource "jobs" in API group "batch" in the namespace "shop"',
      'line 1: the API server refused (Forbidden) a request of service account shop/default, which a pod runs as: it may not get jobs until a Role and RoleBinding grant it: jobs.batch "migrate" is forbidden: User "system:serviceaccount:shop:default" cannot get resource "jobs" in API group "batch" in the namespace "shop"',
    ],
    [
      'Error from server (InternalError): an error on the server ("") has prevented the request from succeeding',
      'line 1: the API server answered a kubectl request with InternalError: an error on the server ("") has prevented the request from succeeding (about that request, not a pod\'s handoff)',
    ],
  ])('%s', (line, note) => {
    const r = parseLine([line], 0);
    expect(r?.end).toBe(1);
    expect(r?.objects).toEqual([]);
    expect(r?.notes).toEqual([note]);
  });

  it('cuts a long message in the note', () => {
    const long = `Error from server (NotFound): pods "${'a'.repeat(300)}" not found`;
    const note = parseLine([long], 0)?.notes?.[0] ?? '';
    expect(note).toContain('…');
    expect(note.length).toBeLessThan(300);
  });

  it.each([
    // An admission denial is the owner's FailedCreate, not a note.
    'Error from server (Forbidden): error when creating "web.yaml": pods "web" is forbidden: exceeded quota: compute, requested: cpu=2, used: cpu=8, limited: cpu=9',
    // The kubelet's answer for a container that has not started is the pod's state.
    'Error from server (BadRequest): container "app" in pod "web-1" is waiting to start: ContainerCreating',
  ])('is evidence, not a note: %s', (line) => {
    const r = parseLine([line], 0);
    expect(r?.objects.length).toBe(1);
    expect(r?.notes ?? []).toEqual([]);
  });

  it.each(['I keep getting Error from server (NotFound) when I run it', 'Error from server: nothing here'])(
    'is no answer of the API server: %s',
    (line) => {
      expect(parseLine([line], 0)?.notes ?? []).toEqual([]);
    },
  );

});
