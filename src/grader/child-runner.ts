import { type ChildProcess, spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Bilingual } from '../i18n/lang.js';
import {
  armGroupCleanup,
  bundleLearner,
  confinedArgs,
  copyBundle,
  firstLink,
  killGroup,
  minimalEnv,
  permissionFlag,
  privateFolder,
  refusedFolder,
  removeFolder,
  stoppingOnSignal,
  trackGroup,
} from './confine.js';
import { MESSAGE_COUNT_LIMIT, parseFromChild } from './confine-ipc.js';
import { HARNESS_SOURCE } from './harness-source.js';
import {
  CALL_TIMEOUT_MS,
  type CallOutcome,
  crashZh,
  type Handler,
  loadError,
  missingExport,
  oneLine,
  type Runner,
  RunnerError,
} from './runner.js';

/**
 * The most the learner's module may weigh with the files it imports, transpiled (source map
 * included): 256 kB, about 25 times the largest reference solution. An exercise's own code is a
 * few kB; a module this big carries a whole program, such as a copy of mcp-sim's own build, whose
 * referee and statistics are what the exercises ask the learner to write.
 */
export const MAX_LEARNER_BUNDLE = 256 * 1024;

function tooBig(file: string, bytes: number): RunnerError {
  const name = basename(file);
  const kB = Math.round(bytes / 1024);
  const limit = MAX_LEARNER_BUNDLE / 1024;
  return new RunnerError(
    'load',
    `${name}: your code bundles to ${kB} kB with the files it imports, more than the ${limit} kB an exercise's own code needs; the grader takes code written for the exercise, not a copy of a whole program (mcp-sim's own build among them)`,
    {
      zh: `${name}：你的代码连同它导入的文件打包后有 ${kB} kB，超过了练习代码所需的 ${limit} kB；评分器只接受为这道练习编写的代码，而不是整个程序的副本（包括 mcp-sim 自己的构建产物）`,
      location: { file: name, line: 1, column: 1 },
    },
  );
}

/** How long the learner's module may take to load (after the grader transpiled it). */
export const LOAD_TIMEOUT_MS = 8000;
const OUTPUT_LIMIT = 4000;

export type ChildRunnerOptions = {
  readonly cwd: string;
  readonly loadTimeoutMs?: number;
  /**
   * An uncaught error (a throw in a timer, an unhandled rejection) in the learner's process, on
   * one line, with the tag of the call it came from (undefined: from none, or from a `get`).
   */
  readonly onCrash?: (tag: number | undefined, message: string) => void;
};

/**
 * Starts the learner's module in a child process: its own heap and event loop, stdout and stderr
 * captured, killed when a call or the load runs out of time (an endless loop is reported, not
 * waited for). The grader transpiles the module into a private folder; the child runs that plain
 * JavaScript confined (see confine.ts), in a process group of its own that is killed at the end.
 */
export async function createChildRunner(
  file: string,
  options: ChildRunnerOptions = { cwd: process.cwd() },
): Promise<Runner> {
  // The module is bundled once, for the first instance; each later one gets a copy of these
  // bytes, kept here in the grader. Not a copy of the first instance's file: its process may
  // write its own folder, so a rewritten learner.mjs would carry state into the next instance.
  let bundled: Uint8Array | undefined;
  const start = async () => {
    const started = await startChild(file, options, bundled);
    bundled = started.bundled;
    return started.runner;
  };
  let child = await start();
  let before = ''; // what the instances before this one printed
  return {
    call: (name, args, callOptions) => child.call(name, args, callOptions),
    get: (name) => child.get(name),
    // A fresh instance is a fresh process: re-importing the module in the same one would keep
    // whatever the learner's code left on globalThis, in a built-in module or on a prototype.
    flush: () => child.flush(),
    async reload() {
      // What the old instance has still to report (a promise it left unawaited that the grader's
      // last answer rejected) arrives before it is stopped, put down to its own call.
      await child.flush().catch(() => undefined);
      before = `${before}${child.output()}`.slice(0, OUTPUT_LIMIT);
      child.close();
      child = await start();
    },
    close: () => child.close(),
    output: () => `${before}${child.output()}`.slice(0, OUTPUT_LIMIT),
  };
}

/**
 * One instance of the learner's module: a confined child process of its own, in a fresh private
 * folder (nothing an instance wrote there reaches the next). `bundled`: the module as the first
 * instance's bundle made it, copied in instead of bundling again.
 */
async function startChild(
  file: string,
  options: ChildRunnerOptions,
  bundled: Uint8Array | undefined,
): Promise<{ runner: Runner; bundled: Uint8Array }> {
  const temp = privateFolder();
  let exercise: string;
  try {
    exercise = realpathSync(options.cwd);
  } catch (error) {
    removeFolder(temp);
    throw new RunnerError('load', error instanceof Error ? error.message : String(error));
  }
  const found = firstLink(exercise);
  if (found) {
    removeFolder(temp);
    throw refusedFolder(found);
  }
  const bundle = bundled
    ? copyBundle(bundled, join(temp, 'learner.mjs'))
    : await bundleLearner(file, exercise, join(temp, 'learner.mjs'));
  if (!bundle.ok) {
    removeFolder(temp);
    throw loadError(bundle.error, file);
  }
  if (bundle.contents.length > MAX_LEARNER_BUNDLE) {
    removeFolder(temp);
    throw tooBig(file, bundle.contents.length);
  }
  armGroupCleanup();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...confinedArgs(permissionFlag(), { exercise, temp }),
      // The bundle's inline source map: a thrown error's stack names the learner's .ts lines.
      '--enable-source-maps',
      '--input-type=module',
      '-e',
      HARNESS_SOURCE,
      '--',
      bundle.file,
    ],
    {
      cwd: exercise,
      // Pipes the grader owns: what the learner prints is captured, never the grader's output.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: minimalEnv(temp),
      // A process group of its own, killed whole: nothing the learner starts outlives the check.
      detached: true,
    },
  );
  trackGroup(child.pid);
  const end = () => {
    killGroup(child.pid);
    removeFolder(temp);
  };
  let output = '';
  const capture = (chunk: Buffer) => {
    if (output.length < OUTPUT_LIMIT)
      output = (output + chunk.toString('utf8')).slice(0, OUTPUT_LIMIT);
  };
  child.stdout?.on('data', capture);
  child.stderr?.on('data', capture);

  let dead: RunnerError | null = null;
  let nextId = 1;
  const calls = new Map<
    number,
    {
      resolve: (outcome: CallOutcome) => void;
      reject: (error: RunnerError) => void;
      handlers: Readonly<Record<string, Handler>>;
    }
  >();
  /** Each call's name and tag, by id, for the uncaught errors it causes later. */
  const tags = new Map<number, { name: string; tag: number | undefined }>();
  // A call's handlers outlive its result: progress a timer sends after the tool returned still
  // reaches the grader (and the referee calls it late), as it does with the inline runner.
  const settled = new Map<number, Readonly<Record<string, Handler>>>();
  /** The grader's answers to the child's events not sent yet (`flush` waits for them). */
  const replying = new Set<Promise<void>>();
  let onReady: { resolve: () => void; reject: (e: RunnerError) => void } | null = null;
  let crash: string | null = null;

  const die = (error: RunnerError) => {
    if (dead) return;
    dead = error;
    end();
    onReady?.reject(error);
    for (const call of calls.values()) call.reject(error);
    calls.clear();
  };
  /** The module could not load: the process is being stopped for that, not crashing. */
  let loadFailed = false;
  child.on('exit', (code, signal) => {
    // Killed with its group because a signal is ending the grader: not the code's crash.
    if (loadFailed || stoppingOnSignal()) return;
    const why = crash ?? (signal ? `killed by ${signal}` : `exited with code ${code}`);
    const whyZh = crash
      ? crashZh(crash)
      : signal
        ? `被信号 ${signal} 终止`
        : `以退出码 ${code} 退出`;
    die(
      new RunnerError('crash', `the learner's process stopped: ${why}`, {
        zh: `运行你代码的进程停止了：${whyZh}`,
      }),
    );
  });
  /**
   * Resolves once what the process wrote has been read: its stdout and stderr are pipes of their
   * own, so what a module printed before it failed to load may arrive after the IPC message that
   * says so. Bounded: a grandchild holding a pipe open does not hold the grade.
   */
  const outputRead = () =>
    new Promise<void>((resolve) => {
      const open = [child.stdout, child.stderr].filter((s) => s !== null && !s.destroyed);
      let left = open.length;
      if (left === 0) return resolve();
      const timer = setTimeout(resolve, 1000);
      for (const stream of open) {
        stream?.once('close', () => {
          left -= 1;
          if (left === 0) {
            clearTimeout(timer);
            resolve();
          }
        });
      }
    });
  child.on('error', (error) => die(new RunnerError('crash', error.message)));

  const send = (message: object) => {
    if (!dead && child.connected) child.send(message);
  };

  let received = 0;
  child.on('message', (raw) => {
    if (dead) return;
    const parsed = parseFromChild(raw);
    if (!parsed.ok || ++received > MESSAGE_COUNT_LIMIT) {
      const why = parsed.ok ? `more than ${MESSAGE_COUNT_LIMIT} messages` : parsed.error;
      const whyZh = parsed.ok ? `超过 ${MESSAGE_COUNT_LIMIT} 条消息` : parsed.error;
      die(
        new RunnerError('crash', `the learner's process sent the grader ${why}`, {
          zh: `运行你代码的进程向评分器发送了${parsed.ok ? whyZh : `不合规的消息：${whyZh}`}`,
        }),
      );
      return;
    }
    const m = parsed.message;
    if (m.t === 'ready') onReady?.resolve();
    else if (m.t === 'load-error') {
      // What it printed is shown with the error ("it printed: …"): read it all before failing.
      const why = m.error;
      loadFailed = true;
      killGroup(child.pid);
      void outputRead().then(() => die(loadError(why, file, output)));
    } else if (m.t === 'crash') {
      const error = oneLine(m.error);
      crash ??= error;
      options.onCrash?.(m.id === undefined ? undefined : tags.get(m.id)?.tag, error);
    } else if (m.t === 'event') {
      const handlers = calls.get(m.id)?.handlers ?? settled.get(m.id);
      // Own names only: `constructor` or `__proto__` are no handler of the grader's.
      const handler = handlers && Object.hasOwn(handlers, m.name) ? handlers[m.name] : undefined;
      // Called at once, not in a later tick: the order of events and results is the child's order.
      let value: unknown;
      try {
        value = handler ? handler(...m.args) : undefined;
      } catch (error) {
        value = Promise.reject(error);
      }
      const reply = Promise.resolve(value).then(
        (value) => send({ t: 'reply', seq: m.seq, ok: true, value }),
        (error: unknown) =>
          send({
            t: 'reply',
            seq: m.seq,
            ok: false,
            error: error instanceof Error ? error.message : String(error),
          }),
      );
      replying.add(reply);
      const sent = () => replying.delete(reply);
      reply.then(sent, sent);
    } else if (m.t === 'result') {
      const call = calls.get(m.id);
      calls.delete(m.id);
      if (call) settled.set(m.id, call.handlers);
      const name = tags.get(m.id)?.name ?? '';
      if (m.missing) call?.reject(missingExport(file, name));
      else
        call?.resolve(
          m.ok ? { ok: true, value: m.value } : { ok: false, error: oneLine(m.error ?? 'failed') },
        );
    }
  });

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        die(
          new RunnerError(
            'timeout',
            `the module did not finish loading within ${(options.loadTimeoutMs ?? LOAD_TIMEOUT_MS) / 1000} s (an endless loop at the top level, or a top-level await that never settles?)`,
            {
              zh: `模块没有在 ${(options.loadTimeoutMs ?? LOAD_TIMEOUT_MS) / 1000} 秒内加载完（顶层有死循环，还是顶层 await 了一个永远不会完成的 promise？）`,
            },
          ),
        ),
      options.loadTimeoutMs ?? LOAD_TIMEOUT_MS,
    );
    const done = () => clearTimeout(timer);
    onReady = {
      resolve: () => {
        done();
        resolve();
      },
      reject: (e) => {
        done();
        reject(e);
      },
    };
  });
  onReady = null;

  function request(
    message: Record<string, unknown>,
    handlers: Readonly<Record<string, Handler>>,
    timeoutMs: number,
    what: Bilingual,
  ): { id: number; promise: Promise<CallOutcome> } {
    const id = nextId++;
    if (dead) return { id, promise: Promise.reject(dead) };
    const promise = new Promise<CallOutcome>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          die(
            new RunnerError(
              'timeout',
              crash
                ? `${what.en} did not finish within ${timeoutMs / 1000} s and was stopped, after an error outside it: ${crash}`
                : `${what.en} did not finish within ${timeoutMs / 1000} s and was stopped (an endless loop, or a promise that never settles?)`,
              {
                zh: crash
                  ? `${what.zh}没有在 ${timeoutMs / 1000} 秒内完成，在它之外先出了错：${crashZh(crash)}`
                  : `${what.zh}没有在 ${timeoutMs / 1000} 秒内完成（死循环，还是一个永远不会完成的 promise？）`,
              },
            ),
          ),
        timeoutMs,
      );
      calls.set(id, {
        resolve: (o) => {
          clearTimeout(timer);
          resolve(o);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
        handlers,
      });
      send({ ...message, id });
    });
    return { id, promise };
  }

  const runner: Runner = {
    call(name, args, options = {}) {
      const { id, promise } = request(
        { t: 'call', name, args },
        options.handlers ?? {},
        options.timeoutMs ?? CALL_TIMEOUT_MS,
        { en: `${name}()`, zh: `${name}() ` },
      );
      tags.set(id, { name, tag: options.tag });
      options.abort?.addEventListener('abort', () => send({ t: 'abort', id }));
      return promise;
    },
    async get(name) {
      const outcome = await request({ t: 'get', name }, {}, CALL_TIMEOUT_MS, {
        en: `reading ${name}`,
        zh: `读取 ${name} `,
      }).promise;
      return outcome.ok ? outcome.value : undefined;
    },
    async flush() {
      // The answers first, so the flush message follows them down the channel.
      await Promise.all(replying);
      await request({ t: 'flush' }, {}, CALL_TIMEOUT_MS, {
        en: 'flushing the module',
        zh: '等待模块处理完已收到的消息',
      }).promise;
    },
    async reload() {
      const outcome = await request({ t: 'reload' }, {}, LOAD_TIMEOUT_MS, {
        en: 'loading the module',
        zh: '加载模块',
      }).promise;
      if (!outcome.ok) {
        const error = new RunnerError('load', outcome.error);
        die(error);
        throw error;
      }
    },
    close() {
      dead ??= new RunnerError('crash', 'closed');
      end();
    },
    output: () => output,
  };
  return { runner, bundled: bundle.contents };
}
