/**
 * Where `handoff preflight` reads the cluster's state: a scenario, a capture bundle, or the live cluster.
 */
import { readSources } from '../../collectors/files/sources.js';
import { bundleStateOfText } from '../../collectors/files/index.js';
import { collectClusterState, type Connection } from '../../collectors/live/index.js';
import type { StateObjects } from '../../collectors/state-objects.js';
import { connectionFor } from '../pipeline/collect.js';
import { serverVersion } from '../commands/capture.js';
import { InputError, UsageError } from '../../errors/index.js';
import type { DiagnosisReport } from '../../model/index.js';
import { stateOfScenario } from '../../preflight/sources.js';
import { STATE_KINDS, type ClusterState, type StateKind } from '../../preflight/types.js';
import { resolveScenario } from '../../simulator/scenario/catalog.js';
import type { KObject } from '../../simulator/world/types.js';
import { type CliIO } from '../io.js';
import type { PreflightOptions } from './options.js';

/** Which cluster the state comes from: a scenario, a bundle, or (by default) the live cluster. */
export type StateSource =
  | { readonly type: 'sim'; readonly scenario: string }
  | { readonly type: 'bundle'; readonly path: string }
  | { readonly type: 'live'; readonly connection: Connection };

export function stateSource(opts: PreflightOptions, io: CliIO): StateSource {
  const live = opts.kubeconfig !== undefined || opts.context !== undefined;
  const named = [opts.sim !== undefined, opts.against !== undefined, live].filter(Boolean).length;
  if (named > 1)
    throw new UsageError(
      '--sim, --against and --kubeconfig/--context each name the cluster to judge against: give one',
      'e.g. handoff preflight -f k8s/ --against cluster.bundle.yaml',
    );
  if (opts.sim !== undefined) return { type: 'sim', scenario: opts.sim };
  if (opts.against !== undefined) return { type: 'bundle', path: opts.against };
  return { type: 'live', connection: connectionFor(opts, io) };
}

/** A collector's state objects as preflight's ClusterState. */
function asState(s: StateObjects, at: number, version: string | undefined): ClusterState {
  const kinds = new Set<string>(STATE_KINDS);
  return {
    objects: s.objects as unknown as KObject[],
    known: new Set(s.known.filter((k): k is StateKind => kinds.has(k))),
    missing: s.missing.filter((m): m is { kind: StateKind; why: string } => kinds.has(m.kind)),
    at,
    ...(version === undefined ? {} : { version }),
  };
}

export async function clusterState(
  from: StateSource,
  namespaces: readonly string[],
  io: CliIO,
): Promise<{ state: ClusterState; source: DiagnosisReport['source'] }> {
  switch (from.type) {
    case 'sim': {
      const scenario = resolveScenario(from.scenario);
      return { state: stateOfScenario(scenario), source: { type: 'simulator', scenario: scenario.name } };
    }
    case 'bundle': {
      const { sources } = await readSources([from.path], io.stdin);
      const text = sources[0];
      if (text === undefined) throw new InputError(from.path, undefined, 'holds no bundle');
      const bundle = bundleStateOfText(text.name, text.text, { namespaces });
      return {
        state: asState(bundle, bundle.at, bundle.serverVersion),
        source: { type: 'file', paths: [from.path] },
      };
    }
    case 'live': {
      const c = from.connection;
      const [objects, version] = await Promise.all([collectClusterState(c, namespaces), serverVersion(c)]);
      return {
        state: asState(objects, io.now(), version),
        source: {
          type: 'live',
          ...(c.context ? { context: c.context } : {}),
          ...(c.server ? { server: c.server } : {}),
        },
      };
    }
  }
}
