/**
 * Pasted events are all there is (no pod status): liveness failures that are no longer recent stand
 * as the last thing the evidence knows, when they are enough for the kubelet's kill
 * (failureThreshold, 3 by default). Fewer failures, startup probes (which fail by design while an
 * app boots), or a pod status make them history as before; a later start of the container makes
 * them a restart.
 */
import { testRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, ms, pod, probeEvent, snapshot, state } from '../../../test/builders.js';
import { rule as liveness } from './liveness-probe-failed.js';
import { rule as startup } from './startup-probe-failed.js';

const MIN = 60;
const NOW = ms(60 * MIN);
/** When the failures ended: 22 minutes before the paste, as in `22m (x4 over 23m)`. */
const ENDED = 38 * MIN;

const TIMEOUT =
  'Liveness probe failed: Get http://10.244.0.15:8008/_matrix/static/: net/http: request canceled (Client.Timeout exceeded while awaiting headers)';
const STARTUP =
  'Startup probe failed: Get "http://10.0.0.7:8080/healthz": dial tcp 10.0.0.7:8080: connect: connection refused';

const ev = probeEvent;

testRule(liveness, {
  valid: [
    {
      name: 'two failures, fewer than the default failureThreshold of 3: nothing the kubelet would act on',
      snapshot: snapshot({ events: [ev('Unhealthy', TIMEOUT, 2, ENDED - MIN, ENDED)] }),
      now: NOW,
    },
    {
      name: 'the pod object is in the evidence, Running with no restarts: its status decides, the old failures are history',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            containers: [container('app')],
            containerStatuses: [cstatus('app', { state: state.running(0), restartCount: 0, ready: true })],
          }),
        ],
        events: [ev('Unhealthy', TIMEOUT, 4, ENDED - MIN, ENDED)],
      }),
      now: NOW,
    },
    {
      name: 'startup probe failures long ago: an app booting, not a liveness failure',
      snapshot: snapshot({ events: [ev('Unhealthy', STARTUP, 5, ENDED - MIN, ENDED)] }),
      now: NOW,
    },
  ],
  invalid: [
    {
      name: 'x4 over a minute, the last 22 minutes before the paste, nothing after: failed, low confidence',
      snapshot: snapshot({ events: [ev('Unhealthy', TIMEOUT, 4, ENDED - MIN, ENDED)] }),
      now: NOW,
      expect: [
        {
          messageId: 'livenessLastKnown',
          reason: 'LivenessProbeFailed',
          status: 'failed',
          basis: 'events',
          confidence: 'low',
          data: { failures: 4, span: ' over 60s' },
          evidenceIncludes: ['Liveness probe failed', 'Client.Timeout exceeded'],
        },
      ],
    },
    {
      name: 'exactly failureThreshold single failures (three rows of count 1)',
      snapshot: snapshot({
        events: [
          ev('Unhealthy', TIMEOUT, 1, ENDED - 20, ENDED - 20),
          ev('Unhealthy', TIMEOUT, 1, ENDED - 10, ENDED - 10),
          ev('Unhealthy', TIMEOUT, 1, ENDED, ENDED),
        ],
      }),
      now: NOW,
      expect: [{ messageId: 'livenessLastKnown', status: 'failed', data: { failures: 3 } }],
    },
    {
      name: 'an event at the same second as the last failure is not later: the failures still stand',
      snapshot: snapshot({
        events: [
          ev('Unhealthy', TIMEOUT, 4, ENDED - MIN, ENDED),
          ev('Pulled', 'Container image "matrixdotorg/synapse" already present on machine', 1, ENDED, ENDED),
        ],
      }),
      now: NOW,
      expect: [{ messageId: 'livenessLastKnown', status: 'failed' }],
    },
    {
      name: 'the events name the container (fieldPath): the message names it too',
      snapshot: snapshot({
        events: [
          event({
            reason: 'Unhealthy',
            message: TIMEOUT,
            count: 5,
            firstS: ENDED - MIN,
            lastS: ENDED,
            type: 'Warning',
            fieldPath: 'spec.containers{synapse}',
          }),
        ],
      }),
      now: NOW,
      expect: [
        {
          messageId: 'livenessLastKnown',
          container: { name: 'synapse', type: 'app' },
          data: { of: ' of container synapse', failures: 5 },
        },
      ],
    },
    {
      name: 'a Started event after the failures: the kubelet restarted the container (a restart, not a last-known failure)',
      snapshot: snapshot({
        events: [
          ev('Unhealthy', TIMEOUT, 4, ENDED - MIN, ENDED),
          ev('Started', 'Started container synapse', 1, ENDED + 5 * MIN, ENDED + 5 * MIN),
        ],
      }),
      now: NOW,
      expect: [{ messageId: 'livenessRestarted', status: 'failed', data: { restarts: 1 } }],
    },
    {
      name: "the kubelet's back-off after the failures is its answer to them, not progress",
      snapshot: snapshot({
        events: [
          ev('Unhealthy', TIMEOUT, 4, ENDED - MIN, ENDED),
          ev('BackOff', 'Back-off restarting failed container', 1, ENDED + MIN, ENDED + MIN),
        ],
      }),
      now: NOW,
      expect: [{ messageId: 'livenessRestartedUnnamed', status: 'failed' }],
    },
  ],
});

testRule(startup, {
  valid: [
    {
      name: 'startup probe failures long ago with no status: not taken as still failing',
      snapshot: snapshot({ events: [ev('Unhealthy', STARTUP, 5, ENDED - MIN, ENDED)] }),
      now: NOW,
    },
  ],
  invalid: [
    {
      name: 'startup probe failures now: failing within its budget',
      snapshot: snapshot({ events: [ev('Unhealthy', STARTUP, 2, 60 * MIN - 20, 60 * MIN)] }),
      now: NOW,
      expect: [{ messageId: 'startupFailingUnnamed', status: 'progressing' }],
    },
  ],
});
