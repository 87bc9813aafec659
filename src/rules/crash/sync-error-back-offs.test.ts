/**
 * A kubelet sync error that reports a restart back-off (`FailedSync` of kubelets before 1.13, and
 * the kubelet's "Error syncing pod" log line) is a crash loop of the container it names, like a
 * `BackOff` "Back-off restarting failed container" event; an init container's is the init stage's.
 */
import { testRule } from '../../../test/rule-tester.js';
import { container, event, ms, pod, snapshot } from '../../../test/builders.js';
import type { EventRecord } from '../../model/index.js';
import { rule } from './crash-loop-back-off.js';

const MIN = 60;

function failedSync(target: string, code: string, lastS: number): EventRecord {
  return event({
    reason: 'FailedSync',
    type: 'Warning',
    count: 12,
    firstS: 0,
    lastS,
    message: `Error syncing pod, skipping: failed to "StartContainer" for "${target}" with ${code}: "Back-off 5m0s restarting failed container=${target} pod=web-1_default(uid-web-1)"`,
  });
}

testRule(rule, {
  valid: [
    {
      name: 'the back-off of an init container the spec lists: not an app crash loop',
      snapshot: snapshot({
        pods: [pod({ initContainers: [container('migrate')], containers: [container('app')] })],
        events: [failedSync('migrate', 'CrashLoopBackOff', 10 * MIN)],
      }),
      now: ms(11 * MIN),
    },
    {
      name: 'a sync error of another kind (RunContainerError) is no back-off',
      snapshot: snapshot({ events: [failedSync('app', 'RunContainerError', 10 * MIN)] }),
      now: ms(11 * MIN),
    },
  ],
  invalid: [
    {
      name: 'events only: the FailedSync back-off names the container',
      snapshot: snapshot({ events: [failedSync('app', 'CrashLoopBackOff', 10 * MIN)] }),
      now: ms(11 * MIN),
      expect: [
        {
          messageId: 'crashLoopEvents',
          reason: 'CrashLoopBackOff',
          container: { name: 'app', type: 'app' },
          evidenceIncludes: ['with CrashLoopBackOff'],
        },
      ],
    },
    {
      name: 'with the pod spec: the app container of that name',
      snapshot: snapshot({
        pods: [pod({ initContainers: [container('migrate')], containers: [container('app')] })],
        events: [failedSync('app', 'CrashLoopBackOff', 10 * MIN)],
      }),
      now: ms(11 * MIN),
      expect: [{ messageId: 'crashLoopEvents', container: { name: 'app', type: 'app' } }],
    },
  ],
});
