import { describe, expect, it } from 'vitest';
import { cleanLine, endsTable, indentOf, isPlaceholder, isPromptLine, startsBlock, value } from './text.js';

describe('cleanLine', () => {
  it.each([
    // A carriage return at the start (a progress line overwritten in a terminal) goes; the text stays whole.
    ['\rNAME    READY   STATUS    RESTARTS   AGE', 'NAME    READY   STATUS    RESTARTS   AGE'],
    ['\rweb-1   0/1     Pending   0          5m\r', 'web-1   0/1     Pending   0          5m'],
    // A bell or a NUL in a terminal copy is dropped, not replaced.
    [
      '  Warning  BackOff  2m  kubelet  Back-off restarting failed container\u0007',
      '  Warning  BackOff  2m  kubelet  Back-off restarting failed container',
    ],
    ['web-1\u0000   0/1     Pending   0          5m', 'web-1   0/1     Pending   0          5m'],
    ['\u0008\u0008Events:', 'Events:'],
  ])('%j', (line, clean) => {
    expect(cleanLine(line)).toBe(clean);
  });

  it.each([
    [
      '> Warning  FailedMount  2m  kubelet  MountVolume.SetUp failed',
      'Warning  FailedMount  2m  kubelet  MountVolume.SetUp failed',
    ],
    [
      ' > Warning  FailedMount  2m  kubelet  MountVolume.SetUp failed',
      'Warning  FailedMount  2m  kubelet  MountVolume.SetUp failed',
    ],
    [
      '  > Warning  FailedMount  2m  kubelet  MountVolume.SetUp failed',
      'Warning  FailedMount  2m  kubelet  MountVolume.SetUp failed',
    ],
    ['  >   Reason:       CrashLoopBackOff', '  Reason:       CrashLoopBackOff'],
    // Markdown allows up to three spaces before the marker; four make a code block.
    [
      '   > Warning  FailedMount  2m  kubelet  MountVolume.SetUp failed',
      'Warning  FailedMount  2m  kubelet  MountVolume.SetUp failed',
    ],
    ['   >>   Reason:       CrashLoopBackOff', '  Reason:       CrashLoopBackOff'],
    [
      '    > Warning  FailedMount  2m  kubelet  MountVolume.SetUp failed',
      '    > Warning  FailedMount  2m  kubelet  MountVolume.SetUp failed',
    ],
  ])('drops the markdown quote marker of %j', (line, clean) => {
    expect(cleanLine(line)).toBe(clean);
  });
});

describe('indentOf', () => {
  it.each([
    ['', 0],
    ['Events:', 0],
    ['  Type     Reason', 2],
    ['\tReason', 8],
    // A tab moves to the next multiple of 8, wherever the spaces before it left the cursor.
    [' \tReason', 8],
    ['   \tReason', 8],
    ['       \tReason', 8],
    ['        \tReason', 16],
    ['\t\tReason', 16],
    ['\t  Reason', 10],
    ['  \t  Reason', 10],
    ['         \tReason', 16],
  ])('%j is %i', (line, n) => {
    expect(indentOf(line)).toBe(n);
  });
});

describe('endsTable', () => {
  it.each([
    [undefined, true],
    ['', true],
    ['   ', true],
    ['\t', true],
    ['```', true],
    ['$ kubectl get events -n shop', true],
    ['web-1   0/1     Pending   0          5m', false],
    ['  Normal  Scheduled  5m  default-scheduler  Successfully assigned shop/web-1 to node-1', false],
  ])('%j: %s', (line, ends) => {
    expect(endsTable(line)).toBe(ends);
  });
});

describe('startsBlock', () => {
  it.each([
    // A describe field with its value on the next lines.
    ['Events:', true],
    ['Volumes:', true],
    ['    Environment:', true],
    ['Events:  <none>', true],
    ['Status:       Pending', true],
    ['apiVersion: v1', true],
    ['  status:', true],
    ['## Events', true],
    ['# kubectl describe pod web-1', true],
    // The rest of a wrapped message: a field name inside it does not start a block.
    [
      'The Pod "web-1" is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`',
      false,
    ],
    ['default-scheduler  0/3 nodes are available: 3 Insufficient cpu.', false],
    // A root prompt ends with '#' but is not a heading.
    ['root@node1:~#', false],
  ])('%j: %s', (line, starts) => {
    expect(startsBlock(line)).toBe(starts);
  });
});

describe('placeholders', () => {
  it.each([
    [undefined, true],
    ['', true],
    ['<none>', true],
    ['<unset>', true],
    ['<unknown>', true],
    ['<pending>', true],
    ['<nil>', true],
    // kubectl get hpa before metrics arrive: a value, not a placeholder.
    ['<unknown>/80%', false],
    // Names a user redacted by hand before pasting (real pastes do this): kept as they are.
    ['aks-nodepool1-<id>', false],
    ['pod/egg-<id2 here>', false],
    ['web-1', false],
  ])('%j: %s', (text, placeholder) => {
    expect(isPlaceholder(text)).toBe(placeholder);
    expect(value(text)).toBe(placeholder ? undefined : text);
  });
});

describe('isPromptLine', () => {
  it.each([
    // Indented prompts (a terminal copy inside a markdown list).
    '  ➜  ~ kubectl get pods',
    '  $ kubectl get pods',
    '  $',
    // Extra spaces the user typed between the prompt and the command, or inside the command.
    '➜  ~  kubectl get events -n shop',
    '$  kubectl get pods',
    'kubectl  get pods -n shop',
    // A bare prompt whose trailing space the copy lost.
    '$',
    'user@host:~$',
    'PS C:\\Users\\dev> kubectl get pods -n shop',
    // A command with no arguments.
    'kubectl version',
    'oc whoami',
    // A bracketed prompt of a long host name and path ([\u@\H \w]$).
    '[ec2-user@ip-172-31-25-118.eu-central-1.compute.internal ~/clusters/production/eu-central-1/payments]$ kubectl get pods',
  ])('%j is a prompt', (line) => {
    expect(isPromptLine(line)).toBe(true);
  });

  it.each([
    // A container argument of describe's Command/Args list that refers to an env var.
    '      $(POD_NAME)',
    '      --advertise-address=$(POD_IP)',
    // An application log line (kubectl logs) with an arrow inside.
    '2024-01-01T10:00:00Z build ➜ web ready',
    'NAME   READY   STATUS',
  ])('%j is not a prompt', (line) => {
    expect(isPromptLine(line)).toBe(false);
  });
});
