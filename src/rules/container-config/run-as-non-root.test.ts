import { testRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './run-as-non-root.js';

const nonRoot = container('app', { securityContext: { runAsNonRoot: true } });
const waiting = (message: string) =>
  pod({
    containers: [nonRoot],
    containerStatuses: [cstatus('app', { state: state.waiting('CreateContainerConfigError', message) })],
  });

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod({ containers: [nonRoot] })] }) },
    {
      name: 'fixed with runAsUser: old events, container running',
      snapshot: snapshot({
        pods: [runningPod({ containers: [nonRoot] })],
        events: [
          event({
            reason: 'Failed',
            message: 'Error: container has runAsNonRoot and image will run as root',
            fieldPath: 'spec.containers{app}',
          }),
        ],
      }),
    },
    {
      name: 'a missing secret is another rule',
      snapshot: snapshot({ pods: [waiting('secret "x" not found')] }),
    },
  ],
  invalid: [
    {
      name: 'image runs as root',
      snapshot: snapshot({
        pods: [
          waiting(
            'container has runAsNonRoot and image will run as root (pod: "web-1_default(uid)", container: app)',
          ),
        ],
      }),
      expect: [
        {
          messageId: 'root',
          reason: 'RunAsNonRoot',
          basis: 'state',
          container: { name: 'app', type: 'app' },
        },
      ],
    },
    {
      name: 'image user is a name',
      snapshot: snapshot({
        pods: [
          waiting(
            'container has runAsNonRoot and image has non-numeric user (nginx), cannot verify user is non-root',
          ),
        ],
      }),
      expect: [{ messageId: 'nonNumeric', data: { user: 'nginx' } }],
    },
    {
      name: 'events only, init container',
      snapshot: snapshot({
        events: [
          event({
            reason: 'Failed',
            message: 'Error: container has runAsNonRoot and image will run as root',
            fieldPath: 'spec.initContainers{setup}',
            count: 4,
          }),
        ],
      }),
      expect: [
        {
          messageId: 'root',
          basis: 'events',
          container: { name: 'setup', type: 'init' },
          data: { subject: 'init container setup' },
        },
      ],
    },
  ],
});
