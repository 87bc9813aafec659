import { describe, expect, it } from 'vitest';
import type { KObject } from '../../simulator/world/types.js';
import type { ClusterState } from '../types.js';
import { checkServices, checkServiceTargets, inputTemplates } from './services.js';
import { container, deployment, input, NS, pod, state, stateWithout, target } from './test-helpers.js';

function service(
  name: string,
  selector: Record<string, string> | undefined,
  ports: Record<string, unknown>[] = [{ port: 80, targetPort: 8080 }],
  extra: Record<string, unknown> = {},
  namespace = NS,
): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace },
    spec: { ...(selector === undefined ? {} : { selector }), ports, ...extra },
  };
}

const WEB_PORTS = [
  { name: 'http', containerPort: 8080 },
  { name: 'dns', containerPort: 5353, protocol: 'UDP' },
];
const web = deployment('web', { containers: [container('web', { ports: WEB_PORTS })] });

const run = (objects: KObject[], clusterState: ClusterState = state()) =>
  checkServices(
    objects.map((o, i) => input(o, 10 * i + 1, 'app.yaml')),
    clusterState,
  );

describe('checkServices: selectors', () => {
  it('a selector matching no template and no pod fails', () => {
    const results = run(
      [web, service('api', { app: 'api', tier: 'back' })],
      state({ objects: [pod('old', { app: 'api' })] }),
    );
    expect(results).toStrictEqual([
      {
        service: { namespace: 'shop', name: 'api' },
        input: input(service('api', { app: 'api', tier: 'back' }), 11, 'app.yaml'),
        findings: [
          {
            check: 'services',
            outcome: 'fail',
            stage: 'service-endpoints',
            reason: 'SelectorMatchesNoPods',
            message:
              'service "api" selects app=api,tier=back, which matches no pod template of the input and no pod of namespace shop',
            evidence: [{ source: 'service', text: 'shop/api spec.selector: app=api,tier=back' }],
            nextSteps: [
              'kubectl -n shop get pods --show-labels',
              "fix spec.selector of service api (app.yaml:11) or the pod template's labels",
            ],
          },
        ],
      },
    ]);
  });

  it.each([
    { name: 'a template of the input', objects: [web, service('web', { app: 'web' })], pods: [] },
    {
      name: 'a template whose labels are a superset',
      objects: [
        deployment(
          'web',
          { containers: [container('web', { ports: WEB_PORTS })] },
          { app: 'web', track: 'stable' },
        ),
        service('web', { app: 'web' }),
      ],
      pods: [],
    },
    {
      name: 'a running pod of the cluster',
      objects: [service('web', { app: 'legacy' })],
      pods: [pod('legacy-1', { app: 'legacy' })],
    },
    {
      name: 'a pending pod of the cluster',
      objects: [service('web', { app: 'legacy' })],
      pods: [pod('legacy-1', { app: 'legacy' }, NS, 'Pending')],
    },
    {
      name: 'a bare Pod of the input',
      objects: [
        { ...pod('solo', { app: 'solo' }), status: {} },
        service('solo', { app: 'solo' }, [{ port: 80 }]),
      ],
      pods: [],
    },
    {
      name: "a CronJob's job template",
      objects: [
        {
          apiVersion: 'batch/v1',
          kind: 'CronJob',
          metadata: { name: 'nightly', namespace: NS },
          spec: {
            schedule: '0 1 * * *',
            jobTemplate: {
              spec: {
                template: {
                  metadata: { labels: { app: 'nightly' } },
                  spec: { containers: [container('job')] },
                },
              },
            },
          },
        },
        service('nightly', { app: 'nightly' }),
      ],
      pods: [],
    },
  ])('selecting $name: no finding', ({ objects, pods }) => {
    expect(run(objects, state({ objects: pods })).flatMap((r) => r.findings)).toStrictEqual([]);
  });

  it.each([
    {
      name: 'ExternalName',
      svc: service('ext', undefined, [], { type: 'ExternalName', externalName: 'db.example.com' }),
    },
    {
      name: 'ExternalName with a selector',
      svc: service('ext', { app: 'nothing' }, [], { type: 'ExternalName', externalName: 'db.example.com' }),
    },
    { name: 'no selector (manual endpoints)', svc: service('manual', undefined) },
    { name: 'an empty selector', svc: service('manual', {}) },
  ])('$name is not judged', ({ svc }) => {
    const results = run([svc]);
    expect(results.map((r) => [r.service.name, r.findings])).toStrictEqual([[svc.metadata.name, []]]);
  });

  it.each([
    {
      name: 'a template of another namespace',
      objects: [
        deployment('web', { containers: [container('web')] }, { app: 'web' }, 'other'),
        service('web', { app: 'web' }),
      ],
      pods: [],
    },
    {
      name: 'a pod of another namespace',
      objects: [service('web', { app: 'web' })],
      pods: [pod('w', { app: 'web' }, 'other')],
    },
    {
      name: 'a succeeded pod',
      objects: [service('web', { app: 'web' })],
      pods: [pod('w', { app: 'web' }, NS, 'Succeeded')],
    },
    {
      name: 'a failed pod',
      objects: [service('web', { app: 'web' })],
      pods: [pod('w', { app: 'web' }, NS, 'Failed')],
    },
    {
      name: 'a template missing one selector key',
      objects: [
        deployment('web', { containers: [container('web')] }, { app: 'web' }),
        service('web', { app: 'web', tier: 'front' }),
      ],
      pods: [],
    },
  ])('does not count $name', ({ objects, pods }) => {
    const findings = run(objects, state({ objects: pods })).flatMap((r) => r.findings);
    expect(findings.map((f) => [f.outcome, f.reason])).toStrictEqual([['fail', 'SelectorMatchesNoPods']]);
  });

  it('Pods not read and no template selected: unknown', () => {
    const results = run(
      [service('api', { app: 'api' })],
      stateWithout(['Pod'], 'pods is forbidden: User "dev" cannot list resource "pods" in namespace "shop"'),
    );
    expect(results.flatMap((r) => r.findings)).toStrictEqual([
      {
        check: 'services',
        outcome: 'unknown',
        stage: 'service-endpoints',
        reason: 'SelectorMatchesNoPods',
        message:
          'service "api" selects app=api, which matches no pod template of the input; Pods of namespace shop were not read: pods is forbidden: User "dev" cannot list resource "pods" in namespace "shop"',
        evidence: [{ source: 'service', text: 'shop/api spec.selector: app=api' }],
        nextSteps: ['kubectl -n shop get pods -l app=api', 'kubectl auth can-i list pods -n shop'],
      },
    ]);
  });

  it('Pods not read but a template selected: judged on the template alone', () => {
    expect(
      run([web, service('web', { app: 'web' })], stateWithout(['Pod'], 'forbidden')).flatMap(
        (r) => r.findings,
      ),
    ).toStrictEqual([]);
  });

  it('objects without a namespace land in "default" unless told otherwise', () => {
    const s: KObject = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'web' },
      spec: { selector: { app: 'web' } },
    };
    const results = checkServices([input(s)], state({ objects: [pod('w', { app: 'web' }, 'default')] }));
    expect(results.map((r) => [r.service, r.findings])).toStrictEqual([
      [{ namespace: 'default', name: 'web' }, []],
    ]);
  });

  it('a cluster pod without a status still counts', () => {
    const p = pod('w', { app: 'web' });
    delete p['status'];
    expect(
      run([service('web', { app: 'web' })], state({ objects: [p] })).flatMap((r) => r.findings),
    ).toStrictEqual([]);
  });

  it('objects without a namespace land in the default namespace given', () => {
    const d = deployment(
      'web',
      { containers: [container('web', { ports: WEB_PORTS })] },
      { app: 'web' },
      null,
    );
    const s: KObject = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'web' },
      spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 'http' }] },
    };
    const results = checkServices([input(d), input(s, 20)], state(), 'team-a');
    expect(results.map((r) => [r.service, r.findings])).toStrictEqual([
      [{ namespace: 'team-a', name: 'web' }, []],
    ]);
  });
});

describe('checkServices: target ports', () => {
  it.each([
    {
      name: 'a named targetPort no container declares',
      port: { name: 'web', port: 80, targetPort: 'web' },
      message: 'service "web" port 80 targets port "web", which no container of Deployment shop/web declares',
      evidence: 'shop/web spec.ports[0]: port 80, targetPort web, protocol TCP',
      step: 'name a TCP containerPort "web" in Deployment shop/web (app.yaml:1), or set spec.ports[0].targetPort of service web to the container\'s port',
    },
    {
      name: 'a named targetPort declared for another protocol',
      port: { port: 53, targetPort: 'dns', protocol: 'TCP' },
      message: 'service "web" port 53 targets port "dns", which Deployment shop/web declares only for UDP',
      evidence: 'shop/web spec.ports[0]: port 53, targetPort dns, protocol TCP',
      step: 'name a TCP containerPort "dns" in Deployment shop/web (app.yaml:1), or set spec.ports[0].targetPort of service web to the container\'s port',
    },
    {
      name: 'a UDP port whose name is declared for TCP only',
      port: { port: 8080, targetPort: 'http', protocol: 'UDP' },
      message:
        'service "web" port 8080/UDP targets port "http", which Deployment shop/web declares only for TCP',
      evidence: 'shop/web spec.ports[0]: port 8080, targetPort http, protocol UDP',
      step: 'name a UDP containerPort "http" in Deployment shop/web (app.yaml:1), or set spec.ports[0].targetPort of service web to the container\'s port',
    },
  ])('fail: $name', ({ port, message, evidence, step }) => {
    const results = run([web, service('web', { app: 'web' }, [port])]);
    expect(results.flatMap((r) => r.findings)).toStrictEqual([
      {
        check: 'services',
        outcome: 'fail',
        stage: 'service-endpoints',
        reason: 'TargetPortMismatch',
        message,
        evidence: [
          { source: 'service', text: evidence },
          { source: 'spec', text: 'Deployment shop/web declares: 8080/TCP (http), 5353/UDP (dns)' },
        ],
        nextSteps: [step],
      },
    ]);
  });

  it.each([
    {
      name: 'targetPort number not declared',
      port: { port: 80, targetPort: 9000 },
      text: '80',
      target: 9000,
      evidence: 'port 80, targetPort 9000, protocol TCP',
    },
    {
      name: 'no targetPort: the port itself, not declared',
      port: { port: 80 },
      text: '80',
      target: 80,
      evidence: 'port 80, targetPort 80, protocol TCP',
    },
    {
      name: 'a number written as a string',
      port: { port: 80, targetPort: '9000' },
      text: '80',
      target: 9000,
      evidence: 'port 80, targetPort 9000, protocol TCP',
    },
  ])('warn: $name', ({ port, text, target, evidence }) => {
    const results = run([web, service('web', { app: 'web' }, [port])]);
    expect(results.flatMap((r) => r.findings)).toStrictEqual([
      {
        check: 'services',
        outcome: 'warn',
        stage: 'service-endpoints',
        reason: 'TargetPortMismatch',
        message: `service "web" port ${text} targets port ${target}, which no container of Deployment shop/web declares: traffic goes to ${target} whether or not anything listens there`,
        evidence: [
          { source: 'service', text: `shop/web spec.ports[0]: ${evidence}` },
          { source: 'spec', text: 'Deployment shop/web declares: 8080/TCP (http), 5353/UDP (dns)' },
        ],
        nextSteps: [
          `check that Deployment shop/web listens on ${target}, or set spec.ports[0].targetPort of service web to a declared port`,
        ],
      },
    ]);
  });

  it.each([
    {
      name: 'named, declared',
      ports: [{ port: 80, targetPort: 'http' }],
      spec: { containers: [container('web', { ports: WEB_PORTS })] },
    },
    {
      name: 'named UDP, declared UDP',
      ports: [{ port: 53, targetPort: 'dns', protocol: 'UDP' }],
      spec: { containers: [container('web', { ports: WEB_PORTS })] },
    },
    {
      name: 'number, declared',
      ports: [{ port: 80, targetPort: 8080 }],
      spec: { containers: [container('web', { ports: WEB_PORTS })] },
    },
    {
      name: 'number, no container declares any port',
      ports: [{ port: 80, targetPort: 9000 }],
      spec: { containers: [container('web')] },
    },
    {
      name: 'number, declared by the second container',
      ports: [{ port: 80, targetPort: 9100 }],
      spec: {
        containers: [
          container('web', { ports: WEB_PORTS }),
          container('exp', { ports: [{ containerPort: 9100 }] }),
        ],
      },
    },
    {
      name: 'named, declared by a sidecar init container',
      ports: [{ port: 443, targetPort: 'tls' }],
      spec: {
        initContainers: [
          container('proxy', { restartPolicy: 'Always', ports: [{ name: 'tls', containerPort: 8443 }] }),
        ],
        containers: [container('web', { ports: WEB_PORTS })],
      },
    },
  ])('no finding: $name', ({ ports, spec }) => {
    expect(
      run([deployment('web', spec), service('web', { app: 'web' }, ports)]).flatMap((r) => r.findings),
    ).toStrictEqual([]);
  });

  it.each(['web1', '1web'])('targetPort %s is a name, not a number', (targetPort) => {
    const findings = run([web, service('web', { app: 'web' }, [{ port: 80, targetPort }])]).flatMap(
      (r) => r.findings,
    );
    expect(findings.map((f) => [f.outcome, f.message])).toStrictEqual([
      [
        'fail',
        `service "web" port 80 targets port "${targetPort}", which no container of Deployment shop/web declares`,
      ],
    ]);
  });

  it('a template without ports and a named targetPort: the evidence says no ports', () => {
    const findings = run([
      deployment('web', { containers: [container('web')] }),
      service('web', { app: 'web' }, [{ port: 80, targetPort: 'http' }]),
    ]).flatMap((r) => r.findings);
    expect(findings.map((f) => f.evidence[1])).toStrictEqual([
      { source: 'spec', text: 'Deployment shop/web declares: no ports' },
    ]);
  });

  it('lists every protocol a name is declared for', () => {
    const spec = {
      containers: [
        container('a', { ports: [{ name: 'dns', containerPort: 53, protocol: 'UDP' }] }),
        container('b', {
          ports: [{ name: 'dns', containerPort: 53, protocol: 'SCTP' }, { containerPort: 9000 }],
        }),
      ],
    };
    const findings = run([
      deployment('dns', spec, { app: 'dns' }),
      service('dns', { app: 'dns' }, [{ port: 53, targetPort: 'dns' }]),
    ]).flatMap((r) => r.findings);
    expect(findings.map((f) => [f.message, f.evidence[1]?.text])).toStrictEqual([
      [
        'service "dns" port 53 targets port "dns", which Deployment shop/dns declares only for UDP, SCTP',
        'Deployment shop/dns declares: 53/UDP (dns), 53/SCTP (dns), 9000/TCP',
      ],
    ]);
  });

  it('a missing port number or containerPort shows as ?', () => {
    const spec = { containers: [container('web', { ports: [{ name: 'odd' }] })] };
    const findings = run([
      deployment('web', spec),
      service('web', { app: 'web' }, [{ targetPort: 'http' }]),
    ]).flatMap((r) => r.findings);
    expect(findings.map((f) => [f.message, ...f.evidence.map((e) => e.text)])).toStrictEqual([
      [
        'service "web" port ? targets port "http", which no container of Deployment shop/web declares',
        'shop/web spec.ports[0]: port ?, targetPort http, protocol TCP',
        'Deployment shop/web declares: ?/TCP (odd)',
      ],
    ]);
  });

  it('a port with neither port nor targetPort is skipped', () => {
    expect(
      run([web, service('web', { app: 'web' }, [{ name: 'x' }])]).flatMap((r) => r.findings),
    ).toStrictEqual([]);
  });

  it('a name declared only by a regular init container does not count', () => {
    const spec = {
      initContainers: [container('setup', { ports: [{ name: 'tls', containerPort: 8443 }] })],
      containers: [container('web', { ports: WEB_PORTS })],
    };
    const findings = run([
      deployment('web', spec),
      service('web', { app: 'web' }, [{ port: 443, targetPort: 'tls' }]),
    ]).flatMap((r) => r.findings);
    expect(findings.map((f) => [f.outcome, f.reason])).toStrictEqual([['fail', 'TargetPortMismatch']]);
  });

  it('judges each port and each selected template, in order', () => {
    const canary = deployment(
      'web-canary',
      { containers: [container('web', { ports: [{ name: 'web', containerPort: 8080 }] })] },
      { app: 'web', track: 'canary' },
    );
    const svc = service('web', { app: 'web' }, [
      { name: 'a', port: 80, targetPort: 'http' },
      { name: 'b', port: 81, targetPort: 'web' },
    ]);
    const results = run([web, canary, svc]);
    expect(results.flatMap((r) => r.findings).map((f) => f.message)).toStrictEqual([
      'service "web" port 81 targets port "web", which no container of Deployment shop/web declares',
      'service "web" port 80 targets port "http", which no container of Deployment shop/web-canary declares',
    ]);
  });
});

describe('inputTemplates', () => {
  it('reads Pods, workloads and CronJobs, skipping other kinds', () => {
    const objects: KObject[] = [
      web,
      service('web', { app: 'web' }),
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: NS } },
      { ...pod('solo', { app: 'solo' }), metadata: { name: 'solo', labels: { app: 'solo' } } },
      {
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: { name: 'db', namespace: NS },
        spec: { template: { metadata: { labels: { app: 'db' } }, spec: {} } },
      },
      {
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: { name: 'once', namespace: NS },
        spec: { template: { spec: {} } },
      },
    ];
    expect(
      inputTemplates(
        objects.map((o) => input(o)),
        'dflt',
      ).map((t) => [t.kind, t.namespace, t.name, t.labels]),
    ).toStrictEqual([
      ['Deployment', NS, 'web', { app: 'web' }],
      ['Pod', 'dflt', 'solo', { app: 'solo' }],
      ['StatefulSet', NS, 'db', { app: 'db' }],
      ['Job', NS, 'once', {}],
    ]);
  });

  it('skips workloads without a spec or template, and other kinds shaped like a CronJob', () => {
    const objects: KObject[] = [
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'bare', namespace: NS } },
      { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'bare', namespace: NS } },
      {
        apiVersion: 'batch/v1',
        kind: 'CronJob',
        metadata: { name: 'nojob', namespace: NS },
        spec: { schedule: '* * * * *' },
      },
      {
        apiVersion: 'batch/v1',
        kind: 'CronJob',
        metadata: { name: 'half', namespace: NS },
        spec: { jobTemplate: {} },
      },
      {
        apiVersion: 'example.com/v1',
        kind: 'CronWorkflow',
        metadata: { name: 'x', namespace: NS },
        spec: { jobTemplate: { spec: { template: { metadata: { labels: { app: 'x' } }, spec: {} } } } },
      },
    ];
    expect(
      inputTemplates(
        objects.map((o) => input(o)),
        NS,
      ),
    ).toStrictEqual([]);
  });
});

describe('checkServiceTargets (per target)', () => {
  const t = target({ containers: [container('web', { ports: WEB_PORTS })] });
  const ctxOf = (inputs: KObject[], clusterState: ClusterState = state()) => ({
    target: t,
    state: clusterState,
    inputs: [t.input, ...inputs.map((o) => input(o, 50, 'svc.yaml'))],
  });

  it('no Service selecting the target: nothing', () => {
    expect(
      checkServiceTargets(ctxOf([service('other', { app: 'other' }, [{ port: 80, targetPort: 'nope' }])])),
    ).toStrictEqual([]);
  });

  it('an input Service with a bad named targetPort', () => {
    expect(
      checkServiceTargets(ctxOf([service('web', { app: 'web' }, [{ port: 80, targetPort: 'web' }])])),
    ).toStrictEqual([
      {
        check: 'services',
        outcome: 'fail',
        stage: 'service-endpoints',
        reason: 'TargetPortMismatch',
        message:
          'service "web" port 80 targets port "web", which no container of Deployment shop/web declares',
        evidence: [
          { source: 'service', text: 'shop/web spec.ports[0]: port 80, targetPort web, protocol TCP' },
          { source: 'spec', text: 'Deployment shop/web declares: 8080/TCP (http), 5353/UDP (dns)' },
        ],
        nextSteps: [
          'name a TCP containerPort "web" in Deployment shop/web (app.yaml:1), or set spec.ports[0].targetPort of service web to the container\'s port',
        ],
      },
    ]);
  });

  it('a cluster Service selecting the new template is judged too', () => {
    const findings = checkServiceTargets(
      ctxOf([], state({ objects: [service('web', { app: 'web' }, [{ port: 80, targetPort: 'web' }])] })),
    );
    expect(findings.map((f) => [f.outcome, f.reason])).toStrictEqual([['fail', 'TargetPortMismatch']]);
  });

  it("an input Service replaces the cluster's of the same name", () => {
    const cluster = state({ objects: [service('web', { app: 'web' }, [{ port: 80, targetPort: 'web' }])] });
    expect(
      checkServiceTargets(
        ctxOf([service('web', { app: 'web' }, [{ port: 80, targetPort: 'http' }])], cluster),
      ),
    ).toStrictEqual([]);
  });

  it('an input Service of another namespace does not select it', () => {
    expect(
      checkServiceTargets(
        ctxOf([service('web', { app: 'web' }, [{ port: 80, targetPort: 'web' }], {}, 'other')]),
      ),
    ).toStrictEqual([]);
  });

  it('a cluster Service of another namespace does not select it', () => {
    const cluster = state({
      objects: [service('web', { app: 'web' }, [{ port: 80, targetPort: 'web' }], {}, 'other')],
    });
    expect(checkServiceTargets(ctxOf([], cluster))).toStrictEqual([]);
  });

  it('only Services select: another kind with a selector and ports is ignored', () => {
    const monitor: KObject = {
      apiVersion: 'monitoring.coreos.com/v1',
      kind: 'ServiceMonitor',
      metadata: { name: 'web', namespace: NS },
      spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 'nope' }] },
    };
    expect(checkServiceTargets(ctxOf([monitor]))).toStrictEqual([]);
  });

  it('Services not read: nothing (a Service that does not select the target is not an error)', () => {
    expect(checkServiceTargets(ctxOf([], stateWithout(['Service'], 'forbidden')))).toStrictEqual([]);
  });
});
