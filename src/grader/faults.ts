import { type CallOutcome, crashZh, type Runner, RunnerError } from './runner.js';

/**
 * Something went wrong in one of the learner's functions: it ran out of time, its process died,
 * it is not exported, or it caused an uncaught error (a throw in a timer, say).
 */
export type Fault = {
  /** The function; undefined when the error came from no call (a timer the module set up). */
  readonly fn: string | undefined;
  /** The number of the call that caused it (calls are numbered from 1; 0: before any call). */
  readonly at: number;
  readonly error: RunnerError;
};

/** Starts the learner's module; `onCrash` hears of uncaught errors, with the call's tag. */
export type StartRunner = (
  onCrash: (tag: number | undefined, message: string) => void,
) => Promise<Runner>;

export type TolerantRunner = {
  /** The runner the rubric uses (started on first use). */
  readonly runner: () => Promise<Runner>;
  /** How many calls the rubric has started so far. */
  readonly calls: () => number;
  readonly faults: () => readonly Fault[];
  /** Waits until the learner's process has reported what it was already sent caused (`Runner.flush`). */
  readonly flush: () => Promise<void>;
  readonly close: () => void;
  readonly output: () => string;
};

/**
 * The learner's module behind a runner that outlives one function's failure: when a call runs
 * out of time or its process dies, the process is stopped, the fault is kept, the call gives the
 * rubric an error outcome, and the next call starts a fresh process. A function that failed so is
 * not called again (its later calls get the same outcome at once), so time stays bounded: at most
 * one time limit per function. A module that does not load stays fatal (a RunnerError thrown).
 */
export function tolerantRunner(start: StartRunner): TolerantRunner {
  const faults: Fault[] = [];
  const stopped = new Map<string, Fault>();
  const names = new Map<number, string>();
  let started = 0;
  let current: Promise<Runner> | undefined;
  let live: Runner | undefined;
  let earlier = '';

  const onCrash = (tag: number | undefined, message: string) => {
    const fn = tag === undefined ? undefined : names.get(tag);
    if (faults.some((f) => f.fn === fn && f.error.reason === 'crash')) return; // the first is enough
    faults.push({
      fn,
      at: tag ?? 0,
      error: new RunnerError('crash', message, { zh: crashZh(message) }),
    });
  };
  const ensure = () => {
    current ??= start(onCrash).then((r) => {
      live = r;
      return r;
    });
    return current;
  };
  const retire = () => {
    if (live) {
      earlier += live.output();
      live.close();
    }
    live = undefined;
    current = undefined;
  };
  const failed = (fn: string, at: number, error: unknown): CallOutcome => {
    if (!(error instanceof RunnerError) || error.reason === 'load') throw error;
    const fault = { fn, at, error };
    faults.push(fault);
    stopped.set(fn, fault);
    if (error.reason !== 'missing') retire();
    return { ok: false, error: error.message };
  };

  const runner: Runner = {
    async call(name, args, options = {}) {
      const at = ++started;
      const stop = stopped.get(name);
      if (stop) return { ok: false, error: stop.error.message };
      const r = await ensure();
      names.set(at, name);
      try {
        return await r.call(name, args, { ...options, tag: at });
      } catch (error) {
        return failed(name, at, error);
      }
    },
    async get(name) {
      const at = ++started;
      if (stopped.has(name)) return undefined;
      const r = await ensure();
      try {
        return await r.get(name);
      } catch (error) {
        failed(name, at, error);
        return undefined;
      }
    },
    async reload() {
      await (await ensure()).reload();
    },
    flush: async () => {
      await live?.flush().catch(() => undefined);
    },
    close: () => {
      retire();
    },
    output: () => earlier + (live?.output() ?? ''),
  };

  return {
    runner: async () => {
      await ensure();
      return runner;
    },
    calls: () => started,
    faults: () => faults,
    flush: () => runner.flush(),
    close: () => {
      const pending = live ? undefined : current;
      retire();
      void pending?.then(
        (r) => r.close(),
        () => {},
      );
    },
    output: () => runner.output(),
  };
}
