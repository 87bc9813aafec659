import { describe, expect, it } from 'vitest';
import { snapshotFromSources } from './index.js';

describe('a whole object pasted without its name', () => {
  const read = (text: string) => snapshotFromSources([{ name: 'p.txt', text }], ['p.txt'], { now: 0 });

  it('takes the name of the command above it', () => {
    const s = read(
      '$ kubectl get pod hello-76bc67557d-4g565 -o yaml\n\napiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - image: x\nstatus:\n  containerStatuses:\n  - name: hello\n    state:\n      waiting:\n        reason: InvalidImageName\n',
    );
    expect(s.pods.map((p) => p.metadata.name)).toEqual(['hello-76bc67557d-4g565']);
    expect(s.notes.join('\n')).toContain('named by the command above it');
  });

  it('else is an unnamed pod, and the report says so', () => {
    const s = read('apiVersion: v1\nkind: Pod\nstatus:\n  phase: Pending\n');
    expect(s.pods.map((p) => p.metadata.name)).toEqual(['unnamed-pod']);
    expect(s.notes.join('\n')).toContain('pasted without its name');
  });
});
