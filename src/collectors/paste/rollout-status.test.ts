import { describe, expect, it } from 'vitest';
import { parsePaste } from './driver.js';
import { PASTE_PARSERS } from './parsers.js';
import { rolloutsOf, rolloutStatusObjects } from './rollout-status.js';

const WAIT_AVAILABLE =
  'Waiting for deployment "web" rollout to finish: 0 of 1 updated replicas are available...';

describe('rolloutsOf: where each rollout stood at its last line', () => {
  it.each([
    ['replicas not yet available', [WAIT_AVAILABLE], 'Deployment', 'web', 'waiting'],
    [
      'new replicas not yet updated',
      ['Waiting for deployment "web" rollout to finish: 1 out of 3 new replicas have been updated...'],
      'Deployment',
      'web',
      'waiting',
    ],
    [
      'old replicas pending termination',
      ['Waiting for deployment "web" rollout to finish: 1 old replicas are pending termination...'],
      'Deployment',
      'web',
      'waiting',
    ],
    [
      'the progress deadline, after waiting',
      [WAIT_AVAILABLE, 'error: deployment "web" exceeded its progress deadline'],
      'Deployment',
      'web',
      'deadline',
    ],
    [
      'success, after waiting',
      [WAIT_AVAILABLE, 'deployment "web" successfully rolled out'],
      'Deployment',
      'web',
      'done',
    ],
    [
      'a daemon set whose pods are not all available',
      ['Waiting for daemon set "agent" rollout to finish: 2 of 3 updated pods are available...'],
      'DaemonSet',
      'agent',
      'waiting',
    ],
    [
      'a daemon set not yet updated, then done',
      [
        'Waiting for daemon set "agent" rollout to finish: 0 out of 3 new pods have been updated...',
        'daemon set "agent" successfully rolled out',
      ],
      'DaemonSet',
      'agent',
      'done',
    ],
    [
      'a StatefulSet the command names, timed out',
      [
        '$ kubectl rollout status statefulset/db --timeout=60s',
        'Waiting for 1 pods to be ready...',
        'error: timed out waiting for the condition',
      ],
      'StatefulSet',
      'db',
      'timeout',
    ],
    [
      'a StatefulSet rolling update that completed',
      [
        '$ kubectl rollout status sts db',
        'waiting for statefulset rolling update to complete 1 pods at revision db-7d9f...',
        'statefulset rolling update complete 3 pods at revision db-7d9f...',
      ],
      'StatefulSet',
      'db',
      'done',
    ],
    [
      "old kubectl's line without the name, the command naming it",
      [
        '$ kubectl rollout status deploy web',
        'Waiting for rollout to finish: 0 of 1 updated replicas are available...',
      ],
      'Deployment',
      'web',
      'waiting',
    ],
    [
      'a line after a CI log prefix, the spec not yet observed',
      ['+ kubectl rollout status deployment/web', 'Waiting for deployment spec update to be observed...'],
      'Deployment',
      'web',
      'waiting',
    ],
  ])('%s', (_, lines, kind, name, state) => {
    expect(rolloutsOf(lines).map((r) => [r.kind, r.name, r.state])).toEqual([[kind, name, state]]);
  });

  it.each([
    // Argo CD's health messages copy kubectl's, some without the name.
    [
      'Waiting for rollout to finish: 0 of 1 updated replicas are available...',
      'unnamed-deployment',
      'waiting',
    ],
    ['Deployment "web" exceeded its progress deadline', 'web', 'deadline'],
    // Argo Rollouts' wording.
    [
      'Waiting for Deployment rollout to finish: 1 out of 3 new replicas have been updated...',
      'unnamed-deployment',
      'waiting',
    ],
    [
      'waiting for deployment "web" rollout to finish: 1 of 3 updated replicas are available',
      'web',
      'waiting',
    ],
    [
      'a command of another kind than the line: the line says its own',
      'unnamed-deployment',
      'waiting',
      [
        '$ kubectl rollout status daemonset/agent',
        'Waiting for rollout to finish: 0 of 1 updated replicas are available...',
      ],
    ],
  ])('a copy of the lines without a command: %s', (line, name, state, lines = [line]) => {
    expect(rolloutsOf(lines).map((r) => [r.kind, r.name, r.state])).toEqual([['Deployment', name, state]]);
  });

  it('reads a StatefulSet line without its name as an unnamed StatefulSet', () => {
    expect(
      rolloutsOf([
        'Waiting for partitioned roll out to finish: 1 out of 3 new pods have been updated...',
      ]).map((r) => r.name),
    ).toEqual(['unnamed-statefulset']);
  });

  it('takes the namespace from the command that names the workload', () => {
    const [r] = rolloutsOf(['$ kubectl -n shop rollout status deployment/web', WAIT_AVAILABLE]);
    expect(r?.namespace).toBe('shop');
  });

  it.each([
    ['a line that names no workload, with no command', ['Waiting for 2 pods to be ready...']],
    [
      'a timeout under another command',
      ['$ kubectl wait --for=condition=ready pod/x', 'error: timed out waiting for the condition'],
    ],
    ['prose about a rollout', ['the rollout did not finish and the deployment is stuck']],
  ])('reads nothing from %s', (_, lines) => {
    expect(rolloutsOf(lines)).toEqual([]);
  });
});

describe('rolloutStatusObjects', () => {
  it('gives a finished rollout its workload only', () => {
    const objects = rolloutStatusObjects(['deployment "web" successfully rolled out']);
    expect(objects?.map((o) => o.raw.kind)).toEqual(['Deployment']);
  });

  it('gives an unfinished rollout a pod of its workload, whose state the text does not tell', () => {
    const objects = rolloutStatusObjects([
      WAIT_AVAILABLE,
      'error: deployment "web" exceeded its progress deadline',
    ]);
    expect(objects?.map((o) => o.raw)).toEqual([
      {
        kind: 'Deployment',
        metadata: { name: 'web' },
        status: {
          conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }],
        },
      },
      {
        kind: 'Pod',
        metadata: {
          name: 'unnamed-pod',
          ownerReferences: [{ kind: 'Deployment', name: 'web', controller: true }],
        },
      },
    ]);
    expect(objects?.[1]?.inferredName).toContain('exceeded its progress deadline');
  });

  it('is undefined for text without rollout output', () => {
    expect(rolloutStatusObjects(['hello'])).toBeUndefined();
  });
});

describe('rollout status output in a paste', () => {
  it('is read when the text holds nothing else', () => {
    const r = parsePaste(
      ['$ kubectl rollout status deployment/web', WAIT_AVAILABLE].join('\n'),
      PASTE_PARSERS,
    );
    expect(r.objects.map((o) => o.raw.kind)).toEqual(['Deployment', 'Pod']);
  });

  it("leaves a pod's warning that newer kubectl appends to the message reader", () => {
    const r = parsePaste(
      `${WAIT_AVAILABLE} (Warning: ImagePullBackOff - Back-off pulling image "nginx:nope")`,
      PASTE_PARSERS,
    );
    expect(r.objects.map((o) => o.raw.kind)).toEqual(['Event']);
  });
});

describe('kubectl wait timing out on pods', () => {
  it.each([
    ['error: timed out waiting for the condition on pods/web-0', 'web-0'],
    ['timed out waiting for the condition on pod/db-1', 'db-1'],
    ['error: timed out waiting for the condition on pods.v1/web-0', 'web-0'],
  ])('%s', (line, name) => {
    const objects = rolloutStatusObjects([
      '$ kubectl wait --for=condition=Ready pod -l app=web -n shop',
      line,
    ]);
    expect(objects?.map((o) => o.raw)).toEqual([{ kind: 'Pod', metadata: { name, namespace: 'shop' } }]);
  });

  it('names each pod once, however many lines', () => {
    const line = 'error: timed out waiting for the condition on pods/web-0';
    expect(rolloutStatusObjects([line, line])).toHaveLength(1);
  });

  it('reads no pod from a wait on another kind', () => {
    expect(
      rolloutStatusObjects(['error: timed out waiting for the condition on deployments.apps/web']),
    ).toBeUndefined();
  });
});

describe('what the objects carry', () => {
  it("gives the command's namespace to the workload and its pod, and each the line that said where it stood", () => {
    const objects = rolloutStatusObjects([
      '$ kubectl rollout status deployment/web -n shop',
      WAIT_AVAILABLE,
      'error: deployment "web" exceeded its progress deadline',
    ]);
    expect(
      objects?.map((o) => [o.raw.kind, (o.raw.metadata as { namespace?: string }).namespace, o.line]),
    ).toEqual([
      ['Deployment', 'shop', 3],
      ['Pod', 'shop', 3],
    ]);
    expect(objects?.[1]?.inferredName).toContain(
      '("error: deployment "web" exceeded its progress deadline")',
    );
  });

  it('gives no namespace to a workload the command does not name', () => {
    const objects = rolloutStatusObjects(['$ kubectl rollout status deployment/api -n shop', WAIT_AVAILABLE]);
    expect(objects?.map((o) => o.raw.metadata)).toEqual([
      { name: 'web' },
      { name: 'unnamed-pod', ownerReferences: [{ kind: 'Deployment', name: 'web', controller: true }] },
    ]);
  });

  it("gives a wait's pod the namespace of the command and its line", () => {
    const objects = rolloutStatusObjects([
      '$ kubectl -n db wait --for=condition=Ready pod/pg-0',
      '',
      'error: timed out waiting for the condition on pods/pg-0',
    ]);
    expect(objects?.map((o) => [o.raw.metadata, o.line])).toEqual([[{ name: 'pg-0', namespace: 'db' }, 3]]);
  });

  it('keeps the order workloads first appear in, and the last line said of each', () => {
    const rollouts = rolloutsOf([
      'Waiting for deployment "a" rollout to finish: 0 of 1 updated replicas are available...',
      'Waiting for deployment "b" rollout to finish: 0 of 1 updated replicas are available...',
      'deployment "a" successfully rolled out',
    ]);
    expect(rollouts.map((r) => [r.name, r.state, r.line])).toEqual([
      ['a', 'done', 3],
      ['b', 'waiting', 2],
    ]);
  });

  it('reads an indented line under the StatefulSet command, as a CI log indents it', () => {
    expect(
      rolloutsOf(['$ kubectl rollout status sts/db', '    Waiting for 1 pods to be ready...']),
    ).toHaveLength(1);
  });

  it('reads no timeout under a rollout command that names no workload kind', () => {
    expect(
      rolloutsOf(['$ kubectl rollout status pod/web-0', 'error: timed out waiting for the condition']),
    ).toEqual([]);
  });
});
