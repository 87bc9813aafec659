import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { REPORT } from '../../test/report-fixture.js';
import { renderJunit, xmlText } from './junit.js';

interface Case {
  '@_classname': string;
  '@_name': string;
  '@_time': string;
  failure?: { '@_message': string; '@_type': string; '#text': string };
  error?: { '@_message': string; '@_type': string; '#text': string };
}

function parse(xml: string) {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    isArray: (name) => name === 'testcase' || name === 'property',
  });
  return parser.parse(xml) as {
    testsuites: {
      '@_tests': string;
      '@_failures': string;
      '@_errors': string;
      testsuite: {
        '@_name': string;
        '@_tests': string;
        '@_failures': string;
        '@_errors': string;
        '@_skipped': string;
        '@_time': string;
        '@_timestamp': string;
        properties: { property: { '@_name': string; '@_value': string }[] };
        testcase: Case[];
      };
    };
  };
}

describe('renderJunit', () => {
  const xml = renderJunit(REPORT, {
    suiteName: 'handoff check',
    durationMs: 12_000,
    targetTimes: new Map([['Pod/shop/web-6896db467d-7c5rn', 12_000]]),
  });

  it('is well-formed XML with the suite totals CI reporters read', () => {
    // fast-xml-parser 5 marks its validator deprecated in favour of fast-xml-validator, which is
    // not a dependency; it still validates well-formedness.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const doc = parse(xml);
    expect(doc.testsuites['@_tests']).toBe('3');
    const suite = doc.testsuites.testsuite;
    expect(suite).toMatchObject({
      '@_name': 'handoff check',
      '@_tests': '3',
      '@_failures': '1',
      '@_errors': '1',
      '@_skipped': '0',
      '@_time': '12.000',
      '@_timestamp': '2026-01-01T00:05:00.000Z',
    });
    expect(suite.properties.property).toContainEqual({
      '@_name': 'source.scenario',
      '@_value': 'image-pull-not-found',
    });
  });

  it('has one testcase per target: classname = namespace, name = Kind/name', () => {
    const cases = parse(xml).testsuites.testsuite.testcase;
    expect(cases.map((c) => [c['@_classname'], c['@_name']])).toEqual([
      ['shop', 'Pod/web-6896db467d-7c5rn'],
      ['ml', 'Pod/inference-74d6dbd7b8-5v2bw'],
      ['shop', 'Pod/api-1'],
    ]);
    expect(cases[0]?.['@_time']).toBe('12.000');
    expect(cases[2]?.failure).toBeUndefined();
    expect(cases[2]?.error).toBeUndefined();
  });

  it('names stage and reason in the failure, with evidence and next steps in its body', () => {
    const failure = parse(xml).testsuites.testsuite.testcase[0]?.failure;
    expect(failure?.['@_type']).toBe('image-pull/ImageNotFound');
    expect(failure?.['@_message']).toMatch(/^image-pull: ImageNotFound — The image registry\.example\.com/);
    expect(failure?.['#text']).toContain('evidence:');
    expect(failure?.['#text']).toContain('kubectl describe pod web-6896db467d-7c5rn -n shop');
  });

  it('reports a target still progressing as an error (no verdict), not a failure', () => {
    const c = parse(xml).testsuites.testsuite.testcase[1];
    expect(c?.failure).toBeUndefined();
    expect(c?.error?.['@_type']).toBe('Timeout');
    expect(c?.error?.['@_message']).toMatch(/^still progressing at image-pull — /);
  });

  it('keeps cluster text intact but strips terminal escapes and XML-illegal characters', () => {
    const failure = parse(xml).testsuites.testsuite.testcase[0]?.failure;
    expect(failure?.['@_message']).toContain('boom red | `tick` <b>&amp;</b> ```fence```  end');
    for (const c of ['\u0000', '\u0007', '\u001b', '\ufffe']) expect(xml).not.toContain(c);
    expect(xmlText('a\u0000b\ud800c\u000bd')).toBe('abcd');
  });

  it('renders an empty report as a valid suite with no tests', () => {
    const empty = renderJunit({ ...REPORT, diagnoses: [] });
    // fast-xml-parser 5 marks its validator deprecated in favour of fast-xml-validator, which is
    // not a dependency; it still validates well-formedness.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    expect(XMLValidator.validate(empty)).toBe(true);
    expect(parse(empty).testsuites['@_tests']).toBe('0');
  });
});
