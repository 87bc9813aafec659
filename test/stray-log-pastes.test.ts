/** runc's exec failure pasted alone (a k9s log pane) is diagnosed at container-start, end to end. */
import { describe, expect, it } from 'vitest';
import { snapshotFromSources } from '../src/collectors/files/index.js';
import { diagnose } from '../src/rules/engine/index.js';
import { RULES } from '../src/rules/index.js';

const FORMAT = 'exec /bin/connect-api: exec format error';
const NOT_FOUND = 'exec /docker-entrypoint.sh: no such file or directory';
const DENIED = 'standard_init_linux.go:190: exec user process caused "permission denied"';

describe('a stray runc exec failure without any pod', () => {
  it.each<[string, string, string]>([
    [FORMAT, 'ExecFormatError', 'api'],
    [NOT_FOUND, 'ExecutableNotFound', 'api'],
    [DENIED, 'PermissionDenied', 'api'],
  ])('diagnosed at container-start: %s', (line, reason, container) => {
    const s = snapshotFromSources([{ name: 'p.txt', text: `│ ${container} ${line}\n` }], ['p.txt'], {
      now: 0,
    });
    const { diagnoses } = diagnose(s, { now: 0, rules: RULES });
    expect(
      diagnoses.map((d) => [
        d.target.name,
        d.verdict,
        d.stage,
        d.reason,
        d.container?.name,
        d.evidence[0]?.text,
      ]),
    ).toEqual([
      [
        'unnamed-pod',
        'failed',
        'container-start',
        reason,
        container,
        `logs[${container}] (previous): ${line}`,
      ],
    ]);
  });
});
