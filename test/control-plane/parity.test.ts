/**
 * Live collector parity: every golden fixture (test/fixtures/golden/<stage>/<case>) is loaded into
 * a real kube-apiserver (fixture-loader.ts) and `handoff -A --kubeconfig … -o json` must give each
 * target the verdict, first failed stage and reason that `handoff -f <fixture>` gives, at the same
 * `--now`. The API server runs without kube-controller-manager and kube-scheduler here: they would
 * schedule the fixture's Pending pods, garbage-collect pods whose owners' uids changed, make new
 * ReplicaSets for Deployments whose pod-template-hash they compute differently and taint nodes
 * whose heartbeats are old, so the cluster would no longer be the fixture's.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handoff, type Report } from './cli.js';
import { loadFixture, readFixture, resetFixture, type Finding } from './fixture-loader.js';
import { auditMark, handoffRequests, REPO, startControlPlane, type ControlPlane } from './harness.js';
import { FIXTURE_FINDINGS, LIVE_DIFFERENCES } from './fixture-findings.js';

const GOLDEN = path.join(REPO, 'test/fixtures/golden');
const only = process.env.PARITY_ONLY;
const fixtures = readdirSync(GOLDEN)
  .sort()
  .flatMap((stage) =>
    readdirSync(path.join(GOLDEN, stage))
      .sort()
      .map((name) => `${stage}/${name}`),
  )
  .filter((f) => only === undefined || f.includes(only));

const line = (d: Report['diagnoses'][number]): string =>
  `${d.target.kind}/${d.target.namespace}/${d.target.name} ${d.verdict} ${String(d.stage)} ${String(d.reason)}`;

async function json(args: readonly string[]): Promise<{ report: Report; stderr: string }> {
  const run = await handoff(args);
  if (run.code !== 0 && run.code !== 1)
    throw new Error(`handoff ${args.join(' ')} exited ${String(run.code)}:\n${run.stderr}`);
  return { report: JSON.parse(run.stdout) as Report, stderr: run.stderr };
}

const READ_VERBS = new Set(['get', 'list', 'watch']);
const allFindings: Record<string, readonly Finding[]> = {};

describe("golden fixtures loaded into a real kube-apiserver: handoff -A gives handoff -f's diagnosis", () => {
  let cp: ControlPlane | undefined;
  beforeAll(async () => {
    cp = await startControlPlane({ controllers: false, log: () => undefined });
  });
  afterAll(async () => {
    if (cp !== undefined) {
      mkdirSync(path.join(cp.dir, 'artifacts'), { recursive: true });
      writeFileSync(
        path.join(cp.dir, 'artifacts', 'fixture-findings.json'),
        JSON.stringify(allFindings, null, 2),
      );
    }
    await cp?.stop();
  });

  for (const fixture of fixtures)
    it(fixture, async () => {
      if (cp === undefined) throw new Error('no control plane');
      const content = readFixture(path.join(GOLDEN, fixture));
      const file = await json([...content.files.flatMap((f) => ['-f', f]), '-o', 'json']);
      const now = String(file.report.source.referenceTime);
      // The fixture's times move to 15 s from now (whole seconds): the objects the API server
      // stamps while loading are then a few seconds old at the shifted reference time.
      const shiftMs = Math.ceil((Date.now() + 15_000 - Date.parse(now)) / 1000) * 1000;
      const liveNow = new Date(Date.parse(now) + shiftMs).toISOString();
      // Nothing of an earlier fixture is left (reset below), so the fixtures do not mix.
      expect(await cp.api.list('/api/v1/pods')).toEqual([]);
      expect(await cp.api.list('/api/v1/nodes')).toEqual([]);
      const loaded = await loadFixture(cp.api, content, { now: liveNow, shiftMs });
      try {
        // The server stamped every creationTimestamp while loading: before the reference time,
        // unless the load took longer than the shift's margin.
        expect(Date.now(), 'the load took longer than the 15 s margin').toBeLessThan(Date.parse(liveNow));
        const mark = auditMark(cp.auditLog);
        const live = await json(['-A', '--kubeconfig', cp.adminKubeconfig, '-o', 'json', '--now', liveNow]);
        const requests = handoffRequests(cp.auditLog, mark);
        allFindings[fixture] = loaded.findings;
        expect(requests.length).toBeGreaterThan(0);
        expect(
          requests.filter((r) => !READ_VERBS.has(r.verb)).map((r) => `${r.verb} ${r.requestURI}`),
        ).toEqual([]);
        expect
          .soft(
            loaded.findings
              .filter((f) => f.standIn !== true)
              .map((f) => `${f.object}: ${f.assumed} → ${f.real}`),
            'what the real API server refused of the fixture (MISMATCHES.md)',
          )
          .toEqual(FIXTURE_FINDINGS[fixture] ?? []);
        const want = file.report.diagnoses.map(line).sort();
        const got = live.report.diagnoses.map(line).sort();
        const known = LIVE_DIFFERENCES[fixture];
        if (known === undefined) expect.soft(got).toEqual(want);
        else {
          expect(want, 'the file diagnosis the difference was recorded against').toEqual(known.file);
          expect(got, known.why).toEqual(known.live);
        }
      } finally {
        await resetFixture(cp.api, loaded);
      }
    });
});
