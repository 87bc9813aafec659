/** Matching a case's expectations against the JSON report (used by the default and pending suites). */
import { expect } from 'vitest';
import type { Expected } from './cases.js';
import type { Report, ReportDiagnosis } from './cli.js';

function nameMatches(pattern: string, name: string): boolean {
  return pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;
}

export function diagnosesFor(report: Report, namespace: string, e: Expected): ReportDiagnosis[] {
  return report.diagnoses.filter(
    (d) => d.target.namespace === namespace && d.target.kind === e.kind && nameMatches(e.name, d.target.name),
  );
}

/** Every diagnosis of the expected target(s) names what the case expects; at least one exists. */
export function expectDiagnosis(report: Report, namespace: string, e: Expected): void {
  const found = diagnosesFor(report, namespace, e);
  const inNamespace = report.diagnoses
    .filter((d) => d.target.namespace === namespace)
    .map(
      (d) =>
        `${d.target.kind}/${d.target.name}: ${d.verdict} ${String(d.stage)}/${String(d.reason)} — ${d.summary}`,
    );
  expect(
    found.length,
    `no diagnosis of ${e.kind}/${e.name} in ${namespace}; the report has:\n${inNamespace.join('\n')}`,
  ).toBeGreaterThan(0);
  for (const d of found) {
    const got = {
      target: `${d.target.kind}/${d.target.name}`,
      verdict: d.verdict,
      ...(e.stage === undefined ? {} : { stage: d.stage }),
      ...(e.reason === undefined ? {} : { reason: d.reason }),
      ...(e.ruleId === undefined ? {} : { ruleId: d.ruleId }),
    };
    const want = {
      target: `${d.target.kind}/${d.target.name}`,
      verdict: e.verdict,
      ...(e.stage === undefined ? {} : { stage: e.stage }),
      ...(e.reason === undefined ? {} : { reason: e.reason }),
      ...(e.ruleId === undefined ? {} : { ruleId: e.ruleId }),
    };
    expect(
      got,
      `${d.summary}\nevidence:\n${d.evidence.map((x) => `  ${x.source}: ${x.text}`).join('\n')}`,
    ).toEqual(want);
    if (e.chain !== undefined) {
      const chain = Object.fromEntries(d.chain.map((c) => [c.stage, c.status]));
      const got = Object.fromEntries(Object.keys(e.chain).map((k) => [k, chain[k]]));
      expect(got, `chain of ${d.target.kind}/${d.target.name}`).toEqual(e.chain);
    }
    if (e.summary !== undefined) expect(d.summary).toMatch(e.summary);
    if (e.quotes !== undefined) {
      const quote = e.quotes;
      expect(
        d.evidence.map((x) => x.text).some((t) => t.includes(quote)),
        `evidence quotes "${quote}"; evidence:\n${d.evidence.map((x) => `  ${x.source}: ${x.text}`).join('\n')}`,
      ).toBe(true);
    }
  }
}
