import { describe, expect, it } from 'vitest';
import { snapshotFromSources } from './index.js';

describe("a paste of kubectl's Warning: lines (API server warnings)", () => {
  it('alone, is read (a note, no target), not refused; beside evidence, both count', () => {
    const only = snapshotFromSources(
      [
        {
          name: 'paste.txt',
          text: 'Warning: would violate PodSecurity "restricted:latest": runAsNonRoot != true\n',
        },
      ],
      ['paste.txt'],
    );
    expect(only.pods).toEqual([]);
    expect(
      only.notes?.some((n) =>
        n.startsWith('paste.txt: line 1: kubectl\'s "Warning: would violate PodSecurity'),
      ),
    ).toBe(true);
    const both = snapshotFromSources(
      [
        {
          name: 'p.txt',
          text: 'Warning: would violate PodSecurity "restricted:latest": x\nNAME    READY   STATUS             RESTARTS   AGE\nweb-1   0/1     CrashLoopBackOff   4          2m\n',
        },
      ],
      ['p.txt'],
    );
    expect(both.pods.map((p) => p.metadata.name)).toEqual(['web-1']);
  });

  it('prose alone is still refused', () => {
    expect(() =>
      snapshotFromSources([{ name: 'p.txt', text: 'I got a Warning: the app is slow\n' }], ['p.txt']),
    ).toThrow(/holds no Kubernetes objects/);
  });
});
