import type {
  BatchPosition,
  HttpHeaders,
  SessionView,
  SidePhases,
  StepReport,
} from '../machine/index.js';

export type { BatchPosition, HttpHeaders } from '../machine/index.js';

import { idText } from '../protocol/envelope.js';
import type {
  Annotation,
  Bilingual,
  Direction,
  JsonObject,
  RequestId,
  Side,
} from '../protocol/index.js';
import { BATCH_REVISION } from '../protocol/versions.js';
import type { TraceProblem } from './line-sorter.js';

/** What the client and the server panels show: a simulated peer's own state. */
export type PeerViews = {
  readonly client: {
    readonly capabilities: JsonObject;
    readonly negotiatedVersion: string | null;
    readonly tools: readonly string[] | null;
    readonly toolsStale: boolean;
    readonly pending: readonly string[];
  };
  readonly server: {
    readonly capabilities: JsonObject;
    readonly negotiatedVersion: string | null;
    /** The tools it offers; null when only the wire is known and no tools/list has been answered. */
    readonly tools: readonly string[] | null;
    readonly subscriptions: readonly string[];
    readonly logLevel: string;
    /** The ids of the client's requests it is still working on. */
    readonly working: readonly string[];
    /** Its own requests still waiting for the client's answer (roots/list…), id as shown. */
    readonly asked: readonly { readonly method: string; readonly id: string }[];
  };
  /**
   * A modern (2026-07-28) session: what the panels show instead of a negotiated version. The
   * client's side is what its latest request declared in `_meta`, the server's what server/discover
   * and the results' serverInfo said. Absent for a session with a handshake.
   */
  readonly modern?: {
    readonly revision: string;
    /** The version the latest request named in `_meta` (null: it named none). */
    readonly declaredVersion: string | null;
    readonly client: { readonly capabilities: JsonObject | null; readonly info: JsonObject | null };
    readonly server: {
      readonly versions: readonly string[] | null;
      readonly capabilities: JsonObject | null;
      readonly info: JsonObject | null;
    };
  };
};

/**
 * What a source knows that the wire does not: a lesson's narration, the fault it plays, the silent
 * actions before the envelope, its own field notes, and its simulated peers' state. A recorded or
 * live session has none of it.
 */
export type StepNotes = {
  readonly note?: Bilingual;
  /** Field meanings the source adds or overrides, by JSON pointer. */
  readonly annotations?: readonly Annotation[];
  /** Silent actions that happened just before (a tool added, a resource changed…). */
  readonly events?: readonly Bilingual[];
  readonly fault?: string | null;
  /**
   * The fault's own message, which the referee can judge only at the next step, the fault's reveal
   * (a lesson's early-task-result): it breaks no rule yet, yet it is the bug.
   */
  readonly revealedNext?: true;
  readonly peers?: PeerViews;
};

/** Where an event came from: a transcript's line, and the time it crossed (ms since start). */
type Origin = {
  readonly line?: number;
  readonly t?: number;
  /** `t` is a clock's reading (a transcript's `t_ms`, a live transport's), not a lesson's virtual time. */
  readonly timed?: boolean;
  /**
   * `t` is the clock the simulated peers run on (a lesson's virtual ms: its tasks work and its
   * client polls by it). Not a time to show, but the referee times the peers by it, as by a
   * clock's reading (task-poll-too-soon).
   */
  readonly simulatedClock?: true;
  readonly notes?: StepNotes;
};

/** What a source pushes into the session log. */
export type WireEvent =
  | (Origin & {
      readonly type: 'message';
      /** Null when the source cannot tell (a bare transcript line): the log infers it. */
      readonly direction: Direction | null;
      readonly message: unknown;
      /**
       * The HTTP request headers the message was POSTed with (lower-case names), when the source
       * saw them: the referee checks them against the body (streamable-http › Server Validation).
       */
      readonly headers?: HttpHeaders;
    })
  | (Origin & {
      readonly type: 'unreadable';
      readonly direction?: Direction;
      /** Why it is not a message, in one line (JSON.parse's reason, not UTF-8, too long…). */
      readonly problem: string;
      /** The same in Simplified Chinese (JSON.parse's own words stay as they are). */
      readonly problemZh?: string | undefined;
      /**
       * What was read of it, to keep in a transcript: the line's text as written, or a batch's
       * array; absent (undefined) when nothing was kept.
       */
      readonly raw?: unknown;
    })
  | (Origin & { readonly type: 'close'; readonly by: Side })
  /**
   * The client closed the HTTP response stream of its request `id` before the answer came (a
   * Streamable HTTP source only: stdio has no per-request stream).
   */
  | (Origin & { readonly type: 'abandon'; readonly id: RequestId });

/** What an `abandon` step did to the request whose stream the client closed. */
export type Abandoned = {
  readonly id: RequestId;
  /** The request's method, when it was waiting for its answer (else null: nothing in flight). */
  readonly method: string | null;
  /**
   * Whether the close cancelled it: in 2026-07-28 it does (basic/patterns/cancellation ›
   * Transport-Specific Cancellation); in the handshake era it does not, and the request still waits.
   */
  readonly cancelled: boolean;
};

/**
 * One event of a session and everything the referee decided about it: the only record of "an
 * envelope and its verdict". Every observer — the trace report, the screens, the handouts, the live
 * view, the grader's checks — reads these and nothing else.
 */
export type Step = {
  /** 0-based position in the session log. */
  readonly index: number;
  readonly kind: 'message' | 'unreadable' | 'close' | 'abandon';
  /** Who sent it; for a close, who closed (`client->server`: the client). */
  readonly direction: Direction;
  /** The message as sent on the wire (a `message` step), else null. */
  readonly message: unknown;
  /** The HTTP request headers it was sent with, when its source knew them, else null. */
  readonly headers: HttpHeaders | null;
  /**
   * Its place in the JSON-RPC batch it came in (a line or a POST body holding an array, read as
   * messages in 2025-03-26 only), else null. The messages of one batch share their line.
   */
  readonly batch: BatchPosition | null;
  /** The referee's verdict on the message (a `message` step), else null. */
  readonly verdict: StepReport | null;
  /** Why an `unreadable` step could not be read, else null. */
  readonly problem: string | null;
  /** The same in Simplified Chinese, when its source said it (else the English is shown). */
  readonly problemZh: string | null;
  /**
   * What an `unreadable` step's line held: its text as written (a line that is just `null` held
   * "null"), or a batch's array. Undefined when nothing was kept (a line over the length limit, a
   * message nested past the depth limit) and for every other kind of step.
   */
  readonly raw: unknown;
  readonly closedBy: Side | null;
  /** For an `abandon` step: the request whose response stream the client closed, else null. */
  readonly abandoned: Abandoned | null;
  /** Each side's lifecycle phase after this step. */
  readonly phases: SidePhases;
  /** What the session has fixed after this step: version, declarations, pending requests. */
  readonly session: SessionView;
  /** The tool names the latest tools/list result named (null before one). */
  readonly tools: readonly string[] | null;
  readonly line: number | null;
  /** Milliseconds since the session started: the lesson's virtual clock, or the wire's. */
  readonly t: number;
  /** Whether `t` was read off a clock (a transcript's `t_ms`, a live transport's): a time to show. */
  readonly timed: boolean;
  readonly notes: StepNotes | null;
};

/** A step whose message the referee could read as JSON-RPC (not `invalid`). */
export function isEnvelopeStep(step: Step): step is Step & { readonly verdict: StepReport } {
  return step.kind === 'message' && step.verdict !== null && step.verdict.kind !== 'invalid';
}

/** "ping #3", "notifications/progress": how a step names its message. */
export function stepName(step: Step): string {
  const v = step.verdict;
  if (!v) return step.kind;
  const id: RequestId | null = v.id;
  return `${v.method ?? v.kind}${id !== null ? ` #${idText(id)}` : ''}`;
}

/**
 * Why a step is not a readable message, in one line, or null when it is one (or a close): the
 * problem a transcript reader reports with the line's number.
 */
export function stepProblem(step: Step, lang: 'en' | 'zh' = 'en'): string | null {
  if (step.kind === 'unreadable') {
    return (lang === 'zh' ? (step.problemZh ?? step.problem) : step.problem) ?? '';
  }
  const envelope = step.verdict?.envelope;
  if (step.kind !== 'message' || !envelope || envelope.kind !== 'invalid') return null;
  const problem = notJsonRpc(envelope.text, envelope.pointer, lang, envelope.mcpOnly);
  // A batch's messages share their line: say which one this is.
  if (!step.batch) return problem;
  const { index, size } = step.batch;
  return lang === 'zh'
    ? `${problem}（批量消息 ${size} 条中的第 ${index + 1} 条）`
    : `${problem} (message ${index + 1} of the batch of ${size})`;
}

/**
 * A step that is not a readable message as a transcript reader reports it: its line and its
 * reason in both languages (the screens, `trace` and `play` all report it so), or null.
 */
export function traceProblemOf(step: Step): TraceProblem | null {
  const message = stepProblem(step, 'en');
  if (message === null) return null;
  return {
    line: step.line ?? step.index + 1,
    message,
    messageZh: stepProblem(step, 'zh') ?? message,
  };
}

/**
 * What an `abandon` step means, in one or two sentences: whether the closed stream cancelled its
 * request, and by which revision's rule. Every observer (the screens, handouts, `trace`) says it
 * with these words, or null for any other step.
 */
export function abandonNote(step: Step): Bilingual | null {
  const a = step.abandoned;
  if (step.kind !== 'abandon' || a === null) return null;
  return abandonText(a);
}

/** The request a closed stream named, as the screens name a request: `tools/call #6`, or `#6`. */
export function abandonedRequest(a: Abandoned): string {
  return a.method === null ? `#${idText(a.id)}` : `${a.method} #${idText(a.id)}`;
}

/** What closing the stream did to the request it named (the words of `abandonNote`). */
export function abandonText(a: Abandoned): Bilingual {
  const id = idText(a.id);
  if (a.method === null) {
    return {
      en: `The client closed a response stream, but no request #${id} of its is in flight: nothing is cancelled.`,
      zh: `客户端关闭了一个响应流，但它没有正在进行的请求 #${id}：没有请求被取消。`,
    };
  }
  const what = abandonedRequest(a);
  if (a.cancelled) {
    return {
      en: `The client closed the response stream of ${what}. In 2026-07-28 that is the cancellation (basic/patterns/cancellation › Transport-Specific Cancellation): no notifications/cancelled is sent; the server should stop work on it and must send nothing more for it.`,
      zh: `客户端关闭了 ${what} 的响应流。在 2026-07-28 中这就是取消（basic/patterns/cancellation › Transport-Specific Cancellation）：不发送 notifications/cancelled；服务器应当停止处理，且不得再为它发送任何消息。`,
    };
  }
  return {
    en: `The client closed the response stream of ${what}. In the handshake era that is not a cancellation (2025-11-25 basic/transports › Sending Messages to the Server): the request still waits for its answer, and a client that means to cancel sends notifications/cancelled.`,
    zh: `客户端关闭了 ${what} 的响应流。在旧时代这不是取消（2025-11-25 basic/transports › Sending Messages to the Server）：请求仍在等待回应；要取消，客户端应发送 notifications/cancelled。`,
  };
}

/** Text that JSON.parse refused, with its reason (JSON.parse's own words, in either language). */
export const notJson = (why: string) => ({
  en: `not valid JSON (${why})`,
  zh: `不是有效的 JSON（${why}）`,
});

/** A line holding a JSON array: a batch, which no revision since 2025-06-18 has. */
export const BATCH_PROBLEM = {
  en: 'a batch (JSON-RPC batches were removed in 2025-06-18)',
  zh: '批量消息（JSON-RPC 批量消息在 2025-06-18 中已被移除）',
} as const;

/**
 * Why a JSON array (a batch) is not read as messages in a session of `revision` (the negotiated
 * version, or the one initialize offered; null when none is known yet), or null when it is read:
 * 2025-03-26 implementations MUST accept batches (basic/index › Batching); 2024-11-05 had none and
 * 2025-06-18 removed them, so a peer of any other revision cannot read the line at all.
 */
export function batchProblem(
  revision: string | null,
  size: number,
): { readonly en: string; readonly zh: string } | null {
  if (size === 0) {
    return {
      en: 'an empty batch (JSON-RPC 2.0 › Batch: an empty array is an invalid request)',
      zh: '空的批量消息（JSON-RPC 2.0 › Batch：空数组是无效请求）',
    };
  }
  if (revision === BATCH_REVISION) return null;
  if (revision === null) {
    return {
      en: 'a batch before any revision is agreed (only 2025-03-26 has JSON-RPC batches, and initialize may not be in one)',
      zh: '在商定任何版本之前发送的批量消息（只有 2025-03-26 有 JSON-RPC 批量消息，而且 initialize 不能放在其中）',
    };
  }
  if (revision < BATCH_REVISION) {
    return {
      en: `a batch (JSON-RPC batches came in 2025-03-26; this session's revision ${revision} has none)`,
      zh: `批量消息（JSON-RPC 批量消息从 2025-03-26 才有；本会话的版本 ${revision} 没有）`,
    };
  }
  return BATCH_PROBLEM;
}

/**
 * "not a JSON-RPC message: <why> (at <pointer>)" in `lang`; "not a valid MCP message" for what
 * JSON-RPC 2.0 allows and MCP forbids (`mcpOnly`: a null id, an id on a notification…).
 */
export function notJsonRpc(
  text: { readonly en: string; readonly zh: string },
  pointer: string | null | undefined,
  lang: 'en' | 'zh',
  mcpOnly?: boolean,
): string {
  if (lang === 'zh') {
    const what = mcpOnly ? '不是有效的 MCP 消息' : '不是 JSON-RPC 消息';
    return `${what}：${text.zh}${pointer ? `（位置 ${pointer}）` : ''}`;
  }
  const what = mcpOnly ? 'not a valid MCP message' : 'not a JSON-RPC message';
  return `${what}: ${text.en}${pointer ? ` (at ${pointer})` : ''}`;
}
