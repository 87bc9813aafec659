import { describe, expect, it } from 'vitest';
import { parsePaste } from './driver.js';
import { PASTE_PARSERS } from './parsers.js';
import { componentLogPod } from './component-log.js';

const KILL =
  'I1022 16:14:57.804664    4363 manager.go:1413] Killing container "280fed192f3a busybox default/nfs-busybox" with 30 second grace period';

describe('componentLogPod: component log lines no message shape reads', () => {
  it.each([
    ['a klog line of the kubelet, naming no pod', [KILL], 'unnamed-pod', undefined],
    [
      'a structured klog line naming its pod',
      ['I0501 10:00:00.123456    1234 kubelet.go:2000] "SyncLoop UPDATE" source="api" pods=["shop/web-1"]'],
      'web-1',
      'shop',
    ],
    [
      "the kubelet's name_namespace(uid), after a journald prefix",
      [
        'May 01 10:00:00 n1 kubelet[9]: I0501 10:00:00.123456 9 status_manager.go:500] Status for pod "web-1_shop(6f1c0a2b-11)" updated',
      ],
      'web-1',
      'shop',
    ],
    [
      'the tail of a klog line whose header was cut off',
      [
        'endpoints_controller.go:375] Error syncing endpoints for service "default/web": Endpoints "web" is invalid',
      ],
      'unnamed-pod',
      undefined,
    ],
  ])('%s', (_, lines, name, namespace) => {
    const pod = componentLogPod(lines);
    expect(pod?.raw).toEqual({
      kind: 'Pod',
      metadata: { name, ...(namespace === undefined ? {} : { namespace }) },
    });
    expect(pod?.inferredName).toMatch(/only Kubernetes component log lines \(\w+\.go\)/);
  });

  it.each([
    ['an application log', ['2024-05-01 10:00:00 INFO starting server on :8080']],
    ['prose mentioning a Go file', ['the bug is in kubelet.go, line 375']],
    ['a file name without its line', ['see manager.go] for details']],
  ])('none from %s', (_, lines) => {
    expect(componentLogPod(lines)).toBeUndefined();
  });

  it('is only the last resort: a line a message shape reads is that event', () => {
    const r = parsePaste(
      'E0501 10:00:00.123456 1 prober.go:116] Liveness probe failed: HTTP probe failed with statuscode: 500',
      PASTE_PARSERS,
    );
    expect(r.objects.map((o) => o.raw.kind)).toEqual(['Event']);
  });
});
