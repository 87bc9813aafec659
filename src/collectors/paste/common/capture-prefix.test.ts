import { describe, expect, it } from 'vitest';
import { withoutCapturePrefix } from './capture-prefix.js';

const at = (iso: string): number => Date.parse(iso);

describe('withoutCapturePrefix: the time a capture stamped on every line', () => {
  it.each([
    {
      name: "a GitHub Actions runner's raw log",
      lines: [
        '2024-05-01T10:00:00.1234567Z $ kubectl get pods',
        '2024-05-01T10:00:01.0000000Z NAME    READY   STATUS    RESTARTS   AGE',
        '2024-05-01T10:00:01.5000000Z web-1   0/1     Pending   0          5m',
      ],
      want: [
        '$ kubectl get pods',
        'NAME    READY   STATUS    RESTARTS   AGE',
        'web-1   0/1     Pending   0          5m',
      ],
      printedAt: at('2024-05-01T10:00:01.500Z'),
    },
    {
      name: "Jenkins' timestamper, with an offset and a line left blank",
      lines: [
        '[2024-05-01T12:00:00.123+02:00] Events:',
        '[2024-05-01T12:00:02.000+02:00]',
        '[2024-05-01T12:00:01.000+02:00]   Type  Reason',
      ],
      want: ['Events:', '', '  Type  Reason'],
      printedAt: at('2024-05-01T10:00:02.000Z'),
    },
    {
      name: 'most lines stamped (a line the runner wrapped is not)',
      lines: [
        '2024-05-01T10:00:00.1Z a',
        '2024-05-01T10:00:00.2Z b',
        '2024-05-01T10:00:00.3Z c',
        '2024-05-01T10:00:09.0Z d',
        'e',
      ],
      want: ['a', 'b', 'c', 'd', 'e'],
      printedAt: at('2024-05-01T10:00:09Z'),
    },
  ])('strips it from $name, and keeps the newest', ({ lines, want, printedAt }) => {
    expect(withoutCapturePrefix(lines)).toEqual({ lines: want, printedAt });
  });

  it.each([
    { name: 'one stamped line', lines: ['2024-05-01T10:00:00.5Z Warning FailedMount', 'more text'] },
    { name: 'fewer than four in five', lines: ['2024-05-01T10:00:00.5Z a', '2024-05-01T10:00:00.5Z b', 'c'] },
    {
      name: 'a custom-columns time column (no fraction of a second)',
      lines: [
        '2021-07-01T13:53:17Z   Pulling     Pulling image "gadget:1"',
        '2021-07-01T13:58:33Z   Unhealthy   Liveness probe failed: ',
      ],
    },
    {
      name: "kubectl's own time column (no T)",
      lines: ['2017-07-26 16:32:54 -0500 CDT   1   busybox', '2017-07-26 16:32:54 -0500 CDT   1   busybox'],
    },
    {
      name: 'a time not followed by a space',
      lines: ['2024-05-01T10:00:00.5Z|a', '2024-05-01T10:00:00.5Z|b'],
    },
  ])('leaves lines alone with $name', ({ lines }) => {
    expect(withoutCapturePrefix(lines)).toEqual({ lines });
  });
});
