/**
 * Stages `liveness` and `readiness`: a probe that names its port (httpGet, tcpSocket, grpc) must
 * name one the container declares in `ports[].name`, else the kubelet cannot resolve it and the
 * probe fails every time: a liveness or startup probe restarts the container, a readiness probe
 * keeps the pod unready. A port number, or a number written as a string, needs no declaration.
 * Also warns when a liveness probe without a startup probe gives the app under 30 s to answer.
 */
import type { ReasonCode, StageId } from '../../model/index.js';
import type { CheckContext, CheckFinding } from '../types.js';
import { arrayOf, containersOf, finding, specOf, type ProbeSpec, type TemplateContainer } from './common.js';

export const CHECK_ID = 'probe-ports';

const PROBES = [
  { field: 'startupProbe', word: 'startup', stage: 'liveness', reason: 'StartupProbeFailed' },
  { field: 'livenessProbe', word: 'liveness', stage: 'liveness', reason: 'LivenessProbeFailed' },
  { field: 'readinessProbe', word: 'readiness', stage: 'readiness', reason: 'ReadinessProbeFailed' },
] as const satisfies readonly { field: string; word: string; stage: StageId; reason: ReasonCode }[];

const HANDLERS = ['httpGet', 'tcpSocket', 'grpc'] as const;

/** Kubernetes' defaults for a probe's timing. */
export const PROBE_DEFAULTS = { initialDelaySeconds: 0, failureThreshold: 3, periodSeconds: 10 } as const;
/** Under this many seconds from start to restart, a liveness probe without a startup probe warns. */
export const LIVENESS_BUDGET_SECONDS = 30;

function declaredPorts(c: TemplateContainer): string {
  const ports = arrayOf(c.container.ports);
  if (ports.length === 0) return `${c.path}.ports: none`;
  const each = ports.map((p) => `${p.containerPort ?? '?'}${p.name === undefined ? '' : ` (${p.name})`}`);
  return `${c.path}.ports: ${each.join(', ')}`;
}

function portFindings(c: TemplateContainer): CheckFinding[] {
  const names = new Set<string | undefined>(arrayOf(c.container.ports).map((p) => p.name));
  const out: CheckFinding[] = [];
  for (const probe of PROBES) {
    const spec = c.container[probe.field];
    if (spec === undefined) continue;
    for (const handler of HANDLERS) {
      const port = spec[handler]?.port;
      if (typeof port !== 'string' || /^\d+$/.test(port) || names.has(port)) continue;
      out.push(
        finding(CHECK_ID, {
          outcome: 'fail',
          stage: probe.stage,
          reason: probe.reason,
          message: `the ${probe.word} probe names port "${port}", which container "${c.name}" does not declare`,
          evidence: [
            { source: 'spec', text: `${c.path}.${probe.field}.${handler}.port: ${port}` },
            { source: 'spec', text: declaredPorts(c) },
          ],
          nextSteps: [
            `declare a port named "${port}" in ${c.path}.ports, or set ${c.path}.${probe.field}.${handler}.port to the port number`,
          ],
          container: c,
        }),
      );
    }
  }
  return out;
}

const num = (v: unknown, fallback: number): number => (typeof v === 'number' ? v : fallback);

function timingFindings(c: TemplateContainer): CheckFinding[] {
  const live: ProbeSpec | undefined = c.container.livenessProbe;
  if (live === undefined || c.container.startupProbe !== undefined) return [];
  const delay = num(live.initialDelaySeconds, PROBE_DEFAULTS.initialDelaySeconds);
  const threshold = num(live.failureThreshold, PROBE_DEFAULTS.failureThreshold);
  const period = num(live.periodSeconds, PROBE_DEFAULTS.periodSeconds);
  const budget = delay + threshold * period;
  if (budget >= LIVENESS_BUDGET_SECONDS) return [];
  return [
    finding(CHECK_ID, {
      outcome: 'warn',
      stage: 'liveness',
      reason: 'LivenessProbeFailed',
      message: `container "${c.name}" must answer its liveness probe within ${budget} s of starting (initialDelaySeconds ${delay} + failureThreshold ${threshold} × periodSeconds ${period}) or be restarted, and it has no startup probe`,
      evidence: [
        {
          source: 'spec',
          text: `${c.path}.livenessProbe: initialDelaySeconds ${delay}, failureThreshold ${threshold}, periodSeconds ${period}`,
        },
      ],
      nextSteps: [
        `add a startupProbe to ${c.path} whose failureThreshold × periodSeconds covers the slowest start, or raise ${c.path}.livenessProbe.initialDelaySeconds`,
      ],
      container: c,
    }),
  ];
}

export function checkProbePorts(ctx: CheckContext): readonly CheckFinding[] {
  return containersOf(specOf(ctx.target)).flatMap((c) => [...portFindings(c), ...timingFindings(c)]);
}
