/**
 * finalizer-blocking in full: foreground only when foregroundDeletion is the only finalizer, the
 * finalizers quoted as evidence only when the request is dated, and the next steps of each kind.
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import { at, ms, pod, snapshot } from '../../../test/builders.js';
import type { Pod } from '../../model/index.js';
import { rule } from './finalizer-blocking.js';

const finished = (finalizers: string[]): Pod =>
  pod({
    phase: 'Succeeded',
    nodeName: 'node-1',
    namespace: 'batch',
    name: 'tf-runner',
    deletionS: 100,
    finalizers,
  });

/** Real case 049: the pasted YAML has the finalizer and no deletionTimestamp or status. */
const tfRunner: Pod = {
  kind: 'Pod',
  metadata: { name: 'tf-runner', namespace: 'foobar', finalizers: ['foregroundDeletion'] },
  spec: { containers: [] },
  status: {},
};

const PATCH = (ns: string) =>
  `Only if it will never finish, remove them: kubectl patch pod tf-runner -n ${ns} --type=merge -p '{"metadata":{"finalizers":null}}'`;

describe('finalizer-blocking: output', () => {
  it.each([
    [['foregroundDeletion'], 'foreground'],
    [['foregroundDeletion', 'foregroundDeletion'], 'foreground'],
    [['foregroundDeletion', 'example.com/cleanup'], 'finalizers'],
    [['example.com/cleanup', 'foregroundDeletion'], 'finalizers'],
  ])('finalizers %j: %s', (finalizers, messageId) => {
    const findings = runRule(rule, snapshot({ pods: [finished(finalizers)] }), ms(500));
    expect(findings.map((f) => f.messageId)).toEqual([messageId]);
  });

  it('dated, a controller finalizer: the finalizers quoted, the patch', () => {
    const [f, ...rest] = runRule(
      rule,
      snapshot({ pods: [finished(['example.com/cleanup', 'orphan'])] }),
      ms(500),
    );
    expect(rest).toEqual([]);
    expect(f?.data).toEqual({ finalizers: 'example.com/cleanup, orphan', count: 2 });
    expect(f?.evidence).toStrictEqual([
      { source: 'status', text: 'metadata.deletionTimestamp: 2026-01-01T00:01:40Z', at: at(100) },
      { source: 'status', text: 'metadata.finalizers: [example.com/cleanup, orphan]' },
    ]);
    expect(f?.nextSteps).toEqual([
      "kubectl get pod tf-runner -n batch -o jsonpath='{.metadata.finalizers}'",
      'kubectl get pod tf-runner -n batch -o yaml',
      `Fix or restart the controller that owns the finalizer. ${PATCH('batch')}`,
    ]);
    expect(f?.at).toBe(ms(100));
  });

  it('undated foregroundDeletion (real case 049): only the request as evidence, the garbage collector', () => {
    const [f, ...rest] = runRule(rule, snapshot({ pods: [tfRunner] }), ms(500));
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe('foreground');
    expect(f?.status).toBe('failed');
    expect(f?.evidence).toStrictEqual([
      {
        source: 'status',
        text: 'metadata.finalizers: [foregroundDeletion] (foregroundDeletion is only added when deletion is requested)',
      },
    ]);
    expect(f?.nextSteps).toEqual([
      "kubectl get pod tf-runner -n foobar -o jsonpath='{.metadata.finalizers}'",
      'kubectl get events -n foobar --field-selector involvedObject.name=tf-runner',
      `The garbage collector in kube-controller-manager removes foregroundDeletion once the dependents are gone; check its logs. ${PATCH('foobar')}`,
    ]);
    expect(f?.at).toBeUndefined();
  });
});
