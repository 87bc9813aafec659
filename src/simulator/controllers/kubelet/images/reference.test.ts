import { describe, expect, it } from 'vitest';
import { goDuration } from './backoff.js';
import { defaultPullPolicy, parseImage } from './reference.js';

const canonical = (image: string): string => {
  const p = parseImage(image);
  return p.ok ? p.ref.canonical : `error: ${p.error}`;
};

describe('image references', () => {
  it.each([
    ['nginx', 'docker.io/library/nginx:latest'],
    ['nginx:1.27', 'docker.io/library/nginx:1.27'],
    ['bitnami/kafka:3.8.0', 'docker.io/bitnami/kafka:3.8.0'],
    ['docker.io/nginx', 'docker.io/library/nginx:latest'],
    ['index.docker.io/library/redis:7', 'docker.io/library/redis:7'],
    ['ghcr.io/acme/api:1.0', 'ghcr.io/acme/api:1.0'],
    ['localhost:5000/app', 'localhost:5000/app:latest'],
    [
      'quay.io/prometheus/prometheus@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      'quay.io/prometheus/prometheus@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    ],
  ])('%s → %s', (image, want) => {
    expect(canonical(image)).toBe(want);
  });

  it('rejects upper case and bad characters with the reference library texts', () => {
    expect(canonical('Nginx:latest')).toBe(
      'error: couldn\'t parse image name "Nginx:latest": invalid reference format: repository name (library/Nginx) must be lowercase',
    );
    expect(canonical('ghcr.io/Acme/api:1')).toBe(
      'error: couldn\'t parse image name "ghcr.io/Acme/api:1": invalid reference format: repository name (Acme/api) must be lowercase',
    );
    expect(canonical('nginx:1.27 ')).toBe(
      'error: couldn\'t parse image name "nginx:1.27 ": invalid reference format',
    );
    expect(canonical('my_app::v1')).toBe(
      'error: couldn\'t parse image name "my_app::v1": invalid reference format',
    );
  });

  it('defaults the pull policy as the API server does', () => {
    expect(defaultPullPolicy('nginx')).toBe('Always');
    expect(defaultPullPolicy('nginx:latest')).toBe('Always');
    expect(defaultPullPolicy('nginx:1.27')).toBe('IfNotPresent');
  });

  it('prints durations as Go does', () => {
    expect([0, 470, 2310, 61_411, 161_411, 3_600_000].map(goDuration)).toEqual([
      '0s',
      '470ms',
      '2.31s',
      '1m1.411s',
      '2m41.411s',
      '1h0m0s',
    ]);
  });
});
