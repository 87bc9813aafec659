import { testRule } from '../../../test/rule-tester.js';
import { at, cond, endpoints, pod, runningPod, service, snapshot } from '../../../test/builders.js';
import type { Service } from '../../model/index.js';
import { rule } from './selector-matches-no-pods.js';

/** A Service known only by name, as a `kubectl get endpoints` table gives it. */
const nameOnly = (name: string): Service => ({
  kind: 'Service',
  metadata: { name, namespace: 'default' },
  spec: {},
});
/** A `kubectl get pods` row reading 0/1 Running: no labels, no containers. */
const unreadyRow = (name: string) =>
  pod({ name, phase: 'Running', containers: [], conditions: [cond('Ready', 'False')] });

const chartLabels = { 'app.kubernetes.io/name': 'restate', 'app.kubernetes.io/instance': 'restate' };
const restate = service({
  name: 'restate',
  selector: { app: 'restate' },
  ports: [{ port: 9070, targetPort: 9070 }],
});

testRule(rule, {
  valid: [
    {
      name: 'selector matches a pod',
      snapshot: snapshot({
        services: [service({ selector: { app: 'web' } })],
        pods: [runningPod({ labels: { app: 'web' } })],
      }),
    },
    {
      name: 'Service without selector (manual endpoints)',
      snapshot: snapshot({ services: [service({})], pods: [runningPod({ labels: { app: 'web' } })] }),
    },
    {
      name: 'ExternalName Service',
      snapshot: snapshot({
        services: [
          {
            ...service({ selector: { app: 'x' } }),
            spec: { type: 'ExternalName', externalName: 'db.example.com', selector: { app: 'x' } },
          },
        ],
        pods: [],
      }),
    },
    {
      name: 'pods were not collected: cannot tell',
      snapshot: snapshot({ services: [service({ selector: { app: 'web' } })] }),
    },
    {
      name: 'pod of the same labels in another namespace does not count, but the Service there matches',
      snapshot: snapshot({
        services: [service({ namespace: 'prod', selector: { app: 'web' } })],
        pods: [runningPod({ namespace: 'prod', labels: { app: 'web', tier: 'front' } })],
      }),
    },
    {
      name: 'pod labels not in the evidence, but the Endpoints list addresses: the selector matches',
      snapshot: snapshot({
        services: [service({ selector: { app: 'api' } })],
        pods: [runningPod({ name: 'api-1' })],
        endpoints: [endpoints({ ready: [{ ip: '10.244.1.17' }, { ip: '10.244.2.9' }] })],
      }),
    },
    {
      name: 'pod labels not in the evidence and no endpoints collected: cannot tell',
      snapshot: snapshot({
        services: [service({ selector: { app: 'api' } })],
        pods: [runningPod({ name: 'api-1' })],
      }),
    },
    {
      name: 'labelled pods that do not match, yet the EndpointSlice lists an endpoint: trust the controller',
      snapshot: snapshot({
        services: [service({ selector: { app: 'web' } })],
        pods: [runningPod({ labels: { app: 'other' } })],
        endpoints: [endpoints({ ready: [{ ip: '10.244.1.5', pod: 'web-2' }] })],
      }),
    },
    {
      name: 'get endpoints <none>, a not-ready pod of the namespace may be the backend: no-ready-endpoints',
      snapshot: snapshot({
        services: [nameOnly('postgres')],
        endpoints: [endpoints({ service: 'postgres' })],
        pods: [unreadyRow('postgres-0')],
      }),
    },
    {
      name: 'selector known, Endpoints <none>, a not-ready row without labels: no-ready-endpoints',
      snapshot: snapshot({
        services: [service({ selector: { app: 'api' } })],
        endpoints: [endpoints({})],
        pods: [unreadyRow('api-1')],
      }),
    },
    {
      name: 'a name-only Service whose Endpoints list not-ready addresses',
      snapshot: snapshot({
        services: [nameOnly('web')],
        endpoints: [endpoints({ notReady: [{ ip: '10.0.0.9' }] })],
      }),
    },
    {
      name: 'selector known, neither pods nor its Endpoints in the evidence',
      snapshot: snapshot({
        services: [service({ selector: { app: 'web' } })],
        endpoints: [endpoints({ service: 'other', ready: [{ ip: '10.0.0.1' }] })],
      }),
    },
  ],
  invalid: [
    {
      name: 'describe svc: selector shown, Endpoints <none>, no pods in the evidence (2015 layout, real case 347)',
      snapshot: snapshot({
        services: [service({ selector: { app: 'taskQueue', component: 'flower' } })],
        endpoints: [endpoints({})],
      }),
      expect: [{ messageId: 'noPodsShown', data: { selector: 'app=taskQueue,component=flower' } }],
    },
    {
      name: 'get endpoints <none> for name-only Services, no pods shown (real cases 043, 310)',
      snapshot: snapshot({
        services: [nameOnly('kube-scheduler')],
        endpoints: [endpoints({ service: 'kube-scheduler' })],
      }),
      expect: [
        {
          messageId: 'noEndpointsSelectorUnknown',
          data: { pods: 'the evidence shows none' },
          evidenceIncludes: ['Endpoints kube-scheduler: <none>'],
        },
      ],
    },
    {
      name: 'Endpoints yaml with subsets: [] while the pods shown are Running and Ready (real case 042)',
      snapshot: snapshot({
        services: [nameOnly('nginx-ing-svc')],
        endpoints: [endpoints({ service: 'nginx-ing-svc' })],
        pods: [
          runningPod({ name: 'nginx-ingress-rc-mdwgn' }),
          runningPod({ name: 'nginx-ingress-rc-r0lbk' }),
        ],
      }),
      expect: [{ messageId: 'noEndpointsSelectorUnknown', data: { pods: 'all 2 shown are Ready' } }],
    },
    {
      name: 'a get svc row (no selector column) and an empty Endpoints object',
      snapshot: snapshot({
        services: [service({ ports: [{ port: 80, protocol: 'TCP' }] })],
        endpoints: [endpoints({})],
      }),
      expect: [{ messageId: 'noEndpointsSelectorUnknown' }],
    },
    {
      name: 'pod labels not in the evidence, Endpoints <none>: reported with low confidence',
      snapshot: snapshot({
        services: [service({ selector: { app: 'api' } })],
        pods: [runningPod({ name: 'api-1' })],
        endpoints: [endpoints({})],
      }),
      expect: [
        {
          messageId: 'noPods',
          evidenceIncludes: ['pod api-1 labels: (not in the evidence)', 'Endpoints web: <none>'],
        },
      ],
    },
    {
      name: 'chart labels app.kubernetes.io/name while the selector wants app (real case 066)',
      snapshot: snapshot({
        services: [restate],
        pods: [
          runningPod({ name: 'restate-0', labels: chartLabels }),
          runningPod({ name: 'restate-1', labels: chartLabels }),
        ],
        endpoints: [endpoints({ service: 'restate' })],
      }),
      expect: [
        {
          messageId: 'noPodsHint',
          reason: 'SelectorMatchesNoPods',
          data: {
            service: 'restate',
            selector: 'app=restate',
            namespace: 'default',
            actual: 'app.kubernetes.io/instance=restate (2 pods), app.kubernetes.io/name=restate (2 pods)',
          },
          evidenceIncludes: [
            'selector app=restate',
            'pod restate-0 labels: app.kubernetes.io/name=restate',
            'Endpoints restate: <none>',
          ],
        },
      ],
    },
    {
      name: 'pods carry another value for the key',
      snapshot: snapshot({
        services: [service({ selector: { app: 'web' } })],
        pods: [runningPod({ labels: { app: 'web-v2' } })],
      }),
      expect: [{ messageId: 'noPodsHint', data: { actual: 'app=web-v2 (1 pod)' } }],
    },
    {
      name: 'namespace has no pods',
      snapshot: snapshot({
        services: [service({ namespace: 'staging', selector: { app: 'web' } })],
        pods: [runningPod({ labels: { app: 'web' } })],
      }),
      expect: [{ messageId: 'noPodsInNamespace', data: { namespace: 'staging' } }],
    },
    {
      name: 'unrelated labels only',
      snapshot: snapshot({
        services: [service({ selector: { app: 'web' } })],
        pods: [runningPod({ labels: { team: 'payments' } })],
      }),
      expect: [{ messageId: 'noPods' }],
    },
    {
      name: 'Service created seconds ago, pods not there yet: progressing',
      snapshot: snapshot({
        services: [
          {
            ...service({ selector: { app: 'web' } }),
            metadata: { name: 'web', namespace: 'default', creationTimestamp: at(100) },
          },
        ],
        pods: [runningPod({ name: 'other', labels: { app: 'other' }, createdS: 105 })],
      }),
      expect: [{ messageId: 'noPodsHint', status: 'progressing', data: { actual: 'app=other (1 pod)' } }],
    },
  ],
});
