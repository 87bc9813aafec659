/** A probe spec pasted on its own beside describe Events is the probe of the container they name. */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { snapshotFromSources } from '../src/collectors/files/index.js';

describe('a probe spec pasted beside describe Events', () => {
  it('becomes the probe of the container the events name', () => {
    const text = [
      '    startupProbe:',
      '      httpGet:',
      '        path: /actuator/health',
      '        port: 9080',
      '      failureThreshold: 30',
      '      periodSeconds: 10',
      '',
      'Events:',
      '  Type     Reason     Age                From               Message',
      '  ----     ------     ----               ----               -------',
      '  Normal   Scheduled  38s                default-scheduler  Successfully assigned default/web-86f77646d5-vd8ks to node-1',
      '  Normal   Created    32s                kubelet            Created container web',
      '  Normal   Started    32s                kubelet            Started container web',
      '  Warning  Unhealthy  18s (x7 over 90s)  kubelet            Startup probe failed: Get "http://10.1.0.7:9080/actuator/health": dial tcp 10.1.0.7:9080: connect: connection refused',
    ].join('\n');
    const snap = snapshotFromSources([{ name: 'paste.txt', text }], ['paste.txt'], {
      clock: () => Date.parse('2024-05-01T12:00:00Z'),
    });
    const containers = snap.pods.flatMap((p) => p.spec.containers);
    expect(containers.map((c) => c.name)).toEqual(['web']);
    expect(containers[0]?.startupProbe).toEqual(
      (parse(text.split('\n\n')[0] ?? '') as { startupProbe: unknown }).startupProbe,
    );
  });
});
