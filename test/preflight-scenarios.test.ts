/**
 * Prediction against reality: every built-in scenario's manifests, judged by preflight against
 * the scenario's cluster before any of them exists, must predict what the scenario's run ends in.
 * Whether a failure is decidable before apply is written here by hand, from what Kubernetes
 * decides from objects that exist beforehand (quota, limits, PodSecurity labels, service
 * accounts, nodes and their pods, claims and classes, ConfigMaps and Secrets, Services) versus
 * what only a running component knows (a webhook's answer, a registry, a provisioner, a CNI or
 * CSI plugin, a node's health, the app itself). Decidable failures must be predicted exactly;
 * the rest must be `cannot-tell`, never `would-pass`; healthy targets must never `would-fail`.
 */
import { describe, expect, it } from 'vitest';
import { predict } from '../src/cli/preflight/predict.js';
import type { Diagnosis, ReasonCode } from '../src/model/index.js';
import { stateOfScenario } from '../src/preflight/sources.js';
import type { InputObject } from '../src/preflight/types.js';
import { listScenarioFiles, loadScenarioFile } from '../src/simulator/scenario/catalog.js';
import type { Scenario } from '../src/simulator/scenario/types.js';
import type { KObject } from '../src/simulator/world/types.js';

/** Reasons decided by objects that exist before apply. */
const DECIDABLE = new Set<ReasonCode>([
  'QuotaExceeded',
  'LimitRangeViolation',
  'PodSecurityViolation',
  'ServiceAccountMissing',
  'InsufficientResources',
  'UntoleratedTaint',
  'NodeAffinityMismatch',
  'NodeUnschedulable',
  'HostPortConflict',
  'PodAffinityMismatch',
  'TopologySpreadUnsatisfied',
  'TooManyPods',
  'VolumeNodeAffinityConflict',
  'SchedulingGated',
  'UnboundPVC',
  'VolumeSourceNotFound',
  'InvalidImageName',
  'NeverPullMissing',
  'ConfigMapMissing',
  'SecretMissing',
  'KeyMissing',
  'SelectorMatchesNoPods',
  'TargetPortMismatch',
]);

/** Scenarios whose reason is decidable in general but not here, and why. */
const UNDECIDABLE_HERE: Readonly<Record<string, string>> = {
  'unbound-pvc-provisioning-failed': 'the claim waits on a provisioner, which fails only when it tries',
};

const KIND: Readonly<Record<string, string>> = {
  pod: 'Pod',
  deploy: 'Deployment',
  sts: 'StatefulSet',
  ds: 'DaemonSet',
  job: 'Job',
  svc: 'Service',
  rs: 'ReplicaSet',
  cronjob: 'CronJob',
};

function inputsOf(s: Scenario): InputObject[] {
  return s.objects.map((o) => ({
    object: structuredClone(o.manifest) as unknown as KObject,
    file: s.path ?? s.name,
    line: o.line ?? 1,
  }));
}

/** The preflight entry for an expectation's target (a pod of a StatefulSet is its StatefulSet). */
function entryFor(results: readonly Diagnosis[], target: string): Diagnosis | undefined {
  const [short = '', name = ''] = target.split('/');
  const kind = KIND[short];
  const exact = results.find((d) => d.target.kind === kind && d.target.name === name);
  if (exact !== undefined || kind !== 'Pod') return exact;
  return results.find(
    (d) => d.target.kind === 'StatefulSet' && new RegExp(`^${d.target.name}-\\d+$`).test(name),
  );
}

const scenarios = listScenarioFiles().map((f) => loadScenarioFile(f.path, f));

describe('preflight predicts each built-in scenario before its objects exist', () => {
  it('covers every scenario', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(70);
  });
  for (const s of scenarios) {
    const expectations = s.expect.filter(
      (e) => e.at === undefined && !('verdict' in e && e.verdict === 'progressing'),
    );
    if (expectations.length === 0) continue;
    it(s.name, () => {
      const results = predict(stateOfScenario(s), inputsOf(s));
      for (const e of expectations) {
        if ('verdict' in e) {
          const entries = e.target === undefined ? results : [entryFor(results, e.target)];
          for (const d of entries) {
            expect(d, `${s.name}: ${e.target ?? 'every target'}`).toBeDefined();
            expect(d?.preflight?.verdict, `${s.name}: ${d?.target.name} is healthy in the run`).not.toBe(
              'would-fail',
            );
          }
          continue;
        }
        const d = entryFor(results, e.target ?? '');
        expect(d, `${s.name}: no preflight entry for ${e.target}`).toBeDefined();
        const decidable = DECIDABLE.has(e.reason) && UNDECIDABLE_HERE[s.name] === undefined;
        const got = `${d?.preflight?.verdict} ${d?.stage}/${d?.reason}: ${d?.summary}`;
        if (decidable) {
          expect(d?.preflight?.verdict, got).toBe('would-fail');
          expect([d?.stage, d?.reason], got).toEqual([e.stage, e.reason]);
        } else {
          expect(d?.preflight?.verdict, got).toBe('cannot-tell');
        }
      }
    });
  }
});
