import { describe, expect, it } from 'vitest';
import { stageOrder } from '../../model/index.js';
import { STATIC_CHECKS } from './index.js';
import { checkEnvSources } from './env-sources.js';
import { checkImageRefs } from './image-refs.js';
import { checkProbePorts } from './probe-ports.js';
import { checkRunAsNonRoot } from './run-as-non-root.js';
import { checkServiceTargets } from './services.js';
import { checkVolumeSources } from './volume-sources.js';
import { container, ctx, input, node, state } from './test-helpers.js';

describe('STATIC_CHECKS', () => {
  it('lists every check once, in chain order', () => {
    expect(STATIC_CHECKS).toStrictEqual([
      checkVolumeSources,
      checkImageRefs,
      checkEnvSources,
      checkRunAsNonRoot,
      checkProbePorts,
      checkServiceTargets,
    ]);
  });

  it('run in order, a template broken at every stage yields findings whose stages never go back along the chain', () => {
    const spec = {
      securityContext: { runAsNonRoot: true, runAsUser: 0 },
      volumes: [{ name: 'config', configMap: { name: 'app-config' } }],
      containers: [
        container('web', {
          image: 'shop/Web:1',
          env: [{ name: 'K', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } }],
          ports: [{ name: 'http', containerPort: 8080 }],
          readinessProbe: { httpGet: { port: 'ready' } },
        }),
      ],
    };
    const svc = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'web', namespace: 'shop' },
      spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 'web' }] },
    };
    const c = ctx(spec, state({ objects: [node('n')] }), [input(svc, 30)]);
    const findings = STATIC_CHECKS.flatMap((check) => check(c));
    expect(findings.map((f) => [f.check, f.stage, f.reason])).toStrictEqual([
      ['volume-sources', 'volumes', 'VolumeSourceNotFound'],
      ['image-refs', 'image-pull', 'InvalidImageName'],
      ['env-sources', 'container-config', 'SecretMissing'],
      ['run-as-non-root', 'container-config', 'RunAsNonRoot'],
      ['probe-ports', 'readiness', 'ReadinessProbeFailed'],
      ['services', 'service-endpoints', 'TargetPortMismatch'],
    ]);
    const orders = findings.map((f) => stageOrder(f.stage));
    expect(orders).toStrictEqual([...orders].sort((a, b) => a - b));
  });
});
