import { describe, expect, it } from 'vitest';
import { aggregatorEndpointsMessage } from './aggregator.js';

describe('aggregatorEndpointsMessage', () => {
  it.each([
    [
      'endpoints for service/metrics-server in "kube-system" have no addresses with port name "https"',
      { reason: 'MissingEndpoints', service: 'metrics-server', namespace: 'kube-system', portName: 'https' },
    ],
    [
      'endpoints for service/metrics-server in "kube-system" have no addresses with port name ""',
      { reason: 'MissingEndpoints', service: 'metrics-server', namespace: 'kube-system', portName: '' },
    ],
    [
      'endpointslices for service/custom-metrics-apiserver in "monitoring" have no addresses with port name "https"',
      {
        reason: 'MissingEndpoints',
        service: 'custom-metrics-apiserver',
        namespace: 'monitoring',
        portName: 'https',
      },
    ],
    // kubectl get -o yaml folds the message onto a second line: the first is enough.
    [
      'endpoints for service/metrics-server in "kube-system" have no addresses',
      { reason: 'MissingEndpoints', service: 'metrics-server', namespace: 'kube-system' },
    ],
    [
      'cannot find endpoints for service/keda-operator-metrics-apiserver in "keda"',
      { reason: 'EndpointsNotFound', service: 'keda-operator-metrics-apiserver', namespace: 'keda' },
    ],
    [
      'cannot find endpointslices for service/v1-api in "a.b"',
      { reason: 'EndpointsNotFound', service: 'v1-api', namespace: 'a.b' },
    ],
  ])('%s', (message, expected) => {
    expect(aggregatorEndpointsMessage(message)).toEqual(expected);
  });

  it.each([
    'service/metrics-server in "kube-system" is not present',
    'service/metrics-server in "kube-system" is not listening on port 443',
    'failing or missing response from https://10.96.1.1:443/apis/metrics.k8s.io/v1beta1: bad status from https://10.96.1.1:443/apis/metrics.k8s.io/v1beta1: 401',
    'all checks passed',
    'the endpoints for service/metrics-server in "kube-system" have no addresses',
    'endpoints for service/Metrics in "kube-system" have no addresses',
    '',
  ])('is no endpoints message: %s', (message) => {
    expect(aggregatorEndpointsMessage(message)).toBeUndefined();
  });
});
