import { describe, expect, it } from 'vitest';
import { at, describeAll, lineCount, MODERN, ofKind, only } from './describe-test-helpers.js';

/** A whole `kubectl describe pod` as kubectl 1.10+ prints it (the text is MODERN in describe-test-helpers). */

describe('kubectl 1.10+ (Type Reason Age From Message, "(xN over T)")', () => {
  const { objects, blocks } = describeAll(MODERN);
  const pod = only(objects, 'Pod');

  it('takes the whole output as one block', () => {
    expect(blocks).toEqual([[0, lineCount(MODERN)]]);
  });

  it('reads the header', () => {
    expect(at(pod, 'metadata')).toEqual({
      name: 'web-7d4b9c8f6d-x2x9z',
      namespace: 'shop',
      labels: { app: 'web', 'pod-template-hash': '7d4b9c8f6d' },
      annotations: { 'kubectl.kubernetes.io/restartedAt': '2023-11-14T09:12:40Z' },
      ownerReferences: [{ kind: 'ReplicaSet', name: 'web-7d4b9c8f6d', controller: true }],
    });
    expect(at(pod, 'spec.priority')).toBe(0);
    expect(at(pod, 'spec.serviceAccountName')).toBe('default');
    expect(at(pod, 'status.podIPs')).toEqual([{ ip: '10.244.2.17' }]);
    expect(at(pod, 'spec.nodeSelector')).toEqual({ 'kubernetes.io/os': 'linux' });
    expect(at(pod, 'spec.tolerations')).toEqual([
      {
        key: 'node.kubernetes.io/not-ready',
        operator: 'Exists',
        effect: 'NoExecute',
        tolerationSeconds: 300,
      },
      {
        key: 'node.kubernetes.io/unreachable',
        operator: 'Exists',
        effect: 'NoExecute',
        tolerationSeconds: 300,
      },
    ]);
  });

  it('reads init containers apart from app containers', () => {
    expect(at(pod, 'spec.initContainers.0')).toEqual({
      name: 'migrate',
      image: 'registry.example.com/web-migrate:1.4.2',
      command: ['/bin/sh', '-c', './migrate up'],
      envFrom: [{ configMapRef: { name: 'web-config', optional: false } }],
      volumeMounts: [
        {
          name: 'kube-api-access-4xk2p',
          mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
          readOnly: true,
        },
      ],
    });
    expect(at(pod, 'status.initContainerStatuses.0.state')).toEqual({
      terminated: {
        exitCode: 0,
        reason: 'Completed',
        startedAt: '2023-11-14T09:12:46Z',
        finishedAt: '2023-11-14T09:12:51Z',
      },
    });
  });

  it('reads the app container: probes, resources, env sources, mounts, states', () => {
    const web = at(pod, 'spec.containers.0') as Record<string, unknown>;
    expect(web.args).toEqual(['--config=/etc/web/config.yaml']);
    expect(web.ports).toEqual([{ containerPort: 8080, protocol: 'TCP' }]);
    expect(web.resources).toEqual({
      limits: { cpu: '500m', memory: '256Mi' },
      requests: { cpu: '250m', memory: '128Mi' },
    });
    expect(web.readinessProbe).toEqual({
      tcpSocket: { port: 8080 },
      initialDelaySeconds: 5,
      timeoutSeconds: 1,
      periodSeconds: 5,
      successThreshold: 1,
      failureThreshold: 3,
    });
    expect(web.startupProbe).toMatchObject({
      exec: { command: ['cat', '/tmp/ready'] },
      failureThreshold: 30,
    });
    expect(web.env).toEqual([
      {
        name: 'DB_PASSWORD',
        valueFrom: { secretKeyRef: { key: 'password', name: 'db-credentials', optional: false } },
      },
      {
        name: 'FEATURE_FLAG',
        valueFrom: { configMapKeyRef: { key: 'flag', name: 'web-config', optional: true } },
      },
      { name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
      { name: 'LOG_LEVEL', value: 'info' },
    ]);
    expect(web.volumeMounts).toContainEqual({
      name: 'cache',
      mountPath: '/var/cache/web',
      readOnly: false,
      subPath: 'web',
    });
    expect(at(pod, 'status.containerStatuses.0')).toMatchObject({
      name: 'web',
      ready: false,
      restartCount: 3,
      state: { running: { startedAt: '2023-11-14T09:20:03Z' } },
      lastState: { terminated: { exitCode: 137, reason: 'OOMKilled' } },
    });
  });

  it('reads conditions without inventing times, and volumes by type', () => {
    expect(at(pod, 'status.conditions')).toEqual([
      { type: 'PodReadyToStartContainers', status: 'True' },
      { type: 'Initialized', status: 'True' },
      { type: 'Ready', status: 'False' },
      { type: 'ContainersReady', status: 'False' },
      { type: 'PodScheduled', status: 'True' },
    ]);
    expect(at(pod, 'spec.volumes')).toEqual([
      { name: 'config', configMap: { name: 'web-config', optional: false } },
      { name: 'cache', persistentVolumeClaim: { claimName: 'web-cache', readOnly: false } },
      { name: 'tls', secret: { secretName: 'web-tls', optional: false } },
      {
        name: 'kube-api-access-4xk2p',
        projected: {
          sources: [
            { serviceAccountToken: { expirationSeconds: 3607 } },
            { configMap: { name: 'kube-root-ca.crt' } },
            { downwardAPI: {} },
          ],
        },
      },
    ]);
  });

  it('reads the events with ages, counts and the pod as their object', () => {
    const events = ofKind(objects, 'Event');
    expect(events.map((e) => [e.raw.type, e.raw.reason, e.raw.count, e.age, e.line])).toEqual([
      ['Normal', 'Scheduled', undefined, { last: 720, first: 720 }, 107],
      ['Normal', 'Pulled', undefined, { last: 720, first: 720 }, 108],
      ['Warning', 'Unhealthy', 3, { last: 240, first: 300 }, 109],
      ['Warning', 'BackOff', 4, { last: 130, first: 420 }, 110],
    ]);
    expect(events[2]?.raw.source).toEqual({ component: 'kubelet' });
    expect(events.every((e) => e.inferredName === undefined)).toBe(true);
    expect(events[3]?.raw.involvedObject).toEqual({
      kind: 'Pod',
      name: 'web-7d4b9c8f6d-x2x9z',
      namespace: 'shop',
    });
  });
});
