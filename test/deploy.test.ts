/**
 * deploy/cronjob.yaml, the Dockerfile and action.yml: they parse, refer to each other and to
 * deploy/rbac.yaml correctly, and what they run is accepted by the CLI and works with the
 * read-only RBAC.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { main } from '../src/cli/main.js';
import { startApiServer } from '../src/simulator/http/server.js';
import { resolveScenario } from '../src/simulator/scenario/catalog.js';
import type { UserSpec } from '../src/simulator/scenario/types.js';
import { Simulation } from '../src/simulator/simulation.js';
import { writeKubeconfig } from './live/kubeconfig-files.js';
import { runCli } from './run-cli.js';

interface Doc {
  kind: string;
  metadata: { name: string; namespace?: string };
  rules?: { apiGroups: string[]; resources: string[]; verbs: string[] }[];
  roleRef?: { apiGroup: string; kind: string; name: string };
  subjects?: { kind: string; name: string; namespace?: string }[];
  spec?: {
    jobTemplate: {
      spec: {
        template: {
          spec: {
            serviceAccountName: string;
            restartPolicy: string;
            securityContext: { runAsNonRoot: boolean; runAsUser: number };
            containers: { name: string; image: string; args: string[] }[];
          };
        };
      };
    };
  };
}

const load = (file: string): Doc[] =>
  parseAllDocuments(readFileSync(file, 'utf8'))
    .map((d) => d.toJS() as Doc | null)
    .filter((d): d is Doc => d !== null);

const cron = load('deploy/cronjob.yaml');
const rbac = load('deploy/rbac.yaml');
const find = (docs: Doc[], kind: string): Doc => {
  const d = docs.find((x) => x.kind === kind);
  if (d === undefined) throw new Error(`no ${kind}`);
  return d;
};
const podSpec = () => {
  const spec = find(cron, 'CronJob').spec?.jobTemplate.spec.template.spec;
  if (spec === undefined) throw new Error('CronJob without a pod template');
  return spec;
};

describe('deploy/cronjob.yaml', () => {
  it('binds its ServiceAccount to the read-only ClusterRole of deploy/rbac.yaml', () => {
    const sa = find(cron, 'ServiceAccount');
    const binding = find(cron, 'ClusterRoleBinding');
    expect(binding.roleRef).toEqual({
      apiGroup: 'rbac.authorization.k8s.io',
      kind: 'ClusterRole',
      name: 'kube-handoff-reader',
    });
    const role = rbac.find((d) => d.kind === 'ClusterRole' && d.metadata.name === binding.roleRef?.name);
    expect(role).toBeDefined();
    for (const rule of role?.rules ?? []) expect(rule.verbs).toEqual(['get', 'list', 'watch']);
    expect(binding.subjects).toEqual([
      { kind: 'ServiceAccount', name: sa.metadata.name, namespace: sa.metadata.namespace },
    ]);
    const cronJob = find(cron, 'CronJob');
    expect(cronJob.metadata.namespace).toBe(sa.metadata.namespace);
    expect(podSpec().serviceAccountName).toBe(sa.metadata.name);
    expect(find(cron, 'Namespace').metadata.name).toBe(sa.metadata.namespace);
  });

  it('runs check -A with JSON lines, and the CLI accepts its args', async () => {
    const args = podSpec().containers[0]?.args ?? [];
    expect(args.slice(0, 2)).toEqual(['check', '-A']);
    expect(args.join(' ')).toContain('-o json');
    // The same args on a scenario instead of the cluster: parsed, run, JSON lines out.
    const r = await runCli([...args, '--sim', 'healthy-rollout']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    expect(lines[0]?.type).toBe('start');
    expect(lines.at(-1)).toMatchObject({ type: 'summary', exitCode: 0 });
  });

  it('runs as the non-root user the Dockerfile sets', () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    const user = /^USER (\d+):(\d+)$/m.exec(dockerfile);
    expect(user?.[1]).toBe(String(podSpec().securityContext.runAsUser));
    expect(podSpec().securityContext.runAsNonRoot).toBe(true);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["node", "\/app\/bin\/handoff\.js"\]$/m);
    expect(dockerfile).toMatch(/^FROM node:20-alpine AS build$/m);
    // What the image copies from the build context exists, and .dockerignore does not hide it.
    const ignored = readFileSync('.dockerignore', 'utf8').split('\n');
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) =>
      (m[1] ?? '').split(' '),
    );
    expect(sources).toEqual([
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'tsconfig.build.json',
      'src',
      'bin',
      'scenarios',
    ]);
    for (const source of sources) {
      expect(existsSync(source)).toBe(true);
      expect(ignored).not.toContain(source);
    }
    expect(ignored).toContain('node_modules');
  });

  it('with the ClusterRole alone, the CronJob check reads everything it needs from a cluster', async () => {
    const role = rbac.find((d) => d.kind === 'ClusterRole' && d.metadata.name === 'kube-handoff-reader');
    const user: UserSpec = {
      name: 'system:serviceaccount:kube-handoff:kube-handoff',
      token: 'sa-token',
      groups: [],
      rules: (role?.rules ?? []).map((r) => ({
        verbs: r.verbs,
        resources: r.resources,
        apiGroups: r.apiGroups,
      })),
    };
    const base = resolveScenario('healthy-rollout');
    const sim = new Simulation({ ...base, cluster: { ...base.cluster, users: [user] } }).run();
    const server = await startApiServer(sim, { port: 0, speed: 0 });
    try {
      const kubeconfig = writeKubeconfig([{ name: 'in-cluster', server: server.url, token: user.token }]);
      let stdout = '';
      let stderr = '';
      const out = new PassThrough();
      out.on('data', (c: Buffer) => (stdout += c.toString()));
      const err = new PassThrough();
      err.on('data', (c: Buffer) => (stderr += c.toString()));
      const code = await main([...(podSpec().containers[0]?.args ?? []), '--kubeconfig', kubeconfig], {
        stdout: out,
        stderr: err,
        stdin: Readable.from([]),
        env: { HOME: mkdtempSync(path.join(os.tmpdir(), 'h-')) },
        now: () => sim.clock.now(),
      });
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).not.toContain('could not read');
      const results = stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; state?: string })
        .filter((l) => l.type === 'result');
      expect(results.map((r) => r.state)).toEqual(['ready', 'ready', 'ready']);
      const verbs = Object.keys(server.requestLog.summary().byVerb);
      expect(verbs.every((v) => ['get', 'list', 'watch', 'discovery'].includes(v))).toBe(true);
    } finally {
      await server.close();
    }
  });
});

interface ActionYml {
  name: string;
  inputs: Record<string, { description: string; required: boolean; default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: { run?: string; uses?: string; env?: Record<string, string> }[] };
}

describe('action.yml', () => {
  const action = parse(readFileSync('action.yml', 'utf8')) as ActionYml;

  it('is a composite action with inputs for scope, timeout and reports', () => {
    expect(action.runs.using).toBe('composite');
    expect(action.inputs.timeout).toMatchObject({ required: true, default: '5m' });
    for (const name of [
      'targets',
      'namespace',
      'all-namespaces',
      'junit',
      'markdown',
      'json',
      'slo-startup',
      'fail-fast',
    ])
      expect(action.inputs[name]?.description.length ?? 0).toBeGreaterThan(10);
    expect(action.outputs['exit-code']?.value).toBe('${{ steps.check.outputs.exit-code }}');
  });

  it('passes inputs through the environment only, and every flag it uses is a check or preflight option', async () => {
    const script = action.runs.steps.map((s) => s.run ?? '').join('\n');
    expect(script).not.toMatch(/\$\{\{\s*inputs\./);
    const env = action.runs.steps.find((s) => s.env !== undefined)?.env ?? {};
    for (const name of Object.keys(action.inputs))
      expect(Object.values(env)).toContain(`\${{ inputs.${name} }}`);
    const help = (await runCli(['check', '--help'])).stdout + (await runCli(['preflight', '--help'])).stdout;
    const flags = [...new Set(script.match(/--[a-z][a-z-]+/g) ?? [])].filter(
      (f) => !['--ignore-scripts', '--no-audit', '--no-fund'].includes(f),
    );
    expect(flags.length).toBeGreaterThanOrEqual(10);
    for (const flag of flags) expect(help).toContain(flag);
  });

  it('the example workflow uses the action with inputs it declares', () => {
    const workflow = parse(readFileSync('docs/examples/deploy-and-check.yml', 'utf8')) as {
      jobs: Record<string, { steps: { uses?: string; with?: Record<string, string> }[] }>;
    };
    const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
    const step = steps.find((s) => s.uses?.includes('/kube-handoff@') === true);
    expect(step).toBeDefined();
    for (const input of Object.keys(step?.with ?? {})) expect(Object.keys(action.inputs)).toContain(input);
  });
});
