/**
 * Simulator fidelity, measured: each built-in scenario whose failing stage a control-plane
 * component owns (admission, scheduling, controllers, endpoints) runs on the simulator and on the
 * real control plane, and the two are compared: the control-plane components' events (reason and
 * normalised message), the pods' PodScheduled conditions, and kube-handoff's diagnosis of the
 * scenario's targets. Every difference that remains is listed in KNOWN with its reason (and in
 * docs/simulator-fidelity.md); any other difference, or a listed one that went away, fails.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { FakeKubelet } from './fake-kubelet.js';
import { adminApi } from './harness.js';
import { loadScenario, runOnReal, runOnSimulator, type Observed } from './scenario-on-real.js';

/**
 * The scenarios compared, and the differences that remain (`sim only: …` / `real only: …` lines
 * of compare()). Each is explained in docs/simulator-fidelity.md.
 */
export const KNOWN: Readonly<Record<string, readonly string[]>> = {
  'quota-exceeded': [],
  'limit-range-violation': [],
  'pod-security-violation': [],
  'service-account-missing': [],
  'webhook-denied': [],
  'webhook-unavailable': [],
  'insufficient-cpu': [],
  'insufficient-memory': [],
  'node-selector-mismatch': [],
  'nodes-cordoned': [],
  'untolerated-taint': [],
  'topology-spread-unsatisfied': [],
  'pod-anti-affinity-unsatisfied': [],
  'too-many-pods': [],
  'host-port-conflict': [],
  'scheduling-gated': [],
  // After a PreFilter rejection (VolumeBinding) kube-scheduler v1.37.2 ends the message with
  // `not found` where the simulator writes the preemption summary (docs/simulator-fidelity.md).
  'unbound-pvc-missing-class': [
    'sim only events: Pod FailedScheduling (default-scheduler): N/N nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: N/N nodes are available: N Preemption is not helpful for scheduling.',
    'real only events: Pod FailedScheduling (default-scheduler): N/N nodes are available: pod has unbound immediate PersistentVolumeClaims. not found',
    'sim only conditions: PodScheduled=False Unschedulable: N/N nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: N/N nodes are available: N Preemption is not helpful for scheduling.',
    'real only conditions: PodScheduled=False Unschedulable: N/N nodes are available: pod has unbound immediate PersistentVolumeClaims. not found',
  ],
  // `?`: may or may not occur. The real PV controller binds the claim a moment after the pod is
  // created, and the scheduler's first attempt can come before (the simulator binds at once).
  'volume-node-affinity-conflict': [
    '?real only events: Pod FailedScheduling (default-scheduler): N/N nodes are available: pod has unbound immediate PersistentVolumeClaims. not found',
  ],
  'service-selector-no-pods': [],
  'service-no-ready-endpoints': [],
  'service-target-port-mismatch': [],
};

/** The differences between the two runs, one line each. */
export function compare(sim: Observed, real: Observed): string[] {
  const out: string[] = [];
  for (const key of ['events', 'conditions', 'diagnoses'] as const) {
    const r = new Set(real[key]);
    const s = new Set(sim[key]);
    for (const l of sim[key]) if (!r.has(l)) out.push(`sim only ${key}: ${l}`);
    for (const l of real[key]) if (!s.has(l)) out.push(`real only ${key}: ${l}`);
  }
  sim.expectations.forEach((e, i) => {
    if (e !== 'ok') out.push(`sim expectation ${String(i)}: ${e}`);
  });
  real.expectations.forEach((e, i) => {
    if (e !== 'ok') out.push(`real expectation ${String(i)}: ${e}`);
  });
  return out;
}

const info = inject('controlPlane');
const only = process.env.KUBE_HANDOFF_FIDELITY?.split(',');

describe(`simulator fidelity against real kube-apiserver ${info.version}`, () => {
  for (const name of Object.keys(KNOWN)) {
    it.runIf(only === undefined || only.includes(name))(name, async () => {
      const scenario = loadScenario(name, info.version);
      const { sim, observed: simulated } = runOnSimulator(scenario);
      const api = adminApi(info);
      const kubelet = new FakeKubelet(api, info.closedPort, info.version);
      const real = await runOnReal(api, kubelet, info.adminKubeconfig, scenario, sim);
      try {
        const out = path.join(info.dir, 'artifacts', 'fidelity');
        mkdirSync(out, { recursive: true });
        writeFileSync(
          path.join(out, `${name}.json`),
          JSON.stringify({ simulated, real: real.observed }, null, 2),
        );
        const known = KNOWN[name] ?? [];
        const optional = new Set(known.filter((l) => l.startsWith('?')).map((l) => l.slice(1)));
        expect(compare(simulated, real.observed).filter((l) => !optional.has(l))).toEqual(
          known.filter((l) => !l.startsWith('?')),
        );
      } finally {
        await real.cleanup();
        api.close();
      }
    });
  }
});
