import { describe, expect, it } from 'vitest';
import { commandTarget } from './command.js';

// The verb lists the two callers pass (command-naming.ts and kindless.ts), and describe/syntax.ts's.
const NAMING = ['get', 'describe', 'logs', 'log', 'events'];
const KINDLESS = ['get', 'describe', 'port-forward', 'exec', 'edit'];
const DESCRIBE = ['describe'];

// toStrictEqual throughout: a target without a namespace must not carry `namespace: undefined`.
describe('the object a pasted kubectl command names', () => {
  it.each([
    ['kubectl logs web-1', { kind: 'Pod', name: 'web-1' }],
    ['kubectl logs web-1 -c app --since=1h', { kind: 'Pod', name: 'web-1' }],
    // logs' -f is --follow
    ['kubectl logs -f web-1 -c app --since=1h', { kind: 'Pod', name: 'web-1' }],
    ['kubectl logs web-1 -f', { kind: 'Pod', name: 'web-1' }],
    ['kubectl log -f deploy/web -n prod', { kind: 'Deployment', name: 'web', namespace: 'prod' }],
    ['kubectl log web-1 --previous', { kind: 'Pod', name: 'web-1' }],
    ['kubectl logs pod/web-1 -n prod', { kind: 'Pod', name: 'web-1', namespace: 'prod' }],
    ['kubectl logs job/backup-28290120', { kind: 'Job', name: 'backup-28290120' }],
    ['kubectl logs statefulset/db --tail 100', { kind: 'StatefulSet', name: 'db' }],
    ['kubectl describe pod web-1 -n prod', { kind: 'Pod', name: 'web-1', namespace: 'prod' }],
    ['kubectl get deployment.apps/web -o yaml', { kind: 'Deployment', name: 'web' }],
    [
      'kubectl get networkpolicies deny-all -n prod',
      { kind: 'NetworkPolicy', name: 'deny-all', namespace: 'prod' },
    ],
    ['kubectl get ingresses web', { kind: 'Ingress', name: 'web' }],
    ['kubectl events --for=deploy/web', { kind: 'Deployment', name: 'web' }],
  ])('%s', (line, target) => {
    expect(commandTarget(line, NAMING)).toStrictEqual(target);
  });

  it.each([
    ['kubectl port-forward svc/web 8080:80', { kind: 'Service', name: 'web' }],
    ['kubectl port-forward pod/web-1 5005 8080:80', { kind: 'Pod', name: 'web-1' }],
    ['kubectl exec web-1 -- cat /etc/resolv.conf', { kind: 'Pod', name: 'web-1' }],
    ['kubectl exec -it deploy/web -n prod -- sh', { kind: 'Deployment', name: 'web', namespace: 'prod' }],
    ['kubectl edit cm web-config -n prod', { kind: 'ConfigMap', name: 'web-config', namespace: 'prod' }],
  ])('%s', (line, target) => {
    expect(commandTarget(line, KINDLESS)).toStrictEqual(target);
  });

  it.each([
    // the object word is not a kind kubectl has
    'kubectl logs rollout/web',
    'kubectl port-forward rollout/web 8080:80',
    'kubectl describe rollout web',
    'kubectl get rollouts.argoproj.io web',
    // no object, or several
    'kubectl logs',
    'kubectl describe pods web-1 web-2',
    'kubectl get svc web web-canary -n prod',
  ])('names nothing for %s', (line) => {
    expect(commandTarget(line, [...NAMING, ...KINDLESS])).toBeUndefined();
  });
});

describe('flags that make the command about many objects', () => {
  it.each([
    'kubectl logs deploy/web --all-containers',
    'kubectl logs web-1 --all-containers=true',
    'kubectl get pod web-1 -A',
    'kubectl get pod web-1 --all-namespaces',
    'kubectl describe pod web-1 -l app=web',
    'kubectl get pod web-1 --selector=app=web',
    'kubectl describe -f web.yaml',
    // -f is --filename for every other verb
    'kubectl describe pod web-1 -f web.yaml',
    'kubectl describe -f deploy/web.yaml',
    'kubectl exec -f pod.yaml -- date',
    'kubectl get pod web-1 --filename=web.yaml',
  ])('%s names nothing', (line) => {
    expect(commandTarget(line, [...NAMING, ...KINDLESS])).toBeUndefined();
  });
});

describe('the namespace of the command', () => {
  it.each([
    ['kubectl get po web-1 -nprod', { kind: 'Pod', name: 'web-1', namespace: 'prod' }],
    [
      'kubectl -nkube-system logs coredns-5d78c9869d-2xkqp',
      { kind: 'Pod', name: 'coredns-5d78c9869d-2xkqp', namespace: 'kube-system' },
    ],
    ['kubectl -n2024 describe pod web-1', { kind: 'Pod', name: 'web-1', namespace: '2024' }],
    ['kubectl describe pod web-1 -n=prod', { kind: 'Pod', name: 'web-1', namespace: 'prod' }],
    ['kubectl describe pod web-1 --namespace prod', { kind: 'Pod', name: 'web-1', namespace: 'prod' }],
    ['kubectl describe pod web-1 --namespace=team-a2', { kind: 'Pod', name: 'web-1', namespace: 'team-a2' }],
  ])('%s', (line, target) => {
    expect(commandTarget(line, NAMING)).toStrictEqual(target);
  });

  // A name or flag that only contains "-n" is no namespace flag; a namespace that is no DNS label
  // (a shell variable, capitals, a missing value) is left out rather than kept.
  it.each([
    ['kubectl describe pod web-nginx-7d4', { kind: 'Pod', name: 'web-nginx-7d4' }],
    ['kubectl logs db-n1 --tail=20', { kind: 'Pod', name: 'db-n1' }],
    ['kubectl describe pod web-1 -n $NS', { kind: 'Pod', name: 'web-1' }],
    ['kubectl describe pod web-1 -n "$NAMESPACE"', { kind: 'Pod', name: 'web-1' }],
    ['kubectl describe pod web-1 --namespace=Prod', { kind: 'Pod', name: 'web-1' }],
    ['kubectl describe pod web-1 -n', { kind: 'Pod', name: 'web-1' }],
    ['kubectl describe pod web-1 --namespace', { kind: 'Pod', name: 'web-1' }],
  ])('%s has no namespace', (line, target) => {
    expect(commandTarget(line, NAMING)).toStrictEqual(target);
  });
});

describe('the command ends where the shell line goes on', () => {
  it.each([
    'kubectl get pod web-1 -o yaml | grep image',
    'kubectl get pod web-1 -o yaml |grep image',
    'kubectl get pod web-1 -o yaml > web-1.yaml',
    'kubectl get pod web-1 -o yaml >web-1.yaml',
    'kubectl get pod web-1 -o yaml ; echo done',
    'kubectl get pod web-1 -o yaml && echo ok',
    'kubectl get pod web-1 -o yaml &&echo ok',
    'kubectl get pod web-1 -o yaml\r',
    'kubectl get pod web-1 -o yaml   ',
    'kubectl get pod web-1 -o yaml\t',
    '   kubectl get pod web-1',
    '\tkubectl get pod web-1 ',
  ])('%j names pod web-1', (line) => {
    expect(commandTarget(line, NAMING)).toStrictEqual({ kind: 'Pod', name: 'web-1' });
  });
});

describe('the line must run kubectl', () => {
  it.each([
    ['$ kubectl describe pod web-1', NAMING],
    ['k describe pod web-1', NAMING],
    ['oc describe pod web-1', NAMING],
    ['/usr/local/bin/kubectl describe pod web-1', NAMING],
    ['./kubectl describe pod web-1', NAMING],
    ['cluster/kubectl.sh describe pod web-1', NAMING],
    ['_output/bin/kubectl describe pod web-1', NAMING],
    ['sudo k3s kubectl describe pod web-1', NAMING],
    ['minikube kubectl -- describe pod web-1', NAMING],
    ['alice@mbp work % kubectl describe pod web-1', NAMING],
  ])('%s names pod web-1', (line, verbs) => {
    expect(commandTarget(line, verbs)).toStrictEqual({ kind: 'Pod', name: 'web-1' });
  });

  it.each([
    // other tools with the same verbs
    ['docker logs web-1', NAMING],
    ['crictl logs 3f2a9c1b7d4e', NAMING],
    ['nerdctl logs web-1', NAMING],
    ['podman exec -it web-1 sh', KINDLESS],
    ['helm get values web', NAMING],
    // a zsh prompt (`%n@%m %1~ %#`) whose directory starts or ends like `k`, and Carvel's kapp
    ['alice@mbp work % docker logs web-1', NAMING],
    ['alice@mbp k8s-lab % docker logs web-1', NAMING],
    ['kapp logs -a web', NAMING],
    // kubectl is run inside the container the command is about, not on the pod
    ['docker exec -it kind-control-plane kubectl get nodes', ['exec']],
    ['docker exec kind-control-plane kubectl describe node kind-control-plane', ['exec']],
    // no verb of the list: describe/syntax.ts only takes `describe`
    ['kubectl events --for pod/web-1', DESCRIBE],
    ['kubectl get --for pod/web-1', ['describe', 'logs']],
  ])('%s names nothing', (line, verbs) => {
    expect(commandTarget(line, verbs)).toBeUndefined();
  });
});
