import type {
  ContainerRef,
  ContainerStateTerminated,
  EventRecord,
  Evidence,
  Finding,
  LogTail,
} from '../../model/index.js';
import { UNNAMED_CONTAINER } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import { describePod, hasState, shorten, stateEvidence } from '../shared/container-evidence.js';
import { initContainerEntries, isSidecar } from '../shared/containers.js';
import { eventContainer, eventEvidence, newest } from '../shared/events.js';
import { finding } from '../shared/finding.js';
import {
  awaitingInit,
  INIT_STUCK_GRACE_SECONDS,
  initializedEvidence,
  logTail,
  runningSince,
} from './analyse.js';
import { initLogEnd, statelessInitLogs } from './init-log.js';
import { kubectl } from '../shared/kubectl.js';
import { execFailureAfterStart, startFailureOf } from '../shared/start-failure.js';
import { syncErrors } from '../shared/sync-error.js';
import type { PodContext, Rule } from '../types.js';

const meta = {
  id: 'init-containers/init-failed',
  stage: 'init-containers',
  target: 'pod',
  title: 'Init container exits with an error',
  description:
    'An init container ran and exited non-zero (Init:Error), or keeps failing and the kubelet backs off its restarts ' +
    '(Init:CrashLoopBackOff), so the app containers never start. Quotes the exit code, termination message and last log ' +
    'lines. Sidecar init containers (restartPolicy: Always) count only when they crash-loop. Image pull, config and ' +
    'start errors of init containers belong to their own stages.',
  reasons: ['InitContainerFailed', 'InitContainerCrashLoop'],
  graceSeconds: 0,
  needs: ['pods', 'events', 'logs'],
  messages: {
    failed:
      'Init container {{container}} exited with {{exit}}, so the app containers never start: {{detail}}',
    crashLoop:
      'Init container {{container}} keeps failing ({{exit}}, {{restarts}} restarts), so the app containers never start: {{detail}}',
    crashLoopEvents:
      'Init container {{container}} keeps failing and the kubelet is backing off its restarts, so the app containers never start.',
    failedEvents:
      'Init container {{container}} exited with {{exit}} (the kubelet reports it in its events), so the app containers never start.',
    failedLog:
      'Init container {{container}} ends its log with an error, so the app containers never start: {{detail}} (its state is not in the evidence).',
    sidecarCrashLoop:
      'Sidecar init container {{container}} keeps crashing ({{exit}}, {{restarts}} restarts): {{detail}}',
  },
  docs: 'docs/rules/init-containers/init-failed.md',
} as const;

type MessageId = keyof typeof meta.messages;

function exitText(t: ContainerStateTerminated | undefined): string {
  if (t === undefined) return 'an unknown exit code';
  const code = t.signal ? `signal ${t.signal}` : `exit code ${t.exitCode ?? 'unknown'}`;
  return t.reason ? `${code} (${t.reason})` : code;
}

const BACK_OFF = /^\s*Back-off restarting failed container:? ?"?([^\s"]+)/i;
const INIT_EXIT = /exited with (?:code )?(-?\d+)/;

/** What the events say about one init container: the events, whether the kubelet backs off, an exit code. */
interface InitEvents {
  readonly events: EventRecord[];
  looping: boolean;
  exitCode: number | undefined;
}

/**
 * Failure events of init containers, per container: restart back-offs (fieldPath, else the name
 * the message gives), and the kubelet's sync errors of `FailedSync` events (kubelets before 1.13:
 * `failed to "InitContainer" for "x" with RunInitContainerError: "init container \"x\" exited
 * with 1"`, with `failed to "StartContainer" for "x" with CrashLoopBackOff` once it backs off).
 */
function initFailureEvents(
  events: readonly EventRecord[],
  initNames: ReadonlySet<string>,
): Map<string, InitEvents> {
  const out = new Map<string, InitEvents>();
  const add = (name: string, e: EventRecord, looping: boolean, exitCode?: number): void => {
    const seen = out.get(name) ?? { events: [], looping: false, exitCode: undefined };
    if (!seen.events.includes(e)) seen.events.push(e);
    seen.looping ||= looping;
    seen.exitCode ??= exitCode;
    out.set(name, seen);
  };
  for (const e of events) {
    if (e.reason === 'FailedSync') {
      const results = syncErrors(e);
      const init = new Set([
        ...initNames,
        ...results.filter((r) => r.code === 'RunInitContainerError').map((r) => r.target),
      ]);
      for (const r of results) {
        if (r.code === 'RunInitContainerError') {
          const code = INIT_EXIT.exec(r.message)?.[1];
          add(r.target, e, false, code === undefined ? undefined : Number(code));
        } else if (r.code === 'CrashLoopBackOff' && init.has(r.target)) add(r.target, e, true);
      }
      continue;
    }
    if (e.reason !== 'BackOff') continue;
    const named = BACK_OFF.exec(e.message)?.[1];
    if (named === undefined) continue;
    const ref = eventContainer(e);
    const name =
      ref === undefined
        ? initNames.has(named)
          ? named
          : undefined
        : ref.type === 'init'
          ? ref.name
          : undefined;
    if (name !== undefined) add(name, e, true);
  }
  return out;
}

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    if (!awaitingInit(pod)) return [];
    const entries = initContainerEntries(pod);
    const failures = initFailureEvents(ctx.events, new Set(entries.map((e) => e.ref.name)));
    const condition = initializedEvidence(pod);
    const out: Finding[] = [];
    for (const entry of entries) {
      const status = entry.status;
      const ref = entry.ref;
      const seen = failures.get(ref.name);
      const back = newest(seen?.events ?? []);
      failures.delete(ref.name);
      let id: MessageId;
      let term: ContainerStateTerminated | undefined;
      const evidence: Evidence[] = [];
      if (hasState(status)) {
        // The runtime could not start the process (also when runc's exec failed after the start
        // and only its exit says so): container-start, not an init container that failed.
        if (
          startFailureOf(status) !== undefined ||
          execFailureAfterStart(status, ctx.logs, ref.name) !== undefined
        )
          continue;
        const s = status.state;
        const last = status.lastState?.terminated;
        const sidecar = isSidecar(entry);
        if (s.waiting?.reason === 'CrashLoopBackOff') {
          id = sidecar ? 'sidecarCrashLoop' : 'crashLoop';
          term = last;
          evidence.push(stateEvidence(ref, 'state.waiting', 'CrashLoopBackOff', s.waiting.message));
          if (last !== undefined)
            evidence.push(stateEvidence(ref, 'lastState.terminated', exitText(last), last.message));
        } else if (sidecar) {
          continue;
        } else if (s.terminated !== undefined && s.terminated.exitCode !== 0) {
          id = status.restartCount > 0 ? 'crashLoop' : 'failed';
          term = s.terminated;
          evidence.push(stateEvidence(ref, 'state.terminated', exitText(term), term.message));
        } else if (
          s.running !== undefined &&
          status.restartCount > 0 &&
          (last === undefined || last.exitCode !== 0) &&
          now - (runningSince(pod, s.running.startedAt, status.restartCount) ?? now) <
            INIT_STUCK_GRACE_SECONDS * 1000
        ) {
          // Between back-offs the retry runs briefly; the last run failed (a run-to-completion init
          // container is restarted only when it fails). Past the grace it is init-stuck's.
          id = 'crashLoop';
          term = last;
          evidence.push(
            last === undefined
              ? stateEvidence(
                  ref,
                  'state.running',
                  `restarted ${status.restartCount} time(s), running again`,
                  undefined,
                )
              : stateEvidence(ref, 'lastState.terminated', exitText(last), last.message),
          );
        } else continue;
      } else if (seen !== undefined && back !== undefined) {
        id = seen.looping ? 'crashLoopEvents' : 'failedEvents';
        term = exitedWith(seen.exitCode);
      } else continue;
      if (back !== undefined) evidence.push(eventEvidence(back, now));
      if (condition !== undefined) evidence.push(condition);
      out.push(report(ctx, ref, id, term, status?.restartCount ?? 0, evidence, back));
    }
    // Failures of init containers the pod object does not list (events-only evidence).
    for (const [name, seen] of failures) {
      const back = newest(seen.events);
      if (back === undefined) continue;
      out.push(
        report(
          ctx,
          { name, type: 'init' },
          seen.looping ? 'crashLoopEvents' : 'failedEvents',
          exitedWith(seen.exitCode),
          0,
          [eventEvidence(back, now)],
          back,
        ),
      );
    }
    if (out.length > 0) return out;
    // No state and no event of any init container: a log that ends in an error is all there is.
    return statelessInitLogs(pod, ctx.logs)
      .filter((l) => initLogEnd(l.lines) === 'error')
      .map((l) => {
        const ref: ContainerRef = { name: l.container || UNNAMED_CONTAINER, type: 'init' };
        return report(
          ctx,
          ref,
          'failedLog',
          undefined,
          0,
          condition === undefined ? [] : [condition],
          undefined,
          l,
        );
      });
  },
} satisfies Rule<'pod'>;

/** The exit an event reported, as a terminated state; undefined when it gave none. */
function exitedWith(exitCode: number | undefined): ContainerStateTerminated | undefined {
  return exitCode === undefined ? undefined : { exitCode };
}

function report(
  ctx: PodContext,
  ref: ContainerRef,
  id: MessageId,
  term: ContainerStateTerminated | undefined,
  restarts: number,
  evidence: Evidence[],
  back: EventRecord | undefined,
  only?: LogTail,
): Finding {
  const { pod } = ctx;
  const looping = id !== 'failed' && id !== 'failedEvents' && id !== 'failedLog';
  const log = logTail(only === undefined ? ctx.logs : [{ ...only, container: ref.name }], ref, looping);
  const detail =
    shorten(term?.message ?? '', 200) || log.last || 'no termination message or log in the evidence';
  // A failed run under restartPolicy Never is final, whether the status or only the events show it.
  const never = pod.spec.restartPolicy === 'Never' && !looping;
  return finding(meta, {
    reason: looping ? 'InitContainerCrashLoop' : 'InitContainerFailed',
    messageId: id,
    data: {
      container: ref.name,
      exit: exitText(term),
      exitCode: term?.exitCode ?? 'unknown',
      restarts,
      detail,
    },
    // Events and a log are history once the pod is initialized; a log alone does not say how long ago.
    basis: id === 'crashLoopEvents' || id === 'failedEvents' || id === 'failedLog' ? 'events' : 'state',
    ...(id === 'failedLog' ? { confidence: 'low' as const } : {}),
    container: ref,
    evidence: [...evidence, ...log.evidence],
    at: Math.max(parseTime(term?.finishedAt) ?? 0, back?.last ?? back?.first ?? 0) || undefined,
    nextSteps: [
      kubectl.logs(pod.metadata.name, pod.metadata.namespace, ref.name, looping),
      describePod(pod),
      never
        ? 'Fix what the init container needs (its log says why it exits non-zero); with restartPolicy Never the pod will not retry, so recreate it afterwards.'
        : 'Fix what the init container needs (its log says why it exits non-zero); the kubelet reruns it on its own.',
    ],
  });
}
