/**
 * One vitest suite over a set of cases: registers the fake nodes, applies each case in its own
 * namespace, waits until the real components acted, runs `handoff -A -o json` once with the admin
 * kubeconfig and checks each case's expectations against that report.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Api } from './api.js';
import { NODES, type Case, type Expected } from './cases.js';
import { diagnoseAll, type Report } from './cli.js';
import { expectDiagnosis } from './expectations.js';
import { FakeKubelet } from './fake-kubelet.js';
import { adminApi } from './harness.js';

const slug = (s: string): string => s.replace(/[^a-z0-9]+/gi, '-').toLowerCase();

/**
 * `which: 'default'` checks every case's settled expectations; `'pending'` sets up only the cases
 * with a pending expectation (MISMATCHES.md) and checks just those.
 */
export function caseSuite(title: string, all: readonly Case[], which: 'default' | 'pending'): void {
  const wanted = (e: Expected): boolean => (which === 'pending') === (e.pending !== undefined);
  const cases = all.filter((c) => c.expect.some(wanted));
  const info = inject('controlPlane');
  let api: Api | undefined;
  let kubelet: FakeKubelet | undefined;
  let report: Report | undefined;
  const cleanups: (() => Promise<void>)[] = [];

  describe(`${title} (real kube-apiserver ${info.version})`, () => {
    if (cases.length === 0) {
      // Every MISMATCHES.md entry is fixed and asserted by the default suite: then no case is left
      // out of it (a default run that selected nothing would be a suite that checks nothing).
      it(`selects every case: ${which === 'pending' ? 'none is pending' : 'none'}`, () => {
        expect(which).toBe('pending');
        expect(all.filter((c) => c.expect.some((e) => e.pending === undefined))).toHaveLength(all.length);
      });
      return;
    }
    beforeAll(async () => {
      api = adminApi(info);
      kubelet = new FakeKubelet(api, info.closedPort, info.version);
      await kubelet.addNodes(NODES);
      for (const c of cases) {
        await api.create({
          apiVersion: 'v1',
          kind: 'Namespace',
          metadata: {
            name: c.namespace,
            ...(c.namespaceLabels === undefined ? {} : { labels: c.namespaceLabels }),
          },
        });
        if (c.setup !== undefined) cleanups.push(await c.setup(api, c.namespace));
        await api.apply(c.manifests, c.namespace);
      }
      const a = api;
      const k = kubelet;
      await Promise.all(cases.map((c) => c.ready(a, k, c.namespace)));
      const run = await diagnoseAll(info.adminKubeconfig);
      report = run.report;
      // What the real components said and what the tool made of it, for MISMATCHES.md (kept with
      // the run folder under KUBE_HANDOFF_CP_KEEP=1).
      const out = path.join(info.dir, 'artifacts');
      mkdirSync(out, { recursive: true });
      writeFileSync(path.join(out, `${slug(title)}.report.json`), run.run.stdout);
      for (const c of cases) {
        const events = await a.list(`/api/v1/namespaces/${c.namespace}/events`);
        const keep = [
          'involvedObject',
          'reason',
          'message',
          'type',
          'count',
          'source',
          'reportingComponent',
          'action',
        ];
        const slim = events.map((e) => Object.fromEntries(keep.filter((k) => k in e).map((k) => [k, e[k]])));
        writeFileSync(path.join(out, `${c.id}.events.json`), JSON.stringify(slim, null, 2));
      }
    });
    afterAll(async () => {
      for (const undo of cleanups) await undo();
      for (const c of cases) await kubelet?.deleteNamespace(c.namespace);
      await kubelet?.stop();
      api?.close();
    });

    for (const c of cases)
      it(
        c.title + (which === 'pending' ? ` [${c.expect.flatMap((e) => e.pending ?? []).join(', ')}]` : ''),
        () => {
          if (report === undefined) throw new Error('no report: the set-up failed');
          for (const e of c.expect.filter(wanted)) expectDiagnosis(report, c.namespace, e);
        },
      );
  });
}
