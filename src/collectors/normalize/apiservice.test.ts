import { describe, expect, it } from 'vitest';
import { apiServiceRecords } from './apiservice.js';

const MESSAGE =
  'endpoints for service/metrics-server in "kube-system" have no addresses with port name "https"';
const apiService = (conditions: unknown) => ({
  apiVersion: 'apiregistration.k8s.io/v1',
  kind: 'APIService',
  metadata: { name: 'v1beta1.metrics.k8s.io' },
  spec: { service: { name: 'metrics-server', namespace: 'kube-system', port: 443 } },
  status: { conditions },
});
const available = (status: string, reason: string, message: string) => ({
  type: 'Available',
  status,
  reason,
  message,
  lastTransitionTime: '2021-09-18T00:55:17Z',
});

describe('apiServiceRecords', () => {
  it('turns Available=False MissingEndpoints into a Warning record on the Service, by kube-aggregator', () => {
    expect(apiServiceRecords(apiService([available('False', 'MissingEndpoints', MESSAGE)]))).toEqual([
      {
        regarding: { kind: 'Service', namespace: 'kube-system', name: 'metrics-server' },
        reason: 'MissingEndpoints',
        message: MESSAGE,
        type: 'Warning',
        source: 'kube-aggregator',
        first: Date.parse('2021-09-18T00:55:17Z'),
        last: Date.parse('2021-09-18T00:55:17Z'),
        count: 1,
        name: 'apiservice/v1beta1.metrics.k8s.io',
      },
    ]);
  });

  it('reads EndpointsNotFound, and an APIService without a name or time', () => {
    const raw = {
      kind: 'APIService',
      status: {
        conditions: [
          {
            type: 'Available',
            status: 'False',
            reason: 'EndpointsNotFound',
            message: 'cannot find endpoints for service/api in "x"',
          },
        ],
      },
    };
    expect(apiServiceRecords(raw)).toEqual([
      {
        regarding: { kind: 'Service', namespace: 'x', name: 'api' },
        reason: 'EndpointsNotFound',
        message: 'cannot find endpoints for service/api in "x"',
        type: 'Warning',
        source: 'kube-aggregator',
        count: 1,
      },
    ]);
  });

  it.each<[string, unknown]>([
    ['Available True', [available('True', 'Passed', 'all checks passed')]],
    ['a reason the message does not go with', [available('False', 'FailedDiscoveryCheck', MESSAGE)]],
    [
      'FailedDiscoveryCheck',
      [
        available(
          'False',
          'FailedDiscoveryCheck',
          'failing or missing response from https://10.0.0.1:443/apis/metrics.k8s.io/v1beta1: timeout',
        ),
      ],
    ],
    [
      'ServiceNotFound',
      [available('False', 'ServiceNotFound', 'service/metrics-server in "kube-system" is not present')],
    ],
    ['another condition type', [{ ...available('False', 'MissingEndpoints', MESSAGE), type: 'Degraded' }]],
    ['no conditions list', undefined],
    ['conditions that are no list', { type: 'Available' }],
  ])('gives nothing for %s', (_name, conditions) => {
    expect(apiServiceRecords(apiService(conditions))).toEqual([]);
  });
});
