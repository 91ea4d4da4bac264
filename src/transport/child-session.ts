import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { constants } from 'node:os';
import type { Bilingual } from '../i18n/lang.js';
import { idText } from '../protocol/envelope.js';
import { withExactIds } from '../protocol/exact-ids.js';
import { paramHeadersOf } from '../protocol/http-headers.js';
import {
  classify,
  type Direction,
  describeErrorCode,
  hasCapability,
  idKey,
  isRecognisedModernError,
  isRequestId,
  isStatelessVersion,
  type JsonObject,
  type KnownVersion,
  LATEST_HANDSHAKE_VERSION,
  LATEST_STATELESS_VERSION,
  type RequestId,
  STATELESS_VERSIONS,
} from '../protocol/index.js';
import { isObject, jsonText } from '../protocol/json.js';
import { SERVER_INFO_META } from '../protocol/meta-keys.js';
import {
  type HttpHeaders,
  LineReader,
  MAX_DEPTH,
  notJson,
  type RawLine,
  SessionLog,
  type Step,
  stepProblem,
} from '../session/index.js';
import { type EraMode, judgeProbe, type ProbeVerdict } from '../sim/client/era-probe.js';
import type { InputRound } from '../sim/client/input-rounds.js';
import { endedByServer, filterFor } from '../sim/client/listen-streams.js';
import { SimClient } from '../sim/client/sim-client.js';
import {
  callsNotSent,
  clip,
  explainError as explainWith,
  listenNote,
  roundProblem,
  roundsNote,
  timedOut,
} from './connect-explain.js';
import { mcpHeadersOf } from './http-checks.js';
import { type HttpAnswer, HttpWire, oldSseEndpoint } from './http-client.js';

export type ToolCall = { readonly name: string; readonly arguments: JsonObject };

/** How long a task the client asks for should be kept (2025-11-25 tasks › Task Parameters: ttl). */
const TASK_TTL_MS = 60_000;

/** The pollInterval a task suggests, within 100 ms and 2 s (1 s when it suggests none). */
function pollInterval(suggested: unknown): number {
  if (typeof suggested !== 'number' || !Number.isFinite(suggested)) return 1000;
  return Math.min(2000, Math.max(100, suggested));
}

/**
 * How the client finds the server's era (basic/versioning › Backward Compatibility with
 * Initialization-Based Versions): `legacy` opens with initialize; `auto` probes with
 * server/discover and falls back to initialize on any other answer or none; `modern` probes and has
 * no fallback.
 */
export type ConnectEra = EraMode;

export type ConnectOptions = {
  readonly command: string;
  readonly args: readonly string[];
  /**
   * A Streamable HTTP endpoint to connect to instead of starting `command` (`connect --url`): each
   * message is POSTed to it, each answer read as JSON or as an SSE stream.
   */
  readonly url?: string;
  /**
   * The protocol version the client offers (and the only one it supports in its era): a handshake
   * revision for initialize, or a modern one (2026-07-28) for the probe.
   */
  readonly version?: string;
  /** How the client finds the server's era (default `legacy`, the handshake). */
  readonly era?: ConnectEra;
  /** How long the probe waits for an answer before `auto` falls back (ms; default 5000: a server started through npx or under load may take seconds to read its first line). */
  readonly probeTimeoutMs?: number;
  /** What the client declares in initialize. */
  readonly capabilities?: JsonObject;
  /** Tools to call after listing, each with a progress token. */
  readonly calls?: readonly ToolCall[];
  /** How long to wait for each answer (ms). */
  readonly timeoutMs?: number;
  /** How long to listen after the last answer before closing stdin (ms). */
  readonly settleMs?: number;
  readonly cwd?: string;
  /** A signal (Ctrl+C, SIGTERM, SIGHUP) is ending connect: called at once, before the shutdown. */
  readonly onInterrupt?: () => void;
  /**
   * A signal is ending connect: called with the steps so far, session by session, once the server
   * is shut down, before the signal is raised again (`connect --trace-file` writes them).
   */
  readonly onSignal?: (sessions: ReadonlyArray<readonly Step[]>) => void;
};

export type ConnectRun = {
  /** Every envelope both ways, in the order they crossed the pipe: the session logs' steps. */
  readonly steps: readonly Step[];
  /**
   * The same steps, session by session, each refereed by a session log of its own: one, or two
   * when over HTTP the server ended the session (a 404 to its id) and the client started a new one
   * (2025-11-25 basic/transports › Session Management).
   */
  readonly sessions: ReadonlyArray<readonly Step[]>;
  /** Plain-language explanations of what went wrong, in both languages (empty: a clean session). */
  readonly problems: readonly Bilingual[];
  /**
   * What the modern session did beyond lists and calls, one line each: input_required rounds the
   * client fulfilled, the listen stream it opened and ended.
   */
  readonly notes: readonly Bilingual[];
  readonly negotiatedVersion: string | null;
  /** The era the session ran in (null: it never got that far). */
  readonly era: 'legacy' | 'modern' | null;
  /** The revision the session followed: the negotiated one, or the modern one each request named. */
  readonly revision: string | null;
  /** Why `auto` fell back to the handshake, in one line (null: it did not). */
  readonly fallback: Bilingual | null;
  readonly serverInfo: JsonObject | null;
  /** The child's exit code (null: killed by a signal or never started). */
  readonly exitCode: number | null;
  /** The signal that killed the child (`SIGSEGV`…), or null: it exited, or never started. */
  readonly signal: string | null;
  /** The last part of what the server wrote to stderr. */
  readonly stderr: string;
};

const STDERR_KEEP = 4096;

/** The command could not be started at all (not found, not executable), or the URL not reached. */
function cannotStart(command: string, error: Error, url = false): Bilingual {
  if (url) {
    return {
      en: `could not reach ${clip(command)}: ${error.message}`,
      zh: `无法连接 ${clip(command)}：${error.message}`,
    };
  }
  const code = (error as NodeJS.ErrnoException).code;
  const named = clip(command);
  // A name without a slash is looked up in the folders of PATH; a path is taken as it is.
  const path = command.includes('/');
  if (code === 'ENOENT' && !path) {
    return {
      en: `could not start ${named}: there is no command of that name on the PATH (ENOENT). Check its spelling, install it, or give its full path`,
      zh: `无法启动 ${named}：PATH 里找不到叫这个名字的命令（ENOENT）。请检查拼写、先安装它，或者写出它的完整路径`,
    };
  }
  if (code === 'ENOENT') {
    return {
      en: `could not start ${named}: there is no such file (ENOENT; for a script, the interpreter its #! line names may be what is missing)`,
      zh: `无法启动 ${named}：没有这个文件（ENOENT；如果它是脚本，缺少的也可能是它 #! 行指定的解释器）`,
    };
  }
  if (code === 'EACCES') {
    return {
      en: `could not start ${named}: it is not allowed to run (EACCES). The file lacks execute permission (chmod +x adds it), or it is a folder, or a folder on its path may not be entered`,
      zh: `无法启动 ${named}：不允许运行它（EACCES）。这个文件没有执行权限（可用 chmod +x 加上），或者它是一个文件夹，或者路径上有一个文件夹无权进入`,
    };
  }
  return {
    en: `could not start ${named}: ${error.message}`,
    zh: `无法启动 ${named}：${error.message}`,
  };
}

/** A run that never started: nothing crossed the pipe. */
function notStarted(command: string, error: Error): ConnectRun {
  return {
    steps: [],
    sessions: [[]],
    problems: [cannotStart(command, error)],
    notes: [],
    negotiatedVersion: null,
    era: null,
    revision: null,
    fallback: null,
    serverInfo: null,
    exitCode: null,
    signal: null,
    stderr: '',
  };
}

type Outcome =
  | { readonly kind: 'answer'; readonly message: JsonObject }
  | { readonly kind: 'exited' }
  | { readonly kind: 'timeout' }
  /** Over HTTP: the POST's answer ended with no JSON-RPC answer to the request in it. */
  | { readonly kind: 'http'; readonly answer: HttpAnswer };

/**
 * The simulated client against a real server started as a child process over stdio: initialize
 * (the version and capabilities configured), notifications/initialized, the lists the server's
 * capabilities allow, then the calls asked for, each with a progress token. Every envelope is
 * recorded and refereed; what goes wrong is explained in one line each, with stdout pollution
 * (text that is not JSON-RPC on the server's stdout, the commonest real-world failure) named as such.
 */
export async function runConnect(options: ConnectOptions): Promise<ConnectRun> {
  const live: Live = { sessions: () => [], shutDown: async () => {}, kill: () => {} };
  // In place before the server starts: a signal that lands while `spawn` returns is handled after
  // the server is known (Node runs the listeners on a later turn of the event loop).
  const signal = endOnSignal({
    begin: () => options.onInterrupt?.(),
    shutDown: () => live.shutDown(SIGNAL_WAIT_MS, 0),
    kill: () => live.kill(),
    end: () => options.onSignal?.(live.sessions()),
  });
  try {
    const run = await connect(options, live);
    // A signal is ending connect: the session may end meanwhile (its server gone), but nothing
    // more is shown; the signal, raised again once the server is shut down, ends the command.
    if (signal.ending()) await new Promise<never>(() => {});
    return run;
  } finally {
    signal.unhook();
  }
}

/**
 * How long each wait of the shutdown lasts when a signal ends connect: for the server to exit once
 * its stdin is closed, then after SIGTERM (or, over HTTP, for the DELETE to be answered). Short,
 * so that Ctrl+C still ends the command at once, as far as the learner can tell.
 */
export const SIGNAL_WAIT_MS = 500;

/** How long connect waits for the first event of a GET that may be the old HTTP+SSE stream. */
const OLD_SSE_WAIT_MS = 2000;

/** How long each wait of the shutdown lasts when the session is over (the normal end). */
const END_WAIT_MS = 2000;

/**
 * Whether the server runs in a process group of its own (POSIX; on Windows `detached` opens a
 * console of its own instead, and signals reach the one process).
 */
const processGroups = process.platform !== 'win32';

/**
 * Sends a signal of the shutdown to the server: to its whole process group where it leads one, so
 * that a server started through a wrapper (`sh -c '…; …'`, a script, npx) gets it too. The
 * group may be gone (everyone in it ended): then there is no one left to signal.
 */
function signalServer(server: ChildProcessWithoutNullStreams, signal: NodeJS.Signals): void {
  if (processGroups && server.pid !== undefined) {
    try {
      process.kill(-server.pid, signal);
      return;
    } catch {
      // ESRCH: no process left in the group.
    }
  }
  server.kill(signal);
}

/** What a signal that ends connect acts on: the steps so far, and the server if one runs. */
type Live = {
  /** The steps so far, session by session (see ConnectRun.sessions). */
  sessions: () => ReadonlyArray<readonly Step[]>;
  /** The shutdown (the spec's, see `shutDown` in connect), each wait at most `waitMs`. */
  shutDown: (waitMs: number, settleMs: number) => Promise<void>;
  /** The server's process ended at once (SIGKILL), when a second signal will not wait. */
  kill: () => void;
};

/**
 * Ctrl+C, SIGTERM or SIGHUP ends connect as it would end any command, once the server is shut
 * down as the spec says a client does (2025-11-25 basic/lifecycle › Shutdown › stdio: stdin
 * closed, a wait for it to exit, SIGTERM, a wait, then SIGKILL; over HTTP the session ended with
 * DELETE, basic/transports › Session Management), with short waits. The terminal's Ctrl+C reaches
 * the server too, but a server may ignore it (or catch it and go on), and a SIGTERM or SIGHUP sent
 * to connect alone does not reach it: without the shutdown it outlived connect, running with
 * nobody to read it. `begin` runs at once (the busy line goes); `end` once the server is down (the
 * --trace-file of what crossed is written); then the signal is raised again, to end connect as it
 * would have. A second signal during the shutdown does not wait: the server is killed (SIGKILL).
 */
function endOnSignal(hooks: {
  readonly begin: () => void;
  readonly shutDown: () => Promise<void>;
  readonly kill: () => void;
  readonly end: () => void;
}): { readonly ending: () => boolean; readonly unhook: () => void } {
  let ending: NodeJS.Signals | null = null;
  let ended = false;
  const finish = (signal: NodeJS.Signals) => {
    if (ended) return;
    ended = true;
    hooks.end();
    unhook();
    process.kill(process.pid, signal);
    // Should a listener left by someone else keep the signal from ending the process.
    setTimeout(() => process.exit(128 + (constants.signals[signal] ?? 0)), 1000);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (ending !== null) {
      hooks.kill();
      finish(ending);
      return;
    }
    ending = signal;
    hooks.begin();
    void hooks.shutDown().finally(() => finish(signal));
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  for (const signal of signals) process.on(signal, onSignal);
  const unhook = () => {
    for (const signal of signals) process.removeListener(signal, onSignal);
  };
  return { ending: () => ending !== null, unhook };
}

/**
 * What a client does when the server ended its session over HTTP (a 404 to its Mcp-Session-Id):
 * said in the problem when connect stops there, and in the note when it starts over.
 */
const SESSION_ENDED: Bilingual = {
  en: 'A server may end a session at any time and then answers 404 to its id; the client must then start a new session with a new initialize sent without a session id (2025-11-25/basic/transports › Session Management)',
  zh: '服务器可以随时结束会话，此后对这个会话 ID 一律回应 404；客户端这时必须重新开始一个会话，发送一个不带会话 ID 的新 initialize（2025-11-25/basic/transports › Session Management）',
};

/** Over HTTP, the session the server ended: the request its 404 answered, the id, the problem. */
type LostSession = { readonly what: string; readonly session: string; readonly problem: number };

async function connect(options: ConnectOptions, live: Live): Promise<ConnectRun> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const settleMs = options.settleMs ?? 200;
  const eraMode: ConnectEra = options.era ?? 'legacy';
  const probeTimeoutMs = Math.min(options.probeTimeoutMs ?? 5000, timeoutMs);
  const modernVersion =
    options.version !== undefined && isStatelessVersion(options.version)
      ? options.version
      : LATEST_STATELESS_VERSION;
  const version =
    options.version !== undefined && !isStatelessVersion(options.version)
      ? options.version
      : LATEST_HANDSHAKE_VERSION;
  const modernVersions: readonly string[] =
    options.version !== undefined && isStatelessVersion(options.version)
      ? [options.version]
      : STATELESS_VERSIONS;
  const newClient = () =>
    new SimClient({
      name: 'mcp-sim-connect',
      version: '0.1.0',
      versions: [version],
      capabilities: options.capabilities ?? {},
      roots: [{ uri: `file://${options.cwd ?? process.cwd()}`, name: 'working directory' }],
      modelReply: 'A canned reply from the simulated host (no model is attached).',
      elicitation: { action: 'decline' },
    });
  // A new session (after the server ended one over HTTP) has a new client and a new log: its own
  // handshake and its own ids, refereed apart.
  let client = newClient();
  let log = new SessionLog();
  /** The steps of each session the server ended before this one (at most one: see `restarted`). */
  const ended: Array<readonly Step[]> = [];
  const sessions = () => [...ended, log.steps];
  live.sessions = sessions;
  const problems: Bilingual[] = [];
  const notes: Bilingual[] = [];
  const pollution: Array<{ line: number; text: string }> = [];
  let stderr = '';
  let exited = false;
  /** The server's process has ended (its stdout may still be open: see `letGo` in shutDown). */
  let processEnded = false;
  /** The shutdown stopped reading a stdout that a process the server started still held open. */
  let outputHeld = false;
  let exitCode: number | null = null;
  let exitSignal: string | null = null;
  let spawnError: Error | null = null;
  /** Over HTTP: the server answered 404 to the session's id (it ended the session). */
  let sessionLost: LostSession | null = null;
  /** Over HTTP: the client started a new session once already (it does not start another). */
  let restarted = false;
  let lineNo = 0;
  /**
   * The line each event takes in the transcript (--trace-file writes one line per message or
   * unreadable line, a batch on one line): a step's line is the one `trace` names it by.
   */
  let wireLine = 0;
  const start = performance.now();
  const now = () => performance.now() - start;
  const waiters = new Map<string, (outcome: Outcome) => void>();
  /**
   * The requests the client cancelled at their timeout: the problem that says so (its index), to
   * be told again if the answer comes after all, and when that answer came.
   */
  const cancelled = new Map<
    string,
    { what: string; waitMs: number; problem: number; at: number; lateMs: number | null }
  >();
  const exitWaiters: Array<() => void> = [];
  /** Checks run after each message from the server and at its exit (see `until`). */
  const watchers = new Set<() => void>();

  /** The server is gone (its process ended, or its URL cannot be reached): nobody waits on. */
  const gone = () => {
    for (const resolve of waiters.values()) resolve({ kind: 'exited' });
    waiters.clear();
    for (const w of exitWaiters.splice(0)) w();
    for (const check of [...watchers]) check();
  };
  const http = options.url !== undefined;
  /** What the server is called in the lines that explain a failure: its command, or its URL. */
  const target = options.url ?? options.command;
  let child: ChildProcessWithoutNullStreams | null = null;
  let wire: HttpWire | null = null;
  /** Set once the shutdown starts: the client sends nothing more. */
  let closing = false;
  /** Whether the server's process ended within `ms` (its stdout read to the end). */
  const exitWithin = (ms: number) =>
    exited
      ? Promise.resolve(true)
      : new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), ms);
          exitWaiters.push(() => {
            clearTimeout(timer);
            resolve(true);
          });
        });
  /**
   * The client ends the session, at its end or when a signal ends connect, each wait at most
   * `waitMs`. On stdio as 2025-11-25 basic/lifecycle › Shutdown › stdio says: the client closes the
   * server's stdin, waits for it to exit, sends SIGTERM if it has not exited in reasonable time,
   * then SIGKILL if it still has not. Over HTTP the answers still being read (for `settleMs`) are
   * closed, and a session the server assigned is ended with DELETE (basic/transports › Session
   * Management).
   */
  const shutDown = async (waitMs: number, settleMs: number) => {
    if (wire) {
      await wire.settle(settleMs);
      closing = true;
      await wire.close(waitMs);
      return;
    }
    closing = true;
    if (!child || exited) return;
    const server = child;
    /**
     * The server's process has ended, but its stdout and stderr are still open: a process it
     * started holds them (a wrapper such as `sh -c` or a script that neither execs the server nor
     * passes SIGTERM on). No signal of the shutdown reaches that one, and waiting for the pipes to
     * close kept connect running as long as it ran (for ever, for a server that never stops).
     * connect stops reading them, and the note says so.
     */
    const letGo = async () => {
      if (exited || !processEnded) return false;
      outputHeld = true;
      server.stdout.destroy();
      server.stderr.destroy();
      await exitWithin(waitMs);
      return true;
    };
    // The signals go to the server's process group (it leads one, see the spawn below), so a
    // server behind a wrapper gets them too; where there is no group, held pipes are let go at
    // once, since no later signal can reach whoever holds them.
    const held = async () => !processGroups && (await letGo());
    server.stdin.end();
    if ((await exitWithin(waitMs)) || (await held())) return;
    signalServer(server, 'SIGTERM');
    if ((await exitWithin(waitMs)) || (await held())) return;
    signalServer(server, 'SIGKILL');
    if (!(await exitWithin(waitMs))) await letGo();
  };
  live.shutDown = shutDown;
  if (options.url !== undefined) {
    wire = new HttpWire(new URL(options.url), {
      text: (text) => onLine(text),
      ended: (id, answer, error) => {
        const waiter = waiters.get(idKey(id));
        if (!waiter) return;
        waiters.delete(idKey(id));
        waiter(error ? { kind: 'answer', message: error } : { kind: 'http', answer });
      },
      refused: (method, status) => {
        problems.push({
          en: `the server refused the POST of ${method} with HTTP ${status}.`,
          zh: `服务器以 HTTP ${status} 拒绝了 ${method} 的 POST。`,
        });
      },
      sessionEnded: (what, session) => {
        if (sessionLost) return;
        sessionLost = { what, session, problem: problems.length };
        problems.push(
          restarted
            ? {
                en: `the server answered ${what} with HTTP 404: the new session it assigned (Mcp-Session-Id ${clip(session)}) has ended too. A client must then start a new session with a new initialize sent without a session id (2025-11-25/basic/transports › Session Management); connect starts over only once, so it stops here: run it again for a new one.`,
                zh: `服务器对 ${what} 回应了 HTTP 404：它新分配的会话（Mcp-Session-Id ${clip(session)}）也结束了。这时客户端必须重新开始一个会话，发送一个不带会话 ID 的新 initialize（2025-11-25/basic/transports › Session Management）；connect 只重新开始一次，所以就此停下：再运行一次即可开始新的会话。`,
              }
            : {
                en: `the server answered ${what} with HTTP 404: the session it assigned (Mcp-Session-Id ${clip(session)}) has ended. ${SESSION_ENDED.en}.`,
                zh: `服务器对 ${what} 回应了 HTTP 404：它分配的会话（Mcp-Session-Id ${clip(session)}）已经结束。${SESSION_ENDED.zh}。`,
              },
        );
        exited = true;
        gone();
      },
      unreachable: (error) => {
        spawnError = error;
        exited = true;
        gone();
      },
      answered: (id) => !waiters.has(idKey(id)),
    });
    wire.paramHeaders = (name) => {
      const tool = client.tools?.find((t) => t.name === name);
      const mirrored = paramHeadersOf(tool?.inputSchema);
      return mirrored.ok ? mirrored.headers : [];
    };
  } else {
    let started: ChildProcessWithoutNullStreams;
    try {
      started = spawn(options.command, [...options.args], {
        cwd: options.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        env: process.env,
        // Its own process group, so the shutdown's signals reach what it starts (a wrapper's
        // server); and the terminal's Ctrl+C reaches connect alone, which then shuts the server
        // down in the spec's order (stdin first) instead of the server being interrupted at once.
        detached: processGroups,
      });
    } catch (error) {
      return notStarted(options.command, error as Error);
    }
    live.kill = () => signalServer(started, 'SIGKILL');
    // A command that does not exist (ENOENT) has no process: its error comes on the next tick,
    // and nothing may be recorded as sent to it.
    if (started.pid === undefined) {
      const error = await new Promise<Error>((resolve) => started.once('error', resolve));
      return notStarted(options.command, error);
    }
    child = started;
    started.on('exit', () => {
      processEnded = true;
    });
    started.stdin.on('error', () => {}); // EPIPE when the server is gone: the exit explains it
    started.stderr.on('data', (b: Buffer) => {
      stderr = (stderr + b.toString('utf8')).slice(-STDERR_KEEP);
    });
    const ended = new Promise<void>((resolve) => {
      started.on('error', (error) => {
        spawnError = error;
        exited = true;
        resolve();
      });
      started.on('close', (code, signal) => {
        exited = true;
        exitCode = code;
        exitSignal = signal;
        resolve();
      });
    });
    void ended.then(gone);
  }

  /**
   * What the server sent that carried a request's id but was never its answer, by that id: a
   * broken envelope (no "jsonrpc", result and error together…), which the client cannot take for
   * an answer; and answers to ids the client never used. The "never answered" line names them.
   */
  const brokenAnswers = new Map<string, { line: number; problem: Bilingual; batch?: true }>();
  const strayAnswers: Array<{ line: number; id: RequestId }> = [];
  const heldBack = (step: Step, message: unknown) => {
    if (step.kind !== 'message' || !isObject(message) || step.line === null) return;
    const id = message.id;
    if (!isRequestId(id) && typeof id !== 'number') return;
    const en = stepProblem(step, 'en');
    if (en !== null) {
      brokenAnswers.set(idKey(id), {
        line: step.line,
        problem: { en, zh: stepProblem(step, 'zh') ?? en },
      });
      return;
    }
    const kind = step.verdict?.kind;
    if ((kind === 'response' || kind === 'error') && !log.requestSeen('client', id)) {
      strayAnswers.push({ line: step.line, id });
    }
  };
  /** Why a request got no answer though the server wrote something: the lines that came instead. */
  const unanswered = (id: RequestId, sinceLine: number): Bilingual => {
    const broken = brokenAnswers.get(idKey(id));
    if (broken?.batch && broken.line > sinceLine) {
      return {
        en: ` Line ${broken.line} answers it inside ${broken.problem.en}, which a session of ${version} does not read, so it never counted as the answer (only 2025-03-26 has them: 2025-03-26/basic/index › Batching).`,
        zh: `第 ${broken.line} 行在${broken.problem.zh}中回应了它，而 ${version} 的会话不读取批量消息，所以不算是它的回应（只有 2025-03-26 有批量消息：2025-03-26/basic/index › Batching）。`,
      };
    }
    if (broken && broken.line > sinceLine) {
      const spec = `${era === 'modern' ? client.modernVersion : version}/basic/index › Messages`;
      return {
        en: ` Line ${broken.line} carries its id, but it is ${broken.problem.en}, so it never counted as the answer: every message must be a JSON-RPC 2.0 message (${spec}).`,
        zh: `第 ${broken.line} 行带着它的 id，但${broken.problem.zh}，所以不算是它的回应：每条消息都必须是 JSON-RPC 2.0 消息（${spec}）。`,
      };
    }
    const strays = strayAnswers.filter((s) => s.line > sinceLine);
    const first = strays[0];
    if (!first) return { en: '', zh: '' };
    const ids = strays.map((s) => idText(s.id));
    return {
      en: ` The server answered id ${ids.join(', ')} instead (line ${first.line}), which no request of the client's has: a response must carry the id of the request it answers (${era === 'modern' ? client.modernVersion : version}/basic/index › Responses).`,
      zh: `服务器回应的却是 id ${ids.join('、')}（第 ${first.line} 行），客户端没有这个 id 的请求：回应必须带着它所回应的请求的 id（${era === 'modern' ? client.modernVersion : version}/basic/index › Responses）。`,
    };
  };
  const record = (direction: Direction, message: JsonObject, headers?: HttpHeaders) => {
    wireLine += 1;
    const step = log.push({
      type: 'message',
      direction,
      message,
      line: wireLine,
      t: now(),
      timed: true,
      ...(headers ? { headers } : {}),
    });
    if (direction === 'server->client') heldBack(step, message);
    // Refused as too deep by the session log (src/session/depth.ts): a problem of the run.
    if (step.kind === 'unreadable') {
      problems.push({
        en: `a message from the server nests deeper than ${MAX_DEPTH} levels; it was not refereed`,
        zh: `服务器发来的一条消息嵌套超过 ${MAX_DEPTH} 层；裁判未评判它`,
      });
    }
  };
  const send = (message: JsonObject) => {
    if (exited || closing) return;
    if (wire) {
      // Over HTTP the message goes with its headers, which the referee judges beside the body.
      const headers = wire.headersFor(message);
      record('client->server', message, mcpHeadersOf(headers));
      wire.post(message, headers);
      return;
    }
    record('client->server', message);
    // An answer to a server's request past 2^53 − 1 carries the digits the server wrote.
    child?.stdin.write(`${jsonText(message)}\n`);
  };
  /**
   * Over HTTP, closing a request's response stream (no message): in 2026-07-28 that is the
   * cancellation (basic/patterns/cancellation › Transport-Specific Cancellation), kept in the log
   * and the transcript as trace reads one.
   */
  const abandon = (id: RequestId) => {
    client.abandon(id);
    wire?.abandon(id);
    wireLine += 1;
    log.push({ type: 'abandon', id, line: wireLine, t: now(), timed: true });
  };
  const flushClient = () => {
    for (let item = client.next(); item; item = client.next()) send(item.message);
  };
  /**
   * A stdout line that is no message: stdout pollution. It is kept in the log as an unreadable
   * line (`raw`, as serve keeps one), so the transcript holds it and trace reports it where it was.
   */
  const polluted = (text: string, raw: unknown, problem: Bilingual) => {
    pollution.push({ line: lineNo, text });
    wireLine += 1;
    log.push({
      type: 'unreadable',
      line: wireLine,
      direction: 'server->client',
      problem: problem.en,
      problemZh: problem.zh,
      raw,
      t: now(),
      timed: true,
    });
  };
  const onLine = (text: string) => {
    lineNo += 1;
    if (text.trim() === '') return;
    let value: unknown;
    try {
      // An id past 2^53 − 1 keeps the digits the server wrote (JSON.parse would round them): the
      // step carries it, the referee matches on it, and the client answers with it.
      value = withExactIds(text, JSON.parse(text));
    } catch (error) {
      polluted(text, text, notJson((error as Error).message));
      return;
    }
    if (Array.isArray(value)) {
      onBatch(value);
      return;
    }
    if (!isObject(value)) {
      // JSON but no object (a number, a string, null): stdout pollution all the same (the note
      // counts it), and a message on the wire that the referee judges (invalid-envelope), as serve
      // judges a client's and trace reads the transcript. The client has nothing to answer.
      pollution.push({ line: lineNo, text });
      wireLine += 1;
      log.push({
        type: 'message',
        direction: 'server->client',
        message: value,
        line: wireLine,
        t: now(),
        timed: true,
      });
      return;
    }
    record('server->client', value);
    take(value);
  };
  /**
   * A JSON array: a batch, which the session log reads as its messages in a 2025-03-26 session
   * (basic/index › Batching: receivers MUST support receiving them) and as one unreadable line in
   * any other (batches were removed in 2025-06-18), as trace reads it. Not stdout pollution.
   */
  const onBatch = (items: readonly unknown[]) => {
    wireLine += 1;
    const line = wireLine;
    const steps = log.pushAll({
      type: 'message',
      direction: 'server->client',
      message: items,
      line,
      t: now(),
      timed: true,
    });
    const [first] = steps;
    if (steps.length === 1 && first?.kind === 'unreadable') {
      const problem = { en: first.problem ?? '', zh: first.problemZh ?? first.problem ?? '' };
      for (const item of items) {
        const id = isObject(item) ? item.id : undefined;
        if (isRequestId(id) || typeof id === 'number') {
          brokenAnswers.set(idKey(id), { line, problem, batch: true });
        }
      }
      return;
    }
    for (const [n, step] of steps.entries()) heldBack(step, items[n]);
    for (const item of items) if (isObject(item)) take(item, false);
    flushClient();
    for (const check of [...watchers]) check();
  };
  /** A message from the server: the simulated client reads it, and a waiting request gets its answer. */
  const take = (value: JsonObject, flush = true) => {
    const envelope = classify(value);
    // The simulated client must never be the violator. In a session whose era is undecided or
    // modern (the server/discover probe is out, or it was answered), a server's request gets no
    // answer: the client MUST NOT write JSON-RPC responses (2026-07-28 basic/transports/stdio ›
    // Sending Messages). Once the session is legacy (initialize sent: the handshake era, or the
    // dual-era fallback), the client answers it as a legacy client would.
    const era = log.view().era;
    const answers = era === 'legacy' || era === 'dual';
    if (envelope.kind !== 'request' || answers) client.receive(value, now());
    if ((envelope.kind === 'response' || envelope.kind === 'error') && envelope.id !== null) {
      const key = idKey(envelope.id);
      const waiter = waiters.get(key);
      if (waiter) {
        waiters.delete(key);
        waiter({ kind: 'answer', message: value });
      }
      const gaveUp = cancelled.get(key);
      if (gaveUp && gaveUp.lateMs === null) gaveUp.lateMs = Math.round(now() - gaveUp.at);
    }
    if (!flush) return;
    flushClient();
    for (const check of [...watchers]) check();
  };
  const reader = new LineReader();
  const onRaw = (line: RawLine) => {
    if (line.text !== undefined) onLine(line.text);
    else {
      const bytes = 'tooLong' in line ? line.tooLong : undefined;
      lineNo += 1;
      // Kept as an empty line, as serve keeps one: its bytes were never held.
      const text = `(a line of ${bytes ?? '?'} bytes)`;
      polluted(text, '', { en: text, zh: `（一行 ${bytes ?? '?'} 字节）` });
    }
  };
  child?.stdout.on('data', (chunk: Buffer) => {
    for (const line of reader.push(chunk)) onRaw(line);
  });
  // The last line may end without a newline: it is read when stdout ends, which comes before the
  // child's 'close', so an answer written just before exiting counts before the exit is judged.
  child?.stdout.on('end', () => {
    for (const line of reader.end()) onRaw(line);
  });

  /** How the child ended: its exit code, or the signal that killed it (no exit code then). */
  const howExited = (): Bilingual =>
    exitCode === null && exitSignal !== null
      ? { en: `killed by ${exitSignal}`, zh: `被信号 ${exitSignal} 终止` }
      : { en: `exit code ${String(exitCode)}`, zh: `退出码 ${String(exitCode)}` };
  const lastStderr = (): Bilingual => {
    const lines = stderr
      .trim()
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length === 0) return { en: '', zh: '' };
    // The last line that names an error says more than the runtime's footer after it (Node ends a
    // crash with "Node.js v20…", Python with the exception after its traceback, which is last).
    const error = lines.findLast((line) => /\b\w*(Error|Exception)\b|^error\b/i.test(line));
    if (error !== undefined && error !== lines.at(-1)) {
      const said = clip(error, 120);
      return { en: ` Its stderr said: ${said}.`, zh: `它的 stderr 中说：${said}。` };
    }
    const last = clip(lines.at(-1) ?? '', 120);
    return { en: ` Its stderr ended with: ${last}.`, zh: `它的 stderr 最后一行是：${last}。` };
  };
  const pollutionNote = (): Bilingual => {
    const first = pollution[0];
    if (!first) return { en: '', zh: '' };
    const text = clip(first.text);
    if (http) {
      return {
        en: ` It sent a body that is not JSON-RPC (${text}), which may be why.`,
        zh: `它发来了不是 JSON-RPC 的正文（${text}），这可能就是原因。`,
      };
    }
    return {
      en: ` It wrote text that is not JSON-RPC to stdout (line ${first.line}: ${text}), which may be why.`,
      zh: `它向 stdout 写入了不是 JSON-RPC 的内容（第 ${first.line} 行：${text}），这可能就是原因。`,
    };
  };

  /**
   * Over HTTP, a POST whose answer held no JSON-RPC answer to its request: an error page (a URL
   * that is no MCP endpoint), an empty 202, or an SSE stream that ended without it.
   */
  const httpProblem = (what: string, answer: HttpAnswer): Bilingual => {
    if (answer.streamEnded) {
      return {
        en: `the server ended the response to ${what} (HTTP ${answer.status}) without answering it${answer.text ? `: ${clip(answer.text)}` : ''}.`,
        zh: `服务器结束了 ${what} 的 HTTP 响应（状态码 ${answer.status}），却没有回应它${answer.text ? `：${clip(answer.text)}` : ''}。`,
      };
    }
    if (answer.status === 401 || answer.status === 403) {
      return {
        en: `the server refused ${what} with HTTP ${answer.status}: it wants authorization, and connect sends no credentials (an HTTP server may require them: 2025-11-25/basic/authorization).`,
        zh: `服务器以 HTTP ${answer.status} 拒绝了 ${what}：它要求授权，而 connect 不发送任何凭据（HTTP 服务器可以要求授权：2025-11-25/basic/authorization）。`,
      };
    }
    const type = answer.type || 'no Content-Type';
    const body = answer.text ? `: ${clip(answer.text)}` : ' and no body';
    const bodyZh = answer.text ? `：${clip(answer.text)}` : '，没有正文';
    return {
      en: `the server answered the POST of ${what} with HTTP ${answer.status} (${type})${body}, not a JSON-RPC message: is ${clip(target)} an MCP endpoint? A Streamable HTTP server answers a POSTed request with application/json or text/event-stream (2025-11-25/basic/transports › Sending Messages to the Server).`,
      zh: `服务器对 ${what} 的 POST 回应的是 HTTP ${answer.status}（${type}）${bodyZh}，而不是 JSON-RPC 消息：${clip(target)} 是 MCP 端点吗？Streamable HTTP 服务器对 POST 来的请求以 application/json 或 text/event-stream 回应（2025-11-25/basic/transports › Sending Messages to the Server）。`,
    };
  };

  /**
   * Over HTTP, an initialize whose POST was refused at a URL whose GET opens the SSE stream of the
   * deprecated HTTP+SSE transport (2024-11-05): its first event, `endpoint`, names where that
   * transport takes POSTs. connect does not speak it; the line says so and what to do instead.
   */
  const oldSseProblem = (what: string, answer: HttpAnswer, endpoint: string): Bilingual => {
    const type = answer.type || 'no Content-Type';
    const url = clip(target);
    return {
      en: `the server answered the POST of ${what} with HTTP ${answer.status} (${type}), and a GET of ${url} opened an SSE stream whose first event, "endpoint", names ${clip(endpoint)} as the URL to POST to: this is a server of the HTTP+SSE transport of 2024-11-05, which Streamable HTTP replaced in 2025-03-26. A client may support both (2025-11-25/basic/transports › Backwards Compatibility); connect speaks only Streamable HTTP, so reach this server over stdio (connect -- <command>), or at a Streamable HTTP endpoint if it has one.`,
      zh: `服务器对 ${what} 的 POST 回应的是 HTTP ${answer.status}（${type}），而对 ${url} 的 GET 打开了一个 SSE 流，其第一个事件 "endpoint" 指明要向 ${clip(endpoint)} 发送 POST：这是一个使用 2024-11-05 的 HTTP+SSE 传输的服务器，该传输在 2025-03-26 中已被 Streamable HTTP 取代。客户端可以同时支持两者（2025-11-25/basic/transports › Backwards Compatibility），但 connect 只支持 Streamable HTTP：请通过 stdio 连接这个服务器（connect -- <命令>），或者改用它的 Streamable HTTP 端点（如果有的话）。`,
    };
  };

  /**
   * Sends a request (unless the client already sent it: a retry after input_required leaves with
   * the answer that asked for it) and waits for its answer, the server's exit, or the timeout.
   */
  const ask = async (
    message: JsonObject,
    probe: { readonly quietTimeout: boolean } | null = null,
    sent = false,
  ): Promise<Outcome> => {
    const id = message.id as RequestId;
    const what = `${String(message.method)} #${String(id)}`;
    if (exited) return { kind: 'exited' };
    const sentAt = wireLine;
    const waitMs = probe ? probeTimeoutMs : timeoutMs;
    const outcome = await new Promise<Outcome>((resolve) => {
      const timer = setTimeout(() => {
        waiters.delete(idKey(id));
        resolve({ kind: 'timeout' });
      }, waitMs);
      waiters.set(idKey(id), (o) => {
        clearTimeout(timer);
        resolve(o);
      });
      if (!sent) send(message);
    });
    if (outcome.kind === 'http' && !probe) {
      // A POSTed initialize refused with 400, 404 or 405 may have reached a server of the old
      // HTTP+SSE transport: a GET of the URL tells (› Backwards Compatibility), and says why.
      const refused =
        [400, 404, 405].includes(outcome.answer.status) && !outcome.answer.streamEnded;
      const endpoint =
        options.url && message.method === 'initialize' && refused
          ? await oldSseEndpoint(options.url, OLD_SSE_WAIT_MS)
          : null;
      problems.push(
        endpoint === null
          ? httpProblem(what, outcome.answer)
          : oldSseProblem(what, outcome.answer, endpoint),
      );
    } else if (outcome.kind === 'exited' && !sessionLost) {
      const [stderrNote, stdoutNote] = [lastStderr(), pollutionNote()];
      problems.push(
        spawnError
          ? cannotStart(target, spawnError as Error, http)
          : {
              en: `the server exited early (${howExited().en}) before answering ${what}.${stderrNote.en}${stdoutNote.en}`,
              zh: `服务器在回应 ${what} 之前就提前退出了（${howExited().zh}）。${stderrNote.zh}${stdoutNote.zh}`,
            },
      );
    } else if (outcome.kind === 'timeout' && !probe?.quietTimeout) {
      const [stdoutNote, stderrNote] = [pollutionNote(), lastStderr()];
      const instead = unanswered(id, sentAt);
      if (message.method === 'initialize' || probe) {
        // initialize MUST NOT be cancelled (basic/utilities/cancellation); the session ends here.
        problems.push({
          en: `the server never answered ${what} within ${waitMs} ms.${instead.en}${stdoutNote.en}${stderrNote.en}`,
          zh: `服务器在 ${waitMs} 毫秒内没有回应 ${what}。${instead.zh}${stdoutNote.zh}${stderrNote.zh}`,
        });
      } else {
        // The sender SHOULD cancel a request it stops waiting for (basic/lifecycle › Timeouts);
        // in 2026-07-28 on stdio it MUST (patterns/cancellation › Transport-Specific Cancellation),
        // and over HTTP closing the request's response stream is the cancellation.
        if (http && era === 'modern') abandon(id);
        else send(client.cancel(id, `No answer within ${waitMs} ms`));
        const said = timedOut(what, waitMs, era === 'modern', null, http);
        cancelled.set(idKey(id), {
          what,
          waitMs,
          problem: problems.length,
          at: now(),
          lateMs: null,
        });
        problems.push({
          en: `${said.en}${instead.en}${stdoutNote.en}${stderrNote.en}`,
          zh: `${said.zh}${instead.zh}${stdoutNote.zh}${stderrNote.zh}`,
        });
      }
    }
    return outcome;
  };

  /** Waits until `done()` holds (checked after each message from the server), the exit, or `ms`. */
  const until = (done: () => boolean, ms: number) =>
    new Promise<boolean>((resolve) => {
      if (done() || exited) return resolve(done());
      const finish = () => {
        clearTimeout(timer);
        watchers.delete(check);
        resolve(done());
      };
      const check = () => {
        if (done() || exited) finish();
      };
      const timer = setTimeout(finish, ms);
      watchers.add(check);
    });

  const explainError = (what: string, error: JsonObject): Bilingual =>
    explainWith(what, error, modernVersion);

  type Probed =
    | { readonly kind: 'modern' }
    | { readonly kind: 'legacy'; readonly why: Bilingual }
    | { readonly kind: 'failed' };

  /**
   * The dual-era probe (basic/transports/stdio › Backward Compatibility), as judgeProbe decides it:
   * a DiscoverResult, or a recognised modern error, means a modern server (−32022 with a version
   * both support: one retry with it); any other error, or no answer in time, means a legacy one.
   */
  const probe = async (): Promise<Probed> => {
    if (eraMode === 'legacy') return { kind: 'failed' };
    const mode = eraMode;
    let tried: string = modernVersion;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const message = client.discover(tried, attempt);
      const what = `server/discover #${String(message.id)}`;
      const outcome = await ask(message, { quietTimeout: true });
      if (outcome.kind === 'exited') {
        const last = problems.at(-1);
        // Some legacy servers (rmcp-based) exit on any request before initialize.
        if (mode === 'auto' && spawnError === null && last) {
          problems[problems.length - 1] = {
            en: `${last.en} Some legacy servers exit on a request that comes before initialize: try --era legacy.`,
            zh: `${last.zh}有些旧时代的服务器收到 initialize 之前的请求就会退出：可以试试 --era legacy。`,
          };
        }
        return { kind: 'failed' };
      }
      // streamable-http › Backward Compatibility: a POST answered with no JSON-RPC message (an
      // empty 400, an error page) is no recognised modern error: a legacy server, for auto.
      if (outcome.kind === 'http') {
        client.forget(message.id as RequestId);
        const { status, type } = outcome.answer;
        const said: Bilingual = {
          en: `the server answered ${what} with HTTP ${status} (${type || 'no Content-Type'}) and no JSON-RPC message in it`,
          zh: `服务器对 ${what} 的回应是 HTTP ${status}（${type || '没有 Content-Type'}），其中没有 JSON-RPC 消息`,
        };
        if (mode === 'auto') return { kind: 'legacy', why: said };
        problems.push({
          en: `no modern answer: ${said.en}, and --era modern has no fallback to initialize.`,
          zh: `没有新时代的回应：${said.zh}，而 --era modern 不会退回 initialize。`,
        });
        return { kind: 'failed' };
      }
      // A late DiscoverResult must not pass for the handshake's capabilities.
      if (outcome.kind === 'timeout') {
        client.forget(message.id as RequestId);
        wire?.abandon(message.id as RequestId);
      }
      const verdict = judgeProbe(outcome, { mode, tried, versions: modernVersions, attempt });
      if (verdict.kind === 'retry') {
        tried = verdict.version;
        continue;
      }
      if (verdict.kind === 'modern') {
        client.modernVersion = verdict.version;
        return { kind: 'modern' };
      }
      const answered = (
        why: 'timeout' | 'error' | 'not-discover',
        error?: JsonObject,
      ): Bilingual =>
        why === 'timeout'
          ? {
              en: `the server did not answer ${what} within ${probeTimeoutMs} ms`,
              zh: `服务器在 ${probeTimeoutMs} 毫秒内没有回应 ${what}`,
            }
          : why === 'error' && error
            ? explainError('server/discover', error)
            : {
                en: `the server answered ${what} with a result that is not a DiscoverResult (no supportedVersions)`,
                zh: `服务器对 ${what} 的回应不是 DiscoverResult（没有 supportedVersions）`,
              };
      if (verdict.kind === 'legacy') {
        const { why } = verdict;
        return {
          kind: 'legacy',
          why: answered(why.kind, why.kind === 'error' ? why.error : undefined),
        };
      }
      problems.push(failure(verdict.why, answered));
      return { kind: 'failed' };
    }
    return { kind: 'failed' };
  };

  /** Why the probe found no session, in one line. */
  const failure = (
    why: Extract<ProbeVerdict, { kind: 'failed' }>['why'],
    answered: (why: 'timeout' | 'error' | 'not-discover', error?: JsonObject) => Bilingual,
  ): Bilingual => {
    if (why.kind === 'no-modern-answer') {
      const said = answered(why.answer, why.error);
      return {
        en: `no modern answer: ${said.en}, and --era modern has no fallback to initialize.`,
        zh: `没有新时代的回应：${said.zh}，而 --era modern 不会退回 initialize。`,
      };
    }
    if (why.error) {
      const said = explainError('server/discover', why.error);
      return {
        en: `${said.en}: a modern server, but the probe found no version both sides support (this client speaks ${modernVersions.join(', ')}).`,
        zh: `${said.zh}：这是新时代的服务器，但探测没有找到双方都支持的版本（这个客户端支持 ${modernVersions.join('、')}）。`,
      };
    }
    return {
      en: `the server's server/discover result supports ${why.supported.join(', ') || 'no version'}, none of which this client speaks (${modernVersions.join(', ')}).`,
      zh: `服务器的 server/discover 结果支持 ${why.supported.join('、') || '无'}，这个客户端一个也不支持（它支持 ${modernVersions.join('、')}）。`,
    };
  };

  let negotiatedVersion: string | null = null;
  let serverInfo: JsonObject | null = null;
  let era: 'legacy' | 'modern' | null = null;
  let fallback: Bilingual | null = null;

  /** Asks, and explains a recognised modern error (−32020…−32022) in a modern session. */
  const asked = async (message: JsonObject, sent = false): Promise<Outcome> => {
    const outcome = await ask(message, null, sent);
    if (outcome.kind !== 'answer') return outcome;
    const error = outcome.message.error;
    if (era === 'modern' && isObject(error) && typeof error.code === 'number') {
      if (isRecognisedModernError(error.code)) {
        const said = explainError(`${String(message.method)} #${String(message.id)}`, error);
        problems.push({ en: `${said.en}.`, zh: `${said.zh}。` });
      }
    }
    return outcome;
  };

  /**
   * A request that may get input_required rounds (basic/patterns/mrtr): the client answers each and
   * retries (SimClient does both; its retry is already on the wire when the round's answer is
   * read), so this follows the chain of ids to the final answer.
   */
  const followRounds = async (message: JsonObject): Promise<boolean> => {
    const first = `${String(message.method)} ${clip(String(message.params && (message.params as JsonObject).name), 40)} #${String(message.id)}`;
    const chain: InputRound[] = [];
    let current = message;
    let outcome = await asked(current);
    for (;;) {
      if (outcome.kind !== 'answer') return false;
      const round = client.roundOf(current.id as RequestId);
      if (round === undefined) break;
      if (round.kind !== 'retry') {
        const what = `${String(current.method)} #${String(current.id)}`;
        const problem = roundProblem(what, round);
        if (problem) problems.push(problem);
        return true;
      }
      chain.push(round);
      current = { method: current.method, id: round.retry };
      outcome = await asked(current, true);
    }
    if (chain.length > 0 && 'result' in outcome.message) {
      notes.push(roundsNote(first, chain, `#${String(current.id)}`));
    }
    return true;
  };

  /**
   * Opens a listen stream for the change notifications the server declared (2026-07-28
   * basic/patterns/subscriptions) and waits for its acknowledgement. Returns the stream's id while
   * it is open.
   */
  const openListen = async (caps: JsonObject): Promise<RequestId | null> => {
    const filter = filterFor(caps);
    if (filter === null) return null;
    const message = client.listen(filter);
    const id = message.id as RequestId;
    const what = `subscriptions/listen #${String(id)}`;
    send(message);
    await until(() => client.stream(id)?.state !== 'opening', timeoutMs);
    const stream = client.stream(id);
    if (!stream || exited) return null;
    if (stream.state === 'open') return id;
    // Ended by the server as soon as it opened: a result (graceful) or a cancellation (torn down).
    if (endedByServer(stream)) {
      notes.push(listenNote(stream, http));
      return null;
    }
    if (stream.state === 'opening') {
      problems.push({
        en: `the server never acknowledged ${what} within ${timeoutMs} ms; notifications/subscriptions/acknowledged must come first on a stream (2026-07-28/basic/patterns/subscriptions › Acknowledgment). The client ends it.`,
        zh: `服务器在 ${timeoutMs} 毫秒内没有确认 ${what}；订阅流上的第一条消息必须是 notifications/subscriptions/acknowledged（2026-07-28/basic/patterns/subscriptions › Acknowledgment）。客户端结束了它。`,
      });
      endListen(id);
      return null;
    }
    if (stream.state === 'refused' && stream.error) {
      const said = explainError(what, stream.error);
      const code = stream.error.code;
      if (typeof code === 'number' && isRecognisedModernError(code)) {
        problems.push({ en: `${said.en}.`, zh: `${said.zh}。` });
      } else {
        notes.push({
          en: `${said.en}: no listen stream, so the changes it declared (listChanged) cannot reach this client.`,
          zh: `${said.zh}：没有订阅流，它声明的变更通知（listChanged）无法送达这个客户端。`,
        });
      }
    }
    return null;
  };

  /**
   * Ends a listen stream: on stdio with notifications/cancelled (subscriptions › Cancellation);
   * over HTTP by closing its response stream, which is the cancellation there.
   */
  const endListen = (id: RequestId) => {
    if (http) abandon(id);
    else send(client.endListen(id));
  };

  /** Ends the stream with notifications/cancelled (no response comes), after a last look at it. */
  const closeListen = async (id: RequestId, caps: JsonObject) => {
    if (!exited) await new Promise((resolve) => setTimeout(resolve, settleMs));
    // tools › List Changed Notification: the notification tells the client to list again.
    if (client.toolsStale && isObject(caps.tools) && !exited)
      await asked(client.request('tools/list'));
    const stream = client.stream(id);
    if (!stream) return;
    // The server may have ended it first: a result (graceful) or a cancellation (torn down).
    if (endedByServer(stream)) {
      notes.push(listenNote(stream, http));
      return;
    }
    if (exited || stream.state !== 'open') return;
    endListen(id);
    notes.push(listenNote(stream, http));
  };

  /**
   * 2025-11-25 basic/utilities/tasks › Tool-Level Negotiation: a tool listed with
   * execution.taskSupport "required", on a server that declared tasks.requests.tools.call, MUST be
   * called as a task. Only the handshake era: 2026-07-28 moved tasks to an extension.
   */
  const requiresTask = (name: string): boolean => {
    if (era !== 'legacy') return false;
    const server = client.serverCapabilities ?? {};
    if (!hasCapability({ server }, 'server.tasks.requests.tools.call')) return false;
    const tool = client.tools?.find((t) => t.name === name);
    const execution = tool && isObject(tool.execution) ? tool.execution : {};
    return execution.taskSupport === 'required';
  };

  /**
   * A call as a task (2025-11-25 basic/utilities/tasks): params.task asks for one, the server
   * answers a CreateTaskResult, the client polls tasks/get at the interval the server suggests
   * (› Getting Tasks) until the task is terminal or needs input, then tasks/result gives the
   * tool's own result (› Retrieving Task Results: it blocks until the task ends, and brings any
   * request the task makes of the client first). Gives up after six answer timeouts in all.
   */
  const callAsTask = async (call: ToolCall): Promise<boolean> => {
    const created = await asked(
      client.request(
        'tools/call',
        { name: call.name, arguments: call.arguments, task: { ttl: TASK_TTL_MS } },
        { progress: true },
      ),
    );
    if (created.kind !== 'answer') return false;
    const result = created.message.result;
    const task = isObject(result) && isObject(result.task) ? result.task : null;
    // An error or some other answer: the referee says what is wrong with it.
    if (task === null || typeof task.taskId !== 'string') return true;
    const taskId = task.taskId;
    let status = task.status;
    let interval = pollInterval(task.pollInterval);
    const deadline = Date.now() + 6 * timeoutMs;
    while (status === 'working') {
      if (exited) return false;
      if (Date.now() + interval > deadline) {
        problems.push({
          en: `task ${taskId} (${call.name}) was still working after ${6 * timeoutMs} ms of polling tasks/get; the client stops waiting for it.`,
          zh: `任务 ${taskId}（${call.name}）在轮询 tasks/get ${6 * timeoutMs} 毫秒之后仍在进行；客户端不再等待它。`,
        });
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, interval));
      const got = await asked(client.request('tasks/get', { taskId }));
      if (got.kind !== 'answer') return false;
      const now = got.message.result;
      if (!isObject(now)) return true;
      status = now.status;
      interval = pollInterval(now.pollInterval);
    }
    const final = await asked(client.request('tasks/result', { taskId }));
    if (final.kind !== 'answer') return false;
    notes.push({
      en: `${call.name} runs only as a task (its execution.taskSupport is "required"), so the client called it with params.task: task ${taskId}, polled with tasks/get until "${String(status)}", its result fetched with tasks/result.`,
      zh: `${call.name} 只能以任务方式运行（它的 execution.taskSupport 为 "required"），所以客户端带着 params.task 调用它：任务 ${taskId}，用 tasks/get 轮询到 "${String(status)}"，再用 tasks/result 取回结果。`,
    });
    return true;
  };

  /**
   * Lists and calls: the same in both eras (the client adds the envelope in the modern one). In the
   * modern era it also opens a listen stream for a while, and follows input_required rounds.
   */
  const operate = async () => {
    const caps = client.serverCapabilities ?? {};
    const lists: Array<[string, string]> = [
      ['tools', 'tools/list'],
      ['resources', 'resources/list'],
      ['prompts', 'prompts/list'],
    ];
    const calls = options.calls ?? [];
    for (const [capability, method] of lists) {
      if (!isObject(caps[capability])) continue;
      if ((await asked(client.request(method))).kind !== 'answer') {
        if (calls.length > 0) problems.push(callsNotSent(calls.map((c) => c.name)));
        return;
      }
    }
    const listen = era === 'modern' ? await openListen(caps) : null;
    for (const [n, call] of calls.entries()) {
      if (!isObject(caps.tools)) {
        problems.push({
          en: `cannot call ${call.name}: the server did not declare the tools capability.`,
          zh: `无法调用 ${call.name}：服务器没有声明 tools 能力。`,
        });
        break;
      }
      const done = requiresTask(call.name)
        ? await callAsTask(call)
        : await followRounds(
            client.request(
              'tools/call',
              { name: call.name, arguments: call.arguments },
              { progress: true },
            ),
          );
      if (!done) {
        const rest = calls.slice(n + 1).map((c) => c.name);
        if (rest.length > 0) problems.push(callsNotSent(rest));
        break;
      }
    }
    if (listen !== null) await closeListen(listen, caps);
  };
  const session = async (again = false) => {
    // A new session after the server ended one: the server is known to be a legacy one.
    if (eraMode !== 'legacy' && !again) {
      const verdict = await probe();
      if (verdict.kind === 'failed') return;
      if (verdict.kind === 'modern') {
        era = 'modern';
        const discovered = client.discovered ?? {};
        const meta = isObject(discovered._meta) ? discovered._meta : {};
        const info = meta[SERVER_INFO_META];
        serverInfo = isObject(info) ? info : null;
        await operate();
        return;
      }
      fallback = {
        en: `fell back to the handshake: ${verdict.why.en}, so it is taken for a legacy server and the client sends initialize.`,
        zh: `退回握手：${verdict.why.zh}，因此把它当作旧时代的服务器，客户端改发 initialize。`,
      };
    }
    era = 'legacy';
    const init = await ask(client.initialize());
    if (init.kind !== 'answer') return;
    const answer = init.message;
    if (isObject(answer.error)) {
      const refusal = `${String(answer.error.code)} ${String(answer.error.message)}`;
      const code = answer.error.code;
      const modern = typeof code === 'number' && isRecognisedModernError(code);
      const entry = modern ? describeErrorCode(code, modernVersion as KnownVersion) : null;
      // The code's own meaning speaks of a modern request's _meta; an initialize has none, and
      // offered its version in params.protocolVersion (2026-07-28 basic/versioning › Backward
      // Compatibility: a modern-only server answers initialize with -32022 and its versions).
      const data = isObject(answer.error.data) ? answer.error.data : {};
      const supported = Array.isArray(data.supported) ? data.supported.map(String) : [];
      const meaning: Bilingual | null =
        code === -32022
          ? {
              en: `the server does not serve ${version}, the version this initialize offered in params.protocolVersion${supported.length > 0 ? `; it serves ${supported.join(', ')}` : ''}.`,
              zh: `服务器不支持这个 initialize 在 params.protocolVersion 中提出的版本 ${version}${supported.length > 0 ? `；它支持 ${supported.join('、')}` : ''}。`,
            }
          : (entry?.meaning ?? null);
      // What the code means, after its name; the name once: a server's message often is that name.
      let explained: Bilingual | null = null;
      if (entry && meaning) {
        const said = refusal.toLowerCase().includes(entry.name.toLowerCase());
        explained = said
          ? { en: `${meaning.en.charAt(0).toUpperCase()}${meaning.en.slice(1)}`, zh: meaning.zh }
          : { en: `${entry.name}: ${meaning.en}`, zh: `${entry.name}：${meaning.zh}` };
      }
      problems.push({
        en: `the server refused initialize: ${refusal}.${explained ? ` ${explained.en} It is a modern server: connect with --era auto or --era modern.` : ''}`,
        zh: `服务器拒绝了 initialize：${refusal}。${explained ? `${explained.zh}这是新时代的服务器：请用 --era auto 或 --era modern 连接。` : ''}`,
      });
      return;
    }
    const result = isObject(answer.result) ? answer.result : {};
    negotiatedVersion = client.negotiatedVersion;
    // Over HTTP, every later request names it in MCP-Protocol-Version (2025-06-18 on).
    if (wire) wire.negotiated = negotiatedVersion;
    serverInfo = isObject(result.serverInfo) ? result.serverInfo : null;
    if (client.versionAccepted === false) {
      problems.push({
        en: `the server answered protocol version ${String(negotiatedVersion)}, which this client does not support (it offered ${version}); a client should disconnect, so this one does.`,
        zh: `服务器回应的协议版本是 ${String(negotiatedVersion)}，而这个客户端不支持它（客户端提出的是 ${version}）；客户端应当断开连接，所以它断开了。`,
      });
      return;
    }
    send(client.initialized());
    // Over HTTP, what the server sends outside any request comes on the GET stream.
    wire?.listen();
    await operate();
  };
  await session();
  // 2025-11-25 basic/transports › Session Management: a 404 to a request that carried the
  // session's id means the session has ended, and the client MUST start a new one with a new
  // initialize sent without a session id. connect does so once (a server that ends every session
  // at once would have it start over forever).
  // (Set by the wire's events: TypeScript cannot see that, and takes it for the null above.)
  const lost = sessionLost as LostSession | null;
  if (wire && lost && !restarted && !closing) {
    restarted = true;
    // What the ended session could no longer do (the --call tools not called) is done in the new
    // one; the 404 itself is no failure: a server may end a session at any time.
    problems.splice(lost.problem);
    cancelled.clear();
    brokenAnswers.clear();
    strayAnswers.length = 0;
    notes.push({
      en: `The server answered ${lost.what} with HTTP 404: the session it assigned (Mcp-Session-Id ${clip(lost.session)}) had ended. ${SESSION_ENDED.en}, so connect did: the new session starts at the second initialize (its --trace-file is a transcript of its own, numbered 2).`,
      zh: `服务器对 ${lost.what} 回应了 HTTP 404：它分配的会话（Mcp-Session-Id ${clip(lost.session)}）已经结束。${SESSION_ENDED.zh}，connect 就这样做了：新的会话从第二个 initialize 开始（--trace-file 另存为一份编号为 2 的记录）。`,
    });
    ended.push(log.steps);
    log = new SessionLog();
    client = newClient();
    wireLine = 0;
    lineNo = 0;
    negotiatedVersion = null;
    serverInfo = null;
    sessionLost = null;
    exited = false;
    wire.restart();
    await session(true);
  }

  // Listen a little longer for what the server sends on its own, then shut down as the spec says.
  if (!exited) await new Promise((resolve) => setTimeout(resolve, settleMs));
  await shutDown(END_WAIT_MS, settleMs);
  if (outputHeld) {
    notes.push({
      en: `The server's process (${options.command}) ended, but its stdout stayed open: a process it started still held it, out of reach of the shutdown (2025-11-25/basic/lifecycle › Shutdown › stdio: close its stdin, then SIGTERM, then SIGKILL; connect sends them to the server's process group, which that process had left). connect stopped reading; that other process may still be running. A wrapper (sh -c, a script) should exec the server, or pass the signal on.`,
      zh: `服务器的进程（${options.command}）已经结束，但它的 stdout 仍然开着：它启动的另一个进程还占着它，而关闭流程够不到它（2025-11-25/basic/lifecycle › Shutdown › stdio：先关闭它的 stdin，再发 SIGTERM，最后 SIGKILL；connect 把信号发给服务器所在的进程组，而那个进程已经离开了这个组）。connect 不再读取；那个进程可能仍在运行。包装程序（sh -c、脚本）应当用 exec 启动服务器，或者把信号转发给它。`,
    });
  }
  // An answer that came after its cancellation is in the record: the line says so.
  for (const gaveUp of cancelled.values()) {
    if (gaveUp.lateMs === null) continue;
    const said = timedOut(gaveUp.what, gaveUp.waitMs, era === 'modern', gaveUp.lateMs, http);
    problems[gaveUp.problem] = said;
  }
  if (pollution.length > 0 && http) {
    const first = pollution[0] as { line: number; text: string };
    problems.unshift({
      en: `the server sent ${pollution.length === 1 ? 'a body or event that is not a JSON-RPC message' : `${pollution.length} bodies or events that are not JSON-RPC messages`} (first: ${clip(first.text)}). Over Streamable HTTP each JSON body, and each SSE event's data, is one JSON-RPC message (2025-11-25/basic/transports › Sending Messages to the Server).`,
      zh: `服务器发来了 ${pollution.length} 个不是 JSON-RPC 消息的正文或事件（第一个：${clip(first.text)}）。在 Streamable HTTP 上，每个 JSON 正文、每个 SSE 事件的数据都是一条 JSON-RPC 消息（2025-11-25/basic/transports › Sending Messages to the Server）。`,
    });
  } else if (pollution.length > 0) {
    const first = pollution[0] as { line: number; text: string };
    problems.unshift({
      en: `stdout pollution: the server wrote ${pollution.length === 1 ? 'a line that is not a JSON-RPC message' : `${pollution.length} lines that are not JSON-RPC messages`} to stdout (first, line ${first.line}: ${clip(first.text)}). On stdio, stdout carries only protocol messages, one JSON object per line; logs belong on stderr. This is the commonest real-world MCP failure: clients drop such lines or disconnect.`,
      zh: `stdout 污染：服务器向 stdout 写入了 ${pollution.length} 行不是 JSON-RPC 消息的内容（第一处在第 ${first.line} 行：${clip(first.text)}）。在 stdio 上，stdout 只能承载协议消息，每行一个 JSON 对象；日志应当写到 stderr。这是现实中最常见的 MCP 故障：客户端会丢弃这样的行，或者断开连接。`,
    });
  }
  const revision = era === 'modern' ? client.modernVersion : negotiatedVersion;
  return {
    steps: sessions().flat(),
    sessions: sessions(),
    problems,
    notes,
    negotiatedVersion,
    era,
    revision,
    fallback,
    serverInfo,
    exitCode,
    signal: exitSignal,
    stderr,
  };
}
