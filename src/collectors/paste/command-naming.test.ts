import { describe, expect, it } from 'vitest';
import { parsePaste } from './driver.js';
import { PASTE_PARSERS } from './parsers.js';
import { commandTarget } from './common/command.js';

const paste = (t: string) => parsePaste(t, PASTE_PARSERS).objects;
const VERBS = ['get', 'describe', 'logs', 'events'];

describe('commandTarget', () => {
  it.each([
    ['$ kubectl get pod web-1 -n shop -o yaml', { kind: 'Pod', name: 'web-1', namespace: 'shop' }],
    ['kubectl -n shop get po/web-1 -o json | jq .status', { kind: 'Pod', name: 'web-1', namespace: 'shop' }],
    ['user@host:~$ oc describe rs web-7d4', { kind: 'ReplicaSet', name: 'web-7d4' }],
    [
      'kubectl describe statefulset db --namespace=data',
      { kind: 'StatefulSet', name: 'db', namespace: 'data' },
    ],
    ['k describe job job-mem', { kind: 'Job', name: 'job-mem' }],
    ['kubectl logs web-1 -c app --previous', { kind: 'Pod', name: 'web-1' }],
    ['kubectl logs deploy/web --tail=50', { kind: 'Deployment', name: 'web' }],
    ['kubectl events --for pod/web-1 -n shop', { kind: 'Pod', name: 'web-1', namespace: 'shop' }],
    ['kubectl get pod my_pod_1 -o jsonpath={.status.phase}', { kind: 'Pod', name: 'my_pod_1' }],
  ])('%s', (line, target) => {
    expect(commandTarget(line, VERBS)).toEqual(target);
  });

  it.each([
    'kubectl get pods',
    'kubectl get pods -l app=web -o yaml',
    'kubectl get pods web-1 web-2',
    'kubectl apply -f pod.yaml',
    'kubectl logs $(kubectl get pod -l app=x -o name)',
    'kubectl get pods -A',
    'helm get values web',
  ])('names nothing for %s', (line) => {
    expect(commandTarget(line, VERBS)).toBeUndefined();
  });
});

describe('output named by the command above it', () => {
  it('a JSON member cut out of -o json takes the pod of `kubectl get pod NAME -o json`', () => {
    const [o] = paste(
      [
        '$ kubectl get pod api-0 -n shop -o json',
        '        "state": {',
        '          "waiting": { "reason": "ErrImagePull", "message": "pull access denied" }',
        '        },',
      ].join('\n'),
    );
    expect(o?.raw).toMatchObject({ kind: 'Pod', metadata: { name: 'api-0', namespace: 'shop' } });
    expect(o?.inferredName).toContain('named by the command above it');
  });

  it('a lone message takes the pod of `kubectl describe pod NAME`', () => {
    const [o] = paste('$ kubectl describe pod web-1\nBack-off restarting failed container');
    expect(o?.raw.involvedObject).toMatchObject({ kind: 'Pod', name: 'web-1' });
  });

  it.each([
    ['rs', 'ReplicaSet'],
    ['replicaset', 'ReplicaSet'],
    ['statefulset', 'StatefulSet'],
    ['deployment', 'Deployment'],
    ['daemonset', 'DaemonSet'],
    ['job', 'Job'],
    ['cronjob', 'CronJob'],
  ])('a FailedCreate row under `describe %s NAME` is about that owner', (word, kind) => {
    const [o] = paste(
      `$ kubectl describe ${word} web\nWarning  FailedCreate  replicaset-controller  Error creating: pods "web-7d4-" is forbidden: exceeded quota: q`,
    );
    expect(o?.raw).toMatchObject({ reason: 'FailedCreate', involvedObject: { kind, name: 'web' } });
  });

  it('keeps a name the output gives itself', () => {
    const [o] = paste(
      '$ kubectl describe pod web-1\n5m  Warning  BackOff  pod/other-2  Back-off restarting failed container',
    );
    expect(o?.raw.involvedObject).toMatchObject({ name: 'other-2' });
  });

  it('does not name after a command that selects several objects', () => {
    const [o] = paste('$ kubectl describe pods -l app=web\nBack-off restarting failed container');
    expect(o?.raw.involvedObject).toMatchObject({ name: 'unnamed-pod' });
  });
});

describe('JSON members cut out of a larger -o json', () => {
  it.each([
    [
      'a multi-line lastState with a trailing comma',
      '                "lastState": {\n                    "terminated": {\n                        "exitCode": 137,\n                        "reason": "Error"\n                    }\n                },',
      { lastState: { terminated: { exitCode: 137, reason: 'Error' } } },
    ],
    [
      'a one-line state',
      '"terminated":{"exitCode":137,"reason":"OOMKilled"}',
      { state: { terminated: { exitCode: 137, reason: 'OOMKilled' } } },
    ],
    [
      'several members at one indent',
      '  "restartCount": 4,\n  "state": {\n    "waiting": { "reason": "CrashLoopBackOff", "message": "back-off {5m0s}" }\n  },\n  "name": "app"',
      { name: 'app', restartCount: 4, state: { waiting: { reason: 'CrashLoopBackOff' } } },
    ],
  ])('%s', (_, text, container) => {
    const [o] = paste(text);
    expect(o?.raw).toMatchObject({ kind: 'Pod', status: { containerStatuses: [container] } });
  });

  it('passes over members that are not part of a pod, and JSON that does not parse', () => {
    expect(paste('"foo": 1,\n"bar": 2')).toEqual([]);
    expect(paste('"state": {\n  "waiting": {\n')).toEqual([]);
  });
});
