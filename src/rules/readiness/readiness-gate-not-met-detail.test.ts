/**
 * readiness/readiness-gate-not-met in detail: the whole finding (evidence, next steps, time), which
 * gates it reports and in what order, and how it reads the gate's state from the condition, the
 * spec and the kubelet's Ready message when only part of them is in the evidence.
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import { at, cond, ms, pod, runningPod, snapshot } from '../../../test/builders.js';
import type { Pod, PodCondition } from '../../model/index.js';
import { rule } from './readiness-gate-not-met.js';

const GATE = 'target-health.elbv2.k8s.aws/k8s-default-web-0123456789';
const NEG = 'cloud.google.com/load-balancer-neg-ready';
const doesNotExist = (gate: string) =>
  `corresponding condition of pod readiness gate "${gate}" does not exist.`;
const notTrue = (gate: string) => `the status of pod readiness gate "${gate}" is not "True", but False`;
const gatesNotReady = (message?: string, atS = 5) =>
  cond('Ready', 'False', 'ReadinessGatesNotReady', message, atS);

const withGates = (gates: string[] | undefined, conditions: PodCondition[]): Pod =>
  runningPod({
    ...(gates === undefined
      ? {}
      : { spec: { readinessGates: gates.map((conditionType) => ({ conditionType })) } }),
    conditions: [
      cond('PodScheduled', 'True'),
      cond('ContainersReady', 'True', undefined, undefined, 5),
      ...conditions,
    ],
  });

const STEPS = [
  "kubectl get pod web-1 -n default -o jsonpath='{.status.conditions}'",
  'kubectl describe pod web-1 -n default',
  'Check the controller that owns this gate (for target-health.elbv2.k8s.aws/... gates, the AWS Load Balancer Controller and its target group health); remove the gate from the pod template if nothing manages it.',
];
const NOW = ms(600);

describe('readiness/readiness-gate-not-met: the whole finding', () => {
  it('a gate in the spec without its condition', () => {
    expect(
      runRule(rule, snapshot({ pods: [withGates([GATE], [gatesNotReady(doesNotExist(GATE))])] }), NOW),
    ).toEqual([
      {
        ruleId: 'readiness/readiness-gate-not-met',
        stage: 'readiness',
        reason: 'ReadinessGateNotMet',
        status: 'failed',
        basis: 'state',
        messageId: 'gateMissing',
        data: { gate: GATE, status: 'missing', detail: 'no reason given' },
        evidence: [
          {
            source: 'condition',
            text: `condition Ready=False (ReadinessGatesNotReady): ${doesNotExist(GATE)}`,
            at: at(5),
          },
          { source: 'spec', text: `spec.readinessGates: conditionType ${GATE}` },
        ],
        nextSteps: STEPS,
        at: ms(5),
      },
    ]);
  });

  it.each([
    [
      { 'handoff.dev/readiness-gates-column': '0/1' },
      'READINESS GATES 0/1 True',
      ['kubectl READINESS GATES column: 0/1 True'],
    ],
    [undefined, 'Ready=False ReadinessGatesNotReady', []],
  ])('gates not named, column %j', (annotations, gates, extra) => {
    const p = pod({
      phase: 'Running',
      conditions: [cond('ContainersReady', 'True', undefined, undefined, 4), gatesNotReady(undefined, 5)],
    });
    const findings = runRule(
      rule,
      snapshot({
        pods: [annotations === undefined ? p : { ...p, metadata: { ...p.metadata, annotations } }],
      }),
      NOW,
    );
    expect(findings.map((f) => [f.messageId, f.data, f.evidence, f.nextSteps, f.at])).toEqual([
      [
        'gatesUnnamed',
        { gates },
        [
          { source: 'condition', text: 'condition Ready=False (ReadinessGatesNotReady)', at: at(5) },
          ...extra.map((text) => ({ source: 'status', text })),
        ],
        STEPS,
        // Timed from ContainersReady, when the gates started to matter.
        ms(4),
      ],
    ]);
  });

  it('one of two gates already True, the message not captured: the evidence still names none', () => {
    const findings = runRule(
      rule,
      snapshot({
        pods: [withGates(undefined, [gatesNotReady(), cond(NEG, 'True', undefined, undefined, 6)])],
      }),
      NOW,
    );
    expect(findings.map((f) => [f.messageId, f.data])).toEqual([
      ['gatesUnnamed', { gates: 'Ready=False ReadinessGatesNotReady' }],
    ]);
  });
});

describe('readiness/readiness-gate-not-met: which gates, in what order', () => {
  it('gates are reported in name order, the True one left out, a spec line only for spec gates', () => {
    const findings = runRule(
      rule,
      snapshot({
        pods: [
          withGates(
            ['z.example/ready', 'm.example/ready', GATE],
            [
              gatesNotReady(`${notTrue('z.example/ready')}, ${doesNotExist('a.example/extra')}`),
              cond('z.example/ready', 'False', 'Waiting', 'not registered yet', 6),
              cond('m.example/ready', 'True', undefined, undefined, 6),
            ],
          ),
        ],
      }),
      NOW,
    );
    expect(findings.map((f) => [f.messageId, f.data['gate'], f.evidence.map((e) => e.source)])).toEqual([
      ['gateMissing', 'a.example/extra', ['condition']],
      ['gateMissing', GATE, ['condition', 'spec']],
      ['gateNotTrue', 'z.example/ready', ['condition', 'condition', 'spec']],
    ]);
  });

  it('with gates in the spec, a foreign condition not among them is not a gate', () => {
    const findings = runRule(
      rule,
      snapshot({
        pods: [
          withGates([GATE], [gatesNotReady(doesNotExist(GATE)), cond('example.com/backup-done', 'False')]),
        ],
      }),
      NOW,
    );
    expect(findings.map((f) => f.data['gate'])).toEqual([GATE]);
  });
});

describe("readiness/readiness-gate-not-met: the gate's state from part of the evidence", () => {
  it('a spec gate with the Ready message saying False, its condition not captured: not True', () => {
    const findings = runRule(
      rule,
      snapshot({ pods: [withGates([GATE], [gatesNotReady(notTrue(GATE))])] }),
      NOW,
    );
    expect(findings.map((f) => [f.messageId, f.data])).toEqual([
      ['gateNotTrue', { gate: GATE, status: 'False', detail: 'no reason given' }],
    ]);
  });

  it('a spec gate, no condition, a Ready message that does not name it: missing', () => {
    const findings = runRule(rule, snapshot({ pods: [withGates([GATE], [gatesNotReady()])] }), NOW);
    expect(findings.map((f) => [f.messageId, f.data['status']])).toEqual([['gateMissing', 'missing']]);
  });

  it('the Ready message still says the condition does not exist, but it has appeared as False: not True', () => {
    const findings = runRule(
      rule,
      snapshot({
        pods: [
          withGates(
            [GATE],
            [gatesNotReady(doesNotExist(GATE)), cond(GATE, 'False', 'Target.NotRegistered', '', 30)],
          ),
        ],
      }),
      NOW,
    );
    expect(findings.map((f) => [f.messageId, f.data])).toEqual([
      ['gateNotTrue', { gate: GATE, status: 'False', detail: 'Target.NotRegistered' }],
    ]);
  });

  it('no Ready condition in the evidence: the gate condition speaks, timed from ContainersReady', () => {
    const findings = runRule(
      rule,
      snapshot({
        pods: [
          withGates([GATE], [cond(GATE, 'False', 'Target.FailedHealthChecks', 'Health checks failed', 30)]),
        ],
      }),
      NOW,
    );
    expect(findings.map((f) => [f.messageId, f.data, f.evidence.map((e) => e.text), f.at])).toEqual([
      [
        'gateNotTrue',
        { gate: GATE, status: 'False', detail: 'Target.FailedHealthChecks: Health checks failed' },
        [
          `condition ${GATE}=False (Target.FailedHealthChecks): Health checks failed`,
          `spec.readinessGates: conditionType ${GATE}`,
        ],
        ms(5),
      ],
    ]);
  });

  it('no Ready condition and no transition time: failed, with no time', () => {
    const p = withGates([GATE], []);
    const undated: Pod = {
      ...p,
      status: { ...p.status, conditions: [{ type: 'ContainersReady', status: 'True' }] },
    };
    const findings = runRule(rule, snapshot({ pods: [undated] }), NOW);
    expect(findings.map((f) => [f.messageId, f.status, f.at, f.evidence])).toEqual([
      [
        'gateMissing',
        'failed',
        undefined,
        [{ source: 'spec', text: `spec.readinessGates: conditionType ${GATE}` }],
      ],
    ]);
  });
});
