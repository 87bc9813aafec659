import { describe, expect, it } from 'vitest';
import { formatLabelSelector } from './json.js';
import { printerFor } from './index.js';

const NOW = Date.UTC(2026, 0, 1, 3, 0, 0);
const created = '2026-01-01T00:00:00Z';

describe('printers', () => {
  it('prints a Deployment with Ready, Up-to-date, Available, Age and the wide columns', () => {
    const row = printerFor('deployments').row(
      {
        metadata: { name: 'web', creationTimestamp: created },
        spec: {
          replicas: 3,
          selector: { matchLabels: { app: 'web' } },
          template: { spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
        },
        status: { readyReplicas: 2, updatedReplicas: 3, availableReplicas: 2 },
      },
      NOW,
    );
    expect(row).toEqual(['web', '2/3', 3, 2, '3h', 'web', 'nginx:1.27', 'app=web']);
  });

  it('prints Services with ports, node ports and selectors', () => {
    const row = printerFor('services').row(
      {
        metadata: { name: 'web', creationTimestamp: created },
        spec: {
          type: 'NodePort',
          clusterIP: '10.96.0.10',
          ports: [{ port: 80, nodePort: 30080, protocol: 'TCP' }],
          selector: { tier: 'front', app: 'web' },
        },
      },
      NOW,
    );
    expect(row).toEqual([
      'web',
      'NodePort',
      '10.96.0.10',
      '<none>',
      '80:30080/TCP',
      '3h',
      'app=web,tier=front',
    ]);
  });

  it('prints scheduler events (series, no source) with the reporting controller as Source', () => {
    const row = printerFor('events').row(
      {
        metadata: { name: 'web.1' },
        involvedObject: { kind: 'Pod', name: 'web' },
        type: 'Warning',
        reason: 'FailedScheduling',
        message: '0/3 nodes are available: 3 Insufficient cpu.',
        source: { component: '' },
        firstTimestamp: null,
        lastTimestamp: null,
        eventTime: '2026-01-01T02:50:00.000000Z',
        series: { count: 4, lastObservedTime: '2026-01-01T02:58:00.000000Z' },
        reportingComponent: 'default-scheduler',
        reportingInstance: 'default-scheduler-control-plane',
      },
      NOW,
    );
    expect(row).toEqual([
      '2m',
      'Warning',
      'FailedScheduling',
      'pod/web',
      '',
      'default-scheduler, default-scheduler-control-plane',
      '0/3 nodes are available: 3 Insufficient cpu.',
      '10m',
      4,
      'web.1',
    ]);
  });

  it('marks the default StorageClass and prints PVCs pending without volume', () => {
    expect(
      printerFor('storageclasses').row(
        {
          metadata: {
            name: 'gp3',
            creationTimestamp: created,
            annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' },
          },
          provisioner: 'ebs.csi.aws.com',
          volumeBindingMode: 'WaitForFirstConsumer',
        },
        NOW,
      ),
    ).toEqual(['gp3 (default)', 'ebs.csi.aws.com', 'Delete', 'WaitForFirstConsumer', 'false', '3h']);
    expect(
      printerFor('persistentvolumeclaims').row(
        {
          metadata: { name: 'data', creationTimestamp: created },
          spec: { storageClassName: 'gp3' },
          status: { phase: 'Pending' },
        },
        NOW,
      ),
    ).toEqual(['data', 'Pending', '', '', '', 'gp3', '<unset>', '3h', 'Filesystem']);
  });

  it('formats label selectors as metav1.FormatLabelSelector does', () => {
    expect(
      formatLabelSelector({
        matchLabels: { b: '2', a: '1' },
        matchExpressions: [
          { key: 'tier', operator: 'In', values: ['x', 'y'] },
          { key: 'gone', operator: 'DoesNotExist' },
        ],
      }),
    ).toBe('a=1,b=2,tier in (x,y),!gone');
  });
});
