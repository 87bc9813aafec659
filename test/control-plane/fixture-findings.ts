/**
 * What parity.test.ts expects when it loads the golden fixtures into a real kube-apiserver:
 * the fields the server refused or rewrote (FIXTURE_FINDINGS, one line per finding, listed in
 * MISMATCHES.md) and the fixtures whose live diagnosis differs from the file one for a reason the
 * API server owns (LIVE_DIFFERENCES, each with its reason).
 */
export const FIXTURE_FINDINGS: Readonly<Record<string, readonly string[]>> = {};

export interface LiveDifference {
  readonly why: string;
  readonly file: readonly string[];
  readonly live: readonly string[];
}

export const LIVE_DIFFERENCES: Readonly<Record<string, LiveDifference>> = {};
