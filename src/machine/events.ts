import {
  classify,
  type Direction,
  type Envelope,
  isProgressToken,
  type JsonObject,
  type ProgressToken,
  type RequestId,
  receiverOf,
  type Side,
  senderOf,
} from '../protocol/index.js';
import { isObject } from '../protocol/json.js';

/**
 * What one message is, to the model: its kind and the side that sent it, with the handshake's
 * own messages named apart so the lifecycle can say where they lead.
 */
export type MessageType =
  /** The client's initialize request: it opens the handshake (or repeats it). */
  | 'client.initialize'
  /** The client's notifications/initialized: it ends the handshake. */
  | 'client.initialized'
  | `${Side}.request`
  | `${Side}.notification`
  /** notifications/progress, from either side. */
  | `${Side}.progress`
  /** notifications/cancelled, from either side. */
  | `${Side}.cancelled`
  /** A response with a result. */
  | `${Side}.result`
  /** A response with an error. */
  | `${Side}.error`
  /** Not a valid JSON-RPC 2.0 message. */
  | `${Side}.invalid`;

export const MESSAGE_TYPES = [
  'client.initialize',
  'client.initialized',
  'client.request',
  'server.request',
  'client.notification',
  'server.notification',
  'client.progress',
  'server.progress',
  'client.cancelled',
  'server.cancelled',
  'client.result',
  'server.result',
  'client.error',
  'server.error',
  'client.invalid',
  'server.invalid',
] as const satisfies readonly MessageType[];

/** The fields of a classified message that every rule reads. */
type MessageFields = {
  readonly direction: Direction;
  readonly sender: Side;
  readonly receiver: Side;
  readonly envelope: Envelope;
  /** The method of a request or notification (of an invalid envelope, when it could be read). */
  readonly method: string | null;
  /** The id of a request or an answer (of an invalid envelope, when it could be read). */
  readonly id: RequestId | null;
  readonly params: JsonObject | undefined;
  /** `params._meta.progressToken`, when the message carries one. */
  readonly progressToken: ProgressToken | undefined;
  /**
   * The HTTP request headers the message travelled with (lower-case names), when its source knows
   * them: a message on stdio, or from a source that saw only bodies, has none.
   */
  readonly headers?: HttpHeaders;
  /** Its place in the JSON-RPC batch it came in (2025-03-26 only), when it came in one. */
  readonly batch?: BatchPosition;
  /**
   * When it crossed, in ms, when its source read a clock (a transcript's `t_ms`, a live transport)
   * or ran its peers on one (a lesson's virtual time): a rule about timing (task-poll-too-soon)
   * judges only such messages. The sandbox's turns are not a clock: its messages have none.
   */
  readonly at?: number;
};

/** HTTP request headers by lower-case name: what a Streamable HTTP POST carried beside its body. */
export type HttpHeaders = Readonly<Record<string, string>>;

/**
 * A message's place in the JSON-RPC batch (one line or one POST body holding an array) it came
 * in: 0-based `index` of `size`. Batches exist in 2025-03-26 only (basic/index › JSON-RPC
 * Batching): earlier revisions never had them, 2025-06-18 removed them.
 */
export type BatchPosition = { readonly index: number; readonly size: number };

/**
 * One message as the machine receives it: classified once, with the fields every rule reads. A
 * union over the types, so `assertEvent(event, 'client.initialize')` narrows.
 */
export type ModelMessage<T extends MessageType = MessageType> = T extends MessageType
  ? MessageFields & { readonly type: T }
  : never;

/** The transport closed: stdin closed, the process exited, the HTTP session was deleted. */
export type CloseEvent = { readonly type: 'close' };

/**
 * The client closed the HTTP response stream of its request `id` before the answer came: no
 * message, a transport event. In 2026-07-28 it is the cancellation (basic/patterns/cancellation ›
 * Transport-Specific Cancellation); in the handshake era it is not (2025-11-25
 * basic/transports › Streamable HTTP, Sending Messages to the Server).
 */
export type AbandonEvent = { readonly type: 'abandon'; readonly id: RequestId };

export type ModelEvent = ModelMessage | CloseEvent | AbandonEvent;

/** A raw message and the way it travelled, before classification. */
export type EnvelopeEvent = {
  readonly type: 'envelope';
  readonly direction: Direction;
  readonly message: unknown;
  /** The HTTP request headers it travelled with, when the source knows them. */
  readonly headers?: HttpHeaders;
  /** Its place in the batch it came in, when it came in one. */
  readonly batch?: BatchPosition;
  /** When it crossed (ms), when its source read a clock. */
  readonly at?: number;
};

function progressTokenOf(params: JsonObject | undefined): ProgressToken | undefined {
  const meta = params?._meta;
  if (!isObject(meta)) return undefined;
  const token = meta.progressToken;
  return isProgressToken(token) ? token : undefined;
}

function typeOf(envelope: Envelope, sender: Side): MessageType {
  switch (envelope.kind) {
    case 'request':
      return envelope.method === 'initialize' && sender === 'client'
        ? 'client.initialize'
        : `${sender}.request`;
    case 'notification':
      if (envelope.method === 'notifications/initialized' && sender === 'client') {
        return 'client.initialized';
      }
      if (envelope.method === 'notifications/progress') return `${sender}.progress`;
      if (envelope.method === 'notifications/cancelled') return `${sender}.cancelled`;
      return `${sender}.notification`;
    case 'response':
      return `${sender}.result`;
    case 'error':
      return `${sender}.error`;
    case 'invalid':
      return `${sender}.invalid`;
  }
}

/**
 * Classifies one message that travelled `direction`: the only place the model reads raw JSON.
 * Never throws: anything that is not a JSON-RPC 2.0 message is `<side>.invalid`.
 */
export function toModelEvent(
  direction: Direction,
  message: unknown,
  headers?: HttpHeaders,
  batch?: BatchPosition,
  at?: number,
): ModelMessage {
  const envelope = classify(message);
  const sender = senderOf(direction);
  const params =
    envelope.kind === 'request' || envelope.kind === 'notification' ? envelope.params : undefined;
  const msg = {
    type: typeOf(envelope, sender),
    direction,
    sender,
    receiver: receiverOf(direction),
    envelope,
    method:
      envelope.kind === 'request' || envelope.kind === 'notification'
        ? envelope.method
        : envelope.kind === 'invalid'
          ? (envelope.method ?? null)
          : null,
    id: 'id' in envelope && envelope.id !== undefined ? envelope.id : null,
    params,
    progressToken: envelope.kind === 'request' ? progressTokenOf(params) : undefined,
  };
  // Most messages travel without any: one literal for them, made once per message.
  if (!headers && !batch && at === undefined) return msg;
  return {
    ...msg,
    ...(headers ? { headers } : {}),
    ...(batch ? { batch } : {}),
    ...(at !== undefined ? { at } : {}),
  };
}
