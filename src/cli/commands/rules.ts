import { UsageError } from '../../errors/index.js';
import { RULES } from '../../rules/index.js';
import type { CliIO } from '../io.js';
import type { RegisterCommand } from '../options.js';

/** `handoff rules [ID]`: the catalogue, or one rule explained. */
export function runRules(id: string | undefined, io: CliIO): number {
  if (id === undefined) {
    const width = Math.max(...RULES.map((r) => r.meta.id.length));
    for (const r of RULES) io.stdout.write(`${r.meta.id.padEnd(width)}  ${r.meta.title}\n`);
    return 0;
  }
  const rule = RULES.find((r) => r.meta.id === id);
  if (rule === undefined) {
    const near = RULES.filter(
      (r) => r.meta.id.includes(id) || id.includes(r.meta.id.split('/')[1] ?? '\u0000'),
    ).map((r) => r.meta.id);
    throw new UsageError(
      `no rule "${id}"`,
      near.length > 0 ? `did you mean: ${near.slice(0, 5).join(', ')}` : 'list them with: handoff rules',
    );
  }
  const m = rule.meta;
  const lines = [
    `${m.id}: ${m.title}`,
    '',
    m.description,
    '',
    `stage:        ${m.stage}`,
    `target:       ${m.target}`,
    `reason codes: ${m.reasons.join(', ')}`,
    `grace period: ${m.graceSeconds > 0 ? `${m.graceSeconds}s` : 'none (definite at once)'}`,
    `reads:        ${m.needs.join(', ')}`,
    `docs:         ${m.docs}`,
    '',
    'messages:',
    ...Object.entries(m.messages).map(([k, v]) => `  ${k}: ${v}`),
  ];
  io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

export const registerRules: RegisterCommand = (program, { io, exit }) => {
  program
    .command('rules')
    .description('list the rule catalogue, or explain one rule')
    .argument('[ID]', 'a rule id such as image-pull/pull-failed')
    .action((id: string | undefined) => {
      exit(runRules(id, io));
    });
};
