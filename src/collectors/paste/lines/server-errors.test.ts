import { describe, expect, it } from 'vitest';
import { parseLine } from '../parsers.js';

describe("the API server's error answers kubectl printed (Error from server (Reason): ...)", () => {
  it.each([
    [
      'Error from server (NotFound): jobs.batch "test-clp-db-table-creator" not found',
      'line 1: the API server answered a kubectl request with NotFound: jobs.batch "test-clp-db-table-creator" not found (about that request, not a pod\'s handoff)',
    ],
    [
      'Error from server (Forbidden): pods is forbidden: User "alice@example.com" cannot list resource "pods" in API group "" in the namespace "shop"',
      'line 1: the API server answered a kubectl request with Forbidden: pods is forbidden: User "alice@example.com" cannot list resource "pods" in API group "" in the namespace "shop" (about that request, not a pod\'s handoff)',
    ],
    [
      'Error from server (Forbidden): jobs.batch "migrate" is forbidden: User "system:serviceaccount:shop:default" cannot get resource "jobs" in API group "batch" in the namespace "shop"',
      'line 1: the API server refused (Forbidden) a request of service account shop/default, which a pod runs as: it may not get jobs until a Role and RoleBinding grant it: jobs.batch "migrate" is forbidden: User "system:serviceaccount:shop:default" cannot get resource "jobs" in API group "batch" in the namespace "shop"',
    ],
    [
      'Error from server (InternalError): an error on the server ("") has prevented the request from succeeding',
      'line 1: the API server answered a kubectl request with InternalError: an error on the server ("") has prevented the request from succeeding (about that request, not a pod\'s handoff)',
    ],
  ])('%s', (line, note) => {
    const r = parseLine([line], 0);
    expect(r?.end).toBe(1);
    expect(r?.objects).toEqual([]);
    expect(r?.notes).toEqual([note]);
  });

  it.each([
    [
      // before 1.10 the RBAC denial named the resource without `resource "..."` (groundnuty/k8s-wait-for#6)
      'The container fails on ``Error from server (Forbidden): jobs.batch "init-data-job" is forbidden: User "system:serviceaccount:default:default" cannot get jobs.batch in the namespace "default": Unknown user "system:serviceaccount:default:default"``',
      'line 1: the API server refused (Forbidden) a request of service account default/default, which a pod runs as: it may not get jobs.batch until a Role and RoleBinding grant it: jobs.batch "init-data-job" is forbidden: User "system:serviceaccount:default:default" cannot get jobs.batch in the namespace "default": Unknown user "system:ser…',
    ],
    [
      '> Error from server (NotFound): deployments.apps "web" not found',
      'line 1: the API server answered a kubectl request with NotFound: deployments.apps "web" not found (about that request, not a pod\'s handoff)',
    ],
    [
      'kubectl says: Error from server (NotFound): pods "web-1" not found',
      'line 1: the API server answered a kubectl request with NotFound: pods "web-1" not found (about that request, not a pod\'s handoff)',
    ],
  ])('after prose, a quote or inside a code span: %s', (line, note) => {
    expect(parseLine([line], 0)?.notes).toEqual([note]);
  });

  it('cuts a long message in the note', () => {
    const long = `Error from server (NotFound): pods "${'a'.repeat(300)}" not found`;
    const note = parseLine([long], 0)?.notes?.[0] ?? '';
    expect(note).toContain('…');
    expect(note.length).toBeLessThan(300);
  });

  it.each([
    // An admission denial is the owner's FailedCreate, not a note.
    'Error from server (Forbidden): error when creating "web.yaml": pods "web" is forbidden: exceeded quota: compute, requested: cpu=2, used: cpu=8, limited: cpu=9',
    // The kubelet's answer for a container that has not started is the pod's state.
    'Error from server (BadRequest): container "app" in pod "web-1" is waiting to start: ContainerCreating',
  ])('is evidence, not a note: %s', (line) => {
    const r = parseLine([line], 0);
    expect(r?.objects.length).toBe(1);
    expect(r?.notes ?? []).toEqual([]);
  });

  it.each([
    'I keep getting Error from server (NotFound) when I run it',
    'Error from server: nothing here',
    'myError from server (NotFound): glued to a word',
  ])('is no answer of the API server: %s', (line) => {
    expect(parseLine([line], 0)?.notes ?? []).toEqual([]);
  });
});

describe("the kubelet's port-forward errors as kubectl logs them", () => {
  const refused = (port: string) =>
    `line 1: kubectl port-forward reached the pod, but nothing in it listens on port ${port} (connection refused); forwarded to a Service, its targetPort is not the port the container listens on`;
  it.each([
    // containerd (nigelpoulton/TheK8sBook#47)
    [
      'E0625 13:52:21.097232   41027 portforward.go:409] an error occurred forwarding 30001 -> 9090: error forwarding port 9090 to pod ..., uid : failed to execute portforward in network namespace "/var/run/netns/cni-...": failed to connect to localhost:9090 inside namespace "...", IPv4: dial tcp4 127.0.0.1:9090: connect: connection refused IPv6 dial tcp6 [::1]:9090: connect: connection refused',
      refused('9090'),
    ],
    // dockershim's socat (kubernetes/minikube#13176)
    [
      'E1215 14:43:28.658017   11404 portforward.go:406] an error occurred forwarding 6446 -> 6446: error forwarding port 6446 to pod d2859e47f236d9f8590b9d4136d7a1a2e211aac5756ec9e7b41ccd65415e6af2, uid : exit status 1: 2021/12/15 10:43:28 socat[11386] E connect(5, AF=2 127.0.0.1:6446, 16): Connection refused',
      refused('6446'),
    ],
    // socat run in the network namespace (kubernetes-sigs/kind#869)
    [
      'E0926 10:48:40.346646   76692 portforward.go:331] an error occurred forwarding 5010 -> 6000: error forwarding port 6000 to pod 972bb77690ac0b73273e3fb10b8ee0d6f723737f58e4157c48eccfbfd1bdb8bf, uid : failed to execute portforward in network namespace "/var/run/netns/cni-ae95d4df-5e26-da3c-10b5-621ed7c56627": socat command returns error: exit status 1, stderr: "2019/09/26 05:18:40 socat[96552] E connect(5, AF=2 127.0.0.1:6000, 16): Connection refused\\n"',
      refused('6000'),
    ],
    // no socat on the node (kelseyhightower/kubernetes-the-hard-way#78)
    [
      'E1003 15:41:30.093639   23963 portforward.go:327] an error occurred forwarding 8080 -> 3000: error forwarding port 3000 to pod lobsters-2273945462-s4dr5_default, uid : unable to do port forwarding: socat not found.',
      'line 1: kubectl port-forward to port 3000 failed on the node: it has no socat, which the kubelet (dockershim) runs for port-forward',
    ],
  ])('%s', (line, note) => {
    const r = parseLine([line], 0);
    expect(r?.objects).toEqual([]);
    expect(r?.notes).toEqual([note]);
  });

  it.each([
    'E0620 13:54:17.550668    7192 portforward.go:233] lost connection to pod',
    'error forwarding port 8080 to pod abc, uid : some other failure',
    'Forwarding from 127.0.0.1:8080 -> 8080',
  ])('no note: %s', (line) => {
    expect(parseLine([line], 0)?.notes ?? []).toEqual([]);
  });
});
