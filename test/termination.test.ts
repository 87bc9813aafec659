/**
 * Pods stuck Terminating, read from the layouts kubectl prints them in (printPod's STATUS
 * `Terminating`, describe's `Status: Terminating (lasts <since deletionTimestamp>)` and v1.1's
 * `(expires <deletionTimestamp>)`, YAML with deletionTimestamp and finalizers, the kubelet's
 * FailedKillPod events) and judged as `handoff -f` does: at the paste's own reference time.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { snapshotFromSources } from '../src/collectors/files/index.js';
import { diagnose } from '../src/rules/engine/index.js';
import { referenceTimeOf } from '../src/collectors/collector.js';
import { RULES } from '../src/rules/index.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'termination');
const CLOCK = Date.parse('2026-06-02T08:20:00Z');

function judge(file: string) {
  const text = readFileSync(join(dir, file), 'utf8');
  const snapshot = snapshotFromSources([{ name: file, text }], [file], { clock: () => CLOCK });
  const now = referenceTimeOf(snapshot) ?? CLOCK;
  return diagnose(snapshot, { now, rules: RULES }).diagnoses;
}

describe('pods stuck Terminating', () => {
  it.each([
    ['get-pods-terminating.txt', 'failed', 'StuckTerminating', /duration unknown/],
    ['describe-lasts.txt', 'failed', 'StuckTerminating', undefined],
    ['describe-young.txt', 'progressing', 'StuckTerminating', undefined],
    // v1.1 printed the deadline itself: nothing in the paste is dated after the deletion.
    ['describe-expires.txt', 'failed', 'StuckTerminating', /nothing in the evidence is dated after/],
    ['yaml-finalizer.yaml', 'failed', 'FinalizerBlocking', /nothing in the evidence is dated after/],
    ['yaml-nodelost.yaml', 'failed', 'NodeGone', undefined],
    ['events-kill.txt', 'failed', 'StuckTerminating', undefined],
    ['events-teardown.txt', 'failed', 'VolumeTeardownStuck', undefined],
  ])('%s: %s %s', (file, verdict, reason, note) => {
    const [d] = judge(file);
    expect(d).toMatchObject({ verdict, stage: 'termination', reason });
    if (note !== undefined) expect(d?.notes.join('\n')).toMatch(note);
  });

  it.each(['get-pods-running.txt', 'events-restart.txt'])('%s is no termination', (file) => {
    expect(judge(file).map((d) => d.stage)).not.toContain('termination');
  });
});
