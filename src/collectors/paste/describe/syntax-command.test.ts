import { describe, expect, it } from 'vitest';
import { commandKind, describeCommand } from './syntax.js';

/** Survivors in syntax.ts describeLine and commandKind: how far above a block the command is looked for (paste-describe-4). */

/** The command, then `gap` lines, then the block's first line; returns the lines and where the block starts. */
function paste(command: string, gap: readonly string[]): [string[], number] {
  const lines = [command, ...gap, 'Name:             web-1'];
  return [lines, lines.length - 1];
}

describe('describeLine: up to 8 lines above, counting at most 3 that are not blank', () => {
  it('blank and whitespace-only lines between are not counted', () => {
    const [lines, start] = paste('$ kubectl describe pod web-1 -n shop', ['', '   ', '\t', '  ']);
    expect(describeCommand(lines, start)).toEqual({ kind: 'Pod', name: 'web-1', namespace: 'shop' });
    expect(commandKind(lines, start)).toBe('Pod');
  });

  it('the command 8 lines above is found, 9 lines above is not', () => {
    const [at8, s8] = paste('kubectl describe node worker-1', ['', '', '', '', '', '', '']);
    expect(describeCommand(at8, s8)).toEqual({ kind: 'Node', name: 'worker-1' });
    expect(commandKind(at8, s8)).toBe('Node');
    const [at9, s9] = paste('kubectl describe node worker-1', ['', '', '', '', '', '', '', '']);
    expect(describeCommand(at9, s9)).toBeUndefined();
    expect(commandKind(at9, s9)).toBeUndefined();
  });

  it('nor is one 9 lines above when the block starts further down', () => {
    const lines = ['header', 'kubectl describe pod web-1', '', '', '', '', '', '', '', '', 'Name:  web-1'];
    expect(describeCommand(lines, 10)).toBeUndefined();
    expect(commandKind(lines, 10)).toBeUndefined();
  });

  it('the third text line above is looked at, the fourth is not', () => {
    const [three, s3] = paste('kubectl describe pod web-1', ['Warning: v1 Endpoints is deprecated', 'note']);
    expect(describeCommand(three, s3)).toEqual({ kind: 'Pod', name: 'web-1' });
    const [four, s4] = paste('kubectl describe pod web-1', [
      'Warning: v1 Endpoints is deprecated',
      'note',
      'more',
    ]);
    expect(describeCommand(four, s4)).toBeUndefined();
    expect(commandKind(four, s4)).toBeUndefined();
  });

  it('a block at the top has no command', () => {
    expect(describeCommand(['Name:  web-1'], 0)).toBeUndefined();
    expect(commandKind(['Name:  web-1'], 0)).toBeUndefined();
  });
});

describe('commandKind', () => {
  it('runs of spaces after describe', () => {
    const [lines, start] = paste('kubectl describe   deployment  api', ['']);
    expect(commandKind(lines, start)).toBe('Deployment');
    expect(describeCommand(lines, start)).toEqual({ kind: 'Deployment', name: 'api' });
  });

  it('only kinds read here: not a ConfigMap, not an Ingress, not an unknown word', () => {
    for (const c of [
      'kubectl describe configmap settings',
      'kubectl describe ingress web',
      'kubectl describe widgets w',
    ]) {
      const [lines, start] = paste(c, []);
      expect(commandKind(lines, start)).toBeUndefined();
    }
  });
});
