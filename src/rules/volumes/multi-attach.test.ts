import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { cstatus, event, ms, pod, pvc, runningPod, snapshot, state } from '../../../test/builders.js';
import type { EventRecord, Pod } from '../../model/index.js';
import { rule } from './multi-attach.js';

const claimVolume = [{ name: 'data', persistentVolumeClaim: { claimName: 'grafana' } }];
const newPod = pod({
  name: 'grafana-new',
  nodeName: 'node-2',
  volumes: claimVolume,
  containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })],
});
const oldPod = runningPod({ name: 'grafana-old', nodeName: 'node-1', volumes: claimVolume });
const exclusive = event({
  reason: 'FailedAttachVolume',
  name: 'grafana-new',
  message:
    'Multi-Attach error for volume "pvc-dcf3b382-1b66-11ea-8736-005056be54a4" Volume is already exclusively attached to one node and can\'t be attached to another',
  source: 'attachdetach-controller',
  firstS: 0,
  lastS: 300,
});

/** A pasted message line carries no time at all. */
const untimed: EventRecord = {
  regarding: exclusive.regarding,
  reason: exclusive.reason,
  message: exclusive.message,
  type: 'Warning',
  count: 1,
};

testRule(rule, {
  valid: [
    {
      name: 'running pod',
      snapshot: snapshot({ pods: [runningPod({ name: 'grafana-new' })], events: [exclusive] }),
    },
    {
      name: 'other attach error',
      snapshot: snapshot({
        pods: [newPod],
        events: [{ ...exclusive, message: 'AttachVolume.Attach failed for volume "pvc-1" : boom' }],
      }),
    },
    { name: 'healthy old pod alone', snapshot: snapshot({ pods: [oldPod] }) },
  ],
  invalid: [
    {
      name: 'events only (real case 022)',
      snapshot: snapshot({ events: [untimed] }),
      expect: [
        {
          messageId: 'multiAttach',
          reason: 'MultiAttach',
          basis: 'events',
          data: { volume: 'pvc-dcf3b382-1b66-11ea-8736-005056be54a4' },
        },
      ],
    },
    {
      name: 'bare pasted message without a reason',
      snapshot: snapshot({ events: [{ ...untimed, reason: '' }] }),
      expect: [{ messageId: 'multiAttach', data: { node: 'its node' } }],
    },
    {
      name: 'the other pod and its node found through the claim',
      snapshot: snapshot({
        pods: [newPod, oldPod],
        pvcs: [pvc({ name: 'grafana', volumeName: 'pvc-dcf3b382-1b66-11ea-8736-005056be54a4' })],
        events: [exclusive],
      }),
      expect: [
        {
          messageId: 'multiAttachPods',
          data: { node: 'node-2', claim: 'grafana', pods: 'grafana-old (on node-1)' },
          evidenceIncludes: ['pod grafana-old on node-1'],
        },
      ],
    },
    {
      name: 'newer message names the pods',
      snapshot: snapshot({
        pods: [newPod],
        events: [
          {
            ...exclusive,
            message:
              'Multi-Attach error for volume "pvc-ec14" Volume is already used by pod(s) webapp-7f94d9db-2bs4j',
          },
        ],
      }),
      expect: [{ messageId: 'multiAttachPods', data: { pods: 'webapp-7f94d9db-2bs4j', volume: 'pvc-ec14' } }],
    },
    {
      name: 'just started, exclusively attached (the old pod is gone, its detach under way): progressing',
      snapshot: snapshot({ pods: [newPod], events: [{ ...exclusive, first: ms(290), last: ms(300) }] }),
      expect: [{ messageId: 'multiAttach', status: 'progressing' }],
    },
    {
      name: 'just started, but the message names the pods that use the volume: failed at once',
      snapshot: snapshot({
        pods: [newPod],
        events: [
          {
            ...exclusive,
            message:
              'Multi-Attach error for volume "pvc-ec14" Volume is already used by pod(s) webapp-7f94d9db-2bs4j',
            first: ms(290),
            last: ms(300),
          },
        ],
      }),
      expect: [{ messageId: 'multiAttachPods', status: 'failed' }],
    },
  ],
});

describe('volumes/multi-attach: the other users of the claim', () => {
  const pvName = 'pvc-dcf3b382-1b66-11ea-8736-005056be54a4';
  const claim = pvc({ name: 'grafana', volumeName: pvName });
  const user = (
    name: string,
    opts: { nodeName?: string; phase?: string; claimName?: string; namespace?: string } = {},
  ) =>
    pod({
      name,
      namespace: opts.namespace ?? 'default',
      phase: opts.phase ?? 'Running',
      ...(opts.nodeName === undefined ? {} : { nodeName: opts.nodeName }),
      volumes: [
        { name: 'cfg', configMap: { name: 'grafana-ini' } },
        { name: 'data', persistentVolumeClaim: { claimName: opts.claimName ?? 'grafana' } },
      ],
    });
  const run = (others: Pod[], message = exclusive.message) =>
    runRule(
      rule,
      snapshot({ pods: [newPod, ...others], pvcs: [claim], events: [{ ...exclusive, message }] }),
      ms(400),
    );

  it.each<[string, Pod[], string | undefined]>([
    [
      'a running pod on another node',
      [user('grafana-old', { nodeName: 'node-1' })],
      'grafana-old (on node-1)',
    ],
    [
      'a pending pod on another node',
      [user('grafana-old', { nodeName: 'node-3', phase: 'Pending' })],
      'grafana-old (on node-3)',
    ],
    ['not scheduled yet', [user('grafana-old')], undefined],
    ['on the same node', [user('grafana-old', { nodeName: 'node-2' })], undefined],
    ['Succeeded', [user('grafana-old', { nodeName: 'node-1', phase: 'Succeeded' })], undefined],
    ['Failed', [user('grafana-old', { nodeName: 'node-1', phase: 'Failed' })], undefined],
    ['another claim', [user('grafana-old', { nodeName: 'node-1', claimName: 'other' })], undefined],
    ['another namespace', [user('grafana-old', { nodeName: 'node-1', namespace: 'staging' })], undefined],
    ['no volumes at all', [pod({ name: 'plain', nodeName: 'node-1', phase: 'Running' })], undefined],
    [
      'two of them, each with its node',
      [user('grafana-a', { nodeName: 'node-1' }), user('grafana-b', { nodeName: 'node-3' })],
      'grafana-a (on node-1), grafana-b (on node-3)',
    ],
  ])('%s', (_name, others, pods) => {
    const [f, ...rest] = run(others);
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe(pods === undefined ? 'multiAttach' : 'multiAttachPods');
    expect(f?.data).toEqual({
      node: 'node-2',
      volume: pvName,
      claim: 'grafana',
      ...(pods === undefined ? {} : { pods }),
    });
  });

  it('states each user as evidence and describes the claim', () => {
    const [f] = run([user('grafana-old', { nodeName: 'node-1' })]);
    expect(f?.evidence.slice(1)).toEqual([
      { source: 'status', text: 'pod grafana-old on node-1 (phase Running) uses claim grafana' },
    ]);
    expect(f?.nextSteps).toEqual([
      'kubectl describe pvc grafana -n default',
      'kubectl get pods -n default -o wide',
      'Let the old pod finish terminating so the volume detaches; for a single-replica Deployment with a ReadWriteOnce claim use strategy Recreate (or a StatefulSet) so old and new pods never overlap.',
    ]);
  });

  it('pods the message names keep their order; the one the evidence places gets its node', () => {
    const [f] = run(
      [user('grafana-old', { nodeName: 'node-1' })],
      'Multi-Attach error for volume "pvc-dcf3b382-1b66-11ea-8736-005056be54a4" Volume is already used by pod(s) grafana-x, grafana-old',
    );
    expect(f?.data.pods).toBe('grafana-x, grafana-old (on node-1)');
  });

  it('without a claim: the PV named by the message, wide', () => {
    const [f] = runRule(rule, snapshot({ pods: [newPod], events: [exclusive] }), ms(400));
    expect(f?.data).toEqual({ node: 'node-2', volume: pvName });
    expect(f?.nextSteps[0]).toBe(`kubectl get pv ${pvName} -o wide`);
  });

  it('without a claim, no pod counts as a user (not even one whose volumes claim nothing)', () => {
    const [f] = runRule(
      rule,
      snapshot({ pods: [newPod, user('grafana-old', { nodeName: 'node-1' })], events: [exclusive] }),
      ms(400),
    );
    expect(f?.messageId).toBe('multiAttach');
    expect(f?.evidence).toHaveLength(1);
  });

  it('a user with no phase reported', () => {
    const old = user('grafana-old', { nodeName: 'node-1' });
    const [f] = run([{ ...old, status: {} }]);
    expect(f?.evidence[1]?.text).toBe('pod grafana-old on node-1 (phase ?) uses claim grafana');
  });

  it('manifests without a namespace: the users are the other pods without one', () => {
    const bare = <T extends { metadata: { namespace?: string } }>(o: T): T => {
      const metadata = { ...o.metadata };
      delete metadata.namespace;
      return { ...o, metadata };
    };
    const [f] = runRule(
      rule,
      snapshot({
        pods: [bare(newPod), bare(user('grafana-old', { nodeName: 'node-1' }))],
        pvcs: [bare(claim)],
        events: [{ ...exclusive, regarding: { ...exclusive.regarding, namespace: '' } }],
      }),
      ms(400),
    );
    expect(f?.data).toEqual({
      node: 'node-2',
      volume: pvName,
      claim: 'grafana',
      pods: 'grafana-old (on node-1)',
    });
  });

  it('a message naming no volume', () => {
    const [f] = runRule(
      rule,
      snapshot({
        pods: [newPod],
        events: [
          {
            ...exclusive,
            message:
              'Multi-Attach error for volume "" Volume is already exclusively attached to one node and can\'t be attached to another',
          },
        ],
      }),
      ms(400),
    );
    expect(f?.data).toEqual({ node: 'node-2', volume: 'unknown' });
    expect(f?.nextSteps[0]).toBe('kubectl get pv unknown -o wide');
  });
});
