/**
 * What missing-env-source tells the user, in full: which env entries it names (only the failing
 * container's, only the failing key's, at most three), the evidence lines, the next steps for a
 * missing object and for a missing key, and the data fields behind its message.
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, pod, snapshot, state } from '../../../test/builders.js';
import type { Container, EventRecord, Finding, Pod } from '../../model/index.js';
import { rule } from './missing-env-source.js';

const waitingPod = (message: string, containers: Container[], name = 'app'): Pod =>
  pod({
    containers,
    containerStatuses: [cstatus(name, { state: state.waiting('CreateContainerConfigError', message) })],
  });

/** A pod whose spec is known but whose status the evidence lacks (events tell the failure). */
const specOnly = (containers: Container[]): Pod => ({ ...pod({ containers }), status: {} });

const secretEnv = (env: string, secret: string, key: string) => ({
  name: env,
  valueFrom: { secretKeyRef: { name: secret, key } },
});
const configMapEnv = (env: string, configMap: string, key: string) => ({
  name: env,
  valueFrom: { configMapKeyRef: { name: configMap, key } },
});

const only = (p: Pod, events: EventRecord[] = []): Finding => {
  const findings = runRule(rule, snapshot({ pods: [p], events }));
  expect(findings).toHaveLength(1);
  return findings[0] as Finding;
};

describe('missing-env-source: the env entries it names', () => {
  it('names only the failing container, not a sidecar using the same secret', () => {
    const f = only(
      waitingPod('secret "db" not found', [
        container('app', { env: [secretEnv('DB_PASSWORD', 'db', 'password')] }),
        container('sidecar', { env: [secretEnv('SIDECAR_PASSWORD', 'db', 'password')] }),
      ]),
    );
    expect(f.data['reference']).toBe('referenced by env DB_PASSWORD (secretKeyRef db/password)');
    expect(f.evidence.map((e) => e.text)).toEqual([
      'containerStatuses[app].state.waiting: CreateContainerConfigError: secret "db" not found',
      'container app: env DB_PASSWORD (secretKeyRef db/password)',
    ]);
    expect(f.evidence[1]?.source).toBe('spec');
  });

  it('a missing secret used by envFrom secretRef, beside plain and configmap env entries', () => {
    const f = only(
      waitingPod('secret "creds" not found', [
        container('app', {
          env: [{ name: 'MODE', value: 'prod' }, configMapEnv('LEVEL', 'creds', 'level')],
          envFrom: [{ configMapRef: { name: 'settings' } }, { secretRef: { name: 'creds' } }],
        }),
      ]),
    );
    expect(f.reason).toBe('SecretMissing');
    expect(f.data['reference']).toBe('referenced by envFrom secretRef creds');
  });

  it('a missing configmap beside an env entry with a plain value', () => {
    const f = only(
      waitingPod('configmap "settings" not found', [
        container('app', {
          env: [{ name: 'MODE', value: 'prod' }, configMapEnv('LEVEL', 'settings', 'level')],
          envFrom: [{ secretRef: { name: 'settings' } }, { configMapRef: { name: 'settings' } }],
        }),
      ]),
    );
    expect(f.reason).toBe('ConfigMapMissing');
    expect(f.data['reference']).toBe(
      'referenced by env LEVEL (configMapKeyRef settings/level), envFrom configMapRef settings',
    );
  });

  it('a missing key names only the env entries of that key, never envFrom', () => {
    const f = only(
      waitingPod("couldn't find key password in Secret default/db", [
        container('app', {
          env: [secretEnv('DB_USER', 'db', 'user'), secretEnv('DB_PASSWORD', 'db', 'password')],
          envFrom: [{ secretRef: { name: 'db' } }],
        }),
      ]),
    );
    expect(f.data['reference']).toBe('referenced by env DB_PASSWORD (secretKeyRef db/password)');
    expect(f.evidence.map((e) => e.text)).toEqual([
      "containerStatuses[app].state.waiting: CreateContainerConfigError: couldn't find key password in Secret default/db",
      'container app: env DB_PASSWORD (secretKeyRef db/password)',
    ]);
  });

  it('lists at most three references, in the message and in the evidence', () => {
    const f = only(
      waitingPod('secret "db" not found', [
        container('app', {
          env: [
            secretEnv('A', 'db', 'a'),
            secretEnv('B', 'db', 'b'),
            secretEnv('C', 'db', 'c'),
            secretEnv('D', 'db', 'd'),
          ],
        }),
      ]),
    );
    expect(f.data['reference']).toBe(
      'referenced by env A (secretKeyRef db/a), env B (secretKeyRef db/b), env C (secretKeyRef db/c)',
    );
    expect(f.evidence.map((e) => e.text)).toEqual([
      'containerStatuses[app].state.waiting: CreateContainerConfigError: secret "db" not found',
      'container app: env A (secretKeyRef db/a)',
      'container app: env B (secretKeyRef db/b)',
      'container app: env C (secretKeyRef db/c)',
    ]);
  });

  it.each([
    [
      'the spec lists containers but none uses it',
      [container('app')],
      'no env entry in the pod spec names it',
    ],
    ['the spec has no containers (a table row)', [], 'pod spec not in the evidence'],
  ])('no reference: %s', (_name, containers, reference) => {
    const f = only(waitingPod('secret "db" not found', containers));
    expect(f.data['reference']).toBe(reference);
  });
});

describe('missing-env-source: which container, without a fieldPath', () => {
  const missing = event({ reason: 'Failed', message: 'Error: secret "db" not found', count: 3 });

  it('two containers use the secret: neither is assumed', () => {
    const f = only(
      specOnly([
        container('web', { env: [secretEnv('TOKEN', 'db', 'token')] }),
        container('worker', { env: [secretEnv('TOKEN', 'db', 'token')] }),
      ]),
      [missing],
    );
    expect(f.container).toBeUndefined();
    expect(f.data).toEqual({
      container: '',
      subject: 'a container',
      objectKind: 'Secret',
      object: 'db',
      key: '',
      namespace: 'default',
      reference: 'referenced by env TOKEN (secretKeyRef db/token), env TOKEN (secretKeyRef db/token)',
    });
    expect(f.evidence.map((e) => e.text)).toEqual([
      'Warning Failed (x3 over 0s) 0s ago: Error: secret "db" not found',
      'container web: env TOKEN (secretKeyRef db/token)',
      'container worker: env TOKEN (secretKeyRef db/token)',
    ]);
  });

  it('one container uses the secret twice: that container', () => {
    const f = only(
      specOnly([
        container('web'),
        container('worker', { env: [secretEnv('USER', 'db', 'user'), secretEnv('PASS', 'db', 'pass')] }),
      ]),
      [missing],
    );
    expect(f.container).toEqual({ name: 'worker', type: 'app' });
    expect(f.data['container']).toBe('worker');
    expect(f.data['subject']).toBe('container worker');
  });
});

describe('missing-env-source: next steps', () => {
  it('a missing secret: look it up, list the secrets, show the env of the container, create it', () => {
    const f = only(
      pod({
        namespace: 'shop',
        containers: [container('app', { env: [secretEnv('DB_PASSWORD', 'db', 'password')] })],
        containerStatuses: [
          cstatus('app', { state: state.waiting('CreateContainerConfigError', 'secret "db" not found') }),
        ],
      }),
    );
    expect(f.data).toEqual({
      container: 'app',
      subject: 'container app',
      objectKind: 'Secret',
      object: 'db',
      key: '',
      namespace: 'shop',
      reference: 'referenced by env DB_PASSWORD (secretKeyRef db/password)',
    });
    expect(f.confidence).toBeUndefined();
    expect(f.nextSteps).toEqual([
      'kubectl describe pod web-1 -n shop',
      'kubectl get secret db -n shop',
      'kubectl get secrets -n shop',
      `kubectl get pod web-1 -n shop -o jsonpath='{.spec.containers[?(@.name=="app")].env}'`,
      'Create Secret "db" in namespace shop or correct the name in the pod template; the kubelet retries and starts the container once it exists.',
    ]);
  });

  it('a missing configmap used by env and envFrom: the envFrom field is shown', () => {
    const f = only(
      waitingPod('configmap "settings" not found', [
        container('app', {
          env: [configMapEnv('LEVEL', 'settings', 'level')],
          envFrom: [{ configMapRef: { name: 'settings' } }],
        }),
      ]),
    );
    expect(f.nextSteps).toEqual([
      'kubectl describe pod web-1 -n default',
      'kubectl get configmap settings -n default',
      'kubectl get configmaps -n default',
      `kubectl get pod web-1 -n default -o jsonpath='{.spec.containers[?(@.name=="app")].envFrom}'`,
      'Create ConfigMap "settings" in namespace default or correct the name in the pod template; the kubelet retries and starts the container once it exists.',
    ]);
  });

  it('a missing key: describe the object, add the key', () => {
    const f = only(
      waitingPod("couldn't find key mode in ConfigMap shop/settings", [
        container('app', { env: [configMapEnv('MODE', 'settings', 'mode')] }),
      ]),
    );
    expect(f.data).toEqual({
      container: 'app',
      subject: 'container app',
      objectKind: 'ConfigMap',
      object: 'settings',
      key: 'mode',
      namespace: 'shop',
      reference: 'referenced by env MODE (configMapKeyRef settings/mode)',
    });
    expect(f.nextSteps).toEqual([
      'kubectl describe pod web-1 -n default',
      'kubectl describe configmap settings -n shop',
      `kubectl get pod web-1 -n default -o jsonpath='{.spec.containers[?(@.name=="app")].env}'`,
      'Add key mode to ConfigMap shop/settings, or fix the key in the env reference (optional: true if the container can run without it).',
    ]);
  });

  it('a pod without a namespace in the evidence: namespace default', () => {
    const p = waitingPod('secret "db" not found', [container('app')]);
    const bare: Pod = { ...p, metadata: { name: p.metadata.name } };
    const f = only(bare);
    expect(f.data['namespace']).toBe('default');
  });
});

describe('missing-env-source: confidence', () => {
  it('a cause taken from another pod of the namespace is low confidence', () => {
    const row = (name: string, message?: string): Pod =>
      pod({
        name,
        namespace: 'pac',
        containers: [],
        containerStatuses: [
          cstatus('unnamed', { state: state.waiting('CreateContainerConfigError', message) }),
        ],
      });
    const findings = runRule(rule, snapshot({ pods: [row('api-1', 'secret "db" not found'), row('api-2')] }));
    expect(findings.map((f) => [f.data['object'], f.confidence])).toEqual([
      ['db', undefined],
      ['db', 'low'],
    ]);
  });
});
