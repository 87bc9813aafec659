/**
 * Partial Pods built from a line: a pod status message or bare status.reason word, and a
 * container state reason with its message (`ErrImagePull: rpc error: ...`, as jsonpath and
 * custom columns print `state.waiting`).
 */
import { TERMINATED_REASONS, WAITING_REASONS } from '../common/container-reasons.js';
import { UNNAMED_CONTAINER, UNNAMED_POD, type PastedObject } from '../common/types.js';
import { unnamedName } from '../../../model/index.js';

/** A partial Pod for a pod status message or a bare status word; `name` when the row gives one. */
export function statusPod(
  reason: string,
  message: string | undefined,
  line: number,
  name?: string,
): PastedObject {
  const lost =
    reason === 'NodeLost' && message !== undefined
      ? /^Node (\S+) which was running pod (\S+) is/.exec(message)
      : null;
  const podName = lost?.[2] ?? name ?? UNNAMED_POD;
  return {
    raw: {
      kind: 'Pod',
      metadata: { name: podName },
      ...(lost?.[1] === undefined ? {} : { spec: { nodeName: lost[1] } }),
      status: {
        ...(reason === 'NodeLost' ? {} : { phase: 'Failed' }),
        reason,
        ...(message === undefined ? {} : { message }),
      },
    },
    line,
    ...(lost === null && name === undefined ? { inferredName: 'the text names no pod' } : {}),
  };
}

/** `[Init:]Reason: message` where Reason is a container state reason (kubernetes-facts.md §1). */
const STATE_PAIR = /^(Init:)?([A-Z][A-Za-z]+):\s+(\S.*)$/;

/** The partial Pod for a container state reason and its message, or undefined when the text is none. */
export function containerStatePod(text: string, line: number): PastedObject | undefined {
  const m = STATE_PAIR.exec(text);
  const reason = m?.[2];
  const message = m?.[3];
  if (reason === undefined || message === undefined) return undefined;
  const waiting = WAITING_REASONS.has(reason);
  // "Error: ..." and "Completed: ..." are everyone's words, not only the runtime's reasons.
  if (!waiting && (!TERMINATED_REASONS.has(reason) || reason === 'Error' || reason === 'Completed'))
    return undefined;
  const state = waiting ? { waiting: { reason, message } } : { terminated: { reason, message } };
  const container = { name: UNNAMED_CONTAINER, ready: false, state };
  const init = m?.[1] !== undefined;
  return {
    raw: {
      kind: 'Pod',
      metadata: { name: UNNAMED_POD },
      status: init
        ? { conditions: [{ type: 'Initialized', status: 'False' }], initContainerStatuses: [container] }
        : { containerStatuses: [container] },
    },
    line,
    inferredName: 'the text names no pod',
  };
}

/**
 * Waiting messages the kubelet writes with a waiting reason of their own, which tell the reason
 * without it (image_manager.go: `image pull failed for %s because the registry is unavailable%s`,
 * `... because the signature validation failed%s`).
 */
const WAITING_MESSAGE =
  /image pull failed for \S+ because the (registry is unavailable|signature validation failed)/;
const WAITING_REASON: Readonly<Record<string, string>> = {
  'registry is unavailable': 'RegistryUnavailable',
  'signature validation failed': 'SignatureValidationFailed',
};

/** The partial Pod for a waiting message that names its reason in words, wherever it stands in the line. */
export function waitingMessagePod(text: string, line: number): PastedObject | undefined {
  const m = WAITING_MESSAGE.exec(text);
  const reason = m?.[1] === undefined ? undefined : WAITING_REASON[m[1]];
  if (m === null || reason === undefined) return undefined;
  const message = text.slice(m.index).trim();
  const container = { name: UNNAMED_CONTAINER, state: { waiting: { reason, message } } };
  return {
    raw: { kind: 'Pod', metadata: { name: UNNAMED_POD }, status: { containerStatuses: [container] } },
    line,
    inferredName: 'the text names no pod',
  };
}

/**
 * The kubelet's answer to `kubectl logs` for a container that has not started (kubelet_pods.go
 * validateContainerLogStatus): `container "app" in pod "web-1" is waiting to start: <reason>`,
 * where ErrImagePull and ImagePullBackOff are said in words.
 */
const WAITING_TO_START = /container "([^"]+)" in pod "([^"]+)" is waiting to start: ([^"\n]+?)[\s"'`).,]*$/;
const WAITING_WORDS: Readonly<Record<string, string>> = {
  "image can't be pulled": 'ErrImagePull',
  'trying and failing to pull image': 'ImagePullBackOff',
};

/** A waiting reason, also when a paste cut its end off ("CreateContainerConfigErro"): the one known reason it begins. */
function knownWaitingReason(word: string): string | undefined {
  if (WAITING_REASONS.has(word)) return word;
  if (word.length < 6) return undefined;
  const completions = [...WAITING_REASONS].filter((r) => r.startsWith(word));
  return completions.length === 1 ? completions[0] : undefined;
}

/** The pod and container state a "waiting to start" answer gives, or undefined. */
export function waitingToStartPod(text: string, line: number): PastedObject | undefined {
  const m = WAITING_TO_START.exec(text);
  const [, container, pod, said] = m ?? [];
  if (container === undefined || pod === undefined || said === undefined) return undefined;
  const reason = WAITING_WORDS[said] ?? knownWaitingReason(said);
  if (reason === undefined) return undefined;
  const pending = reason === 'PodInitializing' || reason === 'ContainerCreating';
  return {
    raw: {
      kind: 'Pod',
      metadata: { name: pod },
      status: {
        ...(pending ? { phase: 'Pending' } : {}),
        ...(reason === 'PodInitializing' ? { conditions: [{ type: 'Initialized', status: 'False' }] } : {}),
        containerStatuses: [{ name: container, ready: false, state: { waiting: { reason } } }],
      },
    },
    line,
  };
}

/**
 * kubectl's note when it picks a pod's container itself (`kubectl logs`, `exec`, `attach`;
 * pkg/cmd/util/podcmd): `Defaulted container "app" out of: app, sidecar, setup (init), dbg (ephem)`.
 * The list is the pod's spec: app containers bare, init containers marked `(init)`.
 */
const DEFAULTED = /(?<![\w-])Defaulted container "([^"\s]+)" out of: ([^"\n]*[^"\s.,])/;
const LISTED = /^([a-z0-9][-a-z0-9]*)(?: \((init|ephem)\))?$/;

/** The containers of a pod that kubectl's "Defaulted container" note lists, by kind; undefined when the line has none. */
export function defaultedContainers(
  text: string,
): { readonly app: readonly string[]; readonly init: readonly string[] } | undefined {
  const m = DEFAULTED.exec(text);
  if (m === null) return undefined;
  const app: string[] = [];
  const init: string[] = [];
  for (const item of (m[2] ?? '').split(', ')) {
    const c = LISTED.exec(item.trim());
    if (c === null) return undefined;
    if (c[2] === undefined) app.push(c[1] ?? '');
    else if (c[2] === 'init') init.push(c[1] ?? '');
  }
  return app.includes(m[1] ?? '') ? { app, init } : undefined;
}

/**
 * The pod whose containers a "Defaulted container" note lists: `name` when a command named it,
 * else the pod a "waiting to start" answer in the next lines names for the same container.
 */
export function defaultedPod(
  lines: readonly string[],
  start: number,
  name?: string,
): PastedObject | undefined {
  const text = lines[start] ?? '';
  const listed = defaultedContainers(text);
  if (listed === undefined) return undefined;
  const picked = DEFAULTED.exec(text)?.[1];
  const answer = lines
    .slice(start, start + 3)
    .map((l) => WAITING_TO_START.exec(l))
    .find((w) => w !== null && w[1] === picked);
  const pod = name ?? answer?.[2];
  return {
    raw: {
      kind: 'Pod',
      metadata: { name: pod ?? UNNAMED_POD },
      spec: {
        containers: listed.app.map((c) => ({ name: c })),
        ...(listed.init.length > 0 ? { initContainers: listed.init.map((c) => ({ name: c })) } : {}),
      },
    },
    line: start + 1,
    ...(pod === undefined ? { inferredName: 'the text names no pod' } : {}),
  };
}

/** kubectl port-forward's refusal (pkg/cmd/portforward: "... Current status=%v", the pod's phase). */
const PORT_FORWARD_NOT_RUNNING =
  /(?<![\w-])unable to forward port because pod is not running\. Current status=(Pending|Succeeded|Failed|Unknown)\b/;

/** The pod `kubectl port-forward` found not Running, in the phase it printed; unnamed (the command names it). */
export function portForwardPod(text: string, line: number): PastedObject | undefined {
  const phase = PORT_FORWARD_NOT_RUNNING.exec(text)?.[1];
  if (phase === undefined) return undefined;
  return {
    raw: { kind: 'Pod', metadata: { name: UNNAMED_POD }, status: { phase } },
    line,
    inferredName: 'kubectl port-forward names no pod in its error',
  };
}

/**
 * The messages the kubelet writes into a pod's conditions (pkg/kubelet/status/generate.go), found
 * anywhere in a line: each says which condition is False and why.
 */
const CONDITION_MESSAGES: readonly { readonly re: RegExp; readonly type: string; readonly reason: string }[] =
  [
    {
      re: /(?<![\w-])(?:corresponding condition of pod readiness gate "[^"\s]{1,316}" does not exist\.?|the status of pod readiness gate "[^"\s]{1,316}" is not "True", but \w+)/,
      type: 'Ready',
      reason: 'ReadinessGatesNotReady',
    },
    {
      re: /(?<![\w-])containers with unready status: \[[^\]\n]*\]/,
      type: 'Ready',
      reason: 'ContainersNotReady',
    },
    {
      re: /(?<![\w-])containers with incomplete status: \[[^\]\n]*\]/,
      type: 'Initialized',
      reason: 'ContainersNotInitialized',
    },
  ];

/**
 * An unnamed pod whose condition a kubelet condition message in the line states (`containers with
 * unready status: [app]`, `corresponding condition of pod readiness gate "x" does not exist.`),
 * or undefined when the line has none.
 */
export function conditionMessagePod(text: string, line: number): PastedObject | undefined {
  for (const c of CONDITION_MESSAGES) {
    const m = c.re.exec(text);
    if (m === null) continue;
    return {
      raw: {
        kind: 'Pod',
        metadata: { name: UNNAMED_POD },
        status: { conditions: [{ type: c.type, status: 'False', reason: c.reason, message: m[0] }] },
      },
      line,
      inferredName: 'the line names no pod',
    };
  }
  return undefined;
}

/**
 * The kubelet's own word that its node is unhealthy, anywhere in a line: `PLEG is not healthy: pleg
 * was last seen active 2h33m12s ago; threshold is 3m0s` (or `pleg has yet to be successful`), which
 * it also puts in the node's Ready=False condition (KubeletNotReady). A syslog prefix
 * (`Apr 13 10:53:52 ip-10-42-10-121 kubelet[3263]:`) names the node.
 */
const PLEG_UNHEALTHY =
  /PLEG is not healthy: pleg (?:was last seen active [\w.]+ ago; threshold is [\w.]+|has yet to be successful)/;
const SYSLOG_HOST =
  /^\S+\s+\d{1,2} \d{2}:\d{2}:\d{2} (\S+) [\w.-]*(?:kubelet|kubelite|k3s)[\w.-]*(?:\[\d+\])?:/;

export function unhealthyKubeletNode(line: string, lineNo: number): PastedObject | undefined {
  const m = PLEG_UNHEALTHY.exec(line);
  if (m === null) return undefined;
  const host = SYSLOG_HOST.exec(line.trimStart())?.[1];
  return {
    raw: {
      kind: 'Node',
      metadata: { name: host ?? unnamedName('Node') },
      status: {
        conditions: [{ type: 'Ready', status: 'False', reason: 'KubeletNotReady', message: m[0] }],
      },
    },
    line: lineNo,
    ...(host === undefined ? { inferredName: 'the line names no node' } : {}),
  };
}
