/**
 * service-endpoints/no-ready-endpoints with active probe results (`--probe`): the selected pods'
 * readiness endpoints say why they are not Ready, and so why the Service has no ready endpoint.
 */
import { testRule, type InvalidCase } from '../../../test/rule-tester.js';
import {
  cond,
  cstatus,
  endpointSlice,
  ms,
  pod,
  probeResult,
  runningPod,
  service,
  snapshot,
  state,
} from '../../../test/builders.js';
import { rule } from './no-ready-endpoints.js';

const web = service({ selector: { app: 'web' } });
const unready = 'containers with unready status: [app]';
const notReady = (name: string) =>
  pod({
    name,
    labels: { app: 'web' },
    phase: 'Running',
    nodeName: 'node-1',
    conditions: [
      cond('ContainersReady', 'False', 'ContainersNotReady', unready, 2),
      cond('Ready', 'False', 'ContainersNotReady', unready, 2),
    ],
    containerStatuses: [cstatus('app', { state: state.running(1) })],
  });
const slice = endpointSlice({
  endpoints: [
    { ip: '10.0.0.1', pod: 'web-1', ready: false },
    { ip: '10.0.0.2', pod: 'web-2', ready: false },
  ],
});
const NOW = ms(600);
const REFUSED = 'error trying to reach service: dial tcp 10.0.0.1:8080: connect: connection refused';
const WHY = `web-1: Running, ${unready}`;

const invalid: InvalidCase[] = [
  ...(
    [
      [503, 'HTTP status 503', 'HTTP 503'],
      [500, 'HTTP status 500', 'HTTP 500'],
      [404, 'HTTP status 404', 'HTTP 404'],
      [REFUSED, 'connection refused', 'connection refused'],
      ['request timed out after 1s', 'timed out', 'timed out'],
    ] as const
  ).map(([answer, summary, shown]) => ({
    name: `the pods' readiness endpoints answer ${summary}: that is why`,
    snapshot: snapshot({
      services: [web],
      pods: [notReady('web-1'), notReady('web-2')],
      endpointSlices: [slice],
      probes: [
        probeResult(answer, { pod: 'web-1', atS: 600 }),
        probeResult(answer, { pod: 'web-2', atS: 600 }),
      ],
    }),
    now: NOW,
    expect: [
      {
        messageId: 'noReadyEndpoints',
        data: { why: `${WHY}; the readiness endpoint of app answers ${summary}` },
        evidenceSources: ['probe'],
        evidenceIncludes: [
          `pod web-1: readiness probe GET :8080/ready on container app via pods/proxy: ${shown} (fails; 4 ms)`,
          `pod web-2: readiness probe GET :8080/ready on container app via pods/proxy: ${shown} (fails; 4 ms)`,
        ],
      },
    ],
  })),
  {
    name: 'the endpoints answer 200 now: quoted, and the why stays the pod status',
    snapshot: snapshot({
      services: [web],
      pods: [notReady('web-1')],
      endpointSlices: [slice],
      probes: [probeResult(200, { pod: 'web-1', atS: 600 })],
    }),
    now: NOW,
    expect: [
      {
        messageId: 'noReadyEndpoints',
        data: { why: WHY },
        evidenceIncludes: [
          'pod web-1: readiness probe GET :8080/ready on container app via pods/proxy: HTTP 200 (passes; 4 ms)',
        ],
      },
    ],
  },
  {
    name: 'a stale result is not quoted',
    snapshot: snapshot({
      services: [web],
      pods: [notReady('web-1')],
      endpointSlices: [slice],
      probes: [probeResult(503, { pod: 'web-1', atS: 0 })],
    }),
    now: NOW + 60_000,
    expect: [{ messageId: 'noReadyEndpoints', data: { why: WHY } }],
  },
];

testRule(rule, {
  valid: [
    {
      name: 'a Ready pod with a failing endpoint still serves the Service',
      snapshot: snapshot({
        services: [web],
        pods: [runningPod({ labels: { app: 'web' } })],
        probes: [probeResult(503, { atS: 600 })],
      }),
      now: NOW,
    },
  ],
  invalid,
});
