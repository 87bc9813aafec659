import type { ApiWorld } from '../api/server.js';

/** A control loop: subscribes to the changes it cares about and schedules its own work. */
export interface Controller {
  readonly name: string;
  start(world: ApiWorld): void;
}
