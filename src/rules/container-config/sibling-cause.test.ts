/**
 * Pods waiting in CreateContainerConfigError whose own message the evidence lacks (table rows,
 * describe without messages) take the one cause other pods of the namespace show.
 */
import { testRule } from '../../../test/rule-tester.js';
import { cstatus, event, ms, pod, snapshot, state } from '../../../test/builders.js';
import type { Pod } from '../../model/index.js';
import { rule as createContainerError } from './create-container-error.js';
import { rule as runAsNonRoot } from './run-as-non-root.js';
import { rule as missingEnvSource } from './missing-env-source.js';

const waiting = (name: string, namespace = 'pac', message?: string): Pod =>
  pod({
    name,
    namespace,
    phase: 'Pending',
    containers: [],
    containerStatuses: [cstatus('unnamed', { state: state.waiting('CreateContainerConfigError', message) })],
  });
const nonRootEvent = (podName: string, namespace = 'pac') =>
  event({
    reason: 'Failed',
    name: podName,
    namespace,
    message: `Error: container has runAsNonRoot and image will run as root (pod: "${podName}_${namespace}(uid)", container: pac-controller)`,
    count: 8,
  });
const rows = [waiting('pac-controller-1'), waiting('pac-watcher-1'), waiting('pac-webhook-1')];

testRule(runAsNonRoot, {
  valid: [{ name: 'no pod shows a cause', snapshot: snapshot({ pods: rows }) }],
  invalid: [
    {
      name: 'three operator pods in a get-pods table, the events of one say runAsNonRoot',
      snapshot: snapshot({ pods: rows, events: [nonRootEvent('pac-controller-1')] }),
      expect: [
        { messageId: 'root', evidenceIncludes: ['runAsNonRoot and image will run as root'] },
        {
          messageId: 'root',
          evidenceIncludes: ['pod pac-controller-1 of the same namespace, also CreateContainerConfigError'],
        },
        { messageId: 'root', evidenceIncludes: ['pod pac-controller-1 of the same namespace'] },
      ],
    },
  ],
});

testRule(createContainerError, {
  valid: [
    {
      name: 'every pod takes the cause one of them shows',
      snapshot: snapshot({ pods: rows, events: [nonRootEvent('pac-controller-1')] }),
    },
  ],
  invalid: [
    {
      name: 'the pods show two different causes: none is assumed',
      snapshot: snapshot({
        pods: [waiting('a'), waiting('b', 'pac', 'secret "db" not found'), waiting('c')],
        events: [nonRootEvent('a')],
      }),
      now: ms(600),
      expect: [
        { messageId: 'createFailed', status: 'failed', data: { detail: 'no message in the evidence' } },
      ],
    },
    {
      name: 'a pod waiting on another reason does not lend its cause',
      snapshot: snapshot({
        pods: [
          waiting('api-1'),
          pod({
            name: 'api-2',
            namespace: 'pac',
            containerStatuses: [
              cstatus('app', { state: state.waiting('CreateContainerError', 'secret "x" not found') }),
            ],
          }),
        ],
      }),
      now: ms(600),
      expect: [{ messageId: 'createFailed', container: { name: 'unnamed', type: 'app' } }],
    },
    {
      name: 'a pod of another namespace does not lend its cause',
      snapshot: snapshot({
        pods: [waiting('web-1', 'shop'), waiting('pac-controller-1')],
        events: [nonRootEvent('pac-controller-1')],
      }),
      now: ms(600),
      expect: [
        { messageId: 'createFailed', status: 'failed', data: { detail: 'no message in the evidence' } },
      ],
    },
  ],
});

testRule(missingEnvSource, {
  valid: [
    { name: 'no pod shows a cause', snapshot: snapshot({ pods: [waiting('api-1'), waiting('api-2')] }) },
  ],
  invalid: [
    {
      name: 'a describe of one replica shows the missing key; the other replica is a bare row',
      snapshot: snapshot({
        pods: [
          waiting('api-1', 'pac', "couldn't find key VALUE in Secret pac/aegis-secret"),
          waiting('api-2'),
        ],
      }),
      expect: [
        { messageId: 'keyMissing', data: { key: 'VALUE' } },
        {
          messageId: 'keyMissing',
          data: { key: 'VALUE', object: 'aegis-secret' },
          evidenceIncludes: ['pod api-1 of the same namespace'],
        },
      ],
    },
    {
      name: 'a bare row beside the describe of a replica known only from its events (no pod object)',
      snapshot: snapshot({
        pods: [waiting('autotune-f2c9c')],
        events: [
          event({
            reason: 'Failed',
            name: 'autotune-zz78v',
            namespace: 'pac',
            message: 'Error: configmap "autotune-config-key" not found',
            count: 12,
          }),
        ],
      }),
      expect: [
        {
          messageId: 'objectMissing',
          data: { object: 'autotune-config-key' },
          evidenceIncludes: ['pod autotune-zz78v of the same namespace, also CreateContainerConfigError'],
        },
        { messageId: 'objectMissing', data: { object: 'autotune-config-key' } },
      ],
    },
  ],
});
