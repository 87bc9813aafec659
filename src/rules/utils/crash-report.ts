/** Message data and commands shared by the crash rules. */
import type { PodContext } from '../types.js';
import type { CrashCase } from './crash-cases.js';
import { kubectl } from './kubectl.js';

/** Data every crash message can use. */
export function crashData(c: CrashCase): Record<string, string | number> {
  return {
    container: c.container?.name ?? '',
    restarts: c.restarts,
    exitCode: c.exitCode ?? 'unknown',
    exitReason: c.termination?.reason || 'no reason given',
    restartPolicy: c.restartPolicy,
  };
}

/** The commands that show a crash: previous logs and the pod's description. */
export function crashCommands(ctx: PodContext, c: CrashCase): string[] {
  const { name, namespace } = ctx.pod.metadata;
  const logs =
    c.container === undefined
      ? kubectl.raw(`logs ${kubectl.quote(name)}${kubectl.nsFlag(namespace)} --previous`)
      : kubectl.logs(name, namespace, c.container.name, true);
  return [logs, kubectl.describe('pod', name, namespace)];
}
