import { describe, expect, it } from 'vitest';
import { matchesRequirements, parseSelector } from './selector.js';

describe("parseSelector: kubectl -l syntax, with the API server's key and value rules", () => {
  it.each([
    ['app=web', [{ key: 'app', op: '=', values: ['web'] }]],
    ['app==web', [{ key: 'app', op: '=', values: ['web'] }]],
    ['app=', [{ key: 'app', op: '=', values: [''] }]],
    ['app!=web', [{ key: 'app', op: '!=', values: ['web'] }]],
    ['tier in (front, back)', [{ key: 'tier', op: 'in', values: ['front', 'back'] }]],
    ['tier notin (x)', [{ key: 'tier', op: 'notin', values: ['x'] }]],
    ['app', [{ key: 'app', op: 'exists', values: [] }]],
    ['!app', [{ key: 'app', op: '!exists', values: [] }]],
    ['app.kubernetes.io/name=web_1.a', [{ key: 'app.kubernetes.io/name', op: '=', values: ['web_1.a'] }]],
    [
      'a=b,c!=d',
      [
        { key: 'a', op: '=', values: ['b'] },
        { key: 'c', op: '!=', values: ['d'] },
      ],
    ],
  ])('accepts %j', (text, reqs) => {
    expect(parseSelector(text)).toEqual(reqs);
  });

  it.each([
    ['a=(b', /invalid label value "\(b" for key "a"/],
    ['a=b)', /invalid label value "b\)"/],
    ['a=-b', /invalid label value "-b"/],
    ['a=b-', /invalid label value "b-"/],
    [`a=${'x'.repeat(64)}`, /invalid label value/],
    ['a in (ok, no!)', /invalid label value "no!"/],
    ['A/B/c=d', /invalid label key "A\/B\/c"/],
    ['Example.com/a=b', /prefix before "\/" must be a lower-case DNS subdomain/],
    ['-a=b', /invalid label key "-a"/],
    [`${'k'.repeat(64)}=v`, /invalid label key/],
    ['a in (b', /cannot parse/],
    ['=x', /cannot parse/],
    ['a=b,', /empty requirement/],
    ['!a=b', /cannot parse/],
  ])('refuses %j, saying why', (text, why) => {
    const parsed = parseSelector(text);
    expect(typeof parsed).toBe('string');
    expect(parsed).toMatch(why);
  });

  it('matches as kubectl does', () => {
    const reqs = parseSelector('app=web,tier notin (db),!canary');
    if (typeof reqs === 'string') throw new Error(reqs);
    expect(matchesRequirements(reqs, { app: 'web', tier: 'front' })).toBe(true);
    expect(matchesRequirements(reqs, { app: 'web', tier: 'db' })).toBe(false);
    expect(matchesRequirements(reqs, { app: 'web', canary: 'true' })).toBe(false);
  });
});
