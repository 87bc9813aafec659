import { describe, expect, it } from 'vitest';
import { namesCredential, REDACTED, redact, redactObject, type Redaction } from './redact.js';

const ANNOTATION_WHAT = 'an annotation whose name says secret, password, token or key';
const ENV_WHAT = 'an environment variable value';

/** A Pod in shop whose first app container is `c`. */
const podWith = (c: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'shop' },
  spec: { containers: [{ name: 'app', image: 'registry.example/app:1.0', ...c }], ...extra },
});

/** The args of the first container after redaction, and what was recorded. */
function redactArgs(args: unknown[]): { args: unknown; redacted: Redaction[] } {
  const r = redact(podWith({ args }));
  const obj = r.object as { spec: { containers: { args: unknown }[] } };
  return { args: obj.spec.containers[0]?.args, redacted: r.redacted };
}

describe('namesCredential', () => {
  it.each([
    // words that are, or end with, a credential word
    ['--password', true],
    ['--db-password', true],
    ['PASSWORD', true],
    ['DB_PASSWD', true],
    ['MYSQL_PWD', true],
    ['--token', true],
    ['GITHUB_TOKEN', true],
    ['tokens', true],
    ['--api-key', true],
    ['--tls-key-file', true],
    ['apikey', true],
    ['AWS_SECRET_ACCESS_KEY', true],
    ['client_secret', true],
    ['clientSecrets', true],
    ['--credentials', true],
    ['vault.hashicorp.com/agent-inject-token', true],
    // camelCase is split into words
    ['dbPassword', true],
    ['authToken', true],
    ['masterKeyId', true],
    // ordinary names: the credential word is inside another word, or absent
    ['--keyboard-layout', false],
    ['TOKENIZER_THREADS', false],
    ['--secretive', false],
    ['--port', false],
    ['--verbose', false],
    ['-v', false],
    ['team', false],
    ['deployment.kubernetes.io/revision', false],
    ['', false],
  ] as const)('%s -> %s', (name, expected) => {
    expect(namesCredential(name)).toBe(expected);
  });
});

describe('redact: command-line arguments', () => {
  it.each([
    ['--password=x', `--password=${REDACTED}`, 'the value of --password'],
    ['--token=abc123', `--token=${REDACTED}`, 'the value of --token'],
    ['-password=x', `-password=${REDACTED}`, 'the value of -password'],
    ['PASSWORD=x', `PASSWORD=${REDACTED}`, 'the value of PASSWORD'],
    ['--db-password="p w"', `--db-password=${REDACTED}`, 'the value of --db-password'],
    ["--client-secret='s'", `--client-secret=${REDACTED}`, 'the value of --client-secret'],
    [
      'PGPASSWORD=x psql -h db --token y',
      `PGPASSWORD=${REDACTED} psql -h db --token ${REDACTED}`,
      'the values of PGPASSWORD, --token',
    ],
  ])('one element %s', (arg, out, what) => {
    expect(redactArgs([arg])).toEqual({
      args: [out],
      redacted: [{ object: 'Pod shop/web-1', field: 'spec.containers[0].args[0]', what }],
    });
  });

  it.each([
    [['--token', 'x'], ['--token', REDACTED], 'the value of --token'],
    [['-password', 'x'], ['-password', REDACTED], 'the value of -password'],
    [['--tls-key-file', '/etc/tls/tls.key'], ['--tls-key-file', REDACTED], 'the value of --tls-key-file'],
  ])('a flag then its value: %j', (args, out, what) => {
    expect(redactArgs(args)).toEqual({
      args: out,
      redacted: [{ object: 'Pod shop/web-1', field: 'spec.containers[0].args[1]', what }],
    });
  });

  it.each([
    ['an empty value', ['--password=']],
    ['a credential flag followed by another flag', ['--token', '--verbose']],
    ['ordinary flags', ['--port', '8080', '--log-level=debug', '-v=3']],
    ['words that are not flags', ['kubectl', 'get', 'secret', 'db']],
    ['a header name, not a flag', ['--header=X-Auth-Token', 'GET']],
    ['a word inside another', ['--keyboard-layout', 'us']],
  ])('leaves alone %s', (_name, args) => {
    expect(redactArgs(args)).toEqual({ args, redacted: [] });
  });

  it('an assignment redacts its own value, not the next element', () => {
    expect(redactArgs(['--token=abc', 'serve'])).toEqual({
      args: [`--token=${REDACTED}`, 'serve'],
      redacted: [
        { object: 'Pod shop/web-1', field: 'spec.containers[0].args[0]', what: 'the value of --token' },
      ],
    });
  });

  it('leaves elements that are not strings (a malformed manifest) as they are, and not as flags', () => {
    expect(redactArgs(['serve', 8080, ['--token'], 'plain', '--password', 'x'])).toEqual({
      args: ['serve', 8080, ['--token'], 'plain', '--password', REDACTED],
      redacted: [
        { object: 'Pod shop/web-1', field: 'spec.containers[0].args[5]', what: 'the value of --password' },
      ],
    });
  });
});

describe('redact: where containers and commands are', () => {
  const cmd = ['sh', '-c', 'curl --token t0k https://api'];
  const shown = ['sh', '-c', `curl --token ${REDACTED} https://api`];

  it('env values of app, init and ephemeral containers, not valueFrom', () => {
    const env = [
      { name: 'DB_PASSWORD', value: 'hunter2' },
      { name: 'LOG_LEVEL', value: '' },
      { name: 'FROM_SECRET', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
    ];
    const r = redact({
      kind: 'Pod',
      metadata: { name: 'web-1', namespace: 'shop' },
      spec: {
        initContainers: [{ name: 'init', env }],
        containers: [{ name: 'app', env }],
        ephemeralContainers: [{ name: 'debugger', env }],
      },
    });
    const redactedEnv = [
      { name: 'DB_PASSWORD', value: REDACTED },
      { name: 'LOG_LEVEL', value: REDACTED },
      env[2],
    ];
    expect(r.object).toEqual({
      kind: 'Pod',
      metadata: { name: 'web-1', namespace: 'shop' },
      spec: {
        initContainers: [{ name: 'init', env: redactedEnv }],
        containers: [{ name: 'app', env: redactedEnv }],
        ephemeralContainers: [{ name: 'debugger', env: redactedEnv }],
      },
    });
    expect(r.redacted.map((x) => [x.field, x.what])).toEqual([
      ['spec.containers[0].env[0].value', ENV_WHAT],
      ['spec.containers[0].env[1].value', ENV_WHAT],
      ['spec.initContainers[0].env[0].value', ENV_WHAT],
      ['spec.initContainers[0].env[1].value', ENV_WHAT],
      ['spec.ephemeralContainers[0].env[0].value', ENV_WHAT],
      ['spec.ephemeralContainers[0].env[1].value', ENV_WHAT],
    ]);
  });

  it('command and args of every kind of container', () => {
    const r = redact({
      kind: 'Pod',
      metadata: { name: 'web-1', namespace: 'shop' },
      spec: {
        initContainers: [{ name: 'init', command: cmd }],
        containers: [{ name: 'app', args: ['--password', 'p'] }],
        ephemeralContainers: [{ name: 'debugger', command: cmd }],
      },
    });
    expect(r.redacted.map((x) => x.field)).toEqual([
      'spec.containers[0].args[1]',
      'spec.initContainers[0].command[2]',
      'spec.ephemeralContainers[0].command[2]',
    ]);
    expect(JSON.stringify(r.object)).not.toMatch(/t0k|"p"/);
  });

  it('exec probes and lifecycle hooks', () => {
    const exec = { exec: { command: cmd } };
    const r = redact(
      podWith({
        livenessProbe: exec,
        readinessProbe: exec,
        startupProbe: exec,
        lifecycle: { postStart: exec, preStop: exec },
      }),
    );
    const c = (r.object as { spec: { containers: Record<string, unknown>[] } }).spec.containers[0];
    const shownExec = { exec: { command: shown } };
    expect(c).toEqual({
      name: 'app',
      image: 'registry.example/app:1.0',
      livenessProbe: shownExec,
      readinessProbe: shownExec,
      startupProbe: shownExec,
      lifecycle: { postStart: shownExec, preStop: shownExec },
    });
    expect(r.redacted.map((x) => [x.field, x.what])).toEqual(
      ['livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle.postStart', 'lifecycle.preStop'].map(
        (at) => [`spec.containers[0].${at}.exec.command[2]`, 'the value of --token'],
      ),
    );
  });

  it('probes and hooks that are not exec are left alone', () => {
    const http = { httpGet: { path: '/healthz?token=abc', port: 8080 } };
    const pod = podWith({ livenessProbe: http, lifecycle: { preStop: { sleep: { seconds: 5 } } } });
    expect(redact(pod)).toEqual({ object: pod, redacted: [] });
  });

  it('a Deployment template, with its annotations', () => {
    const r = redact({
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'shop' },
      spec: {
        template: {
          metadata: { annotations: { 'vault.hashicorp.com/agent-inject-token': 'true', team: 'shop' } },
          spec: { containers: [{ name: 'web', env: [{ name: 'K', value: 'v' }] }] },
        },
      },
    });
    expect(r.redacted).toEqual([
      {
        object: 'Deployment shop/web',
        field: "spec.template.metadata.annotations['vault.hashicorp.com/agent-inject-token']",
        what: ANNOTATION_WHAT,
      },
      {
        object: 'Deployment shop/web',
        field: 'spec.template.spec.containers[0].env[0].value',
        what: ENV_WHAT,
      },
    ]);
  });

  it("a CronJob's job template, with its annotations", () => {
    const r = redact({
      kind: 'CronJob',
      metadata: { name: 'nightly', namespace: 'shop' },
      spec: {
        jobTemplate: {
          spec: {
            template: {
              metadata: { annotations: { 'example.com/db-password': 'p' } },
              spec: { containers: [{ name: 'c', args: ['--api-key', 'k'] }] },
            },
          },
        },
      },
    });
    const at = 'spec.jobTemplate.spec.template';
    expect(r.redacted).toEqual([
      {
        object: 'CronJob shop/nightly',
        field: `${at}.metadata.annotations['example.com/db-password']`,
        what: ANNOTATION_WHAT,
      },
      {
        object: 'CronJob shop/nightly',
        field: `${at}.spec.containers[0].args[1]`,
        what: 'the value of --api-key',
      },
    ]);
  });

  it.each([
    [
      'a template without spec',
      { kind: 'Deployment', spec: { template: { metadata: { labels: { a: 'b' } } } } },
    ],
    ['a template without metadata', { kind: 'Deployment', spec: { template: { spec: { containers: [] } } } }],
    [
      'a job template without template',
      { kind: 'CronJob', spec: { jobTemplate: { spec: { suspend: true } } } },
    ],
    [
      'a job template without spec or metadata',
      { kind: 'CronJob', spec: { jobTemplate: { spec: { template: { metadata: { labels: {} } } } } } },
    ],
    [
      'null containers in a list',
      { kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [null, 'x'] } },
    ],
    ['annotations: null (an empty YAML key)', { kind: 'Pod', metadata: { name: 'p', annotations: null } }],
    ['no metadata', { kind: 'Pod', spec: { containers: [{ name: 'a' }] } }],
    [
      'a ConfigMap, whose data is not secret',
      { kind: 'ConfigMap', metadata: { name: 'c' }, data: { password: 'x' } },
    ],
    ['a Secret without data', { kind: 'Secret', metadata: { name: 's' }, type: 'Opaque' }],
  ])('redacts nothing in %s', (_name, obj) => {
    expect(redact(obj)).toEqual({ object: obj, redacted: [] });
  });
});

describe('redact: Secrets, annotations and names', () => {
  it('every key of data and stringData', () => {
    const r = redact({
      kind: 'Secret',
      metadata: { name: 'db', namespace: 'shop' },
      type: 'Opaque',
      data: { username: 'YWRtaW4=', password: 'aHVudGVyMg==' },
    });
    expect(r.object).toEqual({
      kind: 'Secret',
      metadata: { name: 'db', namespace: 'shop' },
      type: 'Opaque',
      data: { username: REDACTED, password: REDACTED },
    });
    expect(r.redacted).toEqual([
      { object: 'Secret shop/db', field: 'data.username', what: 'Secret data' },
      { object: 'Secret shop/db', field: 'data.password', what: 'Secret data' },
    ]);
  });

  it('last-applied and credential-named annotations; managedFields dropped', () => {
    const r = redact({
      kind: 'ConfigMap',
      metadata: {
        name: 'app',
        namespace: 'shop',
        managedFields: [{ manager: 'kubectl-client-side-apply' }],
        annotations: {
          'kubectl.kubernetes.io/last-applied-configuration': '{"data":{"a":"b"}}',
          'example.com/api-token': 't',
          'deployment.kubernetes.io/revision': '3',
        },
      },
      data: { a: 'b' },
    });
    expect(r.object).toEqual({
      kind: 'ConfigMap',
      metadata: {
        name: 'app',
        namespace: 'shop',
        annotations: {
          'kubectl.kubernetes.io/last-applied-configuration': REDACTED,
          'example.com/api-token': REDACTED,
          'deployment.kubernetes.io/revision': '3',
        },
      },
      data: { a: 'b' },
    });
    expect(r.redacted.map((x) => x.what)).toEqual([
      'the last applied configuration (it may hold a whole Secret)',
      ANNOTATION_WHAT,
    ]);
  });

  it.each([
    [{ kind: 'Pod', metadata: { name: 'web-1', namespace: 'shop' } }, 'Pod shop/web-1'],
    [{ kind: 'Node', metadata: { name: 'node-1' } }, 'Node node-1'],
    [{ metadata: { name: 'web-1', namespace: 'shop' } }, 'object shop/web-1'],
    [{ kind: 'Pod', metadata: { namespace: 'shop' } }, 'Pod shop/'],
    [{ kind: 7, metadata: { name: 3, namespace: 4 } }, 'object '],
  ])('names the object %j as "%s"', (obj, name) => {
    const withAnnotation = {
      ...obj,
      metadata: { ...obj.metadata, annotations: { 'example.com/api-token': 't' } },
    };
    expect(redact(withAnnotation).redacted.map((x) => x.object)).toEqual([name]);
  });

  it('returns anything that is not an object as it is', () => {
    for (const raw of [null, undefined, 'Pod web-1', 42, [{ kind: 'Secret', data: { a: 'b' } }]]) {
      const r = redact(raw);
      expect(r.object).toBe(raw);
      expect(r.redacted).toEqual([]);
    }
  });

  it('redactObject gives the redacted copy only', () => {
    expect(redactObject({ kind: 'Secret', metadata: { name: 's' }, stringData: { token: 't' } })).toEqual({
      kind: 'Secret',
      metadata: { name: 's' },
      stringData: { token: REDACTED },
    });
  });
});
