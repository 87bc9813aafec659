/** The harness itself: the real control plane is up and kubectl reads it. */
import { execFileSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { adminApi } from './harness.js';

const info = inject('controlPlane');

function hasKubectl(): boolean {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe(`control plane harness (kube-apiserver ${info.version})`, () => {
  it.runIf(hasKubectl())('kubectl get --raw /readyz is ok', () => {
    const out = execFileSync('kubectl', ['--kubeconfig', info.adminKubeconfig, 'get', '--raw', '/readyz'], {
      encoding: 'utf8',
    });
    expect(out.trim()).toBe('ok');
  });

  it('serves the pinned release, with the admission plugins and controllers running', async () => {
    const api = adminApi(info);
    try {
      const v = await api.get<{ gitVersion: string }>('/version');
      expect(v.gitVersion).toBe(info.version);
      // The ServiceAccount and root-CA controllers of the real controller manager have acted.
      await api.get('/api/v1/namespaces/default/serviceaccounts/default');
      await api.get('/api/v1/namespaces/default/configmaps/kube-root-ca.crt');
      const readyz = await api.request('GET', '/readyz?verbose');
      expect(readyz.text).toContain('[+]poststarthook/rbac/bootstrap-roles ok');
    } finally {
      api.close();
    }
  });
});
