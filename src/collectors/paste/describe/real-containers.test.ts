import { describe, expect, it } from 'vitest';
import { at, describeAll, lineCount, only } from './describe-test-helpers.js';
import { UNNAMED_POD } from '../common/types.js';

/** Real pastes of container parts (real-cases 033, 034, 044: the body after the second `---`), verbatim. */

/** 033-healthy-after-memory-bump.txt */
const CASE_033 = `    State:          Running
      Started:      Mon, 13 Dec 2021 19:45:38 -0800
    Ready:          True
    Restart Count:  0
    Limits:
      cpu:     100m
      memory:  500Mi
    Requests:
      cpu:     100m
      memory:  500Mi
    Liveness:  http-get http://:8085/health-check delay=0s timeout=1s period=10s #success=1 #failure=3
    Environment:
      AWS_REGION:  us-east-1
`;

/** 034-crash-oomkilled-operator.txt */
const CASE_034 = `  Last State:     Terminated
  Reason:       OOMKilled
  Exit Code:    137
`;

/** 044-init-crashloop-config-fetch-403.txt */
const CASE_044 = `Init Containers:
  init:
    Container ID:   docker://f2fd33030980aaed48a66b10ff828dfaa835acf64d73c1a01dd89c29136c508b
    Image:          494141260463.dkr.ecr.us-east-1.amazonaws.com/mulesoft/rtf-app-init:v1.0.22
    Image ID:       docker-pullable://494141260463.dkr.ecr.us-east-1.amazonaws.com/mulesoft/rtf-app-init@sha256:fe0be8aaa567db809a7a48f564f5b5c724645862e293fd33fbe316b6e319
    Port:           <none>
    Host Port:      <none>
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       Error
      Message:      Failed to fetch /opt/mule/conf/rtfv1.yml. statusCode=403
      Exit Code:    1
      Started:      Tue, 25 Aug 2020 08:20:35 +0000
      Finished:     Tue, 25 Aug 2020 08:20:35 +0000
    Ready:          False
    Restart Count:  16
    Environment:    <none>
    Mounts:
      /etc/podinfo from podinfo (ro)
      /mnt/overlay from overlay (rw)
`;

describe('real case 033: a container fragment from State down to Environment', () => {
  const { objects, blocks } = describeAll(CASE_033);
  const pod = only(objects, 'Pod');

  it('reads one unnamed app container', () => {
    expect(blocks).toEqual([[0, lineCount(CASE_033)]]);
    expect(at(pod, 'metadata.name')).toBe(UNNAMED_POD);
    expect(objects[0]?.inferredName).toBeDefined();
    expect(at(pod, 'status.containerStatuses')).toEqual([
      {
        name: 'unnamed',
        ready: true,
        restartCount: 0,
        state: { running: { startedAt: '2021-12-14T03:45:38Z' } },
      },
    ]);
  });

  it('reads resources, the liveness probe and env', () => {
    expect(at(pod, 'spec.containers.0')).toEqual({
      name: 'unnamed',
      resources: { limits: { cpu: '100m', memory: '500Mi' }, requests: { cpu: '100m', memory: '500Mi' } },
      livenessProbe: {
        httpGet: { path: '/health-check', port: 8085, scheme: 'HTTP' },
        initialDelaySeconds: 0,
        timeoutSeconds: 1,
        periodSeconds: 10,
        successThreshold: 1,
        failureThreshold: 3,
      },
      env: [{ name: 'AWS_REGION', value: 'us-east-1' }],
    });
  });
});

describe('real case 034: Last State, Reason and Exit Code at one indentation', () => {
  it('reads them as the last termination of an unnamed container', () => {
    const pod = only(describeAll(CASE_034).objects, 'Pod');
    expect(at(pod, 'status.containerStatuses')).toEqual([
      { name: 'unnamed', lastState: { terminated: { exitCode: 137, reason: 'OOMKilled' } } },
    ]);
    expect(at(pod, 'status.reason')).toBeUndefined();
  });
});

describe('real case 044: an Init Containers section alone', () => {
  const { objects, blocks } = describeAll(CASE_044);
  const pod = only(objects, 'Pod');

  it('reads the init container status', () => {
    expect(blocks).toEqual([[0, lineCount(CASE_044)]]);
    expect(at(pod, 'status.containerStatuses')).toBeUndefined();
    expect(at(pod, 'status.initContainerStatuses')).toEqual([
      {
        name: 'init',
        image: '494141260463.dkr.ecr.us-east-1.amazonaws.com/mulesoft/rtf-app-init:v1.0.22',
        containerID: 'docker://f2fd33030980aaed48a66b10ff828dfaa835acf64d73c1a01dd89c29136c508b',
        imageID:
          'docker-pullable://494141260463.dkr.ecr.us-east-1.amazonaws.com/mulesoft/rtf-app-init@sha256:fe0be8aaa567db809a7a48f564f5b5c724645862e293fd33fbe316b6e319',
        ready: false,
        restartCount: 16,
        state: { waiting: { reason: 'CrashLoopBackOff' } },
        lastState: {
          terminated: {
            exitCode: 1,
            reason: 'Error',
            message: 'Failed to fetch /opt/mule/conf/rtfv1.yml. statusCode=403',
            startedAt: '2020-08-25T08:20:35Z',
            finishedAt: '2020-08-25T08:20:35Z',
          },
        },
      },
    ]);
  });

  it('reads the init container spec and names the pod after it', () => {
    expect(at(pod, 'spec.containers')).toBeUndefined();
    expect(at(pod, 'spec.initContainers.0')).toEqual({
      name: 'init',
      image: '494141260463.dkr.ecr.us-east-1.amazonaws.com/mulesoft/rtf-app-init:v1.0.22',
      volumeMounts: [
        { name: 'podinfo', mountPath: '/etc/podinfo', readOnly: true },
        { name: 'overlay', mountPath: '/mnt/overlay', readOnly: false },
      ],
    });
    expect(at(pod, 'metadata.name')).toBe('init');
    expect(objects[0]?.inferredName).toContain('container init');
  });
});
