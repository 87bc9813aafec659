/**
 * Whose log a pasted `kubectl logs` command printed: the pod wherever kubectl's flags leave it,
 * the container of -c/--container (quoted or not), the namespace, and --previous.
 */
import { describe, expect, it } from 'vitest';
import { readLog } from './logs.js';

const read = (command: string) => readLog([command, 'boom'], 1, command)?.log;

describe('kubectl logs commands', () => {
  it.each([
    ['kubectl logs web-1', 'web-1', undefined, undefined, false],
    [
      "$ kubectl logs -p move2kube-move2kubeapi-0 -c 'change-perms'",
      'move2kube-move2kubeapi-0',
      'change-perms',
      undefined,
      true,
    ],
    ['kubectl logs --previous pod/web-1 -c "init-db"', 'web-1', 'init-db', undefined, true],
    ['kubectl logs -n shop --tail=50 web-1 -c app', 'web-1', 'app', 'shop', false],
    ['kubectl logs --tail 50 -n shop web-1', 'web-1', undefined, 'shop', false],
    ['kubectl -n shop logs web-1 --container=app', 'web-1', 'app', 'shop', false],
    ['oc logs -f web-1 -c app', 'web-1', 'app', undefined, false],
    ['kubectl logs web-1 -c app --previous=true', 'web-1', 'app', undefined, true],
    // The container as the second word, the form from before -c (kubectl still reads it).
    ['kubectl logs moco-test-0 moco-init', 'moco-test-0', 'moco-init', undefined, false],
    [
      'kubectl logs webapp-859f59c86d-q6sfl   istio-init',
      'webapp-859f59c86d-q6sfl',
      'istio-init',
      undefined,
      false,
    ],
    ['kubectl logs -p -n shop web-1 app', 'web-1', 'app', 'shop', true],
    ['kubectl logs pod/web-1 init-db --tail 20', 'web-1', 'init-db', undefined, false],
    // A third word is no container: the command is not one kubectl reads, so none is taken.
    ['kubectl logs web-1 app extra', 'web-1', undefined, undefined, false],
    // A second word that is no container name (container names are DNS labels) names none.
    ['kubectl logs web-1 init_db', 'web-1', undefined, undefined, false],
    ['kubectl logs web-1 Init-db', 'web-1', undefined, undefined, false],
  ])('%s', (command, pod, container, namespace, previous) => {
    expect(read(command)).toEqual({ pod, container, namespace, previous, lines: ['boom'] });
  });

  it.each([
    'kubectl logs -l app=web',
    'kubectl logs --selector=app=web -c app',
    'kubectl get pods web-1',
    'kubectl logs',
  ])('%s names no one pod', (command) => {
    expect(read(command)).toBeUndefined();
  });

  it.each([
    ['kubectl logs $(kubectl get pod -l app=clair -o name)', undefined, undefined],
    [
      "kubectl -n kubei logs $(kubectl -n kubei get pod -lapp=clair -o jsonpath='{.items[0].metadata.name}') -c check-db-ready",
      'check-db-ready',
      'kubei',
    ],
    ['kubectl logs `kubectl get pods -o name | head -1` -c app', 'app', undefined],
    ['kubectl logs <pod-name> -c init', 'init', undefined],
    ['kubectl logs -n shop -p $POD', undefined, 'shop'],
    ['kubectl logs ${POD_NAME} --container=app', 'app', undefined],
    ['kubectl logs pod/<pod> -c app', 'app', undefined],
  ])(
    '%s: a pod the shell computes or the reader fills in, which the paste does not name',
    (command, container, namespace) => {
      expect(read(command)).toEqual({
        pod: '',
        container,
        namespace,
        previous: command.includes(' -p '),
        lines: ['boom'],
      });
    },
  );

  it.each(['kubectl logs $(kubectl get pod -l app=x -o name) -l app=x', 'kubectl logs < pod.txt'])(
    '%s: still no one pod',
    (command) => {
      expect(read(command)).toBeUndefined();
    },
  );

  // `kubectl logs TYPE/NAME` reads one pod its selector picks and does not print which: the pod is
  // left open, and the workload is kept as its owner.
  it.each([
    ['kubectl logs deploy/web -n shop', 'Deployment', 'web', 'shop', false, undefined],
    ['kubectl logs deployment/web --previous -c app', 'Deployment', 'web', undefined, true, 'app'],
    ['kubectl logs sts/db -p', 'StatefulSet', 'db', undefined, true, undefined],
    ['kubectl logs daemonset/agent', 'DaemonSet', 'agent', undefined, false, undefined],
    ['kubectl logs job/migrate', 'Job', 'migrate', undefined, false, undefined],
    ['kubectl logs rs/web-7d4b9c8f6d', 'ReplicaSet', 'web-7d4b9c8f6d', undefined, false, undefined],
  ])('%s: one pod of %s %s', (command, kind, name, namespace, previous, container) => {
    expect(read(command)).toEqual({
      pod: '',
      owner: { kind, name },
      container,
      namespace,
      previous,
      lines: ['boom'],
    });
  });

  it.each(['kubectl logs svc/web', 'kubectl logs cronjob/nightly', 'kubectl logs node/n1'])(
    '%s: no pod and no owner kubectl would read',
    (command) => {
      expect(read(command)?.owner).toBeUndefined();
    },
  );

  it("a container flag's value stops at its quote", () => {
    expect(read("kubectl logs web-1 -c 'app' -p")?.container).toBe('app');
    expect(read('kubectl logs web-1 -c "app\'')?.container).toBeUndefined();
  });
});
