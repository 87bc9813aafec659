import { configFailures, type ConfigFailure } from './analyse.js';
import { containerEntries } from '../shared/containers.js';
import { containerJsonPath, containerSubject, describePod } from '../shared/container-evidence.js';
import { finding } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import type { ContainerRef, Evidence, Pod } from '../../model/index.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'container-config/missing-env-source',
  stage: 'container-config',
  target: 'pod',
  title: 'ConfigMap, Secret or key used in env is missing',
  description:
    'The kubelet cannot build a container config (CreateContainerConfigError) because a ConfigMap or Secret that env ' +
    'valueFrom/envFrom references does not exist, or lacks the referenced key. Names the env entry when the pod spec is known. ' +
    'A missing ConfigMap/Secret used as a volume is the volumes stage.',
  reasons: ['ConfigMapMissing', 'SecretMissing', 'KeyMissing'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    objectMissing:
      'The kubelet cannot configure {{subject}}: {{objectKind}} "{{object}}" does not exist in namespace {{namespace}} ({{reference}}).',
    keyMissing:
      'The kubelet cannot configure {{subject}}: {{objectKind}} {{namespace}}/{{object}} has no key "{{key}}" ({{reference}}).',
  },
  docs: 'docs/rules/container-config/missing-env-source.md',
} as const;

/** Env and envFrom entries of the container (all containers when unknown) that use the ConfigMap/Secret. */
function envReferences(pod: Pod, f: ConfigFailure): { readonly ref: ContainerRef; readonly text: string }[] {
  const kind = f.cls.objectKind;
  const name = f.cls.object;
  if (kind === undefined || name === undefined) return [];
  const entries = containerEntries(pod).filter(
    (e) => f.ref === undefined || (e.ref.name === f.ref.name && e.ref.type === f.ref.type),
  );
  const out: { ref: ContainerRef; text: string }[] = [];
  for (const e of entries) {
    for (const env of e.spec?.env ?? []) {
      const r = kind === 'Secret' ? env.valueFrom?.secretKeyRef : env.valueFrom?.configMapKeyRef;
      if (r?.name === name && (f.cls.key === undefined || r.key === f.cls.key)) {
        out.push({
          ref: e.ref,
          text: `env ${env.name} (${kind === 'Secret' ? 'secretKeyRef' : 'configMapKeyRef'} ${name}/${r.key})`,
        });
      }
    }
    if (f.cls.key !== undefined) continue;
    for (const from of e.spec?.envFrom ?? []) {
      const r = kind === 'Secret' ? from.secretRef : from.configMapRef;
      if (r?.name === name)
        out.push({ ref: e.ref, text: `envFrom ${kind === 'Secret' ? 'secretRef' : 'configMapRef'} ${name}` });
    }
  }
  return out;
}

function steps(pod: Pod, f: ConfigFailure, namespace: string, field: string): string[] {
  const kind = f.cls.objectKind === 'Secret' ? 'secret' : 'configmap';
  const object = f.cls.object ?? '';
  const ns = kubectl.nsFlag(namespace);
  if (f.cls.code === 'KeyMissing') {
    return [
      describePod(pod),
      kubectl.describe(kind, object, namespace),
      containerJsonPath(pod, f.ref, field),
      `Add key ${f.cls.key ?? ''} to ${f.cls.objectKind ?? 'the object'} ${namespace}/${object}, or fix the key in the env reference (optional: true if the container can run without it).`,
    ];
  }
  return [
    describePod(pod),
    kubectl.raw(`get ${kind} ${kubectl.quote(object)}${ns}`),
    kubectl.raw(`get ${kind}s${ns}`),
    containerJsonPath(pod, f.ref, field),
    `Create ${f.cls.objectKind ?? 'the object'} "${object}" in namespace ${namespace} or correct the name in the pod template; the kubelet retries and starts the container once it exists.`,
  ];
}

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod } = ctx;
    return configFailures(ctx)
      .filter(
        (f) =>
          f.cls.code === 'ConfigMapMissing' || f.cls.code === 'SecretMissing' || f.cls.code === 'KeyMissing',
      )
      .map((f) => {
        const refs = envReferences(pod, f);
        // Events without fieldPath: the spec tells which container, when only one uses the object.
        const owners = new Set(refs.map((r) => `${r.ref.type}/${r.ref.name}`));
        const ref = f.ref ?? (owners.size === 1 ? refs[0]?.ref : undefined);
        const namespace = f.cls.namespace ?? pod.metadata.namespace ?? 'default';
        const specKnown = pod.spec.containers.length > 0;
        const reference =
          refs.length > 0
            ? `referenced by ${refs
                .slice(0, 3)
                .map((r) => r.text)
                .join(', ')}`
            : specKnown
              ? 'no env entry in the pod spec names it'
              : 'pod spec not in the evidence';
        const evidence: Evidence[] = [
          ...f.evidence,
          ...refs
            .slice(0, 3)
            .map((r): Evidence => ({ source: 'spec', text: `${containerSubject(r.ref)}: ${r.text}` })),
        ];
        return finding(meta, {
          reason: f.cls.code,
          messageId: f.cls.code === 'KeyMissing' ? 'keyMissing' : 'objectMissing',
          data: {
            container: ref?.name ?? '',
            subject: containerSubject(ref),
            objectKind: f.cls.objectKind ?? 'ConfigMap',
            object: f.cls.object ?? '',
            key: f.cls.key ?? '',
            namespace,
            reference,
          },
          basis: f.basis,
          ...(f.sibling === undefined ? {} : { confidence: 'low' as const }),
          container: ref,
          evidence,
          at: f.at,
          nextSteps: steps(
            pod,
            { ...f, ref },
            namespace,
            refs.some((r) => r.text.startsWith('envFrom')) ? 'envFrom' : 'env',
          ),
        });
      });
  },
} satisfies Rule<'pod'>;
