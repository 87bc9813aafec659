import { describe, expect, it } from 'vitest';
import { checkRunAsNonRoot } from './run-as-non-root.js';
import { container, ctx } from './test-helpers.js';

const IMAGE = 'registry.example.com/shop/web:1.4.2';

const run = (podSc: Record<string, unknown> | undefined, containerSc: Record<string, unknown> | undefined) =>
  checkRunAsNonRoot(
    ctx({
      ...(podSc === undefined ? {} : { securityContext: podSc }),
      containers: [container('web', containerSc === undefined ? {} : { securityContext: containerSc })],
    }),
  );

describe('run-as-non-root', () => {
  it.each([
    {
      name: 'pod runAsNonRoot, pod runAsUser 0',
      pod: { runAsNonRoot: true, runAsUser: 0 },
      c: undefined,
      evidence: ['securityContext.runAsNonRoot: true', 'securityContext.runAsUser: 0'],
    },
    {
      name: 'container runAsNonRoot, container runAsUser 0',
      pod: undefined,
      c: { runAsNonRoot: true, runAsUser: 0 },
      evidence: [
        'containers[0].securityContext.runAsNonRoot: true',
        'containers[0].securityContext.runAsUser: 0',
      ],
    },
    {
      name: 'pod runAsNonRoot, container runAsUser 0',
      pod: { runAsNonRoot: true },
      c: { runAsUser: 0 },
      evidence: ['securityContext.runAsNonRoot: true', 'containers[0].securityContext.runAsUser: 0'],
    },
    {
      name: 'container runAsUser 0 overrides a pod runAsUser 1000',
      pod: { runAsNonRoot: true, runAsUser: 1000 },
      c: { runAsUser: 0 },
      evidence: ['securityContext.runAsNonRoot: true', 'containers[0].securityContext.runAsUser: 0'],
    },
    {
      name: 'container runAsNonRoot true overrides a pod false',
      pod: { runAsNonRoot: false, runAsUser: 0 },
      c: { runAsNonRoot: true },
      evidence: ['containers[0].securityContext.runAsNonRoot: true', 'securityContext.runAsUser: 0'],
    },
  ])('fail: $name', ({ pod, c, evidence }) => {
    expect(run(pod, c)).toStrictEqual([
      {
        check: 'run-as-non-root',
        outcome: 'fail',
        stage: 'container-config',
        reason: 'RunAsNonRoot',
        message:
          'container "web" has runAsNonRoot but runs as user 0 (runAsUser: 0), so the kubelet will not create it',
        evidence: evidence.map((text) => ({ source: 'spec', text })),
        nextSteps: ['set containers[0].securityContext.runAsUser to a non-zero uid, or drop runAsNonRoot'],
        container: { name: 'web', type: 'app' },
      },
    ]);
  });

  it.each([
    {
      name: 'pod runAsNonRoot, no runAsUser',
      pod: { runAsNonRoot: true },
      c: undefined,
      evidence: 'securityContext.runAsNonRoot: true',
    },
    {
      name: 'container runAsNonRoot, no runAsUser',
      pod: undefined,
      c: { runAsNonRoot: true },
      evidence: 'containers[0].securityContext.runAsNonRoot: true',
    },
  ])('unknown: $name (the image decides)', ({ pod, c, evidence }) => {
    expect(run(pod, c)).toStrictEqual([
      {
        check: 'run-as-non-root',
        outcome: 'unknown',
        stage: 'container-config',
        reason: 'RunAsNonRoot',
        message: `container "web" has runAsNonRoot and no runAsUser: it starts only if image "${IMAGE}" runs as a numeric non-root USER; else the kubelet reports "container has runAsNonRoot and image will run as root"`,
        evidence: [{ source: 'spec', text: evidence }],
        nextSteps: [
          `docker pull ${IMAGE} && docker image inspect ${IMAGE} --format '{{.Config.User}}'`,
          'set containers[0].securityContext.runAsUser to a non-zero uid',
        ],
        container: { name: 'web', type: 'app' },
      },
    ]);
  });

  it.each([
    { name: 'no security context', pod: undefined, c: undefined },
    { name: 'runAsUser 0 without runAsNonRoot', pod: { runAsUser: 0 }, c: undefined },
    { name: 'runAsNonRoot false', pod: { runAsNonRoot: false }, c: { runAsUser: 0 } },
    {
      name: 'container runAsNonRoot false overrides pod true',
      pod: { runAsNonRoot: true, runAsUser: 0 },
      c: { runAsNonRoot: false },
    },
    { name: 'runAsNonRoot with runAsUser 1000', pod: { runAsNonRoot: true, runAsUser: 1000 }, c: undefined },
    {
      name: 'runAsNonRoot with runAsUser 1 (the smallest non-root uid)',
      pod: { runAsNonRoot: true },
      c: { runAsUser: 1 },
    },
    {
      name: 'container runAsUser 1000 overrides pod runAsUser 0',
      pod: { runAsNonRoot: true, runAsUser: 0 },
      c: { runAsUser: 1000 },
    },
  ])('no finding: $name', ({ pod, c }) => {
    expect(run(pod, c)).toStrictEqual([]);
  });

  it('checks init containers too, each with its own field path', () => {
    const findings = checkRunAsNonRoot(
      ctx({
        securityContext: { runAsNonRoot: true, runAsUser: 1000 },
        initContainers: [container('setup', { securityContext: { runAsUser: 0 } })],
        containers: [container('web'), container('debug', { securityContext: { runAsUser: 0 } })],
      }),
    );
    expect(findings.map((f) => [f.outcome, f.container, f.evidence.map((e) => e.text)])).toStrictEqual([
      [
        'fail',
        { name: 'setup', type: 'init' },
        ['securityContext.runAsNonRoot: true', 'initContainers[0].securityContext.runAsUser: 0'],
      ],
      [
        'fail',
        { name: 'debug', type: 'app' },
        ['securityContext.runAsNonRoot: true', 'containers[1].securityContext.runAsUser: 0'],
      ],
    ]);
  });
});
