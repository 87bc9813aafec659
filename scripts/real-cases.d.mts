export interface RealCase {
  readonly file: string;
  readonly stage: string;
  readonly reason: string;
  /** Reason codes that count as right (any one); empty when the case names none. */
  readonly reasonCodes: readonly string[];
  readonly inputKind: string;
  /** Set aside before tuning: an honest estimate of accuracy on unseen pastes. */
  readonly heldOut: boolean;
  /** The evidence exactly as pasted. */
  readonly body: string;
}
export interface CaseJudgement {
  readonly refused: boolean;
  readonly error: string | null;
  /** The first failed target's stage, `healthy` when none failed, `refused` when unread. */
  readonly got: string;
  readonly reason: string | null;
  readonly stageOk: boolean;
  readonly reasonOk: boolean;
  readonly verdicts: string;
}
export const REAL_CASES_DIR: string;
export const CASE_CLOCK: number;
export function loadRealCases(dir?: string): RealCase[];
export function judgeCase(engine: unknown, c: RealCase): CaseJudgement;
export function builtEngine(): Promise<unknown>;
export const KNOWN_MISSES_FILE: string;
export function loadKnownMisses(file?: string): Set<string>;
