/**
 * A STATUS value of `kubectl get pods` on a line of its own ("CrashLoopBackOff",
 * "Init:CreateContainerConfigError", "Init:0/2"), as people quote it or `-o jsonpath` prints a
 * container's reason: the partial Pod the word implies (pod-status.ts). Only words no prose
 * uses alone: CamelCase reasons of two words or more and the `Init:` forms, never "Running",
 * "Pending" or "Error".
 */
import { UNNAMED_POD, type BlockParser } from '../common/types.js';
import { statusFromColumn } from './pod-status.js';
import { STATUS_COLUMN } from './table.js';

const WORD =
  /^(?:Init:)?(?:[A-Z][a-z]+(?:[A-Z][a-z]*)+|OOMKilled)$|^Init:(?:\d+\/\d+|ExitCode:-?\d+|Signal:\d+)$/;

export const parseStatusWord: BlockParser = (lines, start) => {
  const word = (lines[start] ?? '').trim().replace(/^[`'"]|[`'"]$/g, '');
  if (word.length > 60 || !WORD.test(word)) return undefined;
  const status = statusFromColumn(word, {});
  if (status === undefined) return undefined;
  return {
    end: start + 1,
    objects: [
      {
        raw: { kind: 'Pod', metadata: { name: UNNAMED_POD, annotations: { [STATUS_COLUMN]: word } }, status },
        line: start + 1,
        inferredName: 'the text names no pod',
      },
    ],
  };
};
