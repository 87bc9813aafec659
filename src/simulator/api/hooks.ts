/** Placeholder until the control-plane work lands: everyone is allowed, nothing is defaulted. */
import type { World } from '../world/world.js';
import type { ApiServerHooks } from './server.js';

export function apiServerHooks(world: World): ApiServerHooks {
  if (world.scenario.cluster.users.length > 0) throw new Error('users need the RBAC hooks');
  return {
    authenticate: () => undefined,
    authorize: () => undefined,
    setDefaults: () => undefined,
    validate: () => undefined,
    plugins: [],
    beginDelete: () => false,
  };
}
