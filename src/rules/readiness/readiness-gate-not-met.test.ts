import { testRule } from '../../../test/rule-tester.js';
import { cond, pod, runningPod, snapshot } from '../../../test/builders.js';
import type { PodCondition } from '../../model/index.js';
import { rule } from './readiness-gate-not-met.js';

const GATE = 'target-health.elbv2.k8s.aws/k8s-default-web-0123456789';
const gated = (conditions: PodCondition[], gates: string[] = [GATE]) =>
  runningPod({
    spec: { readinessGates: gates.map((conditionType) => ({ conditionType })) },
    conditions: [
      cond('PodScheduled', 'True'),
      cond('Initialized', 'True'),
      cond('ContainersReady', 'True', undefined, undefined, 5),
      ...conditions,
    ],
  });

testRule(rule, {
  valid: [
    { name: 'healthy pod without gates', snapshot: snapshot({ pods: [runningPod()] }) },
    {
      name: 'a foreign condition False on a Ready pod is not a gate in effect',
      snapshot: snapshot({
        pods: [
          runningPod({
            conditions: [
              cond('ContainersReady', 'True'),
              cond('Ready', 'True'),
              cond('example.com/backup-done', 'False'),
            ],
          }),
        ],
      }),
    },
    {
      name: 'gate True and pod Ready',
      snapshot: snapshot({
        pods: [
          gated([
            cond(GATE, 'True', 'Healthy', undefined, 40),
            cond('Ready', 'True', undefined, undefined, 40),
          ]),
        ],
      }),
    },
    {
      name: 'containers not ready: the containers are the problem, not the gate',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            spec: { readinessGates: [{ conditionType: GATE }] },
            conditions: [
              cond('ContainersReady', 'False', 'ContainersNotReady', 'containers with unready status: [app]'),
              cond('Ready', 'False', 'ContainersNotReady'),
            ],
          }),
        ],
      }),
      now: Date.parse('2026-01-01T01:00:00Z'),
    },
    {
      name: 'finished pod',
      snapshot: snapshot({
        pods: [pod({ phase: 'Succeeded', spec: { readinessGates: [{ conditionType: GATE }] } })],
      }),
    },
  ],
  invalid: [
    {
      name: 'gate condition does not exist after 10 minutes',
      snapshot: snapshot({
        pods: [
          gated([
            cond(
              'Ready',
              'False',
              'ReadinessGatesNotReady',
              `corresponding condition of pod readiness gate "${GATE}" does not exist.`,
              5,
            ),
          ]),
        ],
      }),
      now: Date.parse('2026-01-01T00:10:00Z'),
      expect: [
        {
          messageId: 'gateMissing',
          reason: 'ReadinessGateNotMet',
          data: { gate: GATE, status: 'missing' },
          evidenceIncludes: [
            'condition Ready=False (ReadinessGatesNotReady): corresponding condition of pod readiness gate',
          ],
        },
      ],
    },
    {
      name: 'gate False with the controller reason',
      snapshot: snapshot({
        pods: [
          gated([
            cond(GATE, 'False', 'Target.FailedHealthChecks', 'Health checks failed', 10),
            cond(
              'Ready',
              'False',
              'ReadinessGatesNotReady',
              `the status of pod readiness gate "${GATE}" is not "True", but False`,
              5,
            ),
          ]),
        ],
      }),
      now: Date.parse('2026-01-01T00:10:00Z'),
      expect: [
        {
          messageId: 'gateNotTrue',
          data: { gate: GATE, status: 'False', detail: 'Target.FailedHealthChecks: Health checks failed' },
        },
      ],
    },
    {
      name: 'status conditions only (no spec): a False condition of a foreign type is the gate',
      snapshot: snapshot({
        pods: [
          runningPod({
            conditions: [
              cond('ContainersReady', 'True', undefined, undefined, 5),
              cond('Ready', 'False', undefined, undefined, 5),
              cond(
                'cloud.google.com/load-balancer-neg-ready',
                'False',
                'LoadBalancerNegNotReady',
                'Waiting for pod to become healthy in at least one of the NEG(s)',
                6,
              ),
            ],
          }),
        ],
      }),
      now: Date.parse('2026-01-01T00:20:00Z'),
      expect: [
        {
          messageId: 'gateNotTrue',
          data: { gate: 'cloud.google.com/load-balancer-neg-ready', status: 'False' },
          evidenceIncludes: ['LoadBalancerNegNotReady'],
        },
      ],
    },
    {
      name: 'just became container-ready: progressing',
      snapshot: snapshot({
        pods: [
          gated([
            cond(
              'Ready',
              'False',
              'ReadinessGatesNotReady',
              `corresponding condition of pod readiness gate "${GATE}" does not exist.`,
              5,
            ),
          ]),
        ],
      }),
      now: Date.parse('2026-01-01T00:00:30Z'),
      expect: [{ messageId: 'gateMissing', status: 'progressing' }],
    },
    {
      name: 'message only (describe without spec), two gates',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            conditions: [
              cond('ContainersReady', 'True'),
              cond(
                'Ready',
                'False',
                'ReadinessGatesNotReady',
                'corresponding condition of pod readiness gate "a.example/x" does not exist., the status of pod readiness gate "b.example/y" is not "True", but False',
              ),
            ],
          }),
        ],
      }),
      now: Date.parse('2026-01-01T00:10:00Z'),
      expect: [
        { messageId: 'gateMissing', data: { gate: 'a.example/x' } },
        {
          messageId: 'gateNotTrue',
          data: { gate: 'b.example/y', status: 'False', detail: 'no reason given' },
        },
      ],
    },
    // The evidence says gates hold the pod back but names none (a `get pods -o wide` row).
    ...(
      [
        [{ 'handoff.dev/readiness-gates-column': '0/1' }, 'READINESS GATES 0/1 True'],
        [{ 'handoff.dev/readiness-gates-column': '1/3' }, 'READINESS GATES 1/3 True'],
        [undefined, 'Ready=False ReadinessGatesNotReady'],
      ] as const
    ).map(([annotations, gates]) => ({
      name: `gates not named: ${gates}`,
      snapshot: snapshot({
        pods: [
          (() => {
            const p = pod({
              phase: 'Running',
              conditions: [cond('ContainersReady', 'True'), cond('Ready', 'False', 'ReadinessGatesNotReady')],
            });
            return annotations === undefined ? p : { ...p, metadata: { ...p.metadata, annotations } };
          })(),
        ],
      }),
      now: Date.parse('2026-01-01T00:10:00Z'),
      expect: [{ messageId: 'gatesUnnamed', reason: 'ReadinessGateNotMet' as const, data: { gates: gates } }],
    })),
  ],
});
