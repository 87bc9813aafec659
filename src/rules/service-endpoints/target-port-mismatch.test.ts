import { testRule } from '../../../test/rule-tester.js';
import { container, endpointSlice, pod, runningPod, service, snapshot } from '../../../test/builders.js';
import { rule } from './target-port-mismatch.js';

const app = (ports: { containerPort: number; name?: string; protocol?: string }[] | undefined) =>
  runningPod({
    labels: { app: 'web' },
    containers: [container('app', ports === undefined ? {} : { ports })],
  });

/** A pod from a `kubectl get pods` row: labels known, containers and their ports not. */
const rowPod = pod({ labels: { app: 'web' }, phase: 'Running', containers: [] });
const namedHttp = service({
  selector: { app: 'web' },
  ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }],
});

testRule(rule, {
  valid: [
    {
      name: 'pod specs unknown, the slice carries the named port',
      snapshot: snapshot({
        services: [namedHttp],
        pods: [rowPod],
        endpointSlices: [endpointSlice({ endpoints: [{ ip: '10.244.1.9' }] })],
      }),
    },
    {
      name: 'pod specs unknown, a table slice with an unnamed port number: cannot tell',
      snapshot: snapshot({
        services: [namedHttp],
        pods: [rowPod],
        endpointSlices: [endpointSlice({ endpoints: [{ ip: '10.244.1.9' }], ports: [{ port: 8080 }] })],
      }),
    },
    {
      name: 'a numeric targetPort always resolves, so a slice without ports says nothing about it',
      snapshot: snapshot({
        services: [service({ selector: { app: 'web' } })],
        pods: [rowPod],
        endpointSlices: [endpointSlice({ endpoints: [{ ip: '10.244.1.9' }], ports: [] })],
      }),
    },
    {
      name: 'numeric targetPort declared',
      snapshot: snapshot({
        services: [service({ selector: { app: 'web' } })],
        pods: [app([{ containerPort: 8080 }])],
      }),
    },
    {
      name: 'no ports declared: traffic may still work',
      snapshot: snapshot({ services: [service({ selector: { app: 'web' } })], pods: [app(undefined)] }),
    },
    {
      name: 'named targetPort found',
      snapshot: snapshot({
        services: [
          service({ selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] }),
        ],
        pods: [app([{ containerPort: 3000, name: 'http' }])],
      }),
    },
    {
      name: 'targetPort omitted defaults to port',
      snapshot: snapshot({
        services: [service({ selector: { app: 'web' }, ports: [{ port: 8080 }] })],
        pods: [app([{ containerPort: 8080 }])],
      }),
    },
    {
      name: 'stub pod without spec',
      snapshot: snapshot({
        services: [service({ selector: { app: 'web' } })],
        pods: [pod({ labels: { app: 'web' }, containers: [] })],
      }),
    },
  ],
  invalid: [
    {
      name: 'pod specs unknown, the slice lists the pod without a port: the name did not resolve',
      snapshot: snapshot({
        services: [namedHttp],
        pods: [rowPod],
        endpointSlices: [endpointSlice({ endpoints: [{ ip: '10.244.1.9' }], ports: [] })],
      }),
      expect: [
        {
          messageId: 'namedPortUnresolved',
          reason: 'TargetPortMismatch',
          data: { service: 'web', targetPort: 'http', slice: 'EndpointSlice web-abcde', endpoints: 1 },
          evidenceIncludes: ['ports http 80->http/TCP', 'EndpointSlice web-abcde: 1 endpoint'],
        },
      ],
    },
    {
      name: 'numeric targetPort none of the declared ports has',
      snapshot: snapshot({
        services: [service({ selector: { app: 'web' } })],
        pods: [app([{ containerPort: 3000, name: 'http' }])],
      }),
      expect: [
        {
          messageId: 'numericPortNotDeclared',
          reason: 'TargetPortMismatch',
          data: { service: 'web', port: 'http 80/TCP', targetPort: '8080', declared: 'app 3000/TCP (http)' },
          evidenceIncludes: ['ports http 80->8080/TCP', 'pod web-1 container ports: app 3000/TCP (http)'],
        },
      ],
    },
    {
      name: 'named targetPort no container has',
      snapshot: snapshot({
        services: [
          service({ selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'web' }] }),
        ],
        pods: [app([{ containerPort: 3000, name: 'http' }])],
      }),
      expect: [{ messageId: 'namedPortMissing', data: { targetPort: 'web', pods: 1 } }],
    },
    {
      name: 'named targetPort and containers declare no ports at all',
      snapshot: snapshot({
        services: [service({ selector: { app: 'web' }, ports: [{ port: 80, targetPort: 'http' }] })],
        pods: [app(undefined)],
      }),
      expect: [{ messageId: 'namedPortMissing', data: { declared: 'none' } }],
    },
    {
      name: 'protocol differs (UDP declared, TCP targeted)',
      snapshot: snapshot({
        services: [service({ selector: { app: 'web' }, ports: [{ name: 'dns', port: 53, targetPort: 53 }] })],
        pods: [app([{ containerPort: 53, protocol: 'UDP' }])],
      }),
      expect: [{ messageId: 'numericPortNotDeclared', data: { declared: 'app 53/UDP' } }],
    },
  ],
});
