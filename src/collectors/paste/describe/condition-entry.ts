/**
 * One entry of a `status.conditions` list as `kubectl describe` prints an object it has no
 * printer for (a CRD, an APIService): the condition's fields as aligned keys at one indent,
 *   Last Transition Time:  2021-09-18T00:55:17Z
 *   Message:               endpoints for service/metrics-server in "kube-system" have no ...
 *   Reason:                MissingEndpoints
 *   Status:                False
 *   Type:                  Available
 * "Message:" and "Reason:" would otherwise start a container's state, and this is none: a
 * container state has no Type and no transition time. The entry is read whole; an Available
 * condition with the API aggregator's message about a Service (k8s/aggregator.ts) comes back as
 * the APIService it belongs to, for what it says of that Service; any other gives nothing.
 */
import type { BlockParser, PastedObject } from '../common/types.js';
import { aggregatorEndpointsMessage } from '../../../k8s/index.js';
import { keyLine } from './syntax.js';

const CONDITION_KEYS: ReadonlySet<string> = new Set([
  'Last Transition Time',
  'Last Update Time',
  'Last Probe Time',
  'Last Heartbeat Time',
  'Observed Generation',
  'Message',
  'Reason',
  'Status',
  'Type',
]);

/** The entry starting at `start`, or undefined when the lines there are no condition entry. */
export const parseConditionEntry: BlockParser = (lines, start) => {
  const first = keyLine(lines[start] ?? '');
  if (first === undefined || first.indent === 0 || !CONDITION_KEYS.has(first.key)) return undefined;
  const fields = new Map<string, string>();
  let end = start;
  while (end < lines.length) {
    const k = keyLine(lines[end] ?? '');
    if (k === undefined || k.indent !== first.indent || !CONDITION_KEYS.has(k.key) || fields.has(k.key))
      break;
    fields.set(k.key, k.value);
    end++;
    // A long message wraps onto lines indented past the values' column.
    while (
      end < lines.length &&
      keyLine(lines[end] ?? '') === undefined &&
      (lines[end] ?? '').trim() !== ''
    ) {
      fields.set(k.key, `${fields.get(k.key) ?? ''} ${(lines[end] ?? '').trim()}`);
      end++;
    }
  }
  const type = fields.get('Type');
  const status = fields.get('Status');
  if (type === undefined || status === undefined || !(fields.has('Last Transition Time') || fields.size >= 4))
    return undefined;
  const objects: PastedObject[] = [];
  if (type === 'Available' && aggregatorEndpointsMessage(fields.get('Message') ?? '') !== undefined) {
    const condition: Record<string, string> = { type, status };
    for (const [key, field] of [
      ['Reason', 'reason'],
      ['Message', 'message'],
      ['Last Transition Time', 'lastTransitionTime'],
    ] as const) {
      const v = fields.get(key);
      if (v !== undefined) condition[field] = v;
    }
    objects.push({
      raw: {
        apiVersion: 'apiregistration.k8s.io/v1',
        kind: 'APIService',
        metadata: {},
        status: { conditions: [condition] },
      },
      line: start + 1,
    });
  }
  return { end, objects };
};
