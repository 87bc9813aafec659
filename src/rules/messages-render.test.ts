import { describe, expect, it } from 'vitest';
import type { Finding } from '../model/index.js';
import { placeholders, renderWith } from './messages.js';
import type { RuleMeta } from './types.js';

const META: RuleMeta = {
  id: 'image-pull/pull-failed',
  stage: 'image-pull',
  target: 'pod',
  title: 'pull failed',
  description: 'pull failed',
  reasons: ['ImageNotFound'],
  graceSeconds: 0,
  needs: ['pods'],
  messages: { notFound: 'Image {{image}} of {{ container }} was not found.' },
  docs: 'docs/rules/image-pull/pull-failed.md',
};

const f = (ruleId: string, messageId: string): Finding => ({
  ruleId,
  stage: 'image-pull',
  reason: 'ImageNotFound',
  status: 'failed',
  basis: 'state',
  messageId,
  data: { image: 'nginx:nope', container: 'app' },
  evidence: [],
  nextSteps: [],
});

describe('placeholders', () => {
  it.each([
    ['Image {{image}} of {{ container }} was not found.', ['image', 'container']],
    ['{{a}}{{b_2}} {{a}}', ['a', 'b_2', 'a']],
    ['no placeholders', []],
  ])('%j -> %o', (template, names) => {
    expect(placeholders(template)).toEqual(names);
  });
});

describe('renderWith', () => {
  const metas = new Map([[META.id, META]]);
  it('renders the message of a known rule', () => {
    expect(renderWith(metas, f('image-pull/pull-failed', 'notFound'))).toBe(
      'Image nginx:nope of app was not found.',
    );
  });
  it('falls back to the message id for an unknown rule or message', () => {
    expect(renderWith(metas, f('image-pull/other', 'notFound'))).toBe('notFound');
    expect(renderWith(metas, f('image-pull/pull-failed', 'missing'))).toBe('missing');
  });
});
