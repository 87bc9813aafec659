import { describe, expect, it } from 'vitest';
import type { RuleMeta } from '../types.js';
import { finding, graceStatus } from './finding.js';

const meta = (graceSeconds: number): RuleMeta => ({
  id: 'image-pull/pull-failed',
  stage: 'image-pull',
  target: 'pod',
  title: 'pull failed',
  description: 'pull failed',
  reasons: ['ImageNotFound'],
  graceSeconds,
  needs: ['pods'],
  messages: { notFound: 'Image {{image}} was not found.' },
  docs: 'docs/rules/image-pull/pull-failed.md',
});

const evidence = [{ source: 'status' as const, text: 'containerStatuses[app].state.waiting: ErrImagePull' }];

describe('finding leaves out the optional fields it was not given', () => {
  it('only the required fields, with the defaults', () => {
    const f = finding(meta(0), { reason: 'ImageNotFound', messageId: 'notFound', evidence, nextSteps: [] });
    expect(Object.keys(f).sort()).toEqual(
      ['basis', 'data', 'evidence', 'messageId', 'nextSteps', 'reason', 'ruleId', 'stage', 'status'].sort(),
    );
    expect(f).toMatchObject({
      ruleId: 'image-pull/pull-failed',
      stage: 'image-pull',
      status: 'failed',
      basis: 'state',
      data: {},
    });
  });

  it('the same with the optional fields passed as undefined', () => {
    const f = finding(meta(0), {
      reason: 'ImageNotFound',
      messageId: 'notFound',
      evidence,
      nextSteps: [],
      container: undefined,
      at: undefined,
      since: undefined,
      reported: false,
    });
    for (const key of ['container', 'confidence', 'at', 'since', 'reported'])
      expect(f).not.toHaveProperty(key);
  });

  it('keeps each optional field it was given', () => {
    const f = finding(meta(0), {
      reason: 'ImageNotFound',
      messageId: 'notFound',
      data: { image: 'nginx:nope' },
      status: 'progressing',
      basis: 'events',
      evidence,
      nextSteps: ['kubectl describe pod web-1 -n default'],
      container: { name: 'app', type: 'app' },
      confidence: 'medium',
      at: 1000,
      since: 500,
      reported: true,
    });
    expect(f).toStrictEqual({
      ruleId: 'image-pull/pull-failed',
      stage: 'image-pull',
      reason: 'ImageNotFound',
      status: 'progressing',
      basis: 'events',
      messageId: 'notFound',
      data: { image: 'nginx:nope' },
      container: { name: 'app', type: 'app' },
      evidence,
      nextSteps: ['kubectl describe pod web-1 -n default'],
      confidence: 'medium',
      at: 1000,
      since: 500,
      reported: true,
    });
  });
});

describe('graceStatus with no grace period', () => {
  const NOW = 1_700_000_000_000;
  it.each([
    ['a start in the past', NOW - 1],
    ['a start now', NOW],
    ['a start a little in the future (clock skew)', NOW + 5_000],
  ])('grace 0 is failed for %s', (_label, since) => {
    expect(graceStatus(meta(0), since, NOW)).toBe('failed');
  });
  it('a grace period keeps a start in the future progressing', () => {
    expect(graceStatus(meta(60), NOW + 5_000, NOW)).toBe('progressing');
  });
});
