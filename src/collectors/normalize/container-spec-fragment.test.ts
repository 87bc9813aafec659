/**
 * A container's spec cut out of a manifest (its probes, image, resources …) is rebuilt into a pod
 * whose spec holds it, so the probe rules read its failureThreshold and periodSeconds.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { rebuildPod } from './pod-fragments.js';

const rebuilt = (yaml: string) => rebuildPod(parse(yaml) as unknown)?.raw;

describe('a container spec fragment', () => {
  it.each([
    [
      'a lone startupProbe',
      'startupProbe:\n  httpGet: {path: /healthz, port: 9080}\n  failureThreshold: 30\n  periodSeconds: 10\n',
      'startupProbe',
    ],
    [
      'a lone livenessProbe',
      'livenessProbe:\n  tcpSocket: {port: 5432}\n  timeoutSeconds: 1\n',
      'livenessProbe',
    ],
    ['a lone readinessProbe', 'readinessProbe:\n  exec: {command: [pg_isready]}\n', 'readinessProbe'],
    ['image and resources', 'image: nginx:1.27\nresources:\n  limits: {memory: 100Mi}\n', 'image'],
    [
      'probes beside ports and env',
      'ports:\n- containerPort: 8008\nenv:\n- {name: A, value: b}\nlivenessProbe:\n  httpGet: {path: /, port: 8008}\n',
      'livenessProbe',
    ],
  ])('%s is one unnamed container of an unnamed pod', (_what, yaml, field) => {
    const raw = rebuilt(yaml);
    expect(raw).toMatchObject({ kind: 'Pod', metadata: { name: 'unnamed-pod' } });
    const containers = (raw?.spec as { containers: Record<string, unknown>[] }).containers;
    expect(containers).toHaveLength(1);
    expect(containers[0]?.name).toBe('unnamed');
    expect(containers[0]?.[field]).toEqual((parse(yaml) as Record<string, unknown>)[field]);
  });

  it('keeps a named container, and names the pod after it as for a status fragment', () => {
    const raw = rebuilt(
      'name: synapse\nimage: matrixdotorg/synapse:v1.26.0\nlivenessProbe:\n  httpGet: {path: /health, port: 8008}\n',
    );
    expect(raw).toMatchObject({ metadata: { name: 'synapse' }, spec: { containers: [{ name: 'synapse' }] } });
  });

  it('reads a list of containers (`- name: …` items) as the pod spec containers', () => {
    const raw = rebuilt(
      '- name: app\n  image: app:1\n  readinessProbe: {httpGet: {path: /ready, port: 80}}\n- image: sidecar:2\n',
    );
    expect((raw?.spec as { containers: { name: string }[] }).containers.map((c) => c.name)).toEqual([
      'app',
      'unnamed',
    ]);
  });

  it.each([
    ['a probe under an unknown key', 'livenessProbe:\n  httpGet: {port: 80}\nfoo: bar\n'],
    [
      'resources alone (a quota, a LimitRange item, a container all have them)',
      'resources:\n  limits: {cpu: "1"}\n',
    ],
    ['env alone', 'env:\n- {name: A, value: b}\n'],
    ['an empty mapping', '{}\n'],
    ['a list with one item that is no container', '- name: app\n  image: app:1\n- port: 80\n'],
  ])('%s is no container', (_what, yaml) => {
    expect(rebuilt(yaml)).toBeUndefined();
  });
});
