import { describe, expect, it } from 'vitest';
import { newDoc, type Doc } from './doc.js';
import { decideKind, values } from './kinds.js';

/** Which kind a describe block is about: a Kind field, fields only one kind prints, the command. */

function doc(fields: Record<string, string>): Doc {
  const d = newDoc();
  for (const [key, value] of Object.entries(fields)) d.header.push({ key, value, items: [], line: 0 });
  return d;
}

describe('decideKind', () => {
  it.each<[Record<string, string>, string | undefined, string]>([
    // An explicit Kind (describe event's involved object) when it is a kind name.
    [{ Kind: 'Pod' }, undefined, 'Pod'],
    [{ Kind: 'StatefulSet' }, 'Deployment', 'StatefulSet'],
    [{ Kind: 'pod' }, undefined, 'Pod'],
    [{ Kind: 'apps/Deployment' }, undefined, 'Pod'],
    [{ Kind: 'Deployment x' }, 'Job', 'Job'],
    [{ Kind: '<none>' }, undefined, 'Pod'],
    // Service types.
    [{ Type: 'ClusterIP' }, undefined, 'Service'],
    [{ Type: 'NodePort' }, undefined, 'Service'],
    [{ Type: 'LoadBalancer' }, undefined, 'Service'],
    [{ Type: 'ExternalName' }, undefined, 'Service'],
    [{ Type: 'Opaque' }, undefined, 'Pod'],
    [{ Type: 'kubernetes.io/tls' }, 'Job', 'Job'],
    // Replicas lines.
    [{ Replicas: '3 desired | 1 updated | 3 total | 2 available | 1 unavailable' }, undefined, 'Deployment'],
    [
      { Replicas: '3 desired | 1 updated | 3 total | 2 available | 1 unavailable' },
      'StatefulSet',
      'Deployment',
    ],
    [{ Replicas: '1 desired | 1 total' }, undefined, 'StatefulSet'],
    [{ Replicas: '1 desired | 1 total' }, 'StatefulSet', 'StatefulSet'],
    [{ Replicas: '1 desired | 1 total' }, 'Deployment', 'Deployment'],
    [{ Replicas: '0 current / 2 desired' }, undefined, 'ReplicaSet'],
    [{ Replicas: '0 current / 2 desired' }, 'ReplicaSet', 'ReplicaSet'],
    [{ Replicas: '0 current / 2 desired' }, 'ReplicationController', 'ReplicationController'],
    [{ 'Pods Status': '1 Running / 0 Waiting / 0 Succeeded / 0 Failed' }, undefined, 'ReplicaSet'],
    [
      { 'Pods Status': '1 Running / 0 Waiting / 0 Succeeded / 0 Failed' },
      'ReplicationController',
      'ReplicationController',
    ],
    [{ Replicas: '2' }, undefined, 'Pod'],
    // Fields only one kind prints.
    [{ 'Desired Number of Nodes Scheduled': '4' }, undefined, 'DaemonSet'],
    [
      {
        'Number of Nodes Misscheduled': '0',
        'Pods Status': '4 Running / 0 Waiting / 0 Succeeded / 0 Failed',
      },
      undefined,
      'DaemonSet',
    ],
    [{ Schedule: '0 3 * * *' }, undefined, 'CronJob'],
    [{ 'Pods Statuses': '0 Active (0 Ready) / 1 Succeeded / 0 Failed' }, undefined, 'Job'],
    [{ StrategyType: 'RollingUpdate' }, undefined, 'Deployment'],
    [{ 'Update Strategy': 'RollingUpdate' }, undefined, 'StatefulSet'],
    [{ 'Session Affinity': 'None' }, undefined, 'Service'],
    // Nothing telling: the command, else a pod.
    [{ Name: 'web', Namespace: 'shop' }, 'CronJob', 'CronJob'],
    [{ Name: 'web', Namespace: 'shop' }, undefined, 'Pod'],
  ])('%j with command kind %j is a %s', (fields, fromCommand, kind) => {
    expect(decideKind(doc(fields), fromCommand)).toBe(kind);
  });
});

describe('values', () => {
  it.each([
    [{ key: 'Labels', value: 'app=web', items: ['tier=front'], line: 0 }, ['app=web', 'tier=front']],
    [{ key: 'Labels', value: '<none>', items: [], line: 0 }, []],
    [
      { key: 'Tolerations', value: '', items: ['<none>', 'a:NoSchedule op=Exists'], line: 0 },
      ['a:NoSchedule op=Exists'],
    ],
    [undefined, []],
  ])('%j gives %j', (entry, want) => {
    expect(values(entry)).toEqual(want);
  });
});
