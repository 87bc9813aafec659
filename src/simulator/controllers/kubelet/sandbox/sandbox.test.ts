import { describe, expect, it } from 'vitest';
import { TestWorld } from '../images/hosts-test-helpers.js';
import { createSandboxHost, NodeSandboxes } from './index.js';
import { IpPool } from './ip-pool.js';

const HEX = '[0-9a-f]{64}';

describe('IP pool', () => {
  it('hands out the lowest free address from .2 and reuses released ones', () => {
    const pool = new IpPool('10.244.1.0/24', 3);
    expect(['a', 'b', 'c', 'd'].map((k) => pool.allocate(k))).toEqual([
      '10.244.1.2',
      '10.244.1.3',
      '10.244.1.4',
      undefined,
    ]);
    expect(pool.rangeSet).toBe('10.244.1.2-10.244.1.4');
    pool.release('b');
    expect(pool.allocate('e')).toBe('10.244.1.3');
    expect(pool.allocate('a')).toBe('10.244.1.2');
    expect(new IpPool('10.244.1.0/24', 254).rangeSet).toBe('10.244.1.2-10.244.1.254');
  });
});

describe('sandbox host', () => {
  it('creates the sandbox after setupDelay with an IP from the node CIDR; host network gets the node IP', () => {
    const w = new TestWorld(
      'cluster:\n  nodes: [{name: node, count: 2}]\n  cni: {plugin: calico, setupDelay: 2s}\n',
    );
    const host = createSandboxHost(w, 'node-2');
    const ips: [string, number][] = [];
    host.create(w.pod('a', {}, 'node-2'), (ip) => ips.push([ip, w.seconds]));
    host.create(w.pod('b', { hostNetwork: true }, 'node-2'), (ip) => ips.push([ip, w.seconds]));
    w.runFor(5000);
    expect(ips).toEqual([
      ['10.244.1.2', 2],
      ['10.0.0.3', 2],
    ]);
  });

  it('fails with the configured CNI error on the named nodes only, retrying about every 10-15 s', () => {
    const w = new TestWorld(
      'cluster:\n  nodes: [{name: node, count: 2}]\n  cni: {plugin: calico, failure: {mode: unauthorized, nodes: [node-1]}}\n',
    );
    const bad = createSandboxHost(w, 'node-1');
    const good = createSandboxHost(w, 'node-2');
    let got: string | undefined;
    bad.create(w.pod('a', {}, 'node-1'), () => (got = 'a'));
    good.create(w.pod('b', {}, 'node-2'), (ip) => (got = ip));
    w.runFor(60_000);
    expect(got).toBe('10.244.1.2');
    const events = w.eventsFor('a');
    expect(events.length).toBeGreaterThanOrEqual(4);
    expect(events.length).toBeLessThanOrEqual(6);
    for (const e of events)
      expect(e).toMatch(
        new RegExp(
          `^FailedCreatePodSandBox: Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "${HEX}": plugin type="calico" failed \\(add\\): error getting ClusterInformation: connection is unauthorized: Unauthorized$`,
        ),
      );
  });

  it('runs out of addresses, and a released address unblocks the waiting pod', () => {
    const w = new TestWorld('cluster:\n  nodes: [{name: node-1, podIPs: 2}]\n  cni: {plugin: flannel}\n');
    const host = new NodeSandboxes(w, 'node-1');
    const a = w.pod('a', {});
    host.create(a, () => undefined);
    host.create(w.pod('b', {}), () => undefined);
    let ip: string | undefined;
    host.create(w.pod('c', {}), (x) => (ip = x));
    w.runFor(1000);
    expect(w.eventsFor('c')[0]).toMatch(
      /plugin type="flannel" failed \(add\): failed to delegate add: failed to allocate for range 0: no IP addresses available in range set: 10\.244\.0\.2-10\.244\.0\.3$/,
    );
    host.remove(a);
    w.runFor(20_000);
    expect(ip).toBe('10.244.0.2');
    expect(host.allocated).toBe(2);
  });

  it('reports NetworkNotReady every 2 s without trying a sandbox, except for host-network pods', () => {
    const w = new TestWorld(
      'cluster:\n  nodes: [{name: node-1}]\n  cni: {plugin: cilium, failure: {mode: not-ready}}\n',
    );
    const host = createSandboxHost(w, 'node-1');
    host.create(w.pod('a', {}), () => undefined);
    let hostIP: string | undefined;
    host.create(w.pod('b', { hostNetwork: true }), (ip) => (hostIP = ip));
    w.runFor(9_000);
    expect(w.eventsFor('a')).toEqual([
      'NetworkNotReady: network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized (x5)',
    ]);
    expect(hostIP).toBe('10.0.0.2');
  });

  it('stops retrying for a removed pod and on a lost node', () => {
    const w = new TestWorld(
      'cluster:\n  nodes: [{name: node-1, incidents: [{at: 30s, type: lost}]}]\n  cni: {plugin: calico, failure: {mode: error}}\n',
    );
    const host = createSandboxHost(w, 'node-1');
    const a = w.pod('a', {});
    host.create(a, () => undefined);
    host.create(w.pod('b', {}), () => undefined);
    w.runFor(1000);
    host.remove(a);
    w.runFor(300_000);
    expect(w.eventsFor('a')).toHaveLength(1);
    // b failed at 0.5 s and then about every 12 s until the kubelet was lost at 30 s.
    expect(w.eventsFor('b').length).toBeLessThanOrEqual(3);
    expect(w.eventsFor('b')[0]).toContain(
      'failed (add): stat /var/lib/calico/nodename: no such file or directory: check that the calico/node container is running and has mounted /var/lib/calico/',
    );
  });
});
