import { pathToFileURL } from 'node:url';

/** A callback the learner's code can call; the grader answers it (the simulated peer's side). */
export type Handler = (...args: unknown[]) => unknown;

/** Placeholders in a call's arguments: a function the learner can call, or an abort signal. */
export type Placeholder = { readonly $fn: string } | { readonly $signal: true };
export const fn = (name: string): Placeholder => ({ $fn: name });
export const SIGNAL: Placeholder = { $signal: true };

export type CallOptions = {
  /** Answers to the `fn(name)` placeholders; `$aborted` is called when the abort takes effect. */
  readonly handlers?: Readonly<Record<string, Handler>>;
  /** Aborting it aborts the learner's `SIGNAL`. */
  readonly abort?: AbortSignal;
  readonly timeoutMs?: number;
};

export type CallOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: string };

/**
 * The learner's module, loaded somewhere: in a child process (the CLI) or in this process (the
 * project's own tests of the rubrics). Checks only talk to it through this.
 */
export type Runner = {
  /** Calls an exported function; a throw inside the learner's code is an outcome, not a throw. */
  readonly call: (
    name: string,
    args: readonly unknown[],
    options?: CallOptions,
  ) => Promise<CallOutcome>;
  /** An exported value, as JSON. */
  readonly get: (name: string) => Promise<unknown>;
  /** A fresh copy of the module, so state kept in module variables does not leak between runs. */
  readonly reload: () => Promise<void>;
  readonly close: () => void;
  /** What the learner's code printed so far. */
  readonly output: () => string;
};

/** The learner's code cannot be run on: it did not load, ran out of time, or its process died. */
export class RunnerError extends Error {
  override name = 'RunnerError';
  readonly reason: 'load' | 'timeout' | 'crash';
  constructor(reason: 'load' | 'timeout' | 'crash', message: string) {
    super(message);
    this.reason = reason;
  }
}

export const CALL_TIMEOUT_MS = 3000;

/** Replaces the placeholders of a call's arguments with real functions and a real signal. */
export function revive(
  value: unknown,
  makeFn: (name: string) => Handler,
  makeSignal: () => AbortSignal,
): unknown {
  if (Array.isArray(value)) return value.map((v) => revive(v, makeFn, makeSignal));
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (typeof record.$fn === 'string') return makeFn(record.$fn);
    if (record.$signal === true) return makeSignal();
    return Object.fromEntries(
      Object.entries(record).map(([k, v]) => [k, revive(v, makeFn, makeSignal)]),
    );
  }
  return value;
}

export const describeError = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : `thrown value: ${String(error)}`;

/** A module's exports, also when a CommonJS-compiled file puts them under `default`. */
export function exportsOf(loaded: Record<string, unknown>): Record<string, unknown> {
  const inner = loaded.default;
  return typeof inner === 'object' && inner !== null
    ? { ...(inner as Record<string, unknown>), ...loaded }
    : loaded;
}

const toJson = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));

/**
 * Runs the learner's module in this process: fast, but without protection from endless loops or
 * stray output. The project's tests use it for well-behaved solutions; the CLI never does.
 */
export async function createInlineRunner(file: string): Promise<Runner> {
  let generation = 0;
  const load = async () => {
    try {
      const url = `${pathToFileURL(file).href}?v=${Date.now()}-${generation++}`;
      return exportsOf((await import(url)) as Record<string, unknown>);
    } catch (error) {
      throw new RunnerError('load', describeError(error));
    }
  };
  let mod = await load();
  return {
    async call(name, args, options = {}) {
      const exported = mod[name];
      if (typeof exported !== 'function') {
        return { ok: false, error: `the module exports no function named ${name}` };
      }
      const controller = new AbortController();
      const handlers = options.handlers ?? {};
      options.abort?.addEventListener('abort', () => {
        handlers.$aborted?.();
        controller.abort();
      });
      const live = revive(
        toJson(args),
        // Called synchronously, as the child process posts its event at once: order is kept.
        (name) =>
          (...callArgs: unknown[]) => {
            try {
              const handler = handlers[name] ?? (() => undefined);
              return Promise.resolve(handler(...(toJson(callArgs) as unknown[])));
            } catch (error) {
              return Promise.reject(error);
            }
          },
        () => controller.signal,
      ) as unknown[];
      try {
        const value = await (exported as (...a: unknown[]) => unknown)(...live);
        return { ok: true, value: toJson(value) };
      } catch (error) {
        return { ok: false, error: describeError(error) };
      }
    },
    get: async (name) => toJson(mod[name]),
    reload: async () => {
      mod = await load();
    },
    close: () => {},
    output: () => '',
  };
}
