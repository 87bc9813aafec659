import { describe, expect, it } from 'vitest';
import { CrashBackoff } from './backoff.js';
import { goDuration, imageIdOf, quantityString, startErrorMessage } from './format.js';

describe('CrashBackoff', () => {
  it('restarts the first exit at once, then waits 10 s doubling to 300 s', () => {
    const b = new CrashBackoff();
    const key = 'uid/web';
    let t = 0;
    expect(b.inBackOff(key, t, t)).toBe(false);
    b.next(key, t);
    const windows: number[] = [];
    for (let i = 0; i < 7; i++) {
      t += 5000; // the container ran 5 s and exited again
      expect(b.inBackOff(key, t, t)).toBe(true);
      windows.push(b.get(key));
      expect(b.inBackOff(key, t, t + b.get(key))).toBe(false);
      t += b.get(key);
      b.next(key, t);
    }
    expect(windows).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000]);
  });

  it('starts over after a run longer than 10 minutes', () => {
    const b = new CrashBackoff();
    b.next('k', 0);
    b.next('k', 1000);
    expect(b.get('k')).toBe(20_000);
    expect(b.inBackOff('k', 1000 + 11 * 60_000, 1000 + 11 * 60_000)).toBe(false);
    b.next('k', 1000 + 11 * 60_000);
    expect(b.get('k')).toBe(10_000);
  });
});

describe('formats', () => {
  it('prints durations as Go does', () => {
    expect([10_000, 40_000, 80_000, 160_000, 300_000].map(goDuration)).toEqual([
      '10s',
      '40s',
      '1m20s',
      '2m40s',
      '5m0s',
    ]);
  });

  it('prints quantities as resource.Quantity does', () => {
    expect([0, 100 * 2 ** 20, 1536 * 2 ** 20, 2 ** 30, 85040 * 1024].map(quantityString)).toEqual([
      '0',
      '100Mi',
      '1536Mi',
      '1Gi',
      '85040Ki',
    ]);
  });

  it('builds runc start errors', () => {
    expect(startErrorMessage('permission denied', '/entrypoint.sh')).toBe(
      'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/entrypoint.sh": permission denied: unknown',
    );
    expect(startErrorMessage('executable not found', 'server')).toContain(
      'exec: "server": executable file not found in $PATH: unknown',
    );
  });

  it('names images by their full reference in imageID', () => {
    expect(imageIdOf('nginx:1.27')).toMatch(/^docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/);
    expect(imageIdOf('ghcr.io/acme/api:5')).toMatch(/^ghcr\.io\/acme\/api@sha256:/);
  });
});
