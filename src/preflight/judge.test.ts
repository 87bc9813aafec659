import { describe, expect, it } from 'vitest';
import type { ChainEntry, ChainStatus, Diagnosis, ReasonCode, StageId } from '../model/index.js';
import type { StatusObj } from '../simulator/api/status.js';
import type { KObject } from '../simulator/world/types.js';
import { judge, verdictOf, type JudgeInput } from './judge.js';
import { deployment, input, NS, state, stateWithout, target } from './checks/test-helpers.js';
import type { Check, CheckFinding, InputObject, PreflightTarget } from './types.js';

const QUOTA =
  'pods "web" is forbidden: exceeded quota: compute, requested: requests.cpu=2, used: requests.cpu=7, limited: requests.cpu=8';
const NO_CPU =
  '0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.';
const NO_SECRET = 'secret "db" not found';

const fail = (
  stage: StageId,
  reason: ReasonCode,
  message: string,
  check = `check-${stage}`,
): CheckFinding => ({
  check,
  outcome: 'fail',
  stage,
  reason,
  message,
  evidence: [{ source: 'spec', text: `${check} evidence` }],
  nextSteps: [`fix ${stage}`],
});
const unknown = (stage: StageId, message: string, nextSteps: string[] = []): CheckFinding => ({
  check: `unknown-${stage}`,
  outcome: 'unknown',
  stage,
  message,
  evidence: [{ source: 'spec', text: `about ${message}` }],
  nextSteps,
});
const warn = (message: string): CheckFinding => ({
  check: 'image-refs',
  outcome: 'warn',
  stage: 'image-pull',
  message,
  evidence: [],
  nextSteps: [],
});

/** The chain, stage by stage (termination is off it), from a compact spec. */
const CHAIN: StageId[] = [
  'admission',
  'scheduling',
  'node',
  'volumes',
  'sandbox-network',
  'image-pull',
  'container-config',
  'init-containers',
  'container-start',
  'crash',
  'liveness',
  'readiness',
  'service-endpoints',
];
function chain(statuses: ChainStatus[]): ChainEntry[] {
  if (statuses.length !== CHAIN.length)
    throw new Error(`${statuses.length} statuses for ${CHAIN.length} stages`);
  return statuses.map((status, i) => ({ stage: CHAIN[i] as StageId, status }));
}
const P = 'passed';
const U = 'unknown';
const F = 'failed';
const N = 'not-reached';
/** No findings: the judged stages pass, the others only a run shows. */
const DEFAULT_CHAIN = chain([P, P, U, P, U, P, P, U, U, U, U, U, U]);

const WEB = { kind: 'Deployment' as const, namespace: NS, name: 'web' };
const AT: InputObject = { object: deployment('web', {}), file: 'k8s/web.yaml', line: 14 };

describe('verdictOf', () => {
  it('the first failure in chain order wins whatever the findings’ order; notes list the others', () => {
    const d = verdictOf(
      WEB,
      [
        fail('container-config', 'SecretMissing', NO_SECRET),
        fail('admission', 'QuotaExceeded', QUOTA),
        fail('scheduling', 'InsufficientResources', NO_CPU),
      ],
      AT,
    );
    expect(d).toStrictEqual({
      target: WEB,
      verdict: 'failed',
      stage: 'admission',
      reason: 'QuotaExceeded',
      ruleId: 'check-admission',
      container: null,
      summary: QUOTA,
      confidence: 'high',
      evidence: [{ source: 'spec', text: 'check-admission evidence' }],
      nextSteps: ['fix admission'],
      chain: chain([F, N, N, N, N, N, N, N, N, N, N, N, N]),
      preflight: { verdict: 'would-fail', unknown: [], warnings: [], file: 'k8s/web.yaml', line: 14 },
      notes: [`also at scheduling: ${NO_CPU}`, `also at container-config: ${NO_SECRET}`],
    });
  });

  it.each<[string, CheckFinding[], Partial<Diagnosis>]>([
    [
      'a container-config failure after unknowns: judged stages before it passed unless unknown',
      [
        unknown('admission', 'webhook'),
        fail('container-config', 'SecretMissing', NO_SECRET),
        unknown('crash', 'app'),
      ],
      {
        stage: 'container-config',
        chain: chain([U, P, U, P, U, P, F, N, N, N, N, N, N]),
        preflight: { verdict: 'would-fail', unknown: ['webhook', 'app'], warnings: [] },
      },
    ],
    [
      'an image-pull failure with an unknown scheduling and a warning',
      [
        warn('latest'),
        unknown('scheduling', 'provisioner'),
        fail('image-pull', 'InvalidImageName', 'bad ref'),
      ],
      {
        stage: 'image-pull',
        chain: chain([P, U, U, P, U, F, N, N, N, N, N, N, N]),
        preflight: { verdict: 'would-fail', unknown: ['provisioner'], warnings: ['latest'] },
      },
    ],
    [
      'a readiness failure (a stage not judged by preflight itself)',
      [fail('readiness', 'ReadinessProbeFailed', 'probe port')],
      {
        stage: 'readiness',
        chain: chain([P, P, U, P, U, P, P, U, U, U, U, F, N]),
        preflight: { verdict: 'would-fail', unknown: [], warnings: [] },
      },
    ],
  ])('%s', (_what, findings, expected) => {
    expect(verdictOf(WEB, findings)).toMatchObject({ verdict: 'failed', ...expected });
    expect(verdictOf(WEB, findings).preflight).toStrictEqual(expected.preflight);
  });

  it('a failure keeps its reason and container; one without reason has reason null', () => {
    const withContainer: CheckFinding = {
      ...fail('container-config', 'RunAsNonRoot', 'container has runAsNonRoot and image will run as root'),
      container: { name: 'web', type: 'init' },
    };
    expect(verdictOf(WEB, [withContainer])).toMatchObject({
      reason: 'RunAsNonRoot',
      container: { name: 'web', type: 'init' },
    });
    const noReason: CheckFinding = {
      check: 'x',
      outcome: 'fail',
      stage: 'volumes',
      message: 'x',
      evidence: [],
      nextSteps: [],
    };
    expect(verdictOf(WEB, [noReason])).toMatchObject({ stage: 'volumes', reason: null, ruleId: 'x' });
  });

  it('nothing found: would-pass, healthy, high confidence, the judged stages passed', () => {
    expect(verdictOf(WEB, [], AT)).toStrictEqual({
      target: WEB,
      verdict: 'healthy',
      stage: null,
      reason: null,
      ruleId: null,
      container: null,
      summary:
        'Deployment shop/web would pass every handoff preflight judges (admission, scheduling, volumes, images, container config).',
      confidence: 'high',
      evidence: [],
      nextSteps: [],
      chain: DEFAULT_CHAIN,
      preflight: { verdict: 'would-pass', unknown: [], warnings: [], file: 'k8s/web.yaml', line: 14 },
      notes: [],
    });
  });

  it('warnings alone still would pass, and are listed', () => {
    const d = verdictOf(WEB, [warn('image nginx uses :latest'), warn('second')]);
    expect(d.verdict).toBe('healthy');
    expect(d.chain).toStrictEqual(DEFAULT_CHAIN);
    expect(d.preflight).toStrictEqual({
      verdict: 'would-pass',
      unknown: [],
      warnings: ['image nginx uses :latest', 'second'],
    });
  });

  it('unknowns without failure: cannot-tell at the earliest unknown stage, low confidence, evidence and deduplicated next steps', () => {
    const d = verdictOf(
      WEB,
      [
        unknown('crash', 'whether the app starts', ['kubectl get pods']),
        unknown('admission', 'whether webhook "policy" admits them', ['kubectl get pods', 'kubectl get vwc']),
      ],
      AT,
    );
    expect(d).toStrictEqual({
      target: WEB,
      verdict: 'unknown',
      stage: 'admission',
      reason: null,
      ruleId: null,
      container: null,
      summary:
        'Nothing found stops Deployment shop/web, but not all can be judged before it runs: whether webhook "policy" admits them.',
      confidence: 'low',
      evidence: [
        { source: 'spec', text: 'about whether webhook "policy" admits them' },
        { source: 'spec', text: 'about whether the app starts' },
      ],
      nextSteps: ['kubectl get pods', 'kubectl get vwc'],
      chain: chain([U, P, U, P, U, P, P, U, U, U, U, U, U]),
      preflight: {
        verdict: 'cannot-tell',
        // In chain order: the summary names the first.
        unknown: ['whether webhook "policy" admits them', 'whether the app starts'],
        warnings: [],
        file: 'k8s/web.yaml',
        line: 14,
      },
      notes: [],
    });
  });

  it.each<[StageId, ChainStatus[]]>([
    ['scheduling', [P, U, U, P, U, P, P, U, U, U, U, U, U]],
    ['volumes', [P, P, U, U, U, P, P, U, U, U, U, U, U]],
    ['image-pull', [P, P, U, P, U, U, P, U, U, U, U, U, U]],
    ['container-config', [P, P, U, P, U, P, U, U, U, U, U, U, U]],
  ])('an unknown at %s makes that judged stage unknown', (stage, statuses) => {
    expect(verdictOf(WEB, [unknown(stage, 'x')]).chain).toStrictEqual(chain(statuses));
  });

  it('without input, preflight has no file nor line', () => {
    expect(Object.keys(verdictOf(WEB, []).preflight ?? {})).toStrictEqual(['verdict', 'unknown', 'warnings']);
  });
});

// ---------------------------------------------------------------------------------------------

const podSpec = { containers: [{ name: 'web', image: 'registry.example.com/web:1.0' }] };

function whatIfDiagnosis(over: Partial<Diagnosis> & Pick<Diagnosis, 'target'>): Diagnosis {
  return {
    verdict: 'failed',
    stage: 'scheduling',
    reason: 'InsufficientResources',
    ruleId: 'scheduling/insufficient-resources',
    container: null,
    summary: NO_CPU,
    confidence: 'high',
    evidence: [{ source: 'condition', text: `PodScheduled=False Unschedulable: ${NO_CPU}` }],
    nextSteps: ['kubectl describe pod'],
    chain: [],
    notes: [],
    ...over,
  };
}

const podOf = (owners: { kind: string; name: string }[], name = 'web-7d9f-abcde', namespace = NS) => ({
  target: { kind: 'Pod' as const, namespace, name },
  owners,
});

function targetOf(kind: PreflightTarget['kind'], name: string, namespace = NS): PreflightTarget {
  const object: KObject = { apiVersion: 'v1', kind, metadata: { name, namespace }, spec: {} };
  return {
    kind,
    namespace,
    name,
    template: { metadata: {}, spec: podSpec },
    replicas: 1,
    input: input(object, 3, `${name}.yaml`),
  };
}

const runJob = (name: string, namespace: string): KObject => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name, namespace },
  spec: { template: { spec: podSpec } },
});

function run(over: Partial<JudgeInput>): Diagnosis[] {
  return judge({
    targets: [],
    inputs: [],
    state: state(),
    whatIf: [],
    refused: [],
    checks: [],
    admissionReason: () => undefined,
    ...over,
  });
}

const refusal = (i: InputObject, message = QUOTA, code = 403, reason: StatusObj['reason'] = 'Forbidden') => ({
  input: i,
  status: {
    kind: 'Status' as const,
    apiVersion: 'v1' as const,
    metadata: {},
    status: 'Failure' as const,
    message,
    reason,
    code,
  },
});

describe('judge: workloads', () => {
  it.each<[string, Partial<Diagnosis> & Pick<Diagnosis, 'target'>, boolean]>([
    ['the Deployment itself', { target: { kind: 'Deployment', namespace: NS, name: 'web' } }, true],
    [
      'a pod owned by it through its ReplicaSet',
      podOf([
        { kind: 'ReplicaSet', name: 'web-7d9f' },
        { kind: 'Deployment', name: 'web' },
      ]),
      true,
    ],
    [
      'a pod of another Deployment',
      podOf([
        { kind: 'ReplicaSet', name: 'api-1' },
        { kind: 'Deployment', name: 'api' },
      ]),
      false,
    ],
    [
      'a pod of a same-named Deployment elsewhere',
      podOf([{ kind: 'Deployment', name: 'web' }], 'p', 'other'),
      false,
    ],
    ['a StatefulSet named web', { target: { kind: 'StatefulSet', namespace: NS, name: 'web' } }, false],
    ['a pod owned by a StatefulSet named web', podOf([{ kind: 'StatefulSet', name: 'web' }]), false],
    ['a pod without owners', podOf([]), false],
  ])('a what-if diagnosis of %s is matched: %s', (_what, d, matched) => {
    const [out] = run({ targets: [targetOf('Deployment', 'web')], whatIf: [whatIfDiagnosis(d)] });
    expect(out?.preflight?.verdict).toBe(matched ? 'would-fail' : 'would-pass');
    expect(out?.reason).toBe(matched ? 'InsufficientResources' : null);
  });

  it.each<[string, Partial<Diagnosis> & Pick<Diagnosis, 'target'>, boolean]>([
    ['the run Job', { target: { kind: 'Job', namespace: NS, name: 'backup-preflight' } }, true],
    [
      'a pod of the run Job',
      podOf([{ kind: 'Job', name: 'backup-preflight' }], 'backup-preflight-x2k9q'),
      true,
    ],
    ['the CronJob itself', { target: { kind: 'CronJob', namespace: NS, name: 'backup' } }, true],
    ['a Job named like the CronJob', { target: { kind: 'Job', namespace: NS, name: 'backup' } }, false],
    ['a pod of another Job', podOf([{ kind: 'Job', name: 'backup-28999' }]), false],
  ])('for a CronJob, a what-if diagnosis of %s is matched: %s', (_what, d, matched) => {
    const [out] = run({ targets: [targetOf('CronJob', 'backup')], whatIf: [whatIfDiagnosis(d)] });
    expect(out?.preflight?.verdict).toBe(matched ? 'would-fail' : 'would-pass');
  });

  it('a matched what-if failure becomes the verdict with the rule, summary, evidence, next steps and container', () => {
    const d = whatIfDiagnosis({
      ...podOf([{ kind: 'Deployment', name: 'web' }]),
      stage: 'admission',
      reason: 'PodSecurityViolation',
      ruleId: 'admission/pod-security',
      container: { name: 'web', type: 'app' },
      summary: 'violates PodSecurity "restricted:latest"',
    });
    const [out] = run({ targets: [targetOf('Deployment', 'web')], whatIf: [d] });
    expect(out).toMatchObject({
      target: { kind: 'Deployment', namespace: NS, name: 'web' },
      verdict: 'failed',
      stage: 'admission',
      reason: 'PodSecurityViolation',
      ruleId: 'admission/pod-security',
      container: { name: 'web', type: 'app' },
      summary: 'violates PodSecurity "restricted:latest"',
      evidence: d.evidence,
      nextSteps: d.nextSteps,
      preflight: { verdict: 'would-fail', unknown: [], warnings: [], file: 'web.yaml', line: 3 },
    });
  });

  it.each<[string, Partial<Diagnosis>]>([
    ['healthy', { verdict: 'healthy' }],
    ['unknown', { verdict: 'unknown' }],
    ['without stage', { stage: null }],
    ['without reason', { reason: null }],
  ])('a what-if diagnosis %s adds nothing', (_what, over) => {
    const [out] = run({
      targets: [targetOf('Deployment', 'web')],
      whatIf: [whatIfDiagnosis({ ...podOf([{ kind: 'Deployment', name: 'web' }]), ...over })],
    });
    expect(out?.preflight?.verdict).toBe('would-pass');
  });

  it('a progressing what-if diagnosis counts as a failure', () => {
    const [out] = run({
      targets: [targetOf('Deployment', 'web')],
      whatIf: [whatIfDiagnosis({ ...podOf([{ kind: 'Deployment', name: 'web' }]), verdict: 'progressing' })],
    });
    expect(out?.preflight?.verdict).toBe('would-fail');
  });

  it.each<[string, boolean, StageId, string]>([
    ['a scheduling finding with nodes known', true, 'scheduling', 'would-fail'],
    ['a scheduling finding without nodes', false, 'scheduling', 'would-pass'],
    ['an admission finding without nodes', false, 'admission', 'would-fail'],
  ])('%s: %s', (_what, nodesKnown, stage, verdict) => {
    const [out] = run({
      targets: [targetOf('Deployment', 'web')],
      state: nodesKnown ? state() : stateWithout(['Node'], 'nodes is forbidden'),
      whatIf: [whatIfDiagnosis({ ...podOf([{ kind: 'Deployment', name: 'web' }]), stage })],
    });
    expect(out?.preflight?.verdict).toBe(verdict);
  });

  it('a refusal of the target’s input fails admission with the reason the engine reads, the API’s answer as evidence', () => {
    const t = targetOf('Pod', 'web', 'ml');
    const seen: string[] = [];
    const [out] = run({
      targets: [t],
      refused: [refusal(t.input)],
      admissionReason: (m) => {
        seen.push(m);
        return 'QuotaExceeded';
      },
    });
    expect(seen).toStrictEqual([QUOTA]);
    expect(out).toMatchObject({
      verdict: 'failed',
      stage: 'admission',
      reason: 'QuotaExceeded',
      ruleId: 'admission/refused',
      summary: QUOTA,
      evidence: [{ source: 'status', text: `the API server answered 403 Forbidden: ${QUOTA}` }],
      nextSteps: ['kubectl apply --dry-run=server -f web.yaml -n ml'],
    });
  });

  it('a refusal the engine cannot read is Forbidden; a refusal of an input without namespace names default', () => {
    const object: KObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: podSpec };
    const t = { ...targetOf('Pod', 'p', 'default'), input: input(object, 1, 'p.yaml') };
    const message = 'namespaces "default" not found';
    const [out] = run({ targets: [t], refused: [refusal(t.input, message, 404, 'NotFound')] });
    expect(out).toMatchObject({
      reason: 'Forbidden',
      summary: message,
      evidence: [{ source: 'status', text: `the API server answered 404 NotFound: ${message}` }],
      nextSteps: ['kubectl apply --dry-run=server -f p.yaml -n default'],
    });
  });

  it.each<[string, boolean, (t: PreflightTarget) => InputObject]>([
    ['its run Job', true, (t) => ({ ...t.input, object: runJob('backup-preflight', NS) })],
    ['a Job of another name', false, (t) => ({ ...t.input, object: runJob('other-preflight', NS) })],
    [
      'its run Job’s name in another namespace',
      false,
      (t) => ({ ...t.input, object: runJob('backup-preflight', 'ops') }),
    ],
    [
      'a Job of its name from another line',
      false,
      (t) => ({ ...t.input, line: 99, object: runJob('backup-preflight', NS) }),
    ],
  ])('for a CronJob, a refusal of %s is its own: %s', (_what, own, refusedInput) => {
    const t = targetOf('CronJob', 'backup');
    const message =
      'jobs.batch "backup-preflight" is forbidden: exceeded quota: jobs, requested: count/jobs.batch=1, used: count/jobs.batch=0, limited: count/jobs.batch=0';
    const [out] = run({
      targets: [t],
      refused: [refusal(refusedInput(t), message)],
      admissionReason: () => 'QuotaExceeded',
    });
    expect([out?.preflight?.verdict, out?.reason]).toStrictEqual(
      own ? ['would-fail', 'QuotaExceeded'] : ['would-pass', null],
    );
  });

  it('a Deployment does not take the refusal of a Job named like its run', () => {
    const t = targetOf('Deployment', 'backup');
    const [out] = run({
      targets: [t],
      refused: [refusal({ ...t.input, object: runJob('backup-preflight', NS) })],
    });
    expect(out?.preflight?.verdict).toBe('would-pass');
  });

  it('a refusal of another input is not the target’s', () => {
    const t = targetOf('Pod', 'web');
    const other = input(
      { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: NS } },
      3,
      'web.yaml',
    );
    const [out] = run({ targets: [t], refused: [refusal(other)] });
    expect(out?.preflight?.verdict).toBe('would-pass');
  });

  it('each check is given the target, the state and the whole input; its findings join the what-if’s', () => {
    const t = targetOf('Deployment', 'web');
    const cm = input({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: NS } }, 9);
    const s = state();
    const given: unknown[] = [];
    const check: Check = (c) => {
      given.push(c);
      return [unknown('crash', 'whether the app starts')];
    };
    const [out] = run({
      targets: [t],
      inputs: [t.input, cm],
      state: s,
      checks: [check],
      whatIf: [
        whatIfDiagnosis({
          ...podOf([{ kind: 'Deployment', name: 'web' }]),
          stage: 'admission',
          reason: 'LimitRangeViolation',
        }),
      ],
    });
    expect(given).toStrictEqual([{ target: t, state: s, inputs: [t.input, cm] }]);
    expect(out).toMatchObject({
      stage: 'admission',
      reason: 'LimitRangeViolation',
      preflight: { verdict: 'would-fail', unknown: ['whether the app starts'] },
    });
  });

  it('targets in input order, then the Services of the input', () => {
    const a = targetOf('Job', 'a');
    const b = targetOf('Deployment', 'b');
    const svc = input(
      {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: 's', namespace: NS },
        spec: { ports: [{ port: 80 }] },
      },
      1,
    );
    const out = run({ targets: [a, b], inputs: [svc, a.input, b.input] });
    expect(out.map((d) => `${d.target.kind}/${d.target.name}`)).toStrictEqual([
      'Job/a',
      'Deployment/b',
      'Service/s',
    ]);
  });
});

describe('judge: Services', () => {
  const svcObject = (namespace?: string): KObject => ({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web', ...(namespace === undefined ? {} : { namespace }) },
    spec: { ports: [{ port: 80 }] },
  });
  const READY_UNKNOWN = 'whether the pods it selects become Ready (only running them shows that)';

  it('always carries the readiness of its endpoints as unknown', () => {
    const svc = input(svcObject(NS), 20, 'svc.yaml');
    const [out] = run({ inputs: [svc] });
    expect(out).toStrictEqual({
      target: { kind: 'Service', namespace: NS, name: 'web' },
      verdict: 'unknown',
      stage: 'service-endpoints',
      reason: null,
      ruleId: null,
      container: null,
      summary: `Nothing found stops Service shop/web, but not all can be judged before it runs: ${READY_UNKNOWN}.`,
      confidence: 'low',
      evidence: [],
      nextSteps: ['kubectl -n shop get endpointslices -l kubernetes.io/service-name=web'],
      chain: chain([P, P, U, P, U, P, P, U, U, U, U, U, U]),
      preflight: {
        verdict: 'cannot-tell',
        unknown: [READY_UNKNOWN],
        warnings: [],
        file: 'svc.yaml',
        line: 20,
      },
      notes: [],
    });
  });

  it('a Service without namespace is in default', () => {
    const [out] = run({ inputs: [input(svcObject())] });
    expect(out?.target).toStrictEqual({ kind: 'Service', namespace: 'default', name: 'web' });
    expect(out?.nextSteps).toStrictEqual([
      'kubectl -n default get endpointslices -l kubernetes.io/service-name=web',
    ]);
  });

  it('a refused Service fails admission with the engine’s reason', () => {
    const svc = input(svcObject(NS), 1, 'svc.yaml');
    const message =
      'services "web" is forbidden: exceeded quota: objects, requested: services=1, used: services=10, limited: services=10';
    const [out] = run({
      inputs: [svc],
      refused: [refusal(svc, message)],
      admissionReason: () => 'QuotaExceeded',
    });
    expect(out).toMatchObject({
      stage: 'admission',
      reason: 'QuotaExceeded',
      summary: message,
      preflight: { verdict: 'would-fail', unknown: [READY_UNKNOWN] },
    });
  });

  it.each<[string, Diagnosis['target'], boolean]>([
    ['the Service', { kind: 'Service', namespace: NS, name: 'web' }, true],
    ['a Service elsewhere', { kind: 'Service', namespace: 'other', name: 'web' }, false],
    ['another Service', { kind: 'Service', namespace: NS, name: 'api' }, false],
    ['a Deployment of its name', { kind: 'Deployment', namespace: NS, name: 'web' }, false],
  ])('a what-if failure of %s is its own: %s', (_what, t, own) => {
    const d = whatIfDiagnosis({
      target: t,
      stage: 'service-endpoints',
      reason: 'SelectorMatchesNoPods',
      summary: 'no pod matches',
    });
    const [out] = run({ inputs: [input(svcObject(NS))], whatIf: [d] });
    expect(out?.reason).toBe(own ? 'SelectorMatchesNoPods' : null);
  });

  it('the Service checks’ findings are its own', () => {
    const svc = input(
      { ...svcObject(NS), spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 'http' }] } },
      1,
    );
    const dep = input(
      deployment('web', {
        containers: [{ name: 'web', image: 'x:1', ports: [{ name: 'web', containerPort: 8080 }] }],
      }),
      30,
    );
    const out = run({ inputs: [dep, svc], targets: [{ ...target({}), input: dep }] });
    expect(out[1]).toMatchObject({
      target: { kind: 'Service', name: 'web' },
      stage: 'service-endpoints',
      reason: 'TargetPortMismatch',
    });
  });
});
