import { describe, expect, it } from 'vitest';
import { at, describeAll, only } from './describe-test-helpers.js';

/**
 * A container section of genuine kubectl 1.31 output read end to end: every field of
 * container-fields.ts lands in the pod's spec and status.
 * test/fixtures/kubectl/v1.31/container-config--configmap-missing-in-env.txt, lines 2-36, verbatim.
 */
const CONFIGMAP_MISSING = `Name:             recommendation-4nz29qlx9q-xjqjh
Namespace:        shop
Priority:         0
Service Account:  default
Node:             k8s-worker-1/10.0.1.11
Start Time:       Sun, 29 Nov 2026 15:56:54 +0000
Labels:           app=recommendation
                  pod-template-hash=4nz29qlx9q
Annotations:      <none>
Status:           Pending
IP:               10.244.11.23
IPs:
  IP:           10.244.11.23
Controlled By:  ReplicaSet/recommendation-4nz29qlx9q
Containers:
  app:
    Container ID:   
    Image:          ghcr.io/acme/recommendation:0.31.0
    Image ID:       
    Port:           8080/TCP
    Host Port:      0/TCP
    State:          Waiting
      Reason:       CreateContainerConfigError
    Ready:          False
    Restart Count:  0
    Limits:
      memory:  1Gi
    Requests:
      cpu:     250m
      memory:  1Gi
    Environment Variables from:
      recommendation-env  ConfigMap  Optional: false
    Environment:          <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-wrkdq (ro)
`;

describe('container fields of a genuine kubectl 1.31 describe', () => {
  const pod = only(describeAll(CONFIGMAP_MISSING).objects, 'Pod');

  it('reads the spec: image, ports without a host port, resources, envFrom, mounts', () => {
    expect(at(pod, 'spec.containers')).toStrictEqual([
      {
        name: 'app',
        image: 'ghcr.io/acme/recommendation:0.31.0',
        ports: [{ containerPort: 8080, protocol: 'TCP' }],
        resources: { limits: { memory: '1Gi' }, requests: { cpu: '250m', memory: '1Gi' } },
        envFrom: [{ configMapRef: { name: 'recommendation-env', optional: false } }],
        volumeMounts: [
          {
            name: 'kube-api-access-wrkdq',
            mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
            readOnly: true,
          },
        ],
      },
    ]);
  });

  it('reads the status: image, ready, restarts and the waiting state', () => {
    expect(at(pod, 'status.containerStatuses')).toStrictEqual([
      {
        name: 'app',
        image: 'ghcr.io/acme/recommendation:0.31.0',
        ready: false,
        restartCount: 0,
        state: { waiting: { reason: 'CreateContainerConfigError' } },
      },
    ]);
  });
});
