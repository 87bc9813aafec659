/**
 * What changed between two golden reports (expected.json), as UPDATE_GOLDEN=1 prints it when it
 * rewrites one: the verdict, stage and reason of each target that changed, targets added or gone,
 * and how many other lines changed, so a rewritten golden file is read as a diff, not waved through.
 */

interface Row {
  readonly verdict: unknown;
  readonly stage: unknown;
  readonly reason: unknown;
}

const KEYS = ['verdict', 'stage', 'reason'] as const;

function rows(json: string): Map<string, Row> | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(json);
  } catch {
    return undefined;
  }
  const out = new Map<string, Row>();
  const diagnoses = (doc as { diagnoses?: unknown } | null)?.diagnoses;
  if (!Array.isArray(diagnoses)) return out;
  for (const d of diagnoses as Record<string, unknown>[]) {
    const t = (d.target ?? {}) as Record<string, unknown>;
    out.set(`${String(t.kind)}/${String(t.namespace)}/${String(t.name)}`, {
      verdict: d.verdict,
      stage: d.stage,
      reason: d.reason,
    });
  }
  return out;
}

const show = (v: unknown): string =>
  v === null || v === undefined ? 'none' : typeof v === 'string' ? v : JSON.stringify(v);
const brief = (r: Row): string =>
  r.stage === null || r.stage === undefined
    ? show(r.verdict)
    : `${show(r.verdict)} ${show(r.stage)}/${show(r.reason)}`;

/** Lines of `a` not matched by a line of `b` (as a multiset). */
function unmatched(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const l of b) left.set(l, (left.get(l) ?? 0) + 1);
  return a.filter((l) => {
    const n = left.get(l) ?? 0;
    if (n === 0) return true;
    left.set(l, n - 1);
    return false;
  });
}

/** A line that holds a verdict, stage or reason: already reported per target. */
const VERDICT_LINE = /^\s*"(?:verdict|stage|reason)": /;

/**
 * The compact diff of a golden report, one line per changed target and one for the rest; '' when
 * nothing changed. `before` undefined: the file is new.
 */
export function goldenDiff(name: string, before: string | undefined, after: string): string {
  if (before === after) return '';
  const now = rows(after) ?? new Map<string, Row>();
  if (before === undefined) {
    const targets = [...now].map(([t, r]) => `  ${t}: ${brief(r)}`);
    return [`${name}: new, ${now.size} target(s)`, ...targets].join('\n');
  }
  const was = rows(before) ?? new Map<string, Row>();
  const out: string[] = [];
  for (const [t, r] of was) {
    const n = now.get(t);
    if (n === undefined) {
      out.push(`  ${t}: gone (was ${brief(r)})`);
      continue;
    }
    const changes = KEYS.filter((k) => r[k] !== n[k]).map((k) => `${k} ${show(r[k])} -> ${show(n[k])}`);
    if (changes.length > 0) out.push(`  ${t}: ${changes.join('; ')}`);
  }
  for (const [t, r] of now) if (!was.has(t)) out.push(`  ${t}: new (${brief(r)})`);
  const oldLines = before.split('\n');
  const newLines = after.split('\n');
  const removed = unmatched(oldLines, newLines).filter((l) => !VERDICT_LINE.test(l)).length;
  const added = unmatched(newLines, oldLines).filter((l) => !VERDICT_LINE.test(l)).length;
  if (removed + added > 0) out.push(`  other lines: +${added} -${removed}`);
  return [`${name}: changed`, ...out].join('\n');
}
