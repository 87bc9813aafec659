import type { ContainerRef, ContainerStatus, EventRecord, Evidence } from '../../model/index.js';
import { appContainerEntries } from '../shared/containers.js';
import { containerJsonPath, describePod, shorten, stateEvidence } from '../shared/container-evidence.js';
import { eventContainer, eventEvidence, eventTime, newest } from '../shared/events.js';
import { finding } from '../shared/finding.js';
import { podFinished, podReady } from '../shared/pod-readiness.js';
import type { PodContext, Rule } from '../types.js';
import { hookFailedSince } from '../shared/post-start-hook.js';

const meta = {
  id: 'container-start/hook-failed',
  stage: 'container-start',
  target: 'pod',
  title: 'Container killed because its postStart hook failed',
  description:
    "The kubelet runs a container's lifecycle.postStart handler right after starting it, and kills the container when the " +
    'handler fails (waiting reason PostStartHookError, event FailedPostStartHook "Exec lifecycle hook ([…]) for Container … ' +
    'failed - error: command … exited with N", or "PostStartHook failed" in newer kubelets); the restarts that follow are ' +
    "this start failure, not a crash of the app. Also the kubelet's internal PreStartContainer hook (PreStartHookError). " +
    "A hook failure older than the container's latest start, or on a Ready pod, is history.",
  reasons: ['StartError'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    postStart:
      'The postStart hook of {{subject}} failed, so the kubelet killed the container ({{detail}}); it fails the same way on every restart.',
    preStart: "The kubelet's internal PreStartContainer hook failed for {{subject}} ({{detail}}).",
  },
  docs: 'docs/rules/container-start/hook-failed.md',
} as const;

/** kubelet's handler error: `Exec lifecycle hook ([cmd]) for Container "c" in Pod "p_ns(uid)" failed - error: …, message: "…"`. */
const HOOK_MESSAGE =
  /^(?:Exec|Http|HTTP|Sleep) lifecycle hook \(.*\) for Container "([^"]+)" in Pod "[^"]*" failed - error: (.*)$/s;

interface HookEvent {
  readonly event: EventRecord;
  /** The container the message names. */
  readonly named: string | undefined;
  readonly detail: string;
}

function hookEvent(e: EventRecord): HookEvent | undefined {
  if (e.reason !== 'FailedPostStartHook') return undefined;
  const m = HOOK_MESSAGE.exec(e.message.trim());
  return { event: e, named: m?.[1], detail: shorten((m?.[2] ?? e.message).replace(/\s+/g, ' ').trim()) };
}

function belongsTo(h: HookEvent, ref: ContainerRef, sole: boolean): boolean {
  const c = eventContainer(h.event);
  if (c !== undefined) return c.type === ref.type && c.name === ref.name;
  if (h.named !== undefined) return h.named === ref.name;
  return sole;
}

function startedOf(ctx: PodContext, ref: ContainerRef, sole: boolean): EventRecord | undefined {
  return newest(
    ctx.events.filter((e) => {
      if (e.reason !== 'Started') return false;
      const c = eventContainer(e);
      return c === undefined ? sole || e.message.endsWith(` ${ref.name}`) : c.name === ref.name;
    }),
  );
}

function steps(ctx: PodContext, ref: ContainerRef | undefined): string[] {
  return [
    describePod(ctx.pod),
    containerJsonPath(ctx.pod, ref, 'lifecycle'),
    'Make the postStart handler succeed, or exit 0 when its work may fail: it runs beside the entrypoint, which may not be ready yet, and its failure kills the container. Work that must happen before the app starts belongs in an init container or the entrypoint.',
  ];
}

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    if (podFinished(pod) || podReady(pod)) return [];
    const hooks = ctx.events.flatMap((e) => hookEvent(e) ?? []);
    // Containers the pod lists, and those only the hook events name (a pod known from its events).
    const entries: { ref: ContainerRef; status?: ContainerStatus | undefined }[] = [
      ...appContainerEntries(pod),
    ];
    for (const h of entries.length > 0 ? [] : hooks) {
      const c =
        eventContainer(h.event) ??
        (h.named === undefined ? undefined : { name: h.named, type: 'app' as const });
      if (c !== undefined && c.type === 'app' && !entries.some((e) => e.ref.name === c.name))
        entries.push({ ref: c });
    }
    if (entries.length === 0 && hooks.length > 0) entries.push({ ref: { name: '', type: 'app' } });
    const sole = entries.length <= 1;
    const out = [];
    for (const entry of entries) {
      const { ref, status } = entry;
      const subject = ref.name === '' ? 'a container' : `container ${ref.name}`;
      const container = ref.name === '' ? undefined : ref;
      const waiting = status?.state?.waiting;
      const mine = hooks.filter((h) => belongsTo(h, ref, sole));
      const last = newest(mine.map((h) => h.event));
      const lastHook = mine.find((h) => h.event === last);
      if (waiting?.reason === 'PostStartHookError' || waiting?.reason === 'PreStartHookError') {
        const pre = waiting.reason === 'PreStartHookError';
        const evidence: Evidence[] = [stateEvidence(ref, 'state.waiting', waiting.reason, waiting.message)];
        if (!pre && last !== undefined) evidence.push(eventEvidence(last, now));
        out.push(
          finding(meta, {
            reason: 'StartError',
            messageId: pre ? 'preStart' : 'postStart',
            data: { subject, detail: shorten(waiting.message ?? lastHook?.detail ?? waiting.reason) },
            container: ref,
            evidence,
            nextSteps: steps(ctx, ref),
            reported: true,
            at: last === undefined ? undefined : eventTime(last),
          }),
        );
        continue;
      }
      if (last === undefined || lastHook === undefined) continue;
      // A container running now whose status shows no restart since the hook failed is past it.
      if (status?.state?.running !== undefined && (status.restartCount ?? 0) === 0) continue;
      // The latest run: a start later than the last hook failure had a hook that did not fail (yet).
      const started = startedOf(ctx, ref, sole || ref.name === '');
      if (started !== undefined && !hookFailedSince(eventTime(last), eventTime(started))) continue;
      out.push(
        finding(meta, {
          reason: 'StartError',
          messageId: 'postStart',
          data: { subject, detail: lastHook.detail },
          // A status that shows the container not running now (back-off, terminated) makes it the present.
          ...(status?.state !== undefined && status.state.running === undefined
            ? { basis: 'state' as const, confidence: 'medium' as const }
            : { basis: 'events' as const }),
          container,
          evidence: [eventEvidence(last, now)],
          nextSteps: steps(ctx, container),
          reported: true,
          at: eventTime(last),
        }),
      );
    }
    return out;
  },
} satisfies Rule<'pod'>;
