import { describe, expect, it } from 'vitest';
import type { ImageSpec, RegistrySpec } from '../../../scenario/types.js';
import { DEFAULT_BEHAVIOR } from '../../../scenario/schema/images.js';
import { findImage } from './registry.js';
import { canonicalName, parseImage } from './reference.js';

const image = (name: string, extra: Partial<Omit<ImageSpec, 'name'>> = {}): ImageSpec => ({
  ...DEFAULT_IMAGE,
  name,
  ...extra,
});
const DEFAULT_IMAGE: ImageSpec = {
  name: '',
  exists: true,
  auth: false,
  rateLimited: false,
  badTLS: false,
  unreachable: false,
  wrongArch: false,
  run: DEFAULT_BEHAVIOR,
};
const registry = (images: ImageSpec[]): RegistrySpec => ({ defaultSize: '50Mi', bandwidth: 50e6, images });

/** The lookup findImage replaced: parse every entry, first match wins. */
const linearFind = (r: RegistrySpec, name: string): ImageSpec | undefined =>
  r.images.find((i) => canonicalName(i.name) === canonicalName(name));

describe('registry lookup', () => {
  const r = registry([
    image('nginx:1.27', { size: '60Mi' }),
    image('docker.io/library/nginx:1.27', { size: '1Gi' }),
    image('ghcr.io/acme/api', { exists: false }),
    image('Bad:Name', { auth: true }),
    image('quay.io/prometheus/prometheus:v2.53.0', { wrongArch: true }),
  ]);

  it.each([
    'nginx:1.27',
    'docker.io/nginx:1.27',
    'index.docker.io/library/nginx:1.27',
    'ghcr.io/acme/api:latest',
    'ghcr.io/acme/api',
    'Bad:Name',
    'quay.io/prometheus/prometheus:v2.53.0',
    'redis:7',
    '',
  ])('%s finds the same entry as a scan of every entry', (name) => {
    expect(findImage(r, name)).toBe(linearFind(r, name));
  });

  it('matches spellings of the same reference to the first entry for it', () => {
    expect(findImage(r, 'docker.io/library/nginx:1.27')?.size).toBe('60Mi');
    expect(findImage(r, 'ghcr.io/acme/api:latest')?.exists).toBe(false);
    expect(findImage(r, 'Bad:Name')?.auth).toBe(true);
    expect(findImage(r, 'redis:7')).toBeUndefined();
  });

  it('indexes each registry on its own', () => {
    const other = registry([image('redis:7', { size: '30Mi' })]);
    expect(findImage(other, 'redis:7')?.size).toBe('30Mi');
    expect(findImage(r, 'redis:7')).toBeUndefined();
  });

  it('sees entries added to the images list after a lookup', () => {
    const images = [image('redis:7')];
    const grown = registry(images);
    expect(findImage(grown, 'busybox:1.36')).toBeUndefined();
    images.push(image('busybox:1.36', { exists: false }));
    expect(findImage(grown, 'busybox:1.36')?.exists).toBe(false);
  });

  it('parses a repeated reference to the same result', () => {
    const first = parseImage('bitnami/kafka:3.8.0');
    expect(parseImage('bitnami/kafka:3.8.0')).toEqual(first);
    expect(first.ok && first.ref.canonical).toBe('docker.io/bitnami/kafka:3.8.0');
    const bad = parseImage('my_app::v1');
    expect(parseImage('my_app::v1')).toEqual(bad);
    expect(bad.ok).toBe(false);
  });
});
