/**
 * Kubelets before the CRI ran a pod's sandbox as an infra container they called "POD" in their
 * sync results: its failures are the sandbox stage, whatever the words say about images.
 */
import { describe, expect, it } from 'vitest';
import { firstFailure } from './paste-diagnoses.js';

const CLOCK = Date.parse('2026-06-01T00:00:00Z');

describe('the infra container of kubelets before the CRI (sync results for "POD")', () => {
  it('a pause image it cannot pull is the sandbox stage, not an app image pull', () => {
    const text = [
      ' 7m     3m      2   {kubelet w}             Warning     FailedSync  Error syncing pod, skipping: failed to "StartContainer" for "POD" with ErrImagePull: "image pull failed for gcr.io/google_containers/pause:2.0, this may be because there are no credentials on this request.  details: (API error (500): Get https://gcr.io/v1/_ping: dial tcp 173.194.72.82:443: i/o timeout\\n)"',
    ].join('\n');
    expect(firstFailure(text, CLOCK)).toBe('sandbox-network SandboxImageFailed');
  });
});
