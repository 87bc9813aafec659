import { describe, expect, it } from 'vitest';
import type { RuleMeta } from '../types.js';
import { graceStatus } from './finding.js';

const meta = (graceSeconds: number): RuleMeta => ({
  id: 'volumes/slow',
  stage: 'volumes',
  target: 'pod',
  title: 'slow',
  description: 'slow',
  reasons: [],
  graceSeconds,
  needs: ['pods'],
  messages: {},
  docs: '',
});

const NOW = 1_700_000_000_000;

describe('graceStatus at the grace boundary: a wait that has lasted the grace period or longer is failed', () => {
  // [grace seconds, ms the symptom has lasted, expected]
  const table: [number, number, 'failed' | 'progressing'][] = [
    [60, 60_000 - 1, 'progressing'],
    [60, 60_000, 'failed'],
    [60, 60_000 + 1, 'failed'],
    [300, 300_000 - 1, 'progressing'],
    [300, 300_000, 'failed'],
    [300, 300_000 + 1, 'failed'],
    [1, 999, 'progressing'],
    [1, 1000, 'failed'],
    [60, 0, 'progressing'],
  ];
  it.each(table)('grace %is, lasted %ims: %s', (grace, lasted, status) => {
    expect(graceStatus(meta(grace), NOW - lasted, NOW)).toBe(status);
  });

  it('counts a reported failure, an unknown start and a rule without grace as failed at once', () => {
    expect(graceStatus(meta(60), NOW - 1, NOW, true)).toBe('failed');
    expect(graceStatus(meta(60), undefined, NOW)).toBe('failed');
    expect(graceStatus(meta(0), NOW - 1, NOW)).toBe('failed');
    // the same young wait, not reported and with a grace, is progressing
    expect(graceStatus(meta(60), NOW - 1, NOW, false)).toBe('progressing');
  });
});
