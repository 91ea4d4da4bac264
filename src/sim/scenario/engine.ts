import { filled } from '../../i18n/lang.js';
import { LESSON_STRINGS } from '../../i18n/lesson-strings.js';
import {
  type Annotation,
  type Direction,
  isObject,
  type JsonObject,
  type RequestId,
} from '../../protocol/index.js';
import { type PeerViews, SessionLog, type Step as SessionStep } from '../../session/index.js';
import { SimClient } from '../client/sim-client.js';
import { SimServer } from '../server/sim-server.js';
import { prepareToolsFor } from '../tools/index.js';
import { makeFault } from './faults.js';
import {
  conformingHeaders,
  headerRefusal,
  type LegacyHttp,
  requestHeaders,
} from './http-headers.js';
import { rawLineEvent } from './raw-line.js';
import type { Bilingual, Scenario, Step } from './schema.js';

/** Seals a lesson's requestState (a lesson has no secret to keep; it must be reproducible). */
export const LESSON_STATE_KEY = 'mcp-sim lesson requestState key';

/** A step that cannot be played: `message` in English, `zh` where the engine says it in Chinese. */
export type ScenarioError = {
  readonly step: number;
  readonly message: string;
  readonly zh?: string;
};

/** A played lesson: the session log's steps, each with the lesson's narration in its notes. */
export type Timeline = { readonly steps: readonly SessionStep[] };

type Emitted = {
  direction: Direction;
  /** One message; or, from the server, the answers to a JSON-RPC batch (2025-03-26) as one array. */
  message: JsonObject | readonly JsonObject[];
  fault: string | null;
  /** The HTTP server's -32020 for a request whose headers disagree: the server never sees it. */
  refusal?: JsonObject;
  /** A message the lesson wrote out (`send`): on the wire and to the referee, not to a peer. */
  scripted?: true;
  /** The HTTP request headers a step's request was POSTed with (a step that names `headers`). */
  headers?: Record<string, string>;
  /** A fault's reveal (REVEALED_FAULTS): the later message that shows its bug, with its narration. */
  reveal?: {
    direction: Direction;
    message: JsonObject;
    at: number;
    note: Bilingual;
    annotations?: Readonly<Record<string, Bilingual>> | undefined;
  };
};

/**
 * Plays a scenario to a deterministic timeline: ids, timestamps and every envelope are the same on
 * every run. The lesson is a source like any other: each envelope is pushed into the session log
 * (which referees it) with the lesson's narration, then delivered to the peer it is addressed to.
 */
export async function runScenario(
  scenario: Scenario,
): Promise<{ ok: true; value: Timeline } | { ok: false; error: ScenarioError }> {
  // Load what a tool needs (mathjs, sql.js) only for the tools the lesson actually calls.
  const called = scenario.steps.flatMap((step) => {
    if ('fault' in step) {
      // A fault that calls a tool (retry-of-no-round) names it in its params.
      return typeof step.params?.name === 'string' ? [step.params.name] : [];
    }
    return 'client' in step &&
      typeof step.client === 'object' &&
      'request' in step.client &&
      step.client.request === 'tools/call' &&
      typeof step.client.params?.name === 'string'
      ? [step.client.params.name]
      : [];
  });
  await prepareToolsFor(called);
  // A fixed requestState key: a lesson's input_required rounds are the same on every run.
  const server = new SimServer({ ...scenario.server, requestStateKey: LESSON_STATE_KEY });
  const client = new SimClient(scenario.client);
  // A modern client needs no handshake: its first request already carries the envelope.
  if (scenario.client.era === 'modern') client.modernVersion = client.preferredVersion;
  const log = new SessionLog();
  const cancelled: Array<{ id: RequestId; token?: string; streamClosed?: true }> = [];
  const completedTokens: (string | number)[] = [];
  let now = 0;
  /** The server/discover probes sent, by id: the revision each one's envelope named. */
  const probes = new Map<RequestId, string>();
  let events: Bilingual[] = [];

  const fail = (step: number, message: string, zh?: string) => ({
    ok: false as const,
    error: { step, message, ...(zh !== undefined ? { zh } : {}) },
  });

  for (const [i, step] of scenario.steps.entries()) {
    if ('do' in step) {
      if (typeof step.do === 'object' && 'raw' in step.do) {
        // The line is on the wire before the server answers it (notes: the state before it).
        const notes = { note: rawNote(step.do.raw, log), peers: viewPeers(client, server) };
        log.pushAll(rawLineEvent(step.do.raw, now, notes, log));
      }
      const event = doAction(step.do, server, client, now, log);
      if (typeof step.do === 'object' && 'wait' in step.do) now += step.do.wait;
      // A raw line is a step of its own with this note: told again on the next step, the server's
      // answer would read as the line itself.
      if (!(typeof step.do === 'object' && 'raw' in step.do)) events.push(event);
      continue;
    }
    if ('client' in step && typeof step.client === 'object' && 'abandon' in step.client) {
      // The client closes the HTTP response stream of a request it waits on: no message.
      const wanted = step.client.abandon;
      const request =
        wanted === 'latest'
          ? client.pending().at(-1)
          : client.pending().find((p) => p.id === wanted);
      if (!request) {
        const text = filled(LESSON_STRINGS.abandonNothing, { id: JSON.stringify(wanted) });
        return fail(i, text.en, text.zh);
      }
      client.abandon(request.id);
      server.abandon(request.id);
      const pushed = log.push({
        type: 'abandon',
        id: request.id,
        t: now,
        notes: { note: step.note, events, peers: viewPeers(client, server) },
      });
      // A request the referee took as cancelled (2026-07-28): what a fault may play after it.
      if (pushed.abandoned?.cancelled) {
        cancelled.push({
          id: request.id,
          ...(request.progressToken ? { token: request.progressToken } : {}),
          streamClosed: true,
        });
      }
      events = [];
      now += 1;
      continue;
    }
    if ('close' in step) {
      log.push({
        type: 'close',
        by: step.close,
        t: now,
        notes: { note: step.note, events, peers: viewPeers(client, server) },
      });
      events = [];
      now += 1;
      continue;
    }
    const emitted = emit(step, {
      probe: (version: string) => {
        const message = client.discover(version, probes.size + 1);
        probes.set(message.id as RequestId, version);
        return message;
      },
      server,
      client,
      now,
      cancelled,
      completedTokens,
      log,
    });
    if ('error' in emitted) return fail(i, emitted.error, emitted.zh);
    now = Math.max(now, emitted.at);
    const { fault, reveal } = emitted;
    /** The peer takes the message before its step is recorded: the panels show its state after it. */
    const sendAndRecord = (
      sent: Pick<Emitted, 'direction' | 'message' | 'refusal' | 'headers' | 'scripted'>,
      text: { note: Bilingual; annotations?: Readonly<Record<string, Bilingual>> | undefined },
      revealedNext = false,
    ) => {
      const { direction, message } = sent;
      // A batch's answers (an array) are taken, and tracked, message by message.
      const one = Array.isArray(message) ? null : (message as JsonObject);
      const members: readonly JsonObject[] = one ? [one] : (message as readonly JsonObject[]);
      if (sent.scripted) {
        // No simulated peer speaks what a lesson writes out: neither takes it.
      } else if (direction === 'client->server' && one) {
        if (sent.refusal) {
          server.outbox.push({ at: now, about: one.id as RequestId, message: sent.refusal });
        } else server.receive(one, now);
      } else if (direction === 'client->server') {
        // A client's batch, taken as `serve` takes one (live-server): the session log decides
        // whether it is read; read, the server takes each message and answers them as one array;
        // else the line is one the server cannot take.
        if (log.batchProblem(members) === null) server.receiveBatch(members, now);
        else server.refuseBatch(members, now);
      } else {
        for (const member of members) {
          client.receive(member, now);
          adoptDiscoveredVersion(client, member, probes);
        }
      }
      const peers = viewPeers(client, server);
      const pushed = log.pushAll({
        type: 'message',
        direction,
        message,
        ...(sent.headers ? { headers: sent.headers } : {}),
        t: now,
        // The peers act on the lesson's clock: the referee may time them by it.
        simulatedClock: true,
        notes: {
          note: text.note,
          ...(text.annotations ? { annotations: extraAnnotations(text.annotations) } : {}),
          events,
          fault,
          ...(revealedNext ? { revealedNext: true as const } : {}),
          peers,
        },
      });
      members.forEach((member, n) => {
        const step = pushed[n];
        if (step) trackOutcomes(member, step, log, cancelled, completedTokens);
      });
      events = [];
      now += 1;
    };
    sendAndRecord(emitted, step, reveal !== undefined);
    // A fault's reveal: the later message that shows its bug, a step of its own under its name.
    if (reveal) {
      now = Math.max(now, reveal.at);
      sendAndRecord(reveal, reveal);
    }
  }
  if (events.length > 0) {
    const { en, zh } = LESSON_STRINGS.silentEnd;
    return fail(scenario.steps.length - 1, en, zh);
  }
  return { ok: true, value: { steps: log.steps } };
}

type EmitContext = {
  /** Sends a server/discover probe with the envelope of `version`. */
  probe: (version: string) => JsonObject;
  server: SimServer;
  client: SimClient;
  now: number;
  cancelled: Array<{ id: RequestId; token?: string; streamClosed?: true }>;
  completedTokens: (string | number)[];
  log: SessionLog;
};

/** A step the peers' state cannot perform, in both languages. */
const failed = (text: { readonly en: string; readonly zh: string }) => ({
  error: text.en,
  zh: text.zh,
});

function emit(
  step: Exclude<Step, { do: unknown } | { close: unknown }>,
  ctx: EmitContext,
): (Emitted & { at: number }) | { error: string; zh?: string } {
  const { server, client, now } = ctx;
  if ('fault' in step) {
    const made = makeFault(step.fault, { ...ctx, params: step.params ?? {} });
    if (!made.ok) return failed(made.error);
    if (made.scripted && made.direction === 'client->server')
      followWrittenOut(client, made.message);
    // The reveal is a step of its own: the lesson narrates it, and only a fault that has one.
    if (made.reveal && !step.reveal)
      return failed(filled(LESSON_STRINGS.revealMissing, { fault: step.fault }));
    if (!made.reveal && step.reveal)
      return failed(filled(LESSON_STRINGS.revealUnused, { fault: step.fault }));
    const reveal = made.reveal && step.reveal ? { ...made.reveal, ...step.reveal } : undefined;
    if (step.headers && made.direction === 'client->server') {
      // A client's fault POSTed over HTTP: the headers mirror its body, with the step's changes.
      const legacy = legacyHttp(client, server);
      const refusal = headerRefusal(made.message, step.headers, legacy);
      return {
        direction: made.direction,
        message: made.message,
        fault: step.fault,
        at: now,
        headers: requestHeaders(made.message, step.headers, legacy),
        ...(refusal ? { refusal } : {}),
        ...(reveal ? { reveal } : {}),
        ...(made.scripted ? { scripted: true as const } : {}),
      };
    }
    // A JSON-RPC batch (2025-03-26) of the one message: the line holds an array.
    const message = made.batch ? [made.message] : made.message;
    return {
      direction: made.direction,
      message,
      fault: step.fault,
      at: now,
      ...(reveal ? { reveal } : {}),
      ...(made.scripted ? { scripted: true as const } : {}),
    };
  }
  if ('server' in step) {
    const action = step.server;
    if (typeof action === 'object' && 'send' in action)
      return {
        direction: 'server->client',
        message: action.send,
        fault: null,
        at: now,
        scripted: true,
      };
    if (action === 'next') {
      // An answer kept for its batch's answer is not sent yet: the next thing sent is.
      let item = server.take();
      while (item === null) item = server.take();
      if (!item) return failed(LESSON_STRINGS.serverNothing);
      return {
        direction: 'server->client',
        message: item.message as JsonObject | readonly JsonObject[],
        fault: null,
        at: item.at,
      };
    }
    const message =
      action === 'ping'
        ? server.makeRequest('ping')
        : server.makeRequest(action.request, action.params);
    return { direction: 'server->client', message, fault: null, at: now };
  }
  const action = step.client;
  if (typeof action === 'object' && 'send' in action) {
    followWrittenOut(client, action.send);
    return {
      direction: 'client->server',
      message: action.send,
      fault: null,
      at: now,
      scripted: true,
    };
  }
  let message: JsonObject;
  /** When the client sends it: now, or later when it waits (a poll spaced by its pollInterval). */
  let at = now;
  if (action === 'next') {
    const item = client.next();
    if (!item) return failed(LESSON_STRINGS.clientNothing);
    return {
      direction: 'client->server',
      message: item.message as JsonObject,
      fault: null,
      at: item.at,
    };
  }
  if (action === 'initialize') message = client.initialize();
  else if (action === 'discover') message = ctx.probe(client.preferredVersion);
  else if (action === 'initialized') message = client.initialized();
  else if (action === 'ping') message = client.request('ping');
  else if (action === 'next-page') {
    const page = client.nextPage();
    if (!page) return failed(LESSON_STRINGS.noNextPage);
    message = page;
  } else if ('initialize' in action) {
    message = client.initialize({
      ...(action.initialize.version !== undefined ? { version: action.initialize.version } : {}),
      ...(action.initialize.capabilities !== undefined
        ? { capabilities: action.initialize.capabilities }
        : {}),
    });
  } else if ('request' in action) {
    message = client.request(action.request, action.params, { progress: action.progress === true });
  } else if ('notify' in action) {
    message = client.notify(action.notify, action.params);
  } else if ('discover' in action) {
    message = ctx.probe(action.discover.version ?? client.preferredVersion);
  } else if ('listen' in action) {
    message = client.listen(action.listen);
  } else if ('end-listen' in action) {
    const streams = [...client.streams.values()].filter(
      (s) => s.state === 'opening' || s.state === 'open',
    );
    const target = action['end-listen'] === 'latest' ? streams.at(-1)?.id : action['end-listen'];
    if (target === undefined) return failed(LESSON_STRINGS.noListenStream);
    message = client.endListen(target);
  } else if ('task' in action) {
    const request = client.taskRequest(action.task, action.taskId);
    if (!request) return failed(LESSON_STRINGS.noTask);
    const taskId = isObject(request.params) ? request.params.taskId : undefined;
    // › Getting Tasks: the client waits out the pollInterval the server last gave for the task
    // before it polls again (a lesson that waits less gets the poll later, not sooner).
    const due =
      action.task === 'get' && typeof taskId === 'string' ? client.pollDueAt(taskId) : undefined;
    if (due !== undefined && due > now) at = due;
    message = request;
  } else if ('abandon' in action) {
    // Taken by the lesson's loop before it gets here: closing a stream sends no message.
    return failed(LESSON_STRINGS.noPending);
  } else {
    const target = action.cancel === 'latest' ? client.pending().at(-1)?.id : action.cancel;
    if (target === undefined) return failed(LESSON_STRINGS.noPending);
    const request = client.pending().find((p) => p.id === target);
    message = client.cancel(target, action.reason);
    // Only a request still in flight is really cancelled; a late cancel just crosses the answer.
    if (request)
      ctx.cancelled.push({
        id: target,
        ...(request.progressToken ? { token: request.progressToken } : {}),
      });
  }
  const changes = typeof action === 'object' && 'headers' in action ? action.headers : undefined;
  if (changes) {
    const legacy = legacyHttp(client, server);
    const headers = requestHeaders(message, changes, legacy);
    const refusal = headerRefusal(message, changes, legacy);
    // Headers the server refuses are the step's fault: the referee flags them (header-mismatch).
    // In the handshake era a missing MCP-Protocol-Version is served, yet no conforming client's
    // (protocol-version-header): headers that are not the conforming ones are the step's fault.
    const deviates =
      legacy !== null &&
      JSON.stringify(headers) !== JSON.stringify(conformingHeaders(message, legacy));
    return {
      direction: 'client->server',
      message,
      fault:
        legacy !== null
          ? deviates
            ? 'protocol-version-header'
            : null
          : refusal
            ? 'mismatched-headers'
            : null,
      at,
      headers,
      ...(refusal ? { refusal } : {}),
    };
  }
  return { direction: 'client->server', message, fault: null, at };
}

/**
 * The client's own count follows the wire (request ids 1, 2, 3…), as after a recording it
 * replays: its next request of its own takes the id after one the lesson wrote out (a `send`
 * step, a scripted fault).
 */
function followWrittenOut(client: SimClient, message: JsonObject): void {
  const { id } = message;
  if (typeof id === 'number' && Number.isInteger(id) && id >= client.peekId())
    client.continueAfter(id);
}

/**
 * A handshake-era session, as its HTTP headers go (null once the client speaks 2026-07-28): the
 * version the client negotiated and the versions the server serves.
 */
function legacyHttp(client: SimClient, server: SimServer): LegacyHttp | null {
  if (client.modernVersion !== null) return null;
  return { negotiated: client.negotiatedVersion, supported: server.config.versions };
}

function doAction(
  action: Extract<Step, { do: unknown }>['do'],
  server: SimServer,
  client: SimClient,
  now: number,
  log: SessionLog,
): Bilingual {
  if (action === 'update-notes') {
    const told = server.updateNotes(now);
    return told
      ? {
          en: 'The notes resource changed; the server will tell its subscriber.',
          zh: '笔记资源变了；服务器会通知订阅者。',
        }
      : {
          en: 'The notes resource changed (no one subscribed, so nobody is told).',
          zh: '笔记资源变了（没有订阅者，所以不会通知任何人）。',
        };
  }
  if (action === 'add-resource') {
    const told = server.addResource(now);
    return told
      ? {
          en: 'A new file, TODO.md, appeared in the project; the server will say its resource list changed.',
          zh: '项目里出现了一个新文件 TODO.md；服务器会告知它的资源列表变了。',
        }
      : {
          en: 'A new file, TODO.md, appeared in the project (nobody asked to hear of list changes).',
          zh: '项目里出现了一个新文件 TODO.md（没有人要求得知列表变化）。',
        };
  }
  if (action === 'end-listens') {
    // 2026-07-28 subscriptions › Graceful Closure: each open stream gets a complete result.
    const ended = server.endListens(now);
    return ended > 0
      ? {
          en: `The server is shutting down: it ends its ${ended === 1 ? 'open listen stream' : `${ended} open listen streams`} on its own, and will say so.`,
          zh: `服务器即将关闭：它主动结束${ended === 1 ? '打开的监听流' : `全部 ${ended} 个打开的监听流`}，并会告知客户端。`,
        }
      : {
          en: 'The server is shutting down; no listen stream is open.',
          zh: '服务器即将关闭；没有打开的监听流。',
        };
  }
  if ('add-tool' in action) {
    const told = server.addTool(now, action['add-tool']);
    return told
      ? {
          en: `The server added the tool ${action['add-tool']} and will announce it.`,
          zh: `服务器新增了工具 ${action['add-tool']}，并会发出通知。`,
        }
      : {
          en: `The server added the tool ${action['add-tool']}, but cannot announce it.`,
          zh: `服务器新增了工具 ${action['add-tool']}，但无法发出通知。`,
        };
  }
  if ('log' in action) {
    server.log(now, action.log.level, action.log.data);
    return {
      en: `The server logs a message at level ${action.log.level}.`,
      zh: `服务器记录了一条 ${action.log.level} 级别的日志。`,
    };
  }
  if ('set-roots' in action) {
    client.roots = action['set-roots'].map((r) => ({ ...r }));
    return { en: 'The user changed the client’s root folders.', zh: '用户修改了客户端的根目录。' };
  }
  if ('raw' in action) {
    server.receiveRaw(action.raw, now);
    return rawNote(action.raw, log);
  }
  if ('offer-tools' in action) {
    const mode = action['offer-tools'];
    server.offerToolsNextSampling(mode);
    return {
      en: `The server will offer its model's next sampling round the weather tool, with toolChoice "${mode}".`,
      zh: `服务器将在下一轮采样请求中向模型提供天气工具，toolChoice 为 "${mode}"。`,
    };
  }
  if ('fail-next' in action) {
    server.failNext();
    return {
      en: 'Something inside the server is about to break.',
      zh: '服务器内部即将出现故障。',
    };
  }
  const seconds = action.wait >= 1000 ? `${action.wait / 1000} s` : `${action.wait} ms`;
  const zhSeconds = action.wait >= 1000 ? `${action.wait / 1000} 秒` : `${action.wait} 毫秒`;
  return { en: `${seconds} pass.`, zh: `过了 ${zhSeconds}。` };
}

/**
 * A result to one of the client's server/discover probes makes it a modern client of that revision
 * (2026-07-28 basic/versioning: it then sends the envelope on every request). An error leaves it
 * as it was: the lesson decides whether it retries or falls back to initialize.
 */
function adoptDiscoveredVersion(
  client: SimClient,
  message: JsonObject,
  probes: ReadonlyMap<RequestId, string>,
): void {
  if (client.modernVersion !== null || !('result' in message)) return;
  const version = probes.get(message.id as RequestId);
  if (version !== undefined) client.modernVersion = version;
}

function rawNote(raw: string, log: SessionLog): Bilingual {
  const size = readBatchSize(raw, log);
  if (size !== null) {
    return {
      en: `The client writes a JSON-RPC batch, ${size} messages in one array on one line. The session is of 2025-03-26, whose servers MUST accept batches (2025-03-26/basic/index › Batching): each message is judged as if it came alone.`,
      zh: `客户端写出一个 JSON-RPC 批量消息：一行中的一个数组装着 ${size} 条消息。本会话的版本是 2025-03-26，这个版本的服务器必须接受批量消息（2025-03-26/basic/index › Batching）：每条消息都像单独到达一样被评判。`,
    };
  }
  return {
    en: `The client writes a line that is not a proper message: ${raw}`,
    zh: `客户端写出了一行不合规的内容：${raw}`,
  };
}

/** How many messages a raw line's batch holds, when the session reads it as a batch; else null. */
function readBatchSize(raw: string, log: SessionLog): number | null {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) && log.batchProblem(value) === null ? value.length : null;
  } catch {
    return null;
  }
}

/** A progress token whose request the server answered (not one it was told to cancel). */
function trackOutcomes(
  message: JsonObject,
  step: SessionStep,
  log: SessionLog,
  cancelled: ReadonlyArray<{ id: RequestId }>,
  tokens: (string | number)[],
): void {
  const report = step.verdict;
  if (!report || (report.kind !== 'response' && report.kind !== 'error')) return;
  if (report.direction !== 'server->client' || report.id === null) return;
  if (cancelled.some((c) => c.id === report.id)) return;
  const token = `progress-${String(message.id)}`;
  // A 2026-07-28 referee forgets an answered request but keeps its token, with the request's id.
  if (
    log.tokenProgress('client', token) !== null ||
    log.answeredTokenOwner('client', token) === report.id
  )
    tokens.push(token);
}

/** A lesson's own field notes, by JSON pointer. */
function extraAnnotations(extra: Readonly<Record<string, Bilingual>>): readonly Annotation[] {
  return Object.entries(extra).map(([pointer, text]) => ({ pointer, text }));
}

function viewPeers(client: SimClient, server: SimServer): PeerViews {
  return {
    client: {
      capabilities: client.config.capabilities,
      // A version it does not support is not its version: it disconnects instead of operating on
      // it (Lifecycle › Version Negotiation), so its panel shows none.
      negotiatedVersion: client.versionAccepted === false ? null : client.negotiatedVersion,
      tools: client.tools ? client.tools.map((t) => t.name) : null,
      toolsStale: client.toolsStale,
      pending: client.pending().map((p) => `${p.method} #${p.id}`),
    },
    server: {
      capabilities: server.config.capabilities,
      negotiatedVersion: server.negotiatedVersion,
      tools: [...server.tools],
      subscriptions: [...server.subscriptions],
      logLevel: server.logLevel,
      working: server.working().map(String),
      asked: server.asked(),
    },
  };
}
