/**
 * run-as-non-root in full: its data, next steps (the image's USER only when the image is known),
 * and low confidence when the cause is taken from another pod.
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, pod, snapshot, state } from '../../../test/builders.js';
import type { Pod } from '../../model/index.js';
import { rule } from './run-as-non-root.js';

const ROOT = 'container has runAsNonRoot and image will run as root (pod: "web-1_shop(uid)", container: app)';
const NON_NUMERIC =
  'container has runAsNonRoot and image has non-numeric user (nginx), cannot verify user is non-root';
const FIX =
  'Set securityContext.runAsUser to a non-zero UID (for example 1000), or build the image with a numeric non-root USER.';

const waiting = (message?: string, name = 'web-1', namespace = 'shop'): Pod =>
  pod({
    name,
    namespace,
    containers: [
      container('app', { image: 'ghcr.io/acme/web:2.1', securityContext: { runAsNonRoot: true } }),
    ],
    containerStatuses: [cstatus('app', { state: state.waiting('CreateContainerConfigError', message) })],
  });

describe('run-as-non-root: output', () => {
  it('image runs as root: data, next steps with the image USER, default confidence', () => {
    const [f, ...rest] = runRule(rule, snapshot({ pods: [waiting(ROOT)] }));
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe('root');
    expect(f?.data).toEqual({ container: 'app', subject: 'container app', user: '' });
    expect(f?.confidence).toBeUndefined();
    expect(f?.nextSteps).toEqual([
      'kubectl describe pod web-1 -n shop',
      "kubectl get pod web-1 -n shop -o jsonpath='{.spec.securityContext}'",
      `kubectl get pod web-1 -n shop -o jsonpath='{.spec.containers[?(@.name=="app")].securityContext}'`,
      'crane config ghcr.io/acme/web:2.1 | jq .config.User',
      FIX,
    ]);
  });

  it('image user is a name: the user in the data', () => {
    const [f] = runRule(rule, snapshot({ pods: [waiting(NON_NUMERIC)] }));
    expect(f?.messageId).toBe('nonNumeric');
    expect(f?.data).toEqual({ container: 'app', subject: 'container app', user: 'nginx' });
  });

  it('events that name no container, no pod object: no container, no image to inspect', () => {
    const findings = runRule(
      rule,
      snapshot({
        events: [event({ reason: 'Failed', namespace: 'shop', message: `Error: ${ROOT}`, count: 3 })],
      }),
    );
    expect(findings.map((f) => [f.container, f.data, f.nextSteps])).toEqual([
      [
        undefined,
        { container: '', subject: 'a container', user: '' },
        [
          'kubectl describe pod web-1 -n shop',
          "kubectl get pod web-1 -n shop -o jsonpath='{.spec.securityContext}'",
          `kubectl get pod web-1 -n shop -o jsonpath='{.spec.initContainers[*].securityContext}{"\\n"}{.spec.containers[*].securityContext}'`,
          FIX,
        ],
      ],
    ]);
  });

  it('the cause taken from another pod of the namespace is low confidence', () => {
    const findings = runRule(rule, snapshot({ pods: [waiting(ROOT, 'web-1'), waiting(undefined, 'web-2')] }));
    expect(findings.map((f) => [f.data['subject'], f.confidence])).toEqual([
      ['container app', undefined],
      ['container app', 'low'],
    ]);
  });
});
