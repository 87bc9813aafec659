/**
 * namedByCommand and deniedDeletion, table by table: which guessed names the command above the
 * output replaces, which kinds it may replace (any workload owner for a FailedCreate), and the
 * namespace it gives or leaves.
 */
import { describe, expect, it } from 'vitest';
import { deniedDeletion, namedByCommand } from './command-naming.js';
import type { PastedObject } from './common/types.js';
import { UNNAMED_POD } from './common/types.js';
import { DELETION_DENIED } from '../../model/index.js';

const QUOTA =
  'Error creating: pods "web-7d4-x2k4q" is forbidden: exceeded quota: compute, requested: cpu=500m, used: cpu=2, limited: cpu=2';
const podObj = (metadata: Record<string, unknown>, inferredName: string): PastedObject => ({
  raw: { kind: 'Pod', metadata, status: { phase: 'Pending' } },
  line: 2,
  inferredName,
});
const ev = (
  involvedObject: Record<string, unknown>,
  reason: string,
  inferredName: string | undefined = 'the Events table shows only its kind',
  message = QUOTA,
): PastedObject => ({
  raw: { kind: 'Event', involvedObject, reason, type: 'Warning', message },
  line: 4,
  ...(inferredName === undefined ? {} : { inferredName }),
});
const BY = (cmd: string) => `named by the command above it (${cmd})`;

describe('a pod fragment under a command naming one pod', () => {
  it.each([
    { what: 'no name', metadata: {}, inferred: 'a status cut out of -o yaml' },
    { what: 'the made-up name', metadata: { name: UNNAMED_POD }, inferred: 'a status cut out of -o yaml' },
    { what: 'a name taken from its container', metadata: { name: 'app' }, inferred: 'named after its container app' },
  ])('$what: takes the name, and the namespace of -n', ({ metadata, inferred }) => {
    const out = namedByCommand(podObj(metadata, inferred), '  kubectl get pod web-1 -n shop -o yaml  ');
    expect(out.raw.metadata).toEqual({ name: 'web-1', namespace: 'shop' });
    expect(out.inferredName).toBe(BY('kubectl get pod web-1 -n shop -o yaml'));
  });

  it('keeps the namespace it has when the command gives none', () => {
    const out = namedByCommand(podObj({ namespace: 'data' }, 'a status cut out of -o yaml'), 'kubectl get pod web-1 -o yaml');
    expect(out.raw.metadata).toStrictEqual({ name: 'web-1', namespace: 'data' });
  });

  it.each([
    { what: 'a name it read', metadata: { name: 'api-0' }, inferred: 'its namespace from the command', cmd: 'kubectl get pod web-1 -o yaml' },
    { what: 'a command naming a ReplicaSet', metadata: {}, inferred: 'a status cut out of -o yaml', cmd: 'kubectl describe rs web-7d4' },
  ])('is left alone with $what', ({ metadata, inferred, cmd }) => {
    const o = podObj(metadata, inferred);
    expect(namedByCommand(o, cmd)).toBe(o);
  });

  it('an object of another kind is left alone', () => {
    const o: PastedObject = { raw: { kind: 'ConfigMap', metadata: {} }, line: 1, inferredName: 'cut out of -o yaml' };
    expect(namedByCommand(o, 'kubectl get cm app-config -o yaml')).toBe(o);
  });
});

describe('an event about a guessed object under a command naming one object', () => {
  it.each([
    {
      what: 'same kind: takes the name and -n',
      involved: { kind: 'Pod', name: UNNAMED_POD },
      reason: 'BackOff',
      cmd: 'kubectl describe pod web-1 -n shop',
      want: { kind: 'Pod', name: 'web-1', namespace: 'shop' },
    },
    {
      what: 'same kind, no -n: keeps its namespace',
      involved: { kind: 'Pod', name: UNNAMED_POD, namespace: 'data' },
      reason: 'BackOff',
      cmd: 'kubectl describe pod web-1',
      want: { kind: 'Pod', name: 'web-1', namespace: 'data' },
    },
    {
      what: 'FailedCreate of a guessed ReplicaSet under a Deployment: the Deployment',
      involved: { kind: 'ReplicaSet', name: 'web-7d4' },
      reason: 'FailedCreate',
      cmd: 'kubectl describe deploy web',
      want: { kind: 'Deployment', name: 'web' },
    },
  ])('$what', ({ involved, reason, cmd, want }) => {
    const out = namedByCommand(ev(involved, reason), cmd);
    expect(out.raw.involvedObject).toStrictEqual(want);
    expect(out.inferredName).toBe(BY(cmd));
  });

  it.each([
    {
      what: 'another kind, not a FailedCreate',
      involved: { kind: 'ReplicaSet', name: 'unnamed-replicaset' },
      reason: 'SuccessfulCreate',
      cmd: 'kubectl describe deploy web',
    },
    {
      what: 'a FailedCreate about a pod, under a Deployment',
      involved: { kind: 'Pod', name: UNNAMED_POD },
      reason: 'FailedCreate',
      cmd: 'kubectl describe deploy web',
    },
    {
      what: 'a FailedCreate of a ReplicaSet, under a pod',
      involved: { kind: 'ReplicaSet', name: 'web-7d4' },
      reason: 'FailedCreate',
      cmd: 'kubectl logs web-1',
    },
    {
      what: 'a name it read, same kind',
      involved: { kind: 'Pod', name: 'api-0' },
      reason: 'BackOff',
      cmd: 'kubectl describe pod web-1',
    },
  ])('left alone: $what', ({ involved, reason, cmd }) => {
    const o = ev(involved, reason);
    expect(namedByCommand(o, cmd)).toBe(o);
  });
});

describe('a denial pasted under kubectl delete pod', () => {
  const DENIED = 'admission webhook "deny-delete.example.com" denied the request: pods "web-1" is protected';
  it.each([
    { cmd: 'kubectl delete pod web-1 -n shop ', metadata: { name: 'web-1', namespace: 'shop' } },
    { cmd: 'kubectl delete pod web-1', metadata: { name: 'web-1' } },
  ])('$cmd becomes that pod', ({ cmd, metadata }) => {
    const out = deniedDeletion(ev({ kind: 'Pod', name: UNNAMED_POD }, 'FailedCreate', 'guessed', DENIED), cmd);
    expect(out).toStrictEqual({
      raw: { kind: 'Pod', metadata: { ...metadata, annotations: { [DELETION_DENIED]: DENIED } } },
      line: 4,
      inferredName: BY(cmd.trim()),
    });
  });

  it.each([
    { what: 'not a FailedCreate', o: ev({ kind: 'Pod', name: UNNAMED_POD }, 'FailedKillPod', 'guessed', DENIED) },
    { what: 'an object it names', o: ev({ kind: 'ReplicaSet', name: 'web-7d4' }, 'FailedCreate', undefined, DENIED) },
  ])('left alone: $what', ({ o }) => {
    expect(deniedDeletion(o, 'kubectl delete pod web-1')).toBe(o);
  });
});
