import type { Container, Evidence } from '../../model/index.js';
import { crashCases } from './analyse.js';
import { crashFinding } from './crash-finding.js';
import { kubectl } from '../shared/kubectl.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'crash/oom-killed',
  stage: 'crash',
  target: 'pod',
  title: 'Container killed for running out of memory (OOMKilled)',
  description:
    'An app container was killed by the kernel OOM killer: state or lastState terminated with reason OOMKilled ' +
    '(usually exit code 137). States the memory limit and request from the container spec when the spec is in the evidence.',
  reasons: ['OOMKilled'],
  graceSeconds: 0,
  needs: ['pods'],
  messages: {
    oomKilled:
      'Container {{container}} was killed for running out of memory (OOMKilled, exit code {{exitCode}}; {{restarts}} restarts).',
    oomKilledResources:
      'Container {{container}} was killed for running out of memory (OOMKilled, exit code {{exitCode}}; {{restarts}} restarts): memory {{memory}}.',
    oomKilledNoLimit:
      'Container {{container}} was killed for running out of memory (OOMKilled, exit code {{exitCode}}; {{restarts}} restarts) and sets no memory limit: the node or the pod as a whole ran out of memory.',
  },
  docs: 'docs/rules/crash/oom-killed.md',
} as const;

/** "limit 256Mi, request 128Mi" from the spec; undefined when it sets neither. */
function memoryText(spec: Container | undefined): string | undefined {
  const limit = spec?.resources?.limits?.['memory'];
  const request = spec?.resources?.requests?.['memory'];
  if (limit === undefined && request === undefined) return undefined;
  return `${limit === undefined ? 'no limit' : `limit ${limit}`}, ${request === undefined ? 'no request' : `request ${request}`}`;
}

export const rule = {
  meta,
  evaluate(ctx) {
    const { name, namespace } = ctx.pod.metadata;
    return crashCases(ctx)
      .filter((c) => c.reason === 'OOMKilled')
      .map((c) => {
        const memory = memoryText(c.spec);
        const limit = c.spec?.resources?.limits?.['memory'];
        const specLine: Evidence[] =
          memory === undefined
            ? []
            : [
                {
                  source: 'spec',
                  text: `spec.containers[${c.container?.name ?? ''}].resources memory: ${memory}`,
                },
              ];
        return crashFinding(meta, ctx, c, {
          reason: 'OOMKilled',
          messageId:
            memory !== undefined
              ? 'oomKilledResources'
              : c.spec !== undefined
                ? 'oomKilledNoLimit'
                : 'oomKilled',
          ...(memory === undefined ? {} : { data: { memory } }),
          evidence: specLine,
          steps: [
            kubectl.raw(`top pod ${kubectl.quote(name)}${kubectl.nsFlag(namespace)} --containers`),
            limit === undefined
              ? "Set a memory request and limit above the container's peak use, or lower its memory use; without a limit the kernel kills it when the node runs short."
              : `Raise the memory limit (now ${limit}) above the container's peak use, or lower its memory use (e.g. keep a JVM or Node.js heap below the limit).`,
          ],
        });
      });
  },
} satisfies Rule<'pod'>;
