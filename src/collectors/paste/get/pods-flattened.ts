import type { BlockParser } from '../common/types.js';
import { parseGetPods } from './pods.js';
import { flattenedPodTable } from './squeezed.js';

/**
 * A `kubectl get pods` table whose line breaks were lost, read from its one line (the command
 * before it, as a page printed them, included): its rows are the pods, cited at that line.
 */
export const parseFlattenedPods: BlockParser = (lines, start) => {
  const line = lines[start];
  if (line === undefined || line.length > 20_000) return undefined;
  const table = flattenedPodTable(line);
  if (table === undefined) return undefined;
  const read = parseGetPods(table, 0);
  if (read === undefined || read.objects.length === 0) return undefined;
  return { end: start + 1, objects: read.objects.map((o) => ({ ...o, line: start + 1 })) };
};
