import { describe, expect, it } from 'vitest';
import { container, pod } from '../../../test/builders.js';
import { checkTargetPort, declaredPorts, portLabel, targetOf, targetPortMissing } from './service-ports.js';

const withPorts = (ports: { containerPort: number; name?: string; protocol?: string }[]) =>
  pod({ containers: [container('app', { ports })] });

describe('service ports', () => {
  it('resolves targetPort like the EndpointSlice controller', () => {
    expect(targetOf({ port: 80 })).toBe(80);
    expect(targetOf({ port: 80, targetPort: '8080' })).toBe(8080);
    expect(targetOf({ port: 80, targetPort: 'http' })).toBe('http');
    expect(
      checkTargetPort({ port: 80, targetPort: 'http' }, withPorts([{ containerPort: 3000, name: 'http' }])),
    ).toEqual({ kind: 'ok' });
    expect(checkTargetPort({ port: 80, targetPort: 8080 }, pod({ containers: [container('app')] }))).toEqual({
      kind: 'unknown',
    });
    expect(checkTargetPort({ port: 80, targetPort: 'http' }, pod({ containers: [] }))).toEqual({
      kind: 'unknown',
    });
    expect(checkTargetPort({ port: 80, targetPort: 8080 }, withPorts([{ containerPort: 3000 }]))).toEqual({
      kind: 'missing',
      named: false,
      target: '8080',
    });
  });
  it('counts sidecar ports and reports missing only when no pod has the port', () => {
    const sidecar = pod({
      containers: [container('app')],
      initContainers: [
        container('proxy', { restartPolicy: 'Always', ports: [{ containerPort: 15001, name: 'proxy' }] }),
      ],
    });
    expect(checkTargetPort({ port: 80, targetPort: 'proxy' }, sidecar)).toEqual({ kind: 'ok' });
    const p = { port: 80, targetPort: 8080 };
    expect(
      targetPortMissing(p, [withPorts([{ containerPort: 3000 }]), withPorts([{ containerPort: 8080 }])]),
    ).toBeUndefined();
    expect(targetPortMissing(p, [withPorts([{ containerPort: 3000 }])])).toEqual({
      named: false,
      target: '8080',
    });
  });
  it('formats ports', () => {
    expect(declaredPorts(withPorts([{ containerPort: 53, protocol: 'UDP', name: 'dns' }]))).toBe(
      'app 53/UDP (dns)',
    );
    expect(declaredPorts(pod({ containers: [container('app')] }))).toBe('none');
    expect(portLabel({ name: 'http', port: 80 })).toBe('http 80/TCP');
  });
});
