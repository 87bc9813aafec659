/**
 * A describe `Labels:` block cut out without its object (`Labels:  app=web` and the label lines
 * under it), as people paste a pod's labels beside a Service's selector. It is a pod's when the
 * labels say so: the StatefulSet controller's `statefulset.kubernetes.io/pod-name` names the pod;
 * `pod-template-hash` (Deployment) or `controller-revision-hash` (StatefulSet, DaemonSet) are the
 * labels controllers put on the pods they create, so the pod is one the text does not name. Any
 * other label block is left alone: describe prints one for every kind.
 */
import { UNNAMED_POD, type BlockParser } from '../common/types.js';

const POD_NAME_LABEL = 'statefulset.kubernetes.io/pod-name';
const POD_LABELS = [POD_NAME_LABEL, 'pod-template-hash', 'controller-revision-hash'];

const FIRST = /^(\s*)Labels:\s+(\S+=\S*)\s*$/;
const LABEL = /^(\S+?)=(\S*)$/;

export const parseLabelsBlock: BlockParser = (lines, start) => {
  const first = FIRST.exec(lines[start] ?? '');
  if (first === null) return undefined;
  // Later labels stand under the first one, kubectl aligns them; a paste may have lost the exact
  // column, not the indent under the field.
  const fieldIndent = (first[1] ?? '').length;
  const labels: Record<string, string> = {};
  const add = (text: string): boolean => {
    const m = LABEL.exec(text);
    if (m?.[1] === undefined || m[2] === undefined) return false;
    labels[m[1]] = m[2];
    return true;
  };
  add(first[2] ?? '');
  let end = start + 1;
  for (; end < lines.length; end++) {
    const line = lines[end] ?? '';
    const indent = line.length - line.trimStart().length;
    if (indent <= fieldIndent || !add(line.trim())) break;
  }
  if (!POD_LABELS.some((k) => labels[k] !== undefined)) return undefined;
  const name = labels[POD_NAME_LABEL];
  return {
    end,
    objects: [
      {
        raw: { kind: 'Pod', metadata: { name: name ?? UNNAMED_POD, labels } },
        line: start + 1,
        inferredName:
          name === undefined
            ? 'a Labels block without its object; its labels are those controllers put on pods'
            : `named by its ${POD_NAME_LABEL} label`,
      },
    ],
  };
};
