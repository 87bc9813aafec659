import { describe, expect, it } from 'vitest';
import type { KObject } from '../../simulator/world/types.js';
import type { CheckFinding, ClusterState } from '../types.js';
import { checkImageRefs } from './image-refs.js';
import { ctx, input, node, secret, serviceAccount, state, stateWithout } from './test-helpers.js';

const WEB = 'registry.example.com/shop/web:1.4.2';
const DIGEST = `sha256:${'ab'.repeat(32)}`;

/** Nodes that hold WEB and nginx, so existence is known for them. */
const nodes = [
  node('node-a', [[`registry.example.com/shop/web@${DIGEST}`, WEB], ['docker.io/library/nginx:1.25']]),
  node('node-b', [[WEB]]),
];

const one = (c: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  containers: [{ name: 'web', ...c }],
  ...extra,
});

const run = (
  spec: Record<string, unknown>,
  clusterState: ClusterState = state({ objects: nodes }),
  inputs: KObject[] = [],
) =>
  checkImageRefs(
    ctx(
      spec,
      clusterState,
      inputs.map((o) => input(o, 20, 'secrets.yaml')),
    ),
  );

const brief = (f: CheckFinding) => [f.outcome, f.reason ?? null, f.message];

describe('image-refs: reference validity', () => {
  it.each([
    { image: 'nginx::1', why: 'invalid reference format' },
    { image: 'shop/web:-bad', why: 'invalid reference format' },
    { image: 'nginx@sha256:xyz', why: 'invalid reference format' },
    { image: 'registry.example.com/shop/web:', why: 'invalid reference format' },
    { image: 'shop//web', why: 'invalid reference format' },
    { image: `nginx:${'a'.repeat(129)}`, why: 'invalid reference format' },
    { image: 'shop/Web:1.0', why: 'invalid reference format: repository name (shop/Web) must be lowercase' },
    {
      image: 'ab'.repeat(32),
      why: `invalid repository name (${'ab'.repeat(32)}), cannot specify 64-byte hexadecimal strings`,
    },
  ])('$image is InvalidImageName', ({ image, why }) => {
    expect(run(one({ image }))).toStrictEqual([
      {
        check: 'image-refs',
        outcome: 'fail',
        stage: 'image-pull',
        reason: 'InvalidImageName',
        message: `Failed to apply default image tag "${image}": couldn't parse image name "${image}": ${why}`,
        evidence: [{ source: 'spec', text: `containers[0].image: ${image}` }],
        nextSteps: ['fix containers[0].image in app.yaml:1'],
        container: { name: 'web', type: 'app' },
      },
    ]);
  });

  it.each([
    'nginx:1.25',
    'docker.io/library/nginx:1.25',
    'index.docker.io/library/nginx:1.25',
    WEB,
    `registry.example.com/shop/web@${DIGEST}`,
    `registry.example.com/shop/web:1.4.2@${DIGEST}`,
  ])('%s is valid and held by a node: no finding', (image) => {
    expect(run(one({ image }))).toStrictEqual([]);
  });

  it('an invalid init container image is pointed at as init', () => {
    const findings = run({
      initContainers: [{ name: 'setup', image: 'Bad:Tag' }],
      containers: [{ name: 'web', image: WEB }],
    });
    expect(findings.map((f) => [f.reason, f.container, f.evidence[0]?.text])).toStrictEqual([
      ['InvalidImageName', { name: 'setup', type: 'init' }, 'initContainers[0].image: Bad:Tag'],
    ]);
  });

  it.each([{ c: {} }, { c: { image: '' } }])(
    'a container without an image is left to validation: %j',
    ({ c }) => {
      expect(run(one(c))).toStrictEqual([]);
    },
  );
});

describe('image-refs: existence', () => {
  it.each([
    {
      name: 'a tag no node holds',
      image: 'registry.example.com/shop/web:1.4.3',
      canonical: 'registry.example.com/shop/web:1.4.3',
    },
    { name: 'a repository no node holds', image: 'ghcr.io/acme/api:v2', canonical: 'ghcr.io/acme/api:v2' },
    {
      name: 'a digest no node holds',
      image: `nginx@sha256:${'cd'.repeat(32)}`,
      canonical: `docker.io/library/nginx@sha256:${'cd'.repeat(32)}`,
    },
  ])('unknown: $name', ({ image, canonical }) => {
    expect(run(one({ image }))).toStrictEqual([
      {
        check: 'image-refs',
        outcome: 'unknown',
        stage: 'image-pull',
        reason: 'ImageNotFound',
        message: `only a pull proves ${image} exists (no node holds it)`,
        evidence: [{ source: 'spec', text: `containers[0].image: ${image}` }],
        nextSteps: [`docker manifest inspect ${canonical}`],
        container: { name: 'web', type: 'app' },
      },
    ]);
  });

  it('Nodes not read: existence is unknown, saying why', () => {
    const findings = run(
      one({ image: WEB }),
      stateWithout(
        ['Node'],
        'nodes is forbidden: User "dev" cannot list resource "nodes" at the cluster scope',
      ),
    );
    expect(findings.map(brief)).toStrictEqual([
      [
        'unknown',
        'ImageNotFound',
        `only a pull proves ${WEB} exists (Nodes were not read: nodes is forbidden: User "dev" cannot list resource "nodes" at the cluster scope)`,
      ],
    ]);
  });

  it.each([
    { name: 'another registry, same repository and tag', names: ['mirror.example.com/shop/web:1.4.2'] },
    { name: 'another repository, same registry and tag', names: ['registry.example.com/other/web:1.4.2'] },
    { name: 'an unparsable name', names: ['<none>@<none>', '<none>:<none>'] },
  ])('a node holding $name does not hold it', ({ names }) => {
    const findings = run(
      one({ image: WEB }),
      state({ objects: [node('n', [names]), { ...node('bare'), status: undefined }] }),
    );
    expect(findings.map(brief)).toStrictEqual([
      ['unknown', 'ImageNotFound', `only a pull proves ${WEB} exists (no node holds it)`],
    ]);
  });

  it('a digest held under another tag still counts (node lists the repo digest)', () => {
    expect(run(one({ image: `registry.example.com/shop/web:other@${DIGEST}` }))).toStrictEqual([]);
  });
});

describe('image-refs: pull policy', () => {
  it('Never with no node holding the image fails with the kubelet message', () => {
    expect(run(one({ image: 'registry.example.com/shop/web:9.9', imagePullPolicy: 'Never' }))).toStrictEqual([
      {
        check: 'image-refs',
        outcome: 'fail',
        stage: 'image-pull',
        reason: 'NeverPullMissing',
        message:
          'Container image "registry.example.com/shop/web:9.9" is not present with pull policy of Never',
        evidence: [
          { source: 'spec', text: 'containers[0].image: registry.example.com/shop/web:9.9' },
          { source: 'spec', text: 'containers[0].imagePullPolicy: Never' },
          {
            source: 'node',
            text: 'none of 2 node(s) lists registry.example.com/shop/web:9.9 in status.images',
          },
        ],
        nextSteps: [
          'set containers[0].imagePullPolicy to IfNotPresent, or load registry.example.com/shop/web:9.9 onto the nodes first',
        ],
        container: { name: 'web', type: 'app' },
      },
    ]);
  });

  it('Never with the image on some nodes only warns, naming them', () => {
    expect(run(one({ image: 'nginx:1.25', imagePullPolicy: 'Never' }))).toStrictEqual([
      {
        check: 'image-refs',
        outcome: 'warn',
        stage: 'image-pull',
        reason: 'NeverPullMissing',
        message:
          'only 1 of 2 nodes hold image "nginx:1.25" (node-a); with pull policy Never a pod placed on another node cannot start',
        evidence: [
          { source: 'spec', text: 'containers[0].image: nginx:1.25' },
          { source: 'spec', text: 'containers[0].imagePullPolicy: Never' },
          { source: 'node', text: 'node-a: status.images lists docker.io/library/nginx:1.25' },
        ],
        nextSteps: ['set containers[0].imagePullPolicy to IfNotPresent, or load nginx:1.25 onto every node'],
        container: { name: 'web', type: 'app' },
      },
    ]);
  });

  it('Never with the image on every node: no finding (and no existence question)', () => {
    expect(run(one({ image: WEB, imagePullPolicy: 'Never' }))).toStrictEqual([]);
  });

  it('Never with Nodes not read is unknown', () => {
    const findings = run(one({ image: WEB, imagePullPolicy: 'Never' }), stateWithout(['Node'], 'forbidden'));
    expect(findings).toStrictEqual([
      {
        check: 'image-refs',
        outcome: 'unknown',
        stage: 'image-pull',
        reason: 'NeverPullMissing',
        message: `cannot tell whether a node holds image "${WEB}" (pull policy Never): Nodes were not read: forbidden`,
        evidence: [
          { source: 'spec', text: `containers[0].image: ${WEB}` },
          { source: 'spec', text: 'containers[0].imagePullPolicy: Never' },
        ],
        nextSteps: [
          'kubectl get nodes -o jsonpath=\'{range .items[*]}{.metadata.name}{": "}{.status.images[*].names}{"\\n"}{end}\'',
          'kubectl auth can-i list nodes',
        ],
        container: { name: 'web', type: 'app' },
      },
    ]);
  });

  it('Never with the image on 2 of 3 nodes names both holders', () => {
    const s = state({ objects: [...nodes, node('node-c')] });
    expect(run(one({ image: WEB, imagePullPolicy: 'Never' }), s).map((f) => f.message)).toStrictEqual([
      `only 2 of 3 nodes hold image "${WEB}" (node-a, node-b); with pull policy Never a pod placed on another node cannot start`,
    ]);
  });

  it('Never with no nodes at all fails', () => {
    const findings = run(one({ image: WEB, imagePullPolicy: 'Never' }), state());
    expect(findings.map((f) => [f.outcome, f.evidence[2]?.text])).toStrictEqual([
      ['fail', `none of 0 node(s) lists ${WEB} in status.images`],
    ]);
  });

  it.each([
    { image: 'nginx', text: 'untagged (so :latest)' },
    { image: 'nginx:latest', text: ':latest' },
    { image: 'registry.example.com/shop/web', text: 'untagged (so :latest)' },
  ])('$image with IfNotPresent warns', ({ image, text }) => {
    const withNode = state({
      objects: [node('n', [['docker.io/library/nginx:latest', 'registry.example.com/shop/web:latest']])],
    });
    expect(run(one({ image, imagePullPolicy: 'IfNotPresent' }), withNode)).toStrictEqual([
      {
        check: 'image-refs',
        outcome: 'warn',
        stage: 'image-pull',
        message: `image "${image}" is ${text} with imagePullPolicy IfNotPresent: a node that already holds an older :latest runs that one`,
        evidence: [
          { source: 'spec', text: `containers[0].image: ${image}` },
          { source: 'spec', text: 'containers[0].imagePullPolicy: IfNotPresent' },
        ],
        nextSteps: ['pin a version tag or digest in containers[0].image, or set imagePullPolicy: Always'],
        container: { name: 'web', type: 'app' },
      },
    ]);
  });

  it.each([
    { name: ':latest with the default policy (Always)', c: { image: 'nginx:latest' } },
    { name: ':latest with Always', c: { image: 'nginx', imagePullPolicy: 'Always' } },
    {
      name: 'a digest with IfNotPresent',
      c: { image: `registry.example.com/shop/web@${DIGEST}`, imagePullPolicy: 'IfNotPresent' },
    },
    { name: 'a version tag with IfNotPresent', c: { image: WEB, imagePullPolicy: 'IfNotPresent' } },
    {
      name: ':latest pinned by a digest with IfNotPresent',
      c: { image: `registry.example.com/shop/web:latest@${DIGEST}`, imagePullPolicy: 'IfNotPresent' },
    },
  ])('no :latest warning: $name', ({ c }) => {
    const withNode = state({ objects: [...nodes, node('n', [['docker.io/library/nginx:latest']])] });
    expect(run(one(c), withNode)).toStrictEqual([]);
  });
});

describe('image-refs: imagePullSecrets', () => {
  it.each([
    {
      name: 'the pod names a Secret that does not exist',
      spec: one({ image: WEB }, { imagePullSecrets: [{ name: 'present' }, { name: 'regcred' }] }),
      objects: [secret('present')],
      evidence: 'imagePullSecrets[1]: regcred',
    },
    {
      name: 'the ServiceAccount (default) names a Secret that does not exist',
      spec: one({ image: WEB }),
      objects: [serviceAccount('default', ['regcred'])],
      evidence: 'serviceaccount default: imagePullSecrets[0]: regcred',
    },
    {
      name: 'the named ServiceAccount names a Secret that does not exist',
      spec: one({ image: WEB }, { serviceAccountName: 'builder' }),
      objects: [
        serviceAccount('default', ['other']),
        serviceAccount('builder', ['present', 'regcred']),
        secret('present'),
      ],
      evidence: 'serviceaccount builder: imagePullSecrets[1]: regcred',
    },
  ])('unknown: $name', ({ spec, objects, evidence }) => {
    expect(run(spec, state({ objects: [...nodes, ...objects] }))).toStrictEqual([
      {
        check: 'image-refs',
        outcome: 'unknown',
        stage: 'image-pull',
        reason: 'RegistryUnauthorized',
        message:
          'imagePullSecret "regcred" does not exist in namespace shop: the kubelet pulls without it, so only images that need no credentials will pull',
        evidence: [{ source: 'spec', text: evidence }],
        nextSteps: [
          'kubectl -n shop create secret docker-registry regcred --docker-server=<registry> --docker-username=<user> --docker-password=<password>',
        ],
      },
    ]);
  });

  it.each([
    {
      name: 'Secret in the state',
      spec: one({ image: WEB }, { imagePullSecrets: [{ name: 'regcred' }] }),
      objects: [secret('regcred')],
      inputs: [],
    },
    {
      name: 'Secret in the input',
      spec: one({ image: WEB }, { imagePullSecrets: [{ name: 'regcred' }] }),
      objects: [],
      inputs: [secret('regcred')],
    },
    {
      name: "the pod's own list replaces the ServiceAccount's",
      spec: one({ image: WEB }, { imagePullSecrets: [{ name: 'regcred' }] }),
      objects: [secret('regcred'), serviceAccount('default', ['missing'])],
      inputs: [],
    },
    {
      name: "ServiceAccount absent (admission's concern)",
      spec: one({ image: WEB }, { serviceAccountName: 'nope' }),
      objects: [],
      inputs: [],
    },
    {
      name: 'ServiceAccount from the input, its Secret from the input',
      spec: one({ image: WEB }, { serviceAccountName: 'builder' }),
      objects: [],
      inputs: [serviceAccount('builder', ['regcred']), secret('regcred')],
    },
  ])('no finding: $name', ({ spec, objects, inputs }) => {
    expect(run(spec, state({ objects: [...nodes, ...objects] }), inputs)).toStrictEqual([]);
  });

  it.each([
    { name: "the pod's", spec: one({ image: WEB }, { imagePullSecrets: [{}, { name: '' }] }), objects: [] },
    {
      name: "the ServiceAccount's",
      spec: one({ image: WEB }),
      objects: [{ ...serviceAccount('default'), imagePullSecrets: [{}, { name: '' }] }],
    },
  ])('entries of $name list without a name are skipped', ({ spec, objects }) => {
    expect(run(spec, state({ objects: [...nodes, ...objects] }))).toStrictEqual([]);
  });

  it('Secrets not read: unknown, saying why', () => {
    const s = stateWithout(['Secret'], 'list secrets is forbidden in namespace shop', nodes);
    expect(run(one({ image: WEB }, { imagePullSecrets: [{ name: 'regcred' }] }), s)).toStrictEqual([
      {
        check: 'image-refs',
        outcome: 'unknown',
        stage: 'image-pull',
        reason: 'RegistryUnauthorized',
        message:
          'cannot tell whether imagePullSecret "regcred" exists: Secrets of namespace shop were not read: list secrets is forbidden in namespace shop',
        evidence: [{ source: 'spec', text: 'imagePullSecrets[0]: regcred' }],
        nextSteps: ['kubectl -n shop get secret regcred', 'kubectl auth can-i list secrets -n shop'],
      },
    ]);
  });

  it('ServiceAccounts not read: the pod carries only its own list', () => {
    const s = stateWithout(['ServiceAccount'], 'forbidden', nodes);
    expect(run(one({ image: WEB }), s)).toStrictEqual([]);
  });
});
