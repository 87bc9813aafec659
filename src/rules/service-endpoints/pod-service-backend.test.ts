import { testRule } from '../../../test/rule-tester.js';
import {
  cond,
  container,
  endpointSlice,
  pod,
  runningPod,
  service,
  snapshot,
} from '../../../test/builders.js';
import { rule } from './pod-service-backend.js';

const web = service({ selector: { app: 'web' } });
const ready = (ports?: { containerPort: number; name?: string }[], readyS = 5) =>
  runningPod({
    labels: { app: 'web' },
    containers: [container('app', ports === undefined ? {} : { ports })],
    conditions: [
      cond('ContainersReady', 'True', undefined, undefined, readyS),
      cond('Ready', 'True', undefined, undefined, readyS),
    ],
  });

testRule(rule, {
  valid: [
    {
      name: 'pod in the slice, port declared',
      snapshot: snapshot({
        services: [web],
        pods: [ready([{ containerPort: 8080 }])],
        endpointSlices: [endpointSlice({ endpoints: [{ ip: '10.0.0.1', pod: 'web-1' }] })],
      }),
    },
    {
      name: 'no Service selects the pod',
      snapshot: snapshot({
        services: [service({ selector: { app: 'api' } })],
        pods: [ready()],
        endpointSlices: [],
      }),
    },
    {
      name: 'pod not Ready is the readiness stage',
      snapshot: snapshot({
        services: [web],
        pods: [pod({ labels: { app: 'web' }, phase: 'Running' })],
        endpointSlices: [],
      }),
    },
    {
      name: 'slices not collected, no ports declared',
      snapshot: snapshot({ services: [web], pods: [ready()] }),
    },
  ],
  invalid: [
    {
      name: 'Ready pod missing from the slices',
      snapshot: snapshot({
        services: [web],
        pods: [ready()],
        endpointSlices: [endpointSlice({ endpoints: [{ ip: '10.0.0.7', pod: 'web-0' }] })],
      }),
      now: Date.parse('2026-01-01T00:05:00Z'),
      expect: [
        {
          messageId: 'podNotInEndpoints',
          reason: 'NotInEndpoints',
          data: { service: 'web' },
          evidenceIncludes: ['EndpointSlice web-abcde: 1 endpoint (web-0 ready)'],
        },
      ],
    },
    {
      name: 'just Ready: progressing',
      snapshot: snapshot({ services: [web], pods: [ready(undefined, 295)], endpointSlices: [] }),
      now: Date.parse('2026-01-01T00:05:00Z'),
      expect: [{ messageId: 'podNotInEndpoints', status: 'progressing' }],
    },
    {
      name: 'named targetPort missing on this pod',
      snapshot: snapshot({
        services: [service({ selector: { app: 'web' }, ports: [{ port: 80, targetPort: 'http' }] })],
        pods: [ready([{ containerPort: 8080, name: 'web' }])],
      }),
      expect: [
        {
          messageId: 'podTargetPortNamed',
          reason: 'TargetPortMismatch',
          data: { targetPort: 'http', declared: 'app 8080/TCP (web)' },
        },
      ],
    },
    {
      name: 'numeric targetPort not declared by this pod',
      snapshot: snapshot({ services: [web], pods: [ready([{ containerPort: 3000 }])] }),
      expect: [{ messageId: 'podTargetPortNumeric', data: { targetPort: '8080' } }],
    },
  ],
});
