import { describe, expect, it } from 'vitest';
import {
  addQuantity,
  applyHostPorts,
  parseEnvFromItem,
  parseEnvItem,
  parseMount,
  parsePorts,
} from './container-fields.js';

/**
 * The list lines of a container as kubectl describe prints them (indentation kept, as pasted):
 * Environment `NAME:\tvalue`, `NAME:\t<set to the key 'k' in secret 's'>\tOptional: false`,
 * `NAME:\tvalue (v1:fieldPath)`, `NAME:\tvalue (limits.cpu)`; Environment Variables from
 * `name\tConfigMap[ with prefix 'P']\tOptional: false`; Mounts `path from volume (ro|rw[,path="sub"])`.
 */

describe('parseEnvItem', () => {
  it.each([
    ['      AWS_REGION:  us-east-1', { name: 'AWS_REGION', value: 'us-east-1' }],
    ['      JAVA_OPTS:   -Xms256m -Xmx512m', { name: 'JAVA_OPTS', value: '-Xms256m -Xmx512m' }],
    [
      '      SPRING_DATASOURCE_URL:  jdbc:postgresql://db:5432/app',
      { name: 'SPRING_DATASOURCE_URL', value: 'jdbc:postgresql://db:5432/app' },
    ],
    ['      EMPTY:       ', { name: 'EMPTY', value: '' }],
    [
      "      POSTGRES_PASSWORD:  <set to the key 'password' in secret 'postgres-auth'>  Optional: false",
      {
        name: 'POSTGRES_PASSWORD',
        valueFrom: { secretKeyRef: { key: 'password', name: 'postgres-auth', optional: false } },
      },
    ],
    [
      "      DATABASE_URL:            <set to the key 'DATABASE_URL' in secret 'orders-db'>       Optional: true",
      {
        name: 'DATABASE_URL',
        valueFrom: { secretKeyRef: { key: 'DATABASE_URL', name: 'orders-db', optional: true } },
      },
    ],
    [
      "      LOG_LEVEL:   <set to the key 'log.level' of config map 'app-config'>  Optional: false",
      {
        name: 'LOG_LEVEL',
        valueFrom: { configMapKeyRef: { key: 'log.level', name: 'app-config', optional: false } },
      },
    ],
    // Cut off at the tab before Optional: the reference is still read, without optional.
    [
      "      LOG_LEVEL:   <set to the key 'log.level' of config map 'app-config'>",
      { name: 'LOG_LEVEL', valueFrom: { configMapKeyRef: { key: 'log.level', name: 'app-config' } } },
    ],
    [
      '      POD_NAME:        web-7d4b9c8f6d-x2x9z (v1:metadata.name)',
      { name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
    ],
    [
      '      NODE_NAME:        (v1:spec.nodeName)',
      { name: 'NODE_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } } },
    ],
    [
      "      APP_NAME:        orders (v1:metadata.labels['app.kubernetes.io/name'])",
      {
        name: 'APP_NAME',
        valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: "metadata.labels['app.kubernetes.io/name']" } },
      },
    ],
    [
      '      MEMORY_LIMIT:    node allocatable (limits.memory)',
      { name: 'MEMORY_LIMIT', valueFrom: { resourceFieldRef: { resource: 'limits.memory' } } },
    ],
    [
      '      GOMAXPROCS:      1 (requests.cpu)',
      { name: 'GOMAXPROCS', valueFrom: { resourceFieldRef: { resource: 'requests.cpu' } } },
    ],
  ])('%s', (line, want) => {
    expect(parseEnvItem(line)).toStrictEqual(want);
  });

  it.each([
    ['', 'empty'],
    ['      <none>', 'no colon'],
    ['      :8080', 'colon first'],
    ['      Optional Flag: x', 'name with a space'],
  ])('%j is not an env item (%s)', (line) => {
    expect(parseEnvItem(line)).toBeUndefined();
  });
});

describe('parseEnvFromItem', () => {
  it.each([
    [
      '      recommendation-env  ConfigMap  Optional: false',
      { configMapRef: { name: 'recommendation-env', optional: false } },
    ],
    ['      app-secrets  Secret  Optional: true', { secretRef: { name: 'app-secrets', optional: true } }],
    [
      "      app-config  ConfigMap with prefix 'APP_'  Optional: false",
      { configMapRef: { name: 'app-config', optional: false }, prefix: 'APP_' },
    ],
    [
      "      db-creds  Secret with prefix 'DB_'  Optional: true",
      { secretRef: { name: 'db-creds', optional: true }, prefix: 'DB_' },
    ],
    // Cut off before Optional.
    ['      recommendation-env  ConfigMap', { configMapRef: { name: 'recommendation-env' } }],
    [
      "      app-config  ConfigMap with prefix 'APP_'",
      { configMapRef: { name: 'app-config' }, prefix: 'APP_' },
    ],
  ])('%s', (line, want) => {
    expect(parseEnvFromItem(line)).toStrictEqual(want);
  });

  it.each([
    '',
    '      <none>',
    '      app-config  Optional: false',
    '      app-config  configmap  Optional: false',
  ])('%j is not an envFrom item', (line) => {
    expect(parseEnvFromItem(line)).toBeUndefined();
  });
});

describe('parseMount', () => {
  it.each([
    ['      /etc/catalog from config (ro)', { name: 'config', mountPath: '/etc/catalog', readOnly: true }],
    [
      '      /var/lib/postgresql/data from data (rw)',
      { name: 'data', mountPath: '/var/lib/postgresql/data', readOnly: false },
    ],
    [
      '      /opt/sonarqube/data from sonarqube (rw,path="data")',
      { name: 'sonarqube', mountPath: '/opt/sonarqube/data', readOnly: false, subPath: 'data' },
    ],
    [
      '      /etc/nginx/conf.d/default.conf from nginx-conf (ro,path="default.conf")',
      {
        name: 'nginx-conf',
        mountPath: '/etc/nginx/conf.d/default.conf',
        readOnly: true,
        subPath: 'default.conf',
      },
    ],
    [
      '      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-x2x9z (ro)',
      {
        name: 'kube-api-access-x2x9z',
        mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
        readOnly: true,
      },
    ],
    // Cut off before the flags.
    ['      /data from data', { name: 'data', mountPath: '/data' }],
  ])('%s', (line, want) => {
    expect(parseMount(line)).toStrictEqual(want);
  });

  it.each(['', '      <none>', '      from data (rw)'])('%j is not a mount', (line) => {
    expect(parseMount(line)).toBeUndefined();
  });
});

describe('parsePorts and applyHostPorts', () => {
  it.each([
    ['8080/TCP', [{ containerPort: 8080, protocol: 'TCP' }]],
    [
      '53/UDP, 53/TCP, 9153/TCP',
      [
        { containerPort: 53, protocol: 'UDP' },
        { containerPort: 53, protocol: 'TCP' },
        { containerPort: 9153, protocol: 'TCP' },
      ],
    ],
    ['9092', [{ containerPort: 9092 }]],
    ['<none>', []],
    ['', []],
    ['8080/TCP, http', [{ containerPort: 8080, protocol: 'TCP' }]],
    ['8080/TCP (http)', []],
  ])('Ports %j', (value, want) => {
    expect(parsePorts(value)).toStrictEqual(want);
  });

  it.each([
    ['0/TCP', [{ containerPort: 8080, protocol: 'TCP' }]],
    ['8080/TCP', [{ containerPort: 8080, protocol: 'TCP', hostPort: 8080 }]],
    ['<none>', [{ containerPort: 8080, protocol: 'TCP' }]],
  ])('Host Port %j over one port', (value, want) => {
    const ports: Array<Record<string, unknown>> = [{ containerPort: 8080, protocol: 'TCP' }];
    applyHostPorts(ports, value);
    expect(ports).toStrictEqual(want);
  });

  it('Host Ports sets each port at its position and leaves extra host ports alone', () => {
    const ports: Array<Record<string, unknown>> = [
      { containerPort: 53, protocol: 'UDP' },
      { containerPort: 9153, protocol: 'TCP' },
    ];
    applyHostPorts(ports, '53/UDP, 0/TCP, 8443/TCP');
    expect(ports).toStrictEqual([
      { containerPort: 53, protocol: 'UDP', hostPort: 53 },
      { containerPort: 9153, protocol: 'TCP' },
    ]);
  });
});

describe('addQuantity', () => {
  it.each([
    ['      cpu:     100m', { cpu: '100m' }],
    ['      memory:  500Mi', { memory: '500Mi' }],
    ['      nvidia.com/gpu:  1', { 'nvidia.com/gpu': '1' }],
    ['      ephemeral-storage:  2Gi', { 'ephemeral-storage': '2Gi' }],
    ['      hugepages-2Mi:  128Mi', { 'hugepages-2Mi': '128Mi' }],
    ['      cpu:', {}],
    ['', {}],
  ])('%j', (line, want) => {
    const map: Record<string, string> = {};
    addQuantity(map, line);
    expect(map).toStrictEqual(want);
  });
});
