import type { PasteParsers } from './driver.js';

/** The block parsers, in the order the driver tries them at each line. */
export const PASTE_PARSERS: PasteParsers = { blocks: [] };
