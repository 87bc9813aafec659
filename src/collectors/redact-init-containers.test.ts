import { describe, expect, it } from 'vitest';
import { REDACTED, redact } from './redact.js';

/** An init container as each kind carries it: its env value, a credential flag, a sidecar's exec probe. */
const initContainers = () => [
  {
    name: 'migrate',
    image: 'registry.example/migrate:1.0',
    env: [
      { name: 'DB_PASSWORD', value: 'planted-env' },
      { name: 'DB_USER', valueFrom: { secretKeyRef: { name: 'db', key: 'user' } } },
    ],
    command: ['/bin/migrate', '--db-password', 'planted-flag', '--port', '5432'],
  },
  {
    name: 'proxy',
    image: 'registry.example/proxy:1.0',
    restartPolicy: 'Always',
    startupProbe: { exec: { command: ['/bin/sh', '-c', 'check --token=planted-probe'] } },
  },
];
const podSpec = () => ({ initContainers: initContainers(), containers: [{ name: 'app', image: 'app' }] });

describe('redact: init containers', () => {
  it.each([
    [
      'Pod',
      { kind: 'Pod', metadata: { name: 'web-1', namespace: 'shop' }, spec: podSpec() },
      'spec',
      'Pod shop/web-1',
    ],
    [
      'Deployment',
      {
        kind: 'Deployment',
        metadata: { name: 'web', namespace: 'shop' },
        spec: { template: { spec: podSpec() } },
      },
      'spec.template.spec',
      'Deployment shop/web',
    ],
    [
      'CronJob',
      {
        kind: 'CronJob',
        metadata: { name: 'nightly', namespace: 'shop' },
        spec: { jobTemplate: { spec: { template: { spec: podSpec() } } } },
      },
      'spec.jobTemplate.spec.template.spec',
      'CronJob shop/nightly',
    ],
  ] as const)(
    '%s: redacts env values, credential flags and exec probes, and lists each',
    (_, raw, at, object) => {
      const { object: out, redacted } = redact(raw);
      const text = JSON.stringify(out);
      for (const planted of ['planted-env', 'planted-flag', 'planted-probe'])
        expect(text).not.toContain(planted);
      expect(redacted).toEqual([
        { object, field: `${at}.initContainers[0].env[0].value`, what: 'an environment variable value' },
        { object, field: `${at}.initContainers[0].command[2]`, what: 'the value of --db-password' },
        {
          object,
          field: `${at}.initContainers[1].startupProbe.exec.command[2]`,
          what: 'the value of --token',
        },
      ]);
      // The reference and the names stay: the diagnosis needs them.
      expect(text).toContain('{"name":"DB_USER","valueFrom":{"secretKeyRef":{"name":"db","key":"user"}}}');
      expect(text).toContain(`"command":["/bin/migrate","--db-password","${REDACTED}","--port","5432"]`);
      expect(text).toContain(`"command":["/bin/sh","-c","check --token=${REDACTED}"]`);
    },
  );
});
