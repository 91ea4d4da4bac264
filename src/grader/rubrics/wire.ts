import type { Bilingual } from '../../i18n/lang.js';
import type { Direction, JsonObject, RequestId } from '../../protocol/index.js';
import { SessionLog } from '../../session/index.js';
import type { CallOutcome } from '../runner.js';
import { C2S, nameOf, S2C, type Sent, violationLines } from '../session.js';
import { bi, isObject } from './common.js';

/**
 * One transport connection to a server whose request handling is the learner's (exercises 8 and
 * 9): the grader plays the client, the learner's code answers each request with a `Reply`
 * (`{result}` or `{error}`), and every envelope goes through one session log, so the project's
 * referee judges it as it judges the lessons and `mcp-sim trace`.
 */

/** The 2026-07-28 `_meta` keys (basic/index › _meta). */
export const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
export const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
export const CLIENT_INFO_KEY = 'io.modelcontextprotocol/clientInfo';

export type Envelope = {
  readonly version?: string;
  readonly capabilities?: JsonObject;
  readonly clientInfo?: { name: string; version: string };
};

/** A request's `_meta` envelope; a key left undefined is left out (a malformed request). */
export function envelope(e: Envelope): JsonObject {
  const meta: JsonObject = {};
  if (e.version !== undefined) meta[PROTOCOL_VERSION_KEY] = e.version;
  if (e.capabilities !== undefined) meta[CLIENT_CAPABILITIES_KEY] = e.capabilities;
  if (e.clientInfo !== undefined) meta[CLIENT_INFO_KEY] = e.clientInfo;
  return meta;
}

/** What the learner's code answered one request with, as the wire saw it. */
export type Answer = {
  readonly request: Sent;
  readonly response: Sent;
  /** The response's result, when it is one. */
  readonly result: JsonObject | null;
  /** The response's error, when it is one. */
  readonly error: { code: unknown; message: unknown; data?: unknown } | null;
};

/** The learner's reply as a JSON-RPC response: a result, an error, or -32603 when it threw. */
function responseOf(id: RequestId, outcome: CallOutcome): JsonObject {
  if (!outcome.ok) {
    return {
      jsonrpc: '2.0',
      id,
      error: { code: -32603, message: `Internal error: ${outcome.error}` },
    };
  }
  const reply = outcome.value;
  if (isObject(reply) && isObject(reply.error)) return { jsonrpc: '2.0', id, error: reply.error };
  if (isObject(reply) && isObject(reply.result))
    return { jsonrpc: '2.0', id, result: reply.result };
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: -32603,
      message: `Internal error: the handler returned ${JSON.stringify(reply ?? null)}, neither {result} nor {error}`,
    },
  };
}

/** Where a connection's envelopes go: a session log of its own, or a scenario's recorded session. */
export type Sink = {
  readonly push: (direction: Direction, message: JsonObject) => Sent;
  readonly steps: readonly Sent[];
};

/** A session log of its own, run by the project's referee. */
export function logSink(): Sink {
  const log = new SessionLog();
  return {
    push: (direction, message) => log.push({ type: 'message', direction, message }) as Sent,
    steps: log.steps as readonly Sent[],
  };
}

export function openConnection(
  answer: (request: JsonObject) => Promise<CallOutcome>,
  sink: Sink = logSink(),
) {
  const { push, steps } = sink;
  let next = 1;
  return {
    steps,
    /** A fresh request id of this connection (a number). */
    nextId: () => next++,
    /** A notification from the client: into the log only (the learner's code is not asked). */
    notify(method: string, params?: JsonObject) {
      push(C2S, { jsonrpc: '2.0', method, ...(params ? { params } : {}) });
    },
    /** A request from the client, answered by the learner's code. */
    async ask(method: string, params?: JsonObject, id: RequestId = next++): Promise<Answer> {
      const body: JsonObject = { id, method, ...(params ? { params } : {}) };
      const request = push(C2S, { jsonrpc: '2.0', ...body });
      const outcome = await answer(JSON.parse(JSON.stringify(body)) as JsonObject);
      const message = responseOf(id, outcome);
      const response = push(S2C, message);
      return {
        request,
        response,
        result: isObject(message.result) ? message.result : null,
        error: isObject(message.error)
          ? (message.error as { code: unknown; message: unknown; data?: unknown })
          : null,
      };
    },
    /** The referee's verdicts on what the server sent (the client's own mistakes are the grader's). */
    serverViolations() {
      return steps.flatMap((sent, at) =>
        sent.direction === S2C
          ? sent.verdict.violations.map((violation) => ({ at, sent, violation }))
          : [],
      );
    },
  };
}

export type Connection = ReturnType<typeof openConnection>;

/** Which of a connection's verdicts a check judges: from a step on, some rules only or not. */
export type Judged = {
  /** The first step judged (`connection.steps.length` before the messages the check is about). */
  readonly from?: number;
  /** Only these rules. */
  readonly only?: readonly string[];
  /** Not these rules (another check judges them). */
  readonly skip?: readonly string[];
};

/** The referee's verdicts on the server's envelopes, as a failed check's message; null when none. */
export function refereeSays(connection: Connection, judged: Judged = {}): Bilingual | null {
  const found = connection
    .serverViolations()
    .filter(
      (f) =>
        f.at >= (judged.from ?? 0) &&
        (judged.only === undefined || judged.only.includes(f.violation.rule)) &&
        !judged.skip?.includes(f.violation.rule),
    );
  if (found.length === 0) return null;
  const first = found[0];
  const where = first ? nameOf(first.sent, first.at) : '';
  const said = violationLines(found);
  return {
    en: `expected: envelopes the referee accepts; saw: the referee's verdict on ${where}:\n${said.en}`,
    zh: `期望：裁判认可的消息；实际：裁判对 ${where} 的判定：\n${said.zh}`,
  };
}

/** An answer in one line: `{"result":…}` or `{"error":…}`. */
export const shown = (a: Answer): string =>
  JSON.stringify(a.result ? { result: a.result } : { error: a.error }).slice(0, 400);

export const seen = (a: Answer) => bi(shown(a), shown(a));
