import { describe, expect, it } from 'vitest';
import { scalingMessage } from './rollout.js';

describe('ScalingReplicaSet text of the release the simulator imitates', () => {
  it.each([
    ['v1.27.9', 'up', 'Scaled up replica set web-7d9 to 3'],
    ['v1.28.0', 'up', 'Scaled up replica set web-7d9 to 3 from 0'],
    ['v1.31.4', 'down', 'Scaled down replica set web-7d9 to 3 from 0'],
    // kube-controller-manager v1.37.2, measured by test/control-plane/fidelity.test.ts
    ['v1.37.2', 'up', 'Scaled up replica set web-7d9 from 0 to 3'],
  ] as const)('%s %s', (version, direction, text) => {
    expect(scalingMessage(version, direction, 'web-7d9', 0, 3)).toBe(text);
  });
});
