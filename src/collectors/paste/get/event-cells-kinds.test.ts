/**
 * The OBJECT cell as both commands print it: `kubectl get events` lower-cases the kind
 * (`pod/web-1`), `kubectl events` (1.26+) keeps its spelling (`Pod/web-1`, `ReplicaSet/web-7d4`).
 */
import { describe, expect, it } from 'vitest';
import { parseTarget } from './event-cells.js';

describe('parseTarget', () => {
  it.each([
    ['pod/web-1', 'Pod', 'web-1'],
    ['Pod/web-1', 'Pod', 'web-1'],
    ['replicaset/web-7d4', 'ReplicaSet', 'web-7d4'],
    ['ReplicaSet/web-7d4', 'ReplicaSet', 'web-7d4'],
    ['Deployment/web', 'Deployment', 'web'],
    ['PersistentVolumeClaim/data-db-0', 'PersistentVolumeClaim', 'data-db-0'],
    ['Node/worker-1', 'Node', 'worker-1'],
    ['replicaset.apps/web-7d4', 'ReplicaSet', 'web-7d4'],
    ['Certificate/web-tls', 'Certificate', 'web-tls'],
  ])('%s is %s %s', (cell, kind, name) => {
    expect(parseTarget(cell)).toEqual({ kind, name });
  });

  it.each(['0/3', '-/web', 'Pod /web-1', '/web-1', 'Pod/web 1'])('%j is no object', (cell) => {
    expect(parseTarget(cell)).toBeUndefined();
  });
});
