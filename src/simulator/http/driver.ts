/**
 * Steps a simulation in real time: every tick advances simulated time by the wall time that
 * passed times `speed`. This is the only place the HTTP side reads the wall clock for the
 * world; nothing inside the world does.
 */
import type { Simulation } from '../simulation.js';

export interface Driver {
  readonly speed: number;
  stop(): void;
}

export function startDriver(
  sim: Simulation,
  speed: number,
  tickMs = 50,
  now: () => number = () => performance.now(),
): Driver {
  let last = now();
  let carry = 0;
  const timer =
    speed > 0
      ? setInterval(() => {
          const t = now();
          const simulated = (t - last) * speed + carry;
          last = t;
          const step = Math.floor(simulated);
          carry = simulated - step;
          if (step > 0) sim.runFor(step);
        }, tickMs)
      : undefined;
  timer?.unref();
  return {
    speed,
    stop() {
      if (timer !== undefined) clearInterval(timer);
    },
  };
}
