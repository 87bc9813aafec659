import { describe, expect, it } from 'vitest';
import { event } from '../../../test/builders.js';
import { syncErrors } from './sync-error.js';

const sync = (message: string) => syncErrors(event({ reason: 'FailedSync', message }));

describe('syncErrors', () => {
  it('reads one result, unquoting the message', () => {
    expect(
      sync(
        'Error syncing pod, skipping: failed to "StartContainer" for "api-cmd" with RunContainerError: "GenerateRunContainerOptions: secrets \\"api-v115-env\\" not found"',
      ),
    ).toEqual([
      {
        action: 'StartContainer',
        target: 'api-cmd',
        code: 'RunContainerError',
        message: 'GenerateRunContainerOptions: secrets "api-v115-env" not found',
      },
    ]);
  });
  it('reads several results joined in one message', () => {
    const r = sync(
      'Error syncing pod, skipping: [failed to "StartContainer" for "web" with CrashLoopBackOff: "Back-off 5m0s restarting failed container=web pod=web-1_default(uid)", failed to "StartContainer" for "side" with CreateContainerConfigError: "configmaps \\"side-config\\" not found"]',
    );
    expect(r.map((x) => [x.target, x.code])).toEqual([
      ['web', 'CrashLoopBackOff'],
      ['side', 'CreateContainerConfigError'],
    ]);
    expect(r[1]?.message).toBe('configmaps "side-config" not found');
  });
  it('ignores other events and other shapes', () => {
    expect(
      syncErrors(event({ reason: 'Failed', message: 'failed to "StartContainer" for "a" with X: "y"' })),
    ).toEqual([]);
    expect(
      sync(
        'Error syncing pod, skipping: failed to "StartContainer" for "dind" with rpc error: code = 4 desc = context deadline exceeded: ""',
      ),
    ).toEqual([]);
    expect(sync('Error syncing pod')).toEqual([]);
  });
});
