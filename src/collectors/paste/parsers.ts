import { parseDescribe } from './describe/block.js';
import { parseLabelsBlock } from './describe/labels-block.js';
import { parseProbeLines } from './describe/probe-lines.js';
import { parseConditionEntry } from './describe/condition-entry.js';
import { parseNodeConditionRows } from './describe/node-condition-rows.js';
import type { PasteParsers } from './driver.js';
import { parseGetEvents } from './get/events.js';
import { parseGetOther } from './get/other.js';
import { parseGetPods } from './get/pods.js';
import { parseFlattenedPods } from './get/pods-flattened.js';
import { parseGetPodsV0 } from './get/pods-v0.js';
import { parseStatusWord } from './get/status-word.js';
import { readHeader } from './get/table.js';
import { commandLineParser, lineParser } from './lines/line.js';
import type { BlockParser } from './common/types.js';

/** A table header, or a `get events` / `get pods` row: where a single line's wrapped message ends. */
function startsTable(line: string): boolean {
  return (
    readHeader(line) !== undefined ||
    parseGetEvents([line], 0) !== undefined ||
    parseGetPods([line], 0) !== undefined
  );
}

const floorOfCommandLine = commandLineParser(startsTable);

/** Recognisable single lines (lines/line.ts). */
export const parseLine: BlockParser = lineParser(startsTable);

/**
 * The block parsers, in the order the driver tries them at each line: a condition entry of an
 * object kubectl has no printer for (before describe, which would read its Message and Reason as
 * a container's state), describe output (its sections also hold tables), a pod's Labels block
 * cut out of it, a node's condition rows pasted alone, then `kubectl get` tables (a pods table
 * whose line breaks were lost too), then single lines. On a command line: a pods table printed on
 * it, else what the line floor reads there.
 */
export const PASTE_PARSERS: PasteParsers = {
  blocks: [
    parseConditionEntry,
    parseDescribe,
    parseLabelsBlock,
    parseProbeLines,
    parseNodeConditionRows,
    parseGetEvents,
    parseGetPods,
    parseGetPodsV0,
    parseFlattenedPods,
    parseGetOther,
    parseStatusWord,
    parseLine,
  ],
  commandLine: (lines, start) => parseFlattenedPods(lines, start) ?? floorOfCommandLine(lines, start),
};
