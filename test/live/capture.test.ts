/**
 * `handoff capture` against the simulator: the bundle replays to the same diagnosis, carries
 * none of the secrets planted in the cluster, is never written over, and only reads were sent.
 */
import { existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ADMIN_TOKEN } from '../../src/simulator/api/types.js';
import { startApiServer, type RunningApiServer } from '../../src/simulator/http/server.js';
import { resolveScenario } from '../../src/simulator/scenario/catalog.js';
import { Simulation } from '../../src/simulator/simulation.js';
import { runCli } from '../run-cli.js';
import { writeKubeconfig } from './kubeconfig-files.js';

const PLANTED = [
  'p4ssw0rd-planted-in-env',
  'sk_live_planted_token',
  'p4ssw0rd-planted-in-args',
  'tok-planted-in-args',
  'pw-planted-in-annotation',
];

interface Report {
  diagnoses: {
    target: { kind: string; namespace: string; name: string };
    verdict: string;
    stage: string | null;
    reason: string | null;
  }[];
}
const verdicts = (stdout: string): string[] =>
  (JSON.parse(stdout) as Report).diagnoses
    .map(
      (d) =>
        `${d.target.kind}/${d.target.namespace}/${d.target.name} ${d.verdict} ${d.stage ?? '-'} ${d.reason ?? '-'}`,
    )
    .sort();

describe('handoff capture', () => {
  let server: RunningApiServer;
  let kubeconfig: string;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'handoff-capture-'));
  const env = { HOME: dir };

  beforeAll(async () => {
    const base = resolveScenario('default');
    // Plant secrets where a careless capture would copy them: env values and a Secret.
    const objects = base.objects.map((o) => {
      const m = o.manifest as { kind?: string; metadata?: { name?: string } };
      if (m.kind !== 'Deployment' || m.metadata?.name !== 'frontend') return o;
      const manifest = structuredClone(o.manifest) as {
        spec: {
          template: {
            metadata: { annotations?: Record<string, string> };
            spec: { containers: { env?: { name: string; value: string }[]; args?: string[] }[] };
          };
        };
      };
      manifest.spec.template.metadata.annotations = { 'example.com/db-password': PLANTED[4] ?? '' };
      for (const c of manifest.spec.template.spec.containers) {
        c.env = [
          { name: 'DB_PASSWORD', value: PLANTED[0] ?? '' },
          { name: 'STRIPE_KEY', value: PLANTED[1] ?? '' },
        ];
        // Credentials on the command line, as flags with = and with a separate value.
        c.args = [`--db-password=${PLANTED[2] ?? ''}`, '--api-token', PLANTED[3] ?? '', '--port', '8080'];
      }
      return { ...o, manifest };
    });
    const secret = {
      at: 0,
      manifest: {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 'stripe', namespace: 'shop' },
        stringData: { key: PLANTED[1] },
      },
    };
    const sim = new Simulation({ ...base, objects: [...objects, secret] }).run();
    server = await startApiServer(sim, { port: 0, speed: 0 });
    kubeconfig = writeKubeconfig([
      { name: 'sim', server: server.url, token: ADMIN_TOKEN, namespace: 'shop' },
    ]);
  });
  afterAll(async () => {
    await server.close();
  });

  it('writes a redacted bundle that replays to the same diagnosis, sending only reads', async () => {
    const out = path.join(dir, 'shop.bundle.yaml');
    server.requestLog.reset();
    const capture = await runCli(['capture', '-A', '--kubeconfig', kubeconfig, '--out', out], { env });
    expect(capture.stderr).toBe('');
    expect(capture.code).toBe(0);
    expect(capture.stdout).toMatch(/^wrote .*shop\.bundle\.yaml: \d+ objects/);
    const verbs = Object.keys(server.requestLog.summary().byVerb);
    expect(verbs.filter((v) => !['get', 'list', 'discovery'].includes(v))).toEqual([]);

    const text = readFileSync(out, 'utf8');
    for (const planted of PLANTED) expect(text).not.toContain(planted);
    expect(text).toContain('kind: EvidenceBundle');
    expect(text).toContain('DB_PASSWORD');
    // The bundle says what it lacks: the flag values, the annotation, the env values.
    const bundle = parse(text) as { redacted: { object: string; field: string; what: string }[] };
    const frontend = bundle.redacted.filter((r) => r.object === 'Deployment shop/frontend');
    expect(frontend.map((r) => r.what)).toEqual(
      expect.arrayContaining([
        'the value of --db-password',
        'the value of --api-token',
        'an annotation whose name says secret, password, token or key',
        'an environment variable value',
      ]),
    );
    expect(text).toContain('- --port\n');

    const live = await runCli(['-A', '--kubeconfig', kubeconfig, '-o', 'json'], { env });
    const replay = await runCli(['-f', out, '-o', 'json'], { env });
    expect(replay.code).toBe(live.code);
    expect(verdicts(replay.stdout)).toEqual(verdicts(live.stdout));
    expect(verdicts(live.stdout).filter((v) => v.includes(' failed ')).length).toBeGreaterThan(5);
  });

  it('never writes over an existing file without --force', async () => {
    const out = path.join(dir, 'kept.yaml');
    writeFileSync(out, 'my notes\n');
    const refused = await runCli(['capture', '--kubeconfig', kubeconfig, '--out', out], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('already exists; not overwriting it');
    expect(readFileSync(out, 'utf8')).toBe('my notes\n');
    const forced = await runCli(['capture', '--kubeconfig', kubeconfig, '--out', out, '--force'], { env });
    expect(forced.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('EvidenceBundle');
  });

  it('--out - writes the bundle to standard output (the summary to stderr), and it replays', async () => {
    const r = await runCli(['capture', '-n', 'shop', '--kubeconfig', kubeconfig, '--out', '-'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^apiVersion: handoff\/v1\nkind: EvidenceBundle\n/);
    expect(r.stderr).toMatch(/^wrote the bundle to standard output: \d+ objects/);
    expect(existsSync(path.join(process.cwd(), '-'))).toBe(false);
    const json = await runCli(
      ['capture', '-n', 'shop', '--kubeconfig', kubeconfig, '--out', '-', '-o', 'json'],
      {
        env,
      },
    );
    expect((JSON.parse(json.stdout) as { kind: string }).kind).toBe('EvidenceBundle');
    const replay = await runCli(['-f', '-', '-o', 'json'], { env, stdin: r.stdout });
    expect(replay.code).toBe(1);
    expect((JSON.parse(replay.stdout) as { diagnoses: unknown[] }).diagnoses.length).toBeGreaterThan(3);
  });

  it('refuses a symbolic link or a missing folder before reading the cluster', async () => {
    const kept = path.join(dir, 'kept-target.yaml');
    writeFileSync(kept, 'my notes\n');
    const link = path.join(dir, 'link.yaml');
    symlinkSync(kept, link);
    for (const [out, why] of [
      [link, 'is a symbolic link; kube-handoff does not write through links'],
      [path.join(dir, 'nope', 'b.yaml'), 'does not exist'],
    ] as const) {
      const r = await runCli(['capture', '--kubeconfig', kubeconfig, '--out', out, '--force'], { env });
      expect(r.stderr).toContain(why);
      expect(r.code).toBe(2);
    }
    expect(readFileSync(kept, 'utf8')).toBe('my notes\n');
    expect(existsSync(path.join(dir, 'nope'))).toBe(false);
  });

  it('needs --out', async () => {
    const r = await runCli(['capture', '--kubeconfig', kubeconfig], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--out PATH is required');
    expect(existsSync(path.join(dir, 'undefined'))).toBe(false);
  });
});
