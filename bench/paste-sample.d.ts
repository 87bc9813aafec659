/** Text blocks as kubectl prints them; `{i}` marks where a number goes. */
export declare const BLOCKS: readonly string[];
/** About `bytes` of mixed paste built from BLOCKS. */
export declare function generatePaste(bytes: number): string;
