/**
 * The reader of last resort for text whose only Kubernetes content is component log lines that no
 * message shape names a failure in (klog's `I1022 16:14:57.804664 4363 manager.go:1413] ...`, or
 * its `file.go:123] ...` tail): the text is not refused, it is evidence of the pod the lines name
 * (klog's `pod="ns/name"`, `pods=["ns/name"]`, the kubelet's `name_ns(uid)`), else of an unnamed
 * pod, whose state it does not tell. The report says so, and the next step is to look at the pod.
 */
import { UNNAMED_POD, type PastedObject } from './common/types.js';

/** klog's header (severity, date, time, thread, file:line), or the `file.go:line] ` that ends it. */
const KLOG = /(?:^|[\s"'`])(?:[IWEF]\d{4} \d\d:\d\d:\d\d\.\d{6}\s+\d+ )?([a-z][\w.-]*\.go):\d+\] \S/;

const DNS = '[a-z0-9](?:[-a-z0-9.]{0,251}[a-z0-9])?';
/** How a kubelet line names a pod: structured `pod="ns/name"`, `pods=["ns/name"]`, or `name_ns(uid)`. */
const POD_NAMED: readonly RegExp[] = [
  new RegExp(`\\bpods?=\\[?\\\\?"(${DNS})/(${DNS})\\\\?"`),
  new RegExp(`(?<![\\w.-])(${DNS})_(${DNS})\\([0-9a-f-]{6,}\\)`),
];

function podNamed(line: string): { name: string; namespace: string } | undefined {
  const [structured, legacy] = POD_NAMED;
  const s = structured?.exec(line);
  if (s?.[1] !== undefined && s[2] !== undefined) return { namespace: s[1], name: s[2] };
  const l = legacy?.exec(line);
  if (l?.[1] !== undefined && l[2] !== undefined) return { name: l[1], namespace: l[2] };
  return undefined;
}

/** The pod component log lines are about, when the text holds such lines; undefined otherwise. */
export function componentLogPod(lines: readonly string[]): PastedObject | undefined {
  let first: { line: number; file: string } | undefined;
  let pod: { name: string; namespace: string } | undefined;
  lines.forEach((line, i) => {
    const m = KLOG.exec(line);
    if (m?.[1] === undefined) return;
    first ??= { line: i + 1, file: m[1] };
    pod ??= podNamed(line);
  });
  if (first === undefined) return undefined;
  const said = `the text holds no kubectl output, only Kubernetes component log lines (${first.file}) that name no failure kube-handoff knows`;
  if (pod === undefined)
    return {
      raw: { kind: 'Pod', metadata: { name: UNNAMED_POD } },
      line: first.line,
      inferredName: `${said}, and no pod`,
    };
  return {
    raw: { kind: 'Pod', metadata: { name: pod.name, namespace: pod.namespace } },
    line: first.line,
    inferredName: `${said}; the pod is the one they name`,
  };
}
