import { describe, expect, it } from 'vitest';
import { container, pod } from '../../../test/builders.js';
import type { ServicePort } from '../../model/index.js';
import { declaredPorts, podPorts, portLabel, targetOf, targetPortMissing } from './service-ports.js';

describe('targetOf: numeric strings are numbers, port names stay names', () => {
  it.each<[ServicePort, number | string]>([
    [{ port: 80 }, 80],
    [{ port: 80, targetPort: 8080 }, 8080],
    [{ port: 80, targetPort: '8080' }, 8080],
    [{ port: 80, targetPort: 'http2' }, 'http2'],
    [{ port: 80, targetPort: '3scale' }, '3scale'],
    [{ port: 80, targetPort: 'web' }, 'web'],
  ])('%o → %s', (p, expected) => {
    expect(targetOf(p)).toBe(expected);
  });
});

describe('podPorts and declaredPorts: app containers and sidecars, not plain init containers', () => {
  const withInit = pod({
    containers: [
      container('app', { ports: [{ containerPort: 3000, name: 'http' }] }),
      container('metrics', { ports: [{ containerPort: 9090 }] }),
    ],
    initContainers: [
      container('migrate', { ports: [{ containerPort: 5432, name: 'pg' }] }),
      container('proxy', { restartPolicy: 'Always', ports: [{ containerPort: 15001, name: 'proxy' }] }),
    ],
  });
  it('lists every port of the app containers and the sidecars, in order', () => {
    expect(podPorts(withInit).map((x) => `${x.container}:${x.port.containerPort}`)).toEqual([
      'app:3000',
      'metrics:9090',
      'proxy:15001',
    ]);
    expect(declaredPorts(withInit)).toBe('app 3000/TCP (http), metrics 9090/TCP, proxy 15001/TCP (proxy)');
  });
  it('a port of a plain init container does not count', () => {
    const initOnly = pod({
      containers: [container('app')],
      initContainers: [container('migrate', { ports: [{ containerPort: 5432, name: 'pg' }] })],
    });
    expect(podPorts(initOnly)).toEqual([]);
    expect(declaredPorts(initOnly)).toBe('none');
    expect(targetPortMissing({ port: 5432, targetPort: 'pg' }, [initOnly])).toEqual({
      named: true,
      target: 'pg',
    });
  });
});

describe('targetPortMissing: pods that cannot tell are left out', () => {
  const unknown = pod({ containers: [container('app')] });
  const without = pod({ containers: [container('app', { ports: [{ containerPort: 3000 }] })] });
  const withIt = pod({ containers: [container('app', { ports: [{ containerPort: 8080 }] })] });
  it.each<[string, ReturnType<typeof pod>[], ReturnType<typeof targetPortMissing>]>([
    [
      'a pod without declared ports, then one without the port',
      [unknown, without],
      { named: false, target: '8080' },
    ],
    [
      'one without the port, then a pod without declared ports',
      [without, unknown],
      { named: false, target: '8080' },
    ],
    ['only pods without declared ports', [unknown, unknown], undefined],
    ['no pods', [], undefined],
    ['one pod with the port among others', [without, unknown, withIt], undefined],
  ])('%s', (_name, pods, expected) => {
    expect(targetPortMissing({ port: 80, targetPort: 8080 }, pods)).toEqual(expected);
  });
});

describe('portLabel', () => {
  it.each<[ServicePort, string]>([
    [{ name: 'http', port: 80 }, 'http 80/TCP'],
    [{ port: 80 }, '80/TCP'],
    [{ name: 'dns', port: 53, protocol: 'UDP' }, 'dns 53/UDP'],
  ])('%o → %s', (p, expected) => {
    expect(portLabel(p)).toBe(expected);
  });
});
