import { testRule } from '../../../test/rule-tester.js';
import { cond, endpointSlice, endpoints, runningPod, service, snapshot } from '../../../test/builders.js';
import type { Service } from '../../model/index.js';
import { rule } from './not-in-endpoints.js';

/** A Service known only by name, as a `kubectl get endpoints` table gives it. */
const nameOnly: Service = { kind: 'Service', metadata: { name: 'app', namespace: 'default' }, spec: {} };
/** The slice `kubectl get endpointslices` shows for the default Service. */
const apiserverSlice = endpointSlice({
  service: 'kubernetes',
  name: 'kubernetes',
  endpoints: [{ ip: '192.168.51.11' }],
});

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
      name: 'Endpoints with addresses, EndpointSlices not collected: nothing to compare',
      snapshot: snapshot({
        services: [nameOnly],
        endpoints: [endpoints({ service: 'app', ready: [{ ip: '10.45.120.66' }] })],
      }),
    },
    {
      name: 'Endpoints and their EndpointSlice agree',
      snapshot: snapshot({
        services: [nameOnly],
        endpoints: [endpoints({ service: 'app', ready: [{ ip: '10.45.120.66' }] })],
        endpointSlices: [
          apiserverSlice,
          endpointSlice({ service: 'app', endpoints: [{ ip: '10.45.120.66' }] }),
        ],
      }),
    },
    {
      name: 'empty Endpoints and no slice: nothing is missing from the slices',
      snapshot: snapshot({
        services: [nameOnly],
        endpoints: [endpoints({ service: 'app' })],
        endpointSlices: [apiserverSlice],
      }),
    },
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
            'EndpointSlice web-abcde: 1 endpoint (web-1 ready)',
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
      name: 'get endpoints lists addresses, get endpointslices shows only the default Service (slice controller not writing)',
      snapshot: snapshot({
        services: [nameOnly],
        endpoints: [endpoints({ service: 'app', ready: [{ ip: '10.45.120.66' }] })],
        endpointSlices: [apiserverSlice],
      }),
      expect: [
        {
          messageId: 'noEndpointSlice',
          data: { service: 'app', count: 1 },
          evidenceIncludes: [
            'Endpoints app: 1 ready',
            'no EndpointSlice labelled kubernetes.io/service-name=app',
          ],
        },
      ],
    },
    {
      name: 'a Service with a selector and Ready pods, Endpoints filled, no slice of its own',
      snapshot: snapshot({
        services: [web],
        pods: [ready('web-1')],
        endpoints: [endpoints({ ready: [{ ip: '10.0.0.1', pod: 'web-1' }] })],
        endpointSlices: [apiserverSlice],
      }),
      expect: [{ messageId: 'noEndpointSlice', evidenceIncludes: ['selector app=web'] }],
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
