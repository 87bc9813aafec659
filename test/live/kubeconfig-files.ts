import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ContextSpec {
  readonly name: string;
  readonly server: string;
  readonly token?: string;
  readonly namespace?: string;
}

/** Writes a kubeconfig with one cluster and user per context into a fresh temp dir; returns its path. */
export function writeKubeconfig(contexts: readonly ContextSpec[], current?: string, file = 'config'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'handoff-kubeconfig-'));
  const lines = [
    'apiVersion: v1',
    'kind: Config',
    `current-context: ${current ?? contexts[0]?.name ?? '""'}`,
    'clusters:',
  ];
  for (const c of contexts) lines.push(`- name: ${c.name}-cluster`, '  cluster:', `    server: ${c.server}`);
  lines.push('users:');
  for (const c of contexts)
    lines.push(`- name: ${c.name}-user`, '  user:', `    token: ${c.token ?? `token-${c.name}`}`);
  lines.push('contexts:');
  for (const c of contexts) {
    lines.push(
      `- name: ${c.name}`,
      '  context:',
      `    cluster: ${c.name}-cluster`,
      `    user: ${c.name}-user`,
    );
    if (c.namespace !== undefined) lines.push(`    namespace: ${c.namespace}`);
  }
  const p = path.join(dir, file);
  writeFileSync(p, lines.join('\n') + '\n');
  return p;
}
