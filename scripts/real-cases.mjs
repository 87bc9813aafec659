// The real-case corpus (test/fixtures/real-cases): how a case file is read, and how one is
// judged. Shared by test/real-cases.test.ts (against src) and scripts/accuracy.mjs (against
// dist), so the test and the accuracy table can never disagree on what "right" means.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REAL_CASES_DIR = join(
  dirname(dirname(fileURLToPath(import.meta.url))),
  'test',
  'fixtures',
  'real-cases',
);

/**
 * Cases the tool still gets wrong, one file name a line (`#` comments): the test asserts they
 * still miss, so a fix says "remove it from the list" and a regression elsewhere fails.
 */
export const KNOWN_MISSES_FILE = join(REAL_CASES_DIR, 'KNOWN-MISSES');

export function loadKnownMisses(file = KNOWN_MISSES_FILE) {
  if (!existsSync(file)) return new Set();
  return new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter(Boolean),
  );
}

/** The clock a pasted case is judged by when it carries no time of its own. */
/** The built tool (dist/) as judgeCase takes it: the paste collector, the reference time, the engine and its rules. */
export async function builtEngine() {
  const dist = join(dirname(dirname(fileURLToPath(import.meta.url))), 'dist');
  const load = (p) => import(pathToFileURL(join(dist, p)).href);
  const [{ snapshotFromSources }, { referenceTimeOf }, { diagnose }, { RULES }] = await Promise.all([
    load('collectors/files/index.js'),
    load('collectors/collector.js'),
    load('rules/engine/index.js'),
    load('rules/index.js'),
  ]);
  return { snapshotFromSources, diagnose, referenceTime: referenceTimeOf, RULES };
}

export const CASE_CLOCK = Date.parse('2026-06-01T00:00:00Z');

/** Every case file in `dir`, sorted by name, header fields parsed. */
export function loadRealCases(dir = REAL_CASES_DIR) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((file) => parseCase(file, readFileSync(join(dir, file), 'utf8')));
}

function parseCase(file, text) {
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (m === null) throw new Error(`${file}: no header between --- lines`);
  const header = {};
  for (const line of (m[1] ?? '').split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) header[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  if (!header.stage) throw new Error(`${file}: the header has no stage`);
  return {
    file,
    stage: header.stage,
    reason: header.reason ?? '',
    reasonCodes: (header.reason_codes ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    inputKind: header.input_kind ?? '',
    heldOut: header.split === 'held-out',
    body: m[2] ?? '',
  };
}

/**
 * Judges one case the way `handoff -f FILE` does: read the paste, judge at the paste's own
 * reference time (else CASE_CLOCK), take the first failed target. `engine` holds
 * snapshotFromSources, diagnose, referenceTime and RULES, from src or from dist.
 */
export function judgeCase(engine, c) {
  let snapshot;
  try {
    snapshot = engine.snapshotFromSources([{ name: c.file, text: c.body }], [c.file], {
      clock: () => CASE_CLOCK,
    });
  } catch (e) {
    return {
      refused: true,
      error: String(e?.message ?? e),
      got: 'refused',
      reason: null,
      stageOk: false,
      reasonOk: false,
      verdicts: '',
    };
  }
  const now = engine.referenceTime(snapshot) ?? CASE_CLOCK;
  const { diagnoses, ruleFailures } = engine.diagnose(snapshot, { now, rules: engine.RULES });
  const failed = diagnoses.filter((d) => d.verdict === 'failed');
  const first = failed[0];
  const got = first === undefined ? 'healthy' : first.stage;
  const stageOk = got === c.stage;
  const reason = first?.reason ?? null;
  const reasonOk =
    c.stage === 'healthy' || c.reasonCodes.length === 0 || (stageOk && c.reasonCodes.includes(reason));
  const verdicts = diagnoses
    .map((d) => `${d.target?.name ?? '?'} ${d.verdict}:${d.stage ?? ''}:${d.reason ?? ''}`)
    .join(' | ');
  return {
    refused: false,
    error: ruleFailures.length > 0 ? JSON.stringify(ruleFailures) : null,
    got,
    reason,
    stageOk,
    reasonOk,
    verdicts,
  };
}
