import { testRule } from '../../../test/rule-tester.js';
import { cond, endpointSlice, endpoints, runningPod, service, snapshot } from '../../../test/builders.js';
import { rule } from './not-in-endpoints.js';

const web = service({ selector: { app: 'web' } });
const ready = (name: string, readyS = 5) =>
  runningPod({
    name,
    labels: { app: 'web' },
    conditions: [
      cond('ContainersReady', 'True', undefined, undefined, readyS),
      cond('Ready', 'True', undefined, undefined, readyS),
    ],
  });

testRule(rule, {
  valid: [
    {
      name: 'every Ready pod is in a slice',
      snapshot: snapshot({
        services: [web],
        pods: [ready('web-1'), ready('web-2')],
        endpointSlices: [
          endpointSlice({
            endpoints: [
              { ip: '10.0.0.1', pod: 'web-1' },
              { ip: '10.0.0.2', pod: 'web-2' },
            ],
          }),
        ],
      }),
    },
    {
      name: 'slices and endpoints were not collected',
      snapshot: snapshot({ services: [web], pods: [ready('web-1')] }),
    },
    {
      name: 'listed in the legacy Endpoints object',
      snapshot: snapshot({
        services: [web],
        pods: [ready('web-1')],
        endpoints: [endpoints({ ready: [{ ip: '10.0.0.1', pod: 'web-1' }] })],
      }),
    },
    {
      name: 'listed by IP without targetRef',
      snapshot: snapshot({
        services: [web],
        pods: [{ ...ready('web-1'), status: { ...ready('web-1').status, podIP: '10.0.0.9' } }],
        endpointSlices: [endpointSlice({ endpoints: [{ ip: '10.0.0.9' }] })],
      }),
    },
  ],
  invalid: [
    {
      name: 'Ready for minutes but missing from the slices',
      snapshot: snapshot({
        services: [web],
        pods: [ready('web-1'), ready('web-2')],
        endpointSlices: [endpointSlice({ endpoints: [{ ip: '10.0.0.1', pod: 'web-1' }] })],
      }),
      now: Date.parse('2026-01-01T00:05:00Z'),
      expect: [
        {
          messageId: 'notInEndpoints',
          reason: 'NotInEndpoints',
          data: { service: 'web', count: 1, pods: 'web-2' },
          evidenceIncludes: [
            'pod web-2: Ready=True since 2026-01-01T00:00:05Z',
            'EndpointSlice web-abcde: 1 endpoints (web-1 ready)',
          ],
        },
      ],
    },
    {
      name: 'became Ready 10 s ago: progressing (controller lag)',
      snapshot: snapshot({ services: [web], pods: [ready('web-1', 290)], endpointSlices: [] }),
      now: Date.parse('2026-01-01T00:05:00Z'),
      expect: [
        {
          messageId: 'notInEndpoints',
          status: 'progressing',
          evidenceIncludes: ['no EndpointSlice or Endpoints object for Service web'],
        },
      ],
    },
    {
      name: 'empty Endpoints object',
      snapshot: snapshot({ services: [web], pods: [ready('web-1')], endpoints: [endpoints({})] }),
      now: Date.parse('2026-01-01T00:05:00Z'),
      expect: [
        { messageId: 'notInEndpoints', data: { pods: 'web-1' }, evidenceIncludes: ['Endpoints web: <none>'] },
      ],
    },
  ],
});
