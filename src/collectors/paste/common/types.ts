/**
 * The paste parser reads what people paste into tickets: `kubectl describe` output (any
 * subset of its sections, any era), events tables, `kubectl get` tables, single lines, with
 * prompts and prose around them. Each block parser turns text into plain Kubernetes-shaped
 * objects (what the API would have returned, as far as the text tells), which then go through
 * the same normalisation and rules as structured input.
 */
import { UNNAMED_CONTAINER, unnamedName } from '../../../model/index.js';

/** A Kubernetes-shaped object rebuilt from text. */
export interface PastedObject {
  /** kind, metadata, spec, status, or an Event's involvedObject/reason/message/type/count/source. */
  readonly raw: Record<string, unknown>;
  /** 1-based line where the text it came from starts. */
  readonly line: number;
  /**
   * Relative ages kubectl printed (AGE, LAST SEEN, "(x3 over 5m)"), in seconds before the moment
   * the command ran. Resolved against the reference time once all evidence is read.
   */
  readonly age?: { readonly last?: number; readonly first?: number };
  /** Set when the text did not name the object: how its name was chosen. */
  readonly inferredName?: string;
}

/** What a block parser consumed: lines [start, end) and the objects they hold. */
export interface BlockParse {
  readonly end: number;
  readonly objects: readonly PastedObject[];
  /** What the lines were, when they were read and hold no object (shown as notes). */
  readonly notes?: readonly string[];
}

/**
 * Tries to read a block starting at `lines[start]` (already cleaned with cleanLine). Returns
 * undefined, quickly, when the line does not start a block it knows. Must consume at least one
 * line when it returns, and must run in time linear in the lines it consumes.
 */
export type BlockParser = (lines: readonly string[], start: number) => BlockParse | undefined;

/** Name given to a pod when the text names none (the output says it was inferred). */
export const UNNAMED_POD = unnamedName('Pod');
/** Container name used when the text names none (as normalize/pod-fragments.ts does). */
export { UNNAMED_CONTAINER };
/** Owner name used when a creation failure names no object. */
export const UNNAMED_OWNER = unnamedName('owner');
