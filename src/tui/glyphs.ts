import type { ChainStatus, Verdict } from '../model/index.js';

/**
 * Glyphs tell every status apart without colour (NO_COLOR); colour only repeats what the
 * glyph already says. Every glyph is one terminal column wide.
 */
export const CHAIN_GLYPH: Readonly<Record<ChainStatus, string>> = {
  passed: '✓',
  failed: '✗',
  progressing: '…',
  'not-reached': '·',
  unknown: '?',
};

export const VERDICT_GLYPH: Readonly<Record<Verdict, string>> = {
  failed: '✗',
  progressing: '…',
  healthy: '✓',
  unknown: '?',
};

/** Ink colour names; `undefined` leaves the terminal's default. */
export type Tone = 'red' | 'yellow' | 'green' | 'blue' | 'gray' | 'cyan' | undefined;

export function chainTone(status: ChainStatus): Tone {
  switch (status) {
    case 'passed':
      return 'green';
    case 'failed':
      return 'red';
    case 'progressing':
      return 'yellow';
    case 'not-reached':
      return 'gray';
    case 'unknown':
      return 'blue';
  }
}

export function verdictTone(verdict: Verdict): Tone {
  switch (verdict) {
    case 'failed':
      return 'red';
    case 'progressing':
      return 'yellow';
    case 'healthy':
      return 'green';
    case 'unknown':
      return 'blue';
  }
}

export const VERDICT_TITLE: Readonly<Record<Verdict, string>> = {
  failed: 'FAILED',
  progressing: 'PROGRESSING',
  healthy: 'HEALTHY',
  unknown: 'UNKNOWN',
};

/** Timeline bar fills: passed, failed, in progress; instants are a tick. */
export const BAR = { passed: '█', failed: '╳', progressing: '░', instant: '│', slo: '┊' } as const;
