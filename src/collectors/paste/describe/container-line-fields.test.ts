import { describe, expect, it } from 'vitest';
import { readContainers } from './containers.js';
import { newDoc } from './doc.js';

/** Container fields as readContainers applies them (container-line.ts), over genuine kubectl 1.27 / 1.31 text. */

/** test/fixtures/kubectl/v1.27/crash--crashloop-cluster-info-dump.txt, lines 88-113. */
const COREDNS = `Containers:
  coredns:
    Container ID:  containerd://a8b08e0da3e21bb8532adb0ca9d150cbb10e3b2e79dee78aea7b65433133e267
    Image:         registry.k8s.io/coredns/coredns:v1.12.0
    Image ID:      registry.k8s.io/coredns/coredns@sha256:fd7fdda25fccc353e7796119653881efa11a019f1a0ed653f1b97671e04d5726
    Ports:         53/UDP, 53/TCP, 9153/TCP
    Host Ports:    0/UDP, 0/TCP, 0/TCP
    Args:
      -conf
      /etc/coredns/Corefile
    State:          Running
      Started:      Sun, 29 Nov 2026 08:51:58 +0000
    Ready:          True
    Restart Count:  0
    Limits:
      memory:  170Mi
    Requests:
      cpu:        100m
      memory:     70Mi
    Liveness:     http-get http://:8080/health delay=60s timeout=5s period=10s #success=1 #failure=5
    Readiness:    http-get http://:8181/ready delay=0s timeout=1s period=10s #success=1 #failure=3
    Environment:  <none>
    Mounts:
      /etc/coredns from config-volume (ro)
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-wcdzr (ro)
Conditions:`;

/** test/fixtures/kubectl/v1.31/container-config--configmap-missing-in-env.txt, lines 29-37. */
const ENV_FROM = `    Requests:
      cpu:     250m
      memory:  1Gi
    Environment Variables from:
      recommendation-env  ConfigMap  Optional: false
    Environment:          <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-wrkdq (ro)
Conditions:`;

function one(text: string, keyed: boolean) {
  const doc = newDoc();
  readContainers(text.split('\n'), 0, doc, 'app', keyed);
  expect(doc.containers).toHaveLength(1);
  const c = doc.containers[0];
  if (c === undefined) throw new Error('no container');
  return c;
}

describe('a kubectl 1.27 coredns container', () => {
  const c = one(COREDNS, true);
  it('its spec: image, ports with host ports, args, resources, probes, mounts; no env', () => {
    expect(c.spec.image).toBe('registry.k8s.io/coredns/coredns:v1.12.0');
    expect(c.spec.args).toEqual(['-conf', '/etc/coredns/Corefile']);
    expect(c.spec.command).toBeUndefined();
    expect(c.spec.env).toBeUndefined();
    expect(c.spec.resources).toEqual({
      limits: { memory: '170Mi' },
      requests: { cpu: '100m', memory: '70Mi' },
    });
    expect(c.spec.volumeMounts).toEqual([
      { name: 'config-volume', mountPath: '/etc/coredns', readOnly: true },
      {
        name: 'kube-api-access-wcdzr',
        mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
        readOnly: true,
      },
    ]);
    expect(c.spec.ports).toEqual([
      { containerPort: 53, protocol: 'UDP' },
      { containerPort: 53, protocol: 'TCP' },
      { containerPort: 9153, protocol: 'TCP' },
    ]);
    expect(c.spec.livenessProbe).toEqual({
      httpGet: { path: '/health', port: 8080, scheme: 'HTTP' },
      initialDelaySeconds: 60,
      timeoutSeconds: 5,
      periodSeconds: 10,
      successThreshold: 1,
      failureThreshold: 5,
    });
    expect(c.spec.readinessProbe).toEqual({
      httpGet: { path: '/ready', port: 8181, scheme: 'HTTP' },
      initialDelaySeconds: 0,
      timeoutSeconds: 1,
      periodSeconds: 10,
      successThreshold: 1,
      failureThreshold: 3,
    });
    expect(c.spec.startupProbe).toBeUndefined();
  });
  it('its status', () => {
    expect(c.status).toStrictEqual({
      containerID: 'containerd://a8b08e0da3e21bb8532adb0ca9d150cbb10e3b2e79dee78aea7b65433133e267',
      imageID:
        'registry.k8s.io/coredns/coredns@sha256:fd7fdda25fccc353e7796119653881efa11a019f1a0ed653f1b97671e04d5726',
      ready: true,
      restartCount: 0,
    });
    expect(c.state).toMatchObject({ kind: 'running', startedAt: '2026-11-29T08:51:58Z' });
  });
});

describe('"Environment Variables from" of a kubectl 1.31 container', () => {
  it('one envFrom entry, no env, one mount', () => {
    const c = one(ENV_FROM, false);
    expect(c.spec.envFrom).toEqual([{ configMapRef: { name: 'recommendation-env', optional: false } }]);
    expect(c.spec.env).toBeUndefined();
    expect(c.spec.volumeMounts).toEqual([
      {
        name: 'kube-api-access-wrkdq',
        mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
        readOnly: true,
      },
    ]);
  });
});
