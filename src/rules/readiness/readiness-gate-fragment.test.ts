/**
 * A pasted conditions list without the kubelet's own Ready and ContainersReady
 * (`kubectl get pod -o yaml | grep -B7 'type: target-health'`): a gate condition that is False
 * holds the pod back whatever its containers do, since Ready needs every gate True.
 */
import { testRule } from '../../../test/rule-tester.js';
import { cond, pod, snapshot } from '../../../test/builders.js';
import type { PodCondition } from '../../model/index.js';
import { rule } from './readiness-gate-not-met.js';

const FAILED = 'target-health.elbv2.k8s.aws/k8s-default-athomclo-0ab1c2d3e4';
const HEALTHY = 'target-health.elbv2.k8s.aws/k8s-default-athomclo-fd31669904';
const NEG = 'cloud.google.com/load-balancer-neg-ready';
const fragment = (conditions: PodCondition[], gates: string[] = []) =>
  pod({
    phase: 'Running',
    ...(gates.length === 0
      ? {}
      : { spec: { readinessGates: gates.map((conditionType) => ({ conditionType })) } }),
    conditions,
  });

testRule(rule, {
  valid: [
    {
      name: 'every gate condition True',
      snapshot: snapshot({ pods: [fragment([cond(HEALTHY, 'True', 'Elb.RegistrationInProgress')])] }),
    },
    {
      name: 'a gate condition Unknown is no proof the gate holds the pod back',
      snapshot: snapshot({ pods: [fragment([cond(NEG, 'Unknown')])] }),
    },
    {
      name: 'spec gates without any condition (a manifest, or a pod not started): nothing to judge',
      snapshot: snapshot({ pods: [fragment([], [FAILED])] }),
    },
    {
      name: 'only the kubelet conditions of an unscheduled pod',
      snapshot: snapshot({ pods: [fragment([cond('PodScheduled', 'False', 'Unschedulable')], [FAILED])] }),
    },
    {
      name: 'Ready=False from its containers: they are the problem, not the gate',
      snapshot: snapshot({
        pods: [
          fragment([
            cond('Ready', 'False', 'ContainersNotReady'),
            cond(FAILED, 'False', 'Target.FailedHealthChecks'),
          ]),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'a target-health gate False among True ones',
      snapshot: snapshot({
        pods: [
          fragment([
            cond(HEALTHY, 'True', 'Elb.RegistrationInProgress', 'Target registration is in progress'),
            cond(FAILED, 'False', 'Target.FailedHealthChecks', 'Health checks failed'),
          ]),
        ],
      }),
      expect: [
        {
          messageId: 'gateNotTrue',
          reason: 'ReadinessGateNotMet',
          status: 'failed',
          data: { gate: FAILED, status: 'False', detail: 'Target.FailedHealthChecks: Health checks failed' },
          evidenceIncludes: [`condition ${FAILED}=False`],
        },
      ],
    },
    {
      name: 'a NEG gate False, with the gate in the spec as well',
      snapshot: snapshot({ pods: [fragment([cond(NEG, 'False')], [NEG])] }),
      expect: [
        {
          messageId: 'gateNotTrue',
          reason: 'ReadinessGateNotMet',
          data: { gate: NEG, status: 'False', detail: 'no reason given' },
          evidenceIncludes: [`spec.readinessGates: conditionType ${NEG}`],
        },
      ],
    },
  ],
});
