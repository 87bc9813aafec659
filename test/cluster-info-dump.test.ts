import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { collectFiles } from '../src/collectors/files/index.js';
import { runCli } from './run-cli.js';

/** The tree `kubectl cluster-info dump --output-directory=DIR` writes. */
function dumpDirectory(): string {
  const dir = mkdtempSync(join(tmpdir(), 'handoff-dump-'));
  const ns = join(dir, 'shop');
  mkdirSync(join(ns, 'web-1'), { recursive: true });
  writeFileSync(
    join(dir, 'nodes.json'),
    JSON.stringify(
      {
        kind: 'NodeList',
        apiVersion: 'v1',
        items: [{ metadata: { name: 'n1' }, status: { conditions: [{ type: 'Ready', status: 'True' }] } }],
      },
      null,
      4,
    ),
  );
  writeFileSync(
    join(ns, 'pods.json'),
    JSON.stringify(
      {
        kind: 'PodList',
        apiVersion: 'v1',
        items: [
          {
            metadata: {
              name: 'web-1',
              namespace: 'shop',
              uid: 'u1',
              creationTimestamp: '2026-05-01T10:00:00Z',
            },
            spec: { nodeName: 'n1', containers: [{ name: 'web', image: 'web:1' }] },
            status: {
              phase: 'Running',
              conditions: [
                { type: 'PodScheduled', status: 'True', lastTransitionTime: '2026-05-01T10:00:01Z' },
              ],
              containerStatuses: [
                {
                  name: 'web',
                  ready: false,
                  restartCount: 4,
                  containerID: 'containerd://abc',
                  state: {
                    waiting: {
                      reason: 'CrashLoopBackOff',
                      message: 'back-off 1m20s restarting failed container=web pod=web-1_shop(u1)',
                    },
                  },
                  lastState: {
                    terminated: {
                      exitCode: 2,
                      reason: 'Error',
                      startedAt: '2026-05-01T10:04:00Z',
                      finishedAt: '2026-05-01T10:04:02Z',
                    },
                  },
                },
              ],
            },
          },
        ],
      },
      null,
      4,
    ),
  );
  writeFileSync(
    join(ns, 'events.json'),
    JSON.stringify({ kind: 'EventList', apiVersion: 'v1', items: [] }, null, 4),
  );
  writeFileSync(
    join(ns, 'services.json'),
    JSON.stringify({ kind: 'ServiceList', apiVersion: 'v1', items: [] }, null, 4),
  );
  writeFileSync(
    join(ns, 'web-1', 'logs.txt'),
    '==== START logs for container web of pod shop/web-1 ====\nlistening on :8080\npanic: config key "db.url" missing\n==== END logs for container web of pod shop/web-1 ====\n',
  );
  return dir;
}

describe('kubectl cluster-info dump --output-directory', () => {
  it('reads the whole tree: lists per namespace and log sections', async () => {
    const snap = await collectFiles([dumpDirectory()], new PassThrough());
    expect(snap.pods.map((p) => p.metadata.name)).toEqual(['web-1']);
    expect(snap.nodes.map((n) => n.metadata.name)).toEqual(['n1']);
    expect(snap.collected).toEqual(expect.arrayContaining(['events', 'logs', 'nodes', 'pods', 'services']));
    expect(snap.logs).toEqual([
      {
        namespace: 'shop',
        pod: 'web-1',
        container: 'web',
        previous: false,
        lines: ['listening on :8080', 'panic: config key "db.url" missing'],
      },
    ]);
  });

  it('diagnoses it, quoting the log tail', async () => {
    const r = await runCli(['-f', dumpDirectory(), '-o', 'json']);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as {
      diagnoses: { stage: string; evidence: { source: string; text: string }[] }[];
    };
    expect(doc.diagnoses[0]?.stage).toBe('crash');
    expect(
      doc.diagnoses[0]?.evidence.some((e) => e.source === 'log' && e.text.includes('panic: config key')),
    ).toBe(true);
  });
});
