/**
 * Text copied from a terminal that cut its lines at the window's width: read as if the lines were
 * whole, at any width, while text that only looks cut (table rows of one width, a long command
 * before its output, a YAML key after a long value) is read as it is.
 */
import { describe, expect, it } from 'vitest';
import { diagnosePaste, firstFailure } from './paste-diagnoses.js';
import { parsePaste } from '../src/collectors/paste/driver.js';
import { PASTE_PARSERS } from '../src/collectors/paste/parsers.js';

const CLOCK = Date.parse('2026-01-01T00:00:00Z');

const cutAt = (text: string, width: number): string =>
  text
    .split('\n')
    .map((l) => (l.length <= width ? l : (l.match(new RegExp(`.{1,${width}}`, 'g')) ?? [l]).join('\n')))
    .join('\n');

const PASTES: readonly { name: string; text: string; want: string }[] = [
  {
    name: 'pods stuck terminating',
    text: [
      '$ kubectl get pods -A',
      'NAMESPACE                        NAME                                              READY   STATUS        RESTARTS   AGE',
      'github-action-runners            runner-pool-pod-fhthp                             0/3     Terminating   0          4h50m',
      'github-action-runners            runner-pool-pod-wfs62                             0/3     Terminating   0          4h50m',
    ].join('\n'),
    want: 'termination StuckTerminating',
  },
  {
    name: 'an events row in prose',
    text: 'kubectl events says: spec.containers{airflow-flower}   Warning   Unhealthy   kubelet, k8s-development-41339263-2   Liveness probe failed: HTTP probe failed with statuscode: 404',
    want: 'liveness LivenessProbeFailed',
  },
  {
    name: 'an init container in a describe',
    text: [
      'Init Containers:',
      '  init:',
      '    Container ID:   docker://f2fd33030980aaed48a66b10ff828dfaa835acf64d73c1a01dd89c29136c508b',
      '    Image ID:       docker-pullable://494141260463.dkr.ecr.us-east-1.amazonaws.com/mulesoft/rtf-app-init@sha256:fe0be8aaa567db809a7a48f564f5b5c724645862e293fd33fbe316b6e319',
      '    State:          Waiting',
      '      Reason:       CrashLoopBackOff',
      '    Last State:     Terminated',
      '      Reason:       Error',
      '      Exit Code:    1',
      '    Ready:          False',
      '    Restart Count:  16',
      'Containers:',
      '  app:',
      '    State:          Waiting',
      '      Reason:       PodInitializing',
      '    Ready:          False',
      'Events:',
      '  Type     Reason   Age                    From     Message',
      '  ----     ------   ----                   ----     -------',
      '  Warning  BackOff  3m12s (x70 over 58m)   kubelet  Back-off restarting failed container init in pod rtf-app-0_ns(1f0e2a3b-4c5d-6e7f-8a9b-0c1d2e3f4a5b)',
    ].join('\n'),
    want: 'init-containers InitContainerCrashLoop',
  },
];

describe.each(PASTES)('$name', ({ text, want }) => {
  it('reads so as printed', () => {
    expect(firstFailure(text, CLOCK)).toBe(want);
  });
  it.each([72, 80, 100, 120, 132])('reads the same cut at %i columns', (width) => {
    expect(firstFailure(cutAt(text, width), CLOCK)).toBe(want);
  });
});

describe('text that only looks cut', () => {
  it('keeps table rows of one width apart', () => {
    const rows = Array.from(
      { length: 4 },
      (_, i) =>
        `web-7d4b9c8f6d-abcd${i}        0/1     CrashLoopBackOff   12 (2m ago)   40m   10.244.1.${i}   worker-1`,
    );
    const text = [
      'NAME                        READY   STATUS             RESTARTS      AGE   IP            NODE',
      ...rows,
    ].join('\n');
    expect(diagnosePaste(text, CLOCK).snapshot.pods.map((p) => p.metadata.name)).toEqual(
      rows.map((r) => r.split(' ')[0]),
    );
  });

  it('keeps a YAML key apart from the long value before it', () => {
    const text = [
      'status:',
      '  containerStatuses:',
      `  - containerID: containerd://${'0123456789abcdef'.repeat(5)}`,
      '    lastState:',
      '      terminated:',
      '        exitCode: 137',
      '        reason: OOMKilled',
      `    image: registry.example.com/team/app:${'v'.repeat(50)}`,
      '    name: app',
    ].join('\n');
    expect(firstFailure(`$ kubectl get pod app-0 -o yaml\n${text}`, CLOCK)).toBe('crash OOMKilled');
  });

  it('tells the lines of what it read in the text as given', () => {
    const text = cutAt(PASTES[0]?.text ?? '', 80);
    const lines = text.split('\n');
    const pods = parsePaste(text, PASTE_PARSERS).objects;
    expect(pods.map((o) => o.line)).toEqual([4, 6]);
    for (const o of pods)
      expect(lines[o.line - 1]).toContain(JSON.stringify(o.raw).match(/runner-pool-pod-\w+/)?.[0]);
  });

  it("tells a note's line in the text as given, after the joined lines", () => {
    const row =
      '  Warning  Unhealthy  2m (x40 over 1h)  kubelet, k8s-development-41339263-2  Liveness probe failed: HTTP probe failed with statuscode: 404';
    const lines = [
      'Events:',
      '  Type     Reason     Age               From                          Message',
      '  ----     ------     ----              ----                          -------',
      ...(row.match(/.{1,100}/g) ?? []),
      ...Array.from({ length: 6 }, () => ''),
      'Warning: policy/v1beta1 PodSecurityPolicy is deprecated in v1.21+',
    ];
    const read = parsePaste(lines.join('\n'), PASTE_PARSERS);
    expect(read.objects.map((o) => [o.line, o.raw.message])).toEqual([
      [4, 'Liveness probe failed: HTTP probe failed with statuscode: 404'],
    ]);
    expect(read.notes.map((n) => n.slice(0, 8))).toEqual(['line 12:']);
  });

  it('reads rows of one width as rows, each its own pod', () => {
    const rows = [1, 2, 3].map(
      (i) =>
        `web-7d4b9c8f6d-abcd${i}   0/1     CrashLoopBackOff   12 (2m ago)   40m   10.244.1.${i}   worker-1`,
    );
    const pods = parsePaste(rows.join('\n'), PASTE_PARSERS).objects;
    expect(pods.map((o) => [o.line, (o.raw.metadata as { name: string }).name])).toEqual([
      [1, 'web-7d4b9c8f6d-abcd1'],
      [2, 'web-7d4b9c8f6d-abcd2'],
      [3, 'web-7d4b9c8f6d-abcd3'],
    ]);
  });
});
