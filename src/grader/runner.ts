import { basename, dirname, relative, sep } from 'node:path';
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
  /** Given back with an uncaught error the call caused (a child process's `onCrash`). */
  readonly tag?: number;
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
  /**
   * A fresh instance of the module (in the CLI a new process), so no state leaks between runs.
   * The old instance is flushed first (see `flush`): what it still had to report is not lost.
   */
  readonly reload: () => Promise<void>;
  /**
   * Resolves once the instance has reported every uncaught error that what it was already sent
   * causes: the grader's answers to its calls of the grader's functions are delivered, and its
   * event loop has turned twice, so a promise those answers reject and nothing awaits has been
   * reported as unhandled. Not a wait for timers the learner set for later.
   */
  readonly flush: () => Promise<void>;
  readonly close: () => void;
  /** What the learner's code printed so far. */
  readonly output: () => string;
};

/** A place in one of the learner's files, the file relative to the exercise folder. */
export type Location = { readonly file: string; readonly line: number; readonly column: number };

/**
 * The learner's code cannot be run on: it did not load, ran out of time, its process died, or it
 * does not export a function a check calls (`missing`).
 */
export class RunnerError extends Error {
  override name = 'RunnerError';
  readonly reason: 'load' | 'timeout' | 'crash' | 'missing';
  /** Where the error is in the learner's files, when known (a syntax error, say). */
  readonly location: Location | undefined;
  /**
   * The message in Chinese. For a load error or a missing function it is the whole line; a time
   * limit's or a crash's comes after the lead-in (stopped, crashed), as the English one does.
   * Undefined: the English message, after a Chinese lead-in.
   */
  readonly zh: string | undefined;
  /** What the learner's code printed before a load failed (no runner is left to ask it). */
  readonly output: string | undefined;
  constructor(
    reason: 'load' | 'timeout' | 'crash' | 'missing',
    message: string,
    extra: { readonly location?: Location; readonly zh?: string; readonly output?: string } = {},
  ) {
    super(message);
    this.reason = reason;
    this.location = extra.location;
    this.zh = extra.zh;
    this.output = extra.output;
  }
}

/**
 * A crash as the child's harness words it (`uncaught Error: boom (at stats.ts:3:9)`,
 * `unhandled rejection: …`, `thrown value: …`), in Chinese: the learner's own error is kept.
 */
export function crashZh(text: string): string {
  return text
    .replace(/^uncaught /, '未捕获的错误：')
    .replace(/^unhandled rejection: /, '未处理的 promise 拒绝：')
    .replace(/^(未捕获的错误：|未处理的 promise 拒绝：)?thrown value: /, '$1抛出的值：')
    .replace(/ \(at ([^()]+:\d+:\d+)\)$/, '（位置 $1）');
}

/** A message on one line: a stack trace's frames dropped, the other lines joined. */
export function oneLine(text: string): string {
  const kept = text.split('\n').filter((l) => l.trim() !== '' && !/^\s+at /.test(l));
  const line = kept.map((l) => l.trim()).join(' ');
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/**
 * Why a module did not load, as one line. A compile error (esbuild's "Transform failed with 1
 * error: /abs/path/file.ts:23:36: ERROR: Expected ...") becomes `file.ts:23:37: Expected ...`:
 * the path relative to the exercise folder, the column counted from 1 as editors do.
 */
export function loadError(message: string, file: string, output?: string): RunnerError {
  const printed = output === undefined ? {} : { output };
  const at = /^(.+?):(\d+):(\d+): (?:ERROR|error): (.+)$/m.exec(message);
  if (at?.[1] && at[4]) {
    const where = relative(dirname(file), at[1]) || basename(file);
    // esbuild counts columns from 0; editors (and tsc) from 1.
    const location = { file: where, line: Number(at[2]), column: Number(at[3]) + 1 };
    const text = `${where}:${location.line}:${location.column}: ${at[4]}`;
    return new RunnerError('load', text, { location, zh: `${text}（语法错误）`, ...printed });
  }
  return new RunnerError(
    'load',
    oneLine(message.split(`${dirname(file)}${sep}`).join('')),
    printed,
  );
}

/** The error of a call to a function the module does not export. */
export const missingExport = (file: string, name: string) =>
  new RunnerError('missing', `${basename(file)} exports no function ${name}`, {
    zh: `${basename(file)} 没有导出函数 ${name}`,
  });

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

const rawDescription = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : `thrown value: ${String(error)}`;

/** What the learner's code threw, on one line. */
export const describeError = (error: unknown): string => oneLine(rawDescription(error));

/** A module's exports, also when a CommonJS-compiled file puts them under `default`. */
export function exportsOf(loaded: Record<string, unknown>): Record<string, unknown> {
  const inner = loaded.default;
  return typeof inner === 'object' && inner !== null
    ? { ...(inner as Record<string, unknown>), ...loaded }
    : loaded;
}

/**
 * Where `value` holds a number JSON cannot (NaN, ±Infinity), as "<JSON pointer> is <number>", or
 * null. JSON.stringify would send such a number as null without a word, so a learner's
 * `a / 0` would look like a deliberate null. Self-contained: the child's harness runs its source.
 */
export function firstNonFinite(value: unknown, at = ''): string | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? null : `${at === '' ? 'the value' : at} is ${String(value)}`;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = firstNonFinite(item, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    if (found !== null) return found;
  }
  return null;
}

/**
 * `value` as JSON carries it. Throws for what JSON cannot hold: a cycle, a BigInt (JSON.stringify's
 * own errors), a non-finite number (`firstNonFinite`).
 */
function toJson(value: unknown): unknown {
  if (value === undefined) return undefined;
  const text = JSON.stringify(value);
  const bad = firstNonFinite(value);
  if (bad !== null) throw new TypeError(`${bad}, which JSON cannot hold`);
  return text === undefined ? undefined : JSON.parse(text);
}

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
      throw loadError(rawDescription(error), file);
    }
  };
  let mod = await load();
  return {
    async call(name, args, options = {}) {
      const exported = mod[name];
      if (typeof exported !== 'function') throw missingExport(file, name);
      const controller = new AbortController();
      const handlers = options.handlers ?? {};
      // As in the child: a cancellation reaches the call only while it runs.
      let running = true;
      options.abort?.addEventListener('abort', () => {
        if (!running) return;
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
        let value: unknown;
        try {
          value = await (exported as (...a: unknown[]) => unknown)(...live);
        } finally {
          running = false;
        }
        try {
          return { ok: true, value: toJson(value) };
        } catch (error) {
          const why = error instanceof Error ? error.message : String(error);
          return { ok: false, error: oneLine(`the result is not JSON: ${why}`) };
        }
      } catch (error) {
        return { ok: false, error: describeError(error) };
      }
    },
    get: async (name) => toJson(mod[name]),
    reload: async () => {
      mod = await load();
    },
    // Uncaught errors in this process are not the grader's to report (the tests' own runner).
    flush: () => new Promise((resolve) => setImmediate(() => setImmediate(resolve))),
    close: () => {},
    output: () => '',
  };
}
