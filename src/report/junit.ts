/**
 * JUnit XML as CI test reporters read it (Jenkins, GitLab, GitHub test-report actions): one
 * testcase per target, classname = namespace, name = Kind/name. A failed target is a
 * <failure> whose message names stage and reason; a target still progressing or unknown at
 * the end is an <error>: the check could not reach a verdict for it (it timed out), which is
 * not the same as the target failing a handoff. XMLBuilder does the escaping.
 */
import { XMLBuilder } from 'fast-xml-parser';
import type { Diagnosis, DiagnosisReport } from '../model/index.js';
import { sanitize, sanitizeDeep } from './sanitize.js';
import type { ReportFormat } from './format.js';

export interface JunitOptions {
  /** The testsuite's name (default "kube-handoff"). */
  readonly suiteName?: string;
  /** How long the run took, ms (the suite's time). */
  readonly durationMs?: number;
  /** Per target, keyed by `targetKey`: ms from the start until its verdict settled. */
  readonly targetTimes?: ReadonlyMap<string, number>;
}

/** "Kind/namespace/name", the key of `targetTimes`. */
export function targetKey(d: Diagnosis): string {
  return `${d.target.kind}/${d.target.namespace}/${d.target.name}`;
}

/* eslint-disable no-control-regex -- removing characters XML 1.0 forbids is the point here */
const XML_ILLEGAL =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/* eslint-enable no-control-regex */

/** Cluster text made safe for XML: terminal sequences and XML-illegal characters removed. */
export function xmlText(text: string): string {
  return sanitize(text).replace(XML_ILLEGAL, '');
}

const seconds = (ms: number | undefined): string => ((ms ?? 0) / 1000).toFixed(3);

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}

function body(d: Diagnosis): string {
  const lines: string[] = [`${d.target.kind} ${d.target.namespace}/${d.target.name}: ${d.summary}`];
  if (d.container !== null) lines.push(`container: ${d.container.name} (${d.container.type})`);
  if (d.evidence.length > 0) {
    lines.push('', 'evidence:');
    for (const e of d.evidence) lines.push(`  ${e.source}${e.at ? ` ${e.at}` : ''}: ${e.text}`);
  }
  if (d.nextSteps.length > 0) {
    lines.push('', 'next steps:');
    for (const s of d.nextSteps) lines.push(`  ${s}`);
  }
  if (d.startup?.totalMs !== undefined) {
    lines.push(
      '',
      `startup: ${seconds(d.startup.totalMs)}s total, ${seconds(d.startup.imagePullMs)}s image pulls, ${seconds(d.startup.initMs)}s init containers, ${seconds(d.startup.sloMs)}s by the SLO definition`,
    );
  }
  for (const n of d.notes) lines.push(`note: ${n}`);
  if (d.ruleId !== null) lines.push(`rule: ${d.ruleId} (handoff rules ${d.ruleId})`);
  return xmlText(lines.join('\n'));
}

function testcase(d: Diagnosis, options: JunitOptions): Record<string, unknown> {
  const base = {
    '@_classname': xmlText(d.target.namespace || '(cluster)'),
    '@_name': xmlText(`${d.target.kind}/${d.target.name}`),
    '@_time': seconds(options.targetTimes?.get(targetKey(d))),
  };
  const where = d.stage === null ? '' : `${d.stage}${d.reason === null ? '' : `: ${d.reason}`}`;
  // Preflight's `cannot-tell` is not an error of the run: the case is skipped, with what is unknown.
  if (d.preflight?.verdict === 'cannot-tell')
    return { ...base, skipped: { '@_message': xmlText(oneLine(`cannot tell — ${d.summary}`)) } };
  switch (d.verdict) {
    case 'healthy':
      return base;
    case 'failed':
      return {
        ...base,
        failure: {
          '@_message': xmlText(oneLine(`${where || 'failed'} — ${d.summary}`)),
          '@_type': xmlText(`${d.stage ?? 'unknown'}/${d.reason ?? 'Failed'}`),
          '#text': body(d),
        },
      };
    case 'progressing':
    case 'unknown':
      return {
        ...base,
        error: {
          '@_message': xmlText(
            oneLine(
              `${d.verdict === 'progressing' ? 'still progressing' : 'state unknown'}${where ? ` at ${where}` : ''} — ${d.summary}`,
            ),
          ),
          '@_type': d.verdict === 'progressing' ? 'Timeout' : 'Unknown',
          '#text': body(d),
        },
      };
  }
}

/** The report as a JUnit XML document (one testsuite). */
export function renderJunit(report: DiagnosisReport, options: JunitOptions = {}): string {
  const diagnoses = sanitizeDeep(report.diagnoses);
  const count = (v: Diagnosis['verdict']): number => diagnoses.filter((d) => d.verdict === v).length;
  const failures = count('failed');
  const skipped = diagnoses.filter((d) => d.preflight?.verdict === 'cannot-tell').length;
  const errors = count('progressing') + count('unknown') - skipped;
  const totals = {
    '@_tests': String(diagnoses.length),
    '@_failures': String(failures),
    '@_errors': String(errors),
    '@_skipped': String(skipped),
    '@_time': seconds(options.durationMs),
  };
  const name = xmlText(options.suiteName ?? 'kube-handoff');
  const source = Object.entries(report.source)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
    .map(([k, v]) => ({ '@_name': xmlText(`source.${k}`), '@_value': xmlText(String(v)) }));
  // fast-xml-parser 5 re-exports fast-xml-builder's XMLBuilder and marks the alias deprecated;
  // fast-xml-builder is not a direct dependency, so the declared package's export is used.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    textNodeName: '#text',
    format: true,
    suppressEmptyNode: true,
  });
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    testsuites: {
      '@_name': name,
      ...totals,
      testsuite: {
        '@_name': name,
        ...totals,
        '@_timestamp': xmlText(report.generatedAt),
        ...(source.length === 0 ? {} : { properties: { property: source } }),
        testcase: diagnoses.map((d) => testcase(d, options)),
      },
    },
  });
}

export const junitFormat: ReportFormat = {
  name: 'junit',
  extension: 'xml',
  description: 'one testcase per target, for CI test reports',
  showsNotes: false,
  render: (report, ctx) =>
    renderJunit(report, {
      ...(ctx.title === undefined ? {} : { suiteName: ctx.title }),
      ...(ctx.durationMs === undefined ? {} : { durationMs: ctx.durationMs }),
      ...(ctx.targetTimes === undefined ? {} : { targetTimes: ctx.targetTimes }),
    }),
};
