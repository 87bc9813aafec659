import type {
  ContainerStatus,
  Diagnosis,
  DiagnosisReport,
  EventRecord,
  LogTail,
  Pod,
} from '../../model/index.js';
import type { TuiData } from '../feed.js';

/** The evidence about one pod that the detail and timeline read beside its diagnosis. */
export interface PodFacts {
  readonly pod: Pod | undefined;
  /** Events about the pod, oldest first. */
  readonly events: readonly EventRecord[];
  readonly logs: readonly LogTail[];
}

export function podFacts(data: TuiData, d: Diagnosis): PodFacts {
  const snapshot = data.snapshot;
  const t = d.target;
  if (snapshot === undefined || t.kind !== 'Pod') return { pod: undefined, events: [], logs: [] };
  const pod = snapshot.pods.find(
    (p) => p.metadata.name === t.name && (p.metadata.namespace ?? '') === t.namespace,
  );
  const events = snapshot.events
    .filter(
      (e) =>
        e.regarding.kind === 'Pod' &&
        e.regarding.name === t.name &&
        (e.regarding.namespace ?? '') === t.namespace,
    )
    .sort((a, b) => (a.first ?? a.last ?? 0) - (b.first ?? b.last ?? 0));
  const logs = snapshot.logs.filter((l) => l.pod === t.name && l.namespace === t.namespace);
  return { pod, events, logs };
}

/** The report's reference time ("now" for ages and open-ended spans), epoch ms. */
export function referenceMs(report: DiagnosisReport): number {
  return report.referenceTime;
}

export interface ContainerRow {
  readonly type: 'init' | 'app';
  readonly name: string;
  readonly image: string;
  /** "running since 00:00:06", "waiting: CrashLoopBackOff", "terminated: exit 1 (Error)". */
  readonly state: string;
  readonly ready: boolean;
  readonly restarts: number;
  /** The previous instance, when it ended: "terminated: exit 1 (Error)". */
  readonly last: string | undefined;
}

function stateText(status: ContainerStatus['state']): string | undefined {
  if (status?.running !== undefined)
    return `running${status.running.startedAt ? ` since ${status.running.startedAt}` : ''}`;
  if (status?.waiting !== undefined)
    return `waiting${status.waiting.reason ? `: ${status.waiting.reason}` : ''}`;
  const t = status?.terminated;
  if (t !== undefined) {
    const exit = t.exitCode === undefined ? '' : ` exit ${t.exitCode}`;
    return `terminated:${exit}${t.reason ? ` (${t.reason})` : ''}`;
  }
  return undefined;
}

/** Each init and app container of the pod, in spec order, with its reported state. */
export function containerRows(pod: Pod): ContainerRow[] {
  const rows: ContainerRow[] = [];
  const add = (
    type: 'init' | 'app',
    specs: readonly { name: string; image?: string }[],
    statuses: readonly ContainerStatus[],
  ): void => {
    for (const spec of specs) {
      const s = statuses.find((x) => x.name === spec.name);
      rows.push({
        type,
        name: spec.name,
        image: s?.image ?? spec.image ?? '',
        state: stateText(s?.state) ?? 'no status reported',
        ready: s?.ready ?? false,
        restarts: s?.restartCount ?? 0,
        last: stateText(s?.lastState),
      });
    }
  };
  add('init', pod.spec.initContainers ?? [], pod.status.initContainerStatuses ?? []);
  add('app', pod.spec.containers, pod.status.containerStatuses ?? []);
  return rows;
}
