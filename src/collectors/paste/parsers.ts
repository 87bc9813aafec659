import { parseDescribe } from './describe.js';
import type { PasteParsers } from './driver.js';
import { parseGetEvents } from './get-events.js';
import { parseGetOther } from './get-other.js';
import { parseGetPods } from './get-pods.js';
import { parseLine } from './lines.js';

/**
 * The block parsers, in the order the driver tries them at each line: describe output first (its
 * sections also hold tables), then `kubectl get` tables, then single lines.
 */
export const PASTE_PARSERS: PasteParsers = {
  blocks: [parseDescribe, parseGetEvents, parseGetPods, parseGetOther, parseLine],
};
