import { describe, expect, it } from 'vitest';
import { PASTE_PARSERS } from '../parsers.js';
import { parsePaste } from '../driver.js';

/** Messages of the events a paste is read into. */
const messages = (text: string): string[] =>
  parsePaste(text, PASTE_PARSERS).objects.flatMap((o) =>
    o.raw.kind === 'Event' ? [String(o.raw.message)] : [],
  );

describe("a message line followed by the reporter's words", () => {
  it('is not joined to them mid-word when it is merely the longest line (no terminal edge)', () => {
    const text = [
      'run_acceptance.sh: claim:ok volume:ok pod:creates but mount fails.',
      'kubelet.go:1622] Unable to mount volumes for pod "write-pod-test_default(4840a4e6-9e96-11e7-9fd4-98be9407de00)": timeout',
      'any ideas on how to proceed?',
    ].join('\n');
    expect(messages(text).some((m) => m.includes('timeoutany'))).toBe(false);
  });

  it('is joined mid-word where two lines fill the terminal to its edge', () => {
    const row = (msg: string) => `  Warning  FailedMount  2m (x3 over 6m)  kubelet  ${msg}`;
    const a = row(
      'MountVolume.SetUp failed for volume "cfg" : configmap "web-config-for-the-shop-front" not f',
    );
    const b = row(
      'MountVolume.SetUp failed for volume "key" : secret "web-tls-key-for-the-shop-front-x" not f',
    );
    expect(a.length).toBe(b.length);
    const text = [
      'Events:',
      '  Type     Reason       Age              From     Message',
      '  ----     ------       ----             ----     -------',
      a,
      'ound',
      b,
      'ound',
    ].join('\n');
    expect(messages(text)).toEqual([
      'MountVolume.SetUp failed for volume "cfg" : configmap "web-config-for-the-shop-front" not found',
      'MountVolume.SetUp failed for volume "key" : secret "web-tls-key-for-the-shop-front-x" not found',
    ]);
  });
});
