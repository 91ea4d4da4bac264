import type { IdleClock } from '../../src/transport/idle-sessions.js';

/** A clock the test moves by hand; the periodic check runs when the test says so. */
export function manualClock() {
  let now = 0;
  const checks: Array<() => void> = [];
  let stopped = 0;
  const clock: IdleClock = {
    now: () => now,
    every: (_ms, check) => {
      checks.push(check);
      return () => {
        stopped += 1;
      };
    },
  };
  return {
    clock,
    advance: (ms: number) => {
      now += ms;
    },
    /** Runs the periodic check, as its timer would. */
    tick: () => {
      for (const check of checks) check();
    },
    stopped: () => stopped,
  };
}
