import { testRule } from '../../../test/rule-tester.js';
import {
  cond,
  cstatus,
  endpointSlice,
  endpoints,
  pod,
  runningPod,
  service,
  snapshot,
  state,
} from '../../../test/builders.js';
import type { Service } from '../../model/index.js';
import { rule } from './no-ready-endpoints.js';

const web = service({ selector: { app: 'web' } });
const crashing = (name: string, createdS = 0) =>
  pod({
    name,
    labels: { app: 'web' },
    phase: 'Running',
    createdS,
    conditions: [
      cond(
        'ContainersReady',
        'False',
        'ContainersNotReady',
        'containers with unready status: [app]',
        createdS + 2,
      ),
      cond('Ready', 'False', 'ContainersNotReady', 'containers with unready status: [app]', createdS + 2),
    ],
    containerStatuses: [cstatus('app', { state: state.waiting('CrashLoopBackOff'), restartCount: 5 })],
  });
/** A Service known only by name, as a `kubectl get endpoints` table gives it. */
const nameOnly: Service = { kind: 'Service', metadata: { name: 'restate', namespace: 'default' }, spec: {} };

testRule(rule, {
  valid: [
    {
      name: 'a Service without a selector and no Endpoints object: manual endpoints, nothing to judge',
      snapshot: snapshot({ services: [service({})], pods: [runningPod({ labels: { app: 'web' } })] }),
    },
    {
      name: 'an ExternalName Service with an empty Endpoints object',
      snapshot: snapshot({ services: [service({ type: 'ExternalName' })], endpoints: [endpoints({})] }),
    },
    {
      name: 'one Ready pod is enough',
      snapshot: snapshot({
        services: [web],
        pods: [runningPod({ labels: { app: 'web' } }), crashing('web-2')],
      }),
    },
    { name: 'no pods selected: selector-matches-no-pods', snapshot: snapshot({ services: [web], pods: [] }) },
    {
      name: 'get svc row and an empty Endpoints object, no pods shown: selector-matches-no-pods',
      snapshot: snapshot({
        services: [service({ ports: [{ port: 80, protocol: 'TCP' }] })],
        endpoints: [endpoints({})],
      }),
    },
    {
      name: 'get endpoints <none> for a name-only Service, every pod shown Ready: selector-matches-no-pods (real case 066)',
      snapshot: snapshot({
        services: [nameOnly],
        endpoints: [endpoints({ service: 'restate' })],
        pods: [runningPod({ name: 'awx-web-1' })],
      }),
    },
    {
      name: 'publishNotReadyAddresses Services route to unready pods on purpose',
      snapshot: snapshot({
        services: [{ ...web, spec: { ...web.spec, publishNotReadyAddresses: true } }],
        pods: [crashing('web-1')],
      }),
    },
    {
      name: 'Service without selector',
      snapshot: snapshot({ services: [service({})], pods: [crashing('web-1')] }),
    },
    {
      name: 'name-only Service whose endpoints have a ready address',
      snapshot: snapshot({
        services: [nameOnly],
        endpoints: [endpoints({ service: 'restate', ready: [{ ip: '10.0.0.5' }] })],
      }),
    },
  ],
  invalid: [
    {
      name: 'all selected pods crash-looping',
      snapshot: snapshot({
        services: [web],
        pods: [crashing('web-1'), crashing('web-2')],
        endpointSlices: [
          endpointSlice({
            endpoints: [
              { ip: '10.0.0.1', pod: 'web-1', ready: false },
              { ip: '10.0.0.2', pod: 'web-2', ready: false },
            ],
          }),
        ],
      }),
      now: Date.parse('2026-01-01T00:10:00Z'),
      expect: [
        {
          messageId: 'noReadyEndpoints',
          reason: 'NoReadyEndpoints',
          data: {
            service: 'web',
            pods: 2,
            why: 'web-1: CrashLoopBackOff, containers with unready status: [app]',
          },
          evidenceIncludes: [
            'pod web-2: CrashLoopBackOff',
            'EndpointSlice web-abcde: 2 endpoints (web-1 not ready, web-2 not ready)',
          ],
        },
      ],
    },
    {
      name: 'fresh rollout, pods created seconds ago: progressing',
      snapshot: snapshot({ services: [web], pods: [crashing('web-1', 100)] }),
      now: Date.parse('2026-01-01T00:01:50Z'),
      expect: [{ messageId: 'noReadyEndpoints', status: 'progressing' }],
    },
    {
      name: 'pods not in the evidence, slices all not ready',
      snapshot: snapshot({
        services: [web],
        endpointSlices: [endpointSlice({ endpoints: [{ ip: '10.0.0.1', pod: 'web-1', ready: false }] })],
      }),
      expect: [{ messageId: 'endpointsNotReady', data: { endpoints: '1 endpoint' } }],
    },
    {
      name: 'a kubectl get svc row (no selector column), an empty Endpoints object, a crash-looping pod of the namespace',
      snapshot: snapshot({
        services: [service({ ports: [{ port: 80, protocol: 'TCP' }] })],
        pods: [crashing('web-1')],
        endpoints: [endpoints({})],
      }),
      expect: [
        {
          messageId: 'noEndpointsSelectorUnknown',
          data: { service: 'web' },
          evidenceIncludes: ['Endpoints web: <none>', 'pod web-1: CrashLoopBackOff'],
        },
      ],
    },
    {
      name: 'kubectl get endpoints <none> for a name-only Service, the namespace pods 0/1 Running (labels unknown)',
      snapshot: snapshot({
        services: [nameOnly],
        endpoints: [endpoints({ service: 'restate' })],
        pods: [
          pod({ name: 'restate-0', phase: 'Running', containers: [], conditions: [cond('Ready', 'False')] }),
        ],
      }),
      expect: [{ messageId: 'noEndpointsSelectorUnknown', evidenceIncludes: ['Endpoints restate: <none>'] }],
    },
    {
      name: 'selector known, describe svc Endpoints <none>, a not-ready get-pods row without labels',
      snapshot: snapshot({
        services: [web],
        endpoints: [endpoints({})],
        pods: [
          pod({ name: 'api-1', phase: 'Running', containers: [], conditions: [cond('Ready', 'False')] }),
        ],
      }),
      expect: [
        {
          messageId: 'noEndpointsLabelsUnknown',
          evidenceIncludes: ['selector app=web', 'pod api-1: Running'],
        },
      ],
    },
    {
      name: 'pods with unknown labels, the Endpoints list them not ready',
      snapshot: snapshot({
        services: [web],
        pods: [
          pod({ name: 'api-1', phase: 'Running', containers: [], conditions: [cond('Ready', 'False')] }),
        ],
        endpoints: [endpoints({ notReady: [{ ip: '10.0.0.9' }] })],
      }),
      expect: [{ messageId: 'endpointsNotReady', data: { endpoints: '1 endpoint' } }],
    },
  ],
});
