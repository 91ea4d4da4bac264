import { ownTable } from '../protocol/json.js';
import type { Bilingual } from './lang.js';

/**
 * The log lines of `mcp-sim serve` (stderr, or the live view's header), in both languages. The
 * English lines are what tests and docs quote, so they stay as they are. Kept in both languages:
 * the `transport:` and `referee:` tags and `: ` after them and after a session id (the live view
 * keeps `…: referee: …` verdicts out of its header), and what is quoted from the wire (methods,
 * `client->server`, rule ids, HTTP status text, error codes, the SDK's and the system's errors).
 * A verdict's severity is said in the learner's language: `(error): …`, `（错误）：…`.
 */
export const SERVE_STRINGS = {
  listening: {
    en: 'listening on {url} (Streamable HTTP; {stop} stops)',
    zh: '正在监听 {url} （Streamable HTTP；按 {stop} 停止）',
  },
  cannotListen: {
    en: 'cannot listen on {host}:{port}: {error}',
    zh: '无法在 {host}:{port} 上监听：{error}',
  },
  sessionOpened: { en: 'session {id} opened', zh: '会话 {id} 已打开' },
  sessionClosed: { en: 'session {id} closed', zh: '会话 {id} 已关闭' },
  sessionExpired: {
    en: 'session {id}: no request for {idle}; the server ends it (its id now gets 404)',
    zh: '会话 {id}: {idle}内没有请求；服务器结束了这个会话（之后带这个 id 的请求得到 404）',
  },
  /** A line about one session: a referee verdict, a transport error. */
  sessionSays: { en: 'session {id}: {line}', zh: '会话 {id}: {line}' },
  couldNotSend: {
    en: 'session {id}: could not send: {error}',
    zh: '会话 {id}: 无法发送：{error}',
  },
  /** 2025-11-25 transports › Sending Messages to the Server, on a POST's stream closed early. */
  streamAbandoned: {
    en: 'session {id}: the client closed the stream of {request} before its answer; not a cancellation (2025-11-25 transports: a disconnection SHOULD NOT be taken as one; the client SHOULD send notifications/cancelled), so the work goes on, but what it sends has no stream to go on and is not sent',
    zh: '会话 {id}: 客户端在 {request} 的应答之前关闭了它的流；这不是取消（2025-11-25 transports：断开连接不应被视为取消；客户端应发送 notifications/cancelled），所以工作继续，但它发出的消息没有流可走，不会被发送',
  },
  /** The same, of a request the client had cancelled already: nothing was waiting on the stream. */
  streamClosedAfterCancel: {
    en: 'session {id}: the client closed the stream of {request}, which it had cancelled (notifications/cancelled) and which was no longer in flight: nothing changes',
    zh: '会话 {id}: 客户端关闭了 {request} 的流；它此前已取消该请求（notifications/cancelled），请求已不在进行中：没有任何变化',
  },
  /** 2026-07-28 basic/patterns/cancellation › Transport-Specific Cancellation, on a POST's stream closed early. */
  streamCancelled: {
    en: 'the client closed the stream of {request} before its answer: in 2026-07-28 that is its cancellation (basic/patterns/cancellation › Transport-Specific Cancellation: the server MUST treat it as one), so the work stops and nothing more is sent for it',
    zh: '客户端在 {request} 的应答之前关闭了它的流：在 2026-07-28 中这就是对它的取消（basic/patterns/cancellation › Transport-Specific Cancellation：服务器必须将其视为取消），所以工作停止，不再为它发送任何消息',
  },
  /** 2026-07-28 over HTTP: a POSTed notifications/cancelled whose id more than one open request has. */
  cancelAmbiguous: {
    en: "notifications/cancelled names request {id}, which {n} requests being answered have (different clients, no session to tell them apart): none is stopped, and no referee judges it (it could only guess whose it is, and each guess is wrong for the other); over HTTP a client cancels by closing its request's stream (2026-07-28 basic/patterns/cancellation › Transport-Specific Cancellation)",
    zh: 'notifications/cancelled 指向请求 {id}，而正在回应的请求中有 {n} 个用这个 id（来自不同的客户端，没有会话可以区分）：一个也不停止，也不交给任何裁判评判（它只能猜是谁的，而每种猜测对另一个都是错的）；在 HTTP 上，客户端通过关闭请求的流来取消（2026-07-28 basic/patterns/cancellation › Transport-Specific Cancellation）',
  },
  /** 2026-07-28 over HTTP: a request whose id a request still being answered has. */
  idShared: {
    en: 'request {id} has the id of the request of POST {m}, still being answered; with no session the server cannot tell one client reusing an id in flight (2026-07-28 basic/index › Requests: MUST NOT) from two clients that chose the same one, so it is judged on its own ({session})',
    zh: '请求 {id} 与 POST {m} 中仍在回应的请求 id 相同；没有会话时，服务器无法区分是同一个客户端重用了仍在进行中的 id（2026-07-28 basic/index › Requests：MUST NOT），还是两个客户端恰好选了同一个 id，所以单独评判它（{session}）',
  },
  batchAsideLost: {
    en: 'session {id}: {what} about {request} is not sent: that request came in a batch answered as one JSON body, and no GET stream is open to carry it',
    zh: '会话 {id}: 关于 {request} 的 {what} 没有发送：该请求来自一个以单个 JSON 正文回应的批量消息，而且没有打开的 GET 流可以承载它',
  },
  /** A message of the server's own (a list change, a resource update) with no GET stream to carry it. */
  asideLost: {
    en: 'session {id}: {what} is not sent: it belongs to no request, and no GET stream is open to carry it (2025-11-25 basic/transports › Listening for Messages from the Server)',
    zh: '会话 {id}: {what} 没有发送：它不属于任何请求，而且没有打开的 GET 流可以承载它（2025-11-25 basic/transports › Listening for Messages from the Server）',
  },
  /** Like batchAsideLost, for a request of the server's: the call that needed it is answered now. */
  batchAskLost: {
    en: "session {id}: {what} about {request} is not sent: that request came in a batch answered as one JSON body, and no GET stream is open to carry it; the server answers {request} now with an error result (isError) instead of waiting for an answer that cannot come (2025-03-26 basic/transports › Streamable HTTP: a POST answered with application/json has no stream for the server's own requests)",
    zh: '会话 {id}: 关于 {request} 的 {what} 没有发送：该请求来自一个以单个 JSON 正文回应的批量消息，而且没有打开的 GET 流可以承载它；服务器现在就以错误结果（isError）回应 {request}，而不是等待一个不可能到来的应答（2025-03-26 basic/transports › Streamable HTTP：以 application/json 回应的 POST 没有承载服务器自己请求的流）',
  },
  answerLost: {
    en: 'session {id}: {request} is finished; its answer is not sent: the client closed its stream, and this server keeps no events to resume it with',
    zh: '会话 {id}: {request} 已完成；它的应答没有发送：客户端关闭了它的流，而本服务器不保留可用于恢复该流的事件',
  },
  /** An HTTP request answered with an error before the SDK saw it; `reason` is a refusal below. */
  refused: {
    en: 'transport: {method} {path}: {status} {reason}',
    zh: 'transport: {method} {path}: {status} {reason}',
  },
  bodyNotJson: {
    en: 'transport: client->server: a body that is not JSON; answered -32700',
    zh: 'transport: client->server: 请求体不是 JSON；已回应 -32700',
  },
  bodyNotUtf8: {
    en: 'transport: client->server: a body that is not valid UTF-8 (MCP messages are UTF-8 text); answered -32700',
    zh: 'transport: client->server: 请求体不是有效的 UTF-8（MCP 消息是 UTF-8 文本）；已回应 -32700',
  },
  lineNotUtf8: {
    en: 'transport: client->server: a line that is not valid UTF-8 (MCP messages are UTF-8 text); answered -32700',
    zh: 'transport: client->server: 一行内容不是有效的 UTF-8（MCP 消息是 UTF-8 文本）；已回应 -32700',
  },
  bodyNotRequest: {
    en: 'transport: client->server: a body that is neither a request nor a notification; answered -32600',
    zh: 'transport: client->server: 请求体既不是请求也不是通知；已回应 -32600',
  },
  notificationOutside: {
    en: 'transport: client->server: {method}: a notification outside any session; accepted (202) and ignored',
    zh: 'transport: client->server: {method}: 不属于任何会话的通知；已接受（202）并忽略',
  },
  /** A line about one 2026-07-28 request over HTTP: it has no session, so it is named by its number. */
  modernSays: {
    en: 'modern POST {n}: {line}',
    zh: '现代 POST {n}: {line}',
  },
  unreadTranscriptIn: {
    en: 'bodies POSTed outside any session that are no message the server can take (one log for the run, in arrival order): transcript in {path}',
    zh: '在任何会话之外 POST 的、服务器无法作为消息接收的请求体（整个运行期间共用一份日志，按到达顺序）：记录保存在 {path}',
  },
  modernTranscriptIn: {
    en: '2026-07-28 requests (no session, each POST stands alone): transcript in {path}',
    zh: '2026-07-28 请求（没有会话，每个 POST 各自独立）：记录保存在 {path}',
  },
  traceTaken: {
    en: '--trace-file: {file} is being written by another mcp-sim serve (pid {pid}); this process records in {path}',
    zh: '--trace-file: 另一个 mcp-sim serve（pid {pid}）正在写 {file}；本进程记录在 {path}',
  },
  traceProbeOnly: {
    en: '--trace-file: this process answered only a server/discover probe (an SDK v2 client probes in a process of its own, then starts the session in another), so its transcript is in {path} and {file} is left to the session',
    zh: '--trace-file: 本进程只回应了一次 server/discover 探测（SDK v2 客户端先在单独的进程中探测，再在另一个进程中开始会话），所以它的记录保存在 {path}，{file} 留给会话',
  },
  lineNotJson: {
    en: 'transport: client->server: a line that is not JSON ({preview}); answered -32700',
    zh: 'transport: client->server: 一行内容不是 JSON（{preview}）；已回应 -32700',
  },
  lineTooDeep: {
    en: 'transport: client->server: a message nested deeper than {max} levels; not read, answered -32700',
    zh: 'transport: client->server: 一条消息嵌套超过 {max} 层；未读取，已回应 -32700',
  },
  bodyTooDeep: {
    en: 'transport: client->server: a body nested deeper than {max} levels; not read, answered -32700',
    zh: 'transport: client->server: 请求体嵌套超过 {max} 层；未读取，已回应 -32700',
  },
  lineBatch: {
    en: 'transport: client->server: a JSON-RPC batch (an array) this session cannot read: {problem}; answered -32600',
    zh: 'transport: client->server: 收到本会话无法读取的 JSON-RPC 批量消息（数组）：{problem}；已回应 -32600',
  },
  lineTooLong: {
    en: 'transport: client->server: a line of {bytes} bytes is too long to read; answered -32700',
    zh: 'transport: client->server: 一行有 {bytes} 字节，太长，无法读取；已回应 -32700',
  },
  /** An error of a stream or of the HTTP server, as the system says it. */
  transportError: { en: 'transport: {error}', zh: 'transport: {error}' },
  clientStoppedReading: {
    en: 'transport: the client closed its end of stdout (EPIPE) while the server was still writing; what it wrote from there on is lost, so the session ends',
    zh: 'transport: 服务器仍在写入时，客户端关闭了 stdout 的读取端（EPIPE）；此后写入的内容都已丢失，会话因此结束',
  },
  unsentOnSignal: {
    en: 'transport: stopped by a signal with {bytes} bytes the client never read still waiting on stdout; they are dropped so the server can exit',
    zh: 'transport: 收到信号而停止时，stdout 上还有 {bytes} 字节客户端一直没有读取；为了让服务器能够退出，这些内容被丢弃',
  },
  verdict: {
    en: 'referee: {direction} {what}: {rule} ({severity}): {message}',
    zh: 'referee: {direction} {what}: {rule}（{severity}）：{message}',
  },
  traceWriteFailed: {
    en: 'could not write the trace file: {error}',
    zh: '无法写入会话记录文件：{error}',
  },
  transcriptFailed: {
    en: 'could not write a transcript: {error}',
    zh: '无法写入一份会话记录：{error}',
  },
  tracesNumbered: {
    en: '--trace-file: the first session is recorded in {file}, later ones in {second}, {third}, …; bodies POSTed outside any session that are no message, if any, in {unread}',
    zh: '--trace-file: 第一个会话记录在 {file}，之后的依次记录在 {second}、{third}……；在任何会话之外 POST 的、不是消息的请求体（如有）记录在 {unread}',
  },
  transcriptIn: {
    en: 'session {id}: transcript in {path}',
    zh: '会话 {id}: 记录保存在 {path}',
  },
  cannotWrite: {
    en: 'session {id}: cannot write {path}: {error}',
    zh: '会话 {id}: 无法写入 {path}：{error}',
  },
  logDropped: {
    en: '({n} earlier log lines not kept)',
    zh: '（更早的 {n} 行日志没有保留）',
  },
  // Why an HTTP request was refused. The English is the error message sent on the wire.
  notFound: { en: 'Not found: the MCP endpoint is /mcp', zh: '未找到：MCP 端点是 /mcp' },
  badHost: { en: 'Forbidden: invalid Host header', zh: '禁止访问：Host 请求头无效' },
  badOrigin: { en: 'Forbidden: invalid Origin header', zh: '禁止访问：Origin 请求头无效' },
  noSession: { en: 'Session not found', zh: '会话不存在（已结束或从未打开）' },
  unsupportedVersionHeader: {
    en: 'Bad Request: Unsupported protocol version: {version} (supported: {supported})',
    zh: '错误请求：不支持的协议版本 {version}（支持：{supported}）',
  },
  noStreams: {
    en: 'Method Not Allowed: POST each message (2026-07-28 Streamable HTTP has no GET stream and no session to DELETE)',
    zh: '不允许的方法：每条消息都用 POST 发送（2026-07-28 的 Streamable HTTP 没有 GET 流，也没有可以 DELETE 的会话）',
  },
  noStreamsOldSse: {
    en: 'Method Not Allowed: not an HTTP+SSE endpoint (2024-11-05): a GET for text/event-stream with no Mcp-Session-Id is how a client of that old transport starts, and mcp-sim serve speaks only Streamable HTTP (2025-11-25 basic/transports › Backwards Compatibility); POST each message (2026-07-28 Streamable HTTP has no GET stream and no session to DELETE)',
    zh: '不允许的方法：这不是 HTTP+SSE（2024-11-05）端点：不带 Mcp-Session-Id、请求 text/event-stream 的 GET 是那种旧传输的客户端开始连接的方式，而 mcp-sim serve 只支持 Streamable HTTP（2025-11-25 basic/transports › Backwards Compatibility）；每条消息都用 POST 发送（2026-07-28 的 Streamable HTTP 没有 GET 流，也没有可以 DELETE 的会话）',
  },
  headerMissing: {
    en: 'Header mismatch: the {header} header is required',
    zh: '请求头不匹配：缺少 {header} 请求头',
  },
  headerMismatch: {
    en: "Header mismatch: {header} header value '{value}' does not match body value '{body}'",
    zh: "请求头不匹配：{header} 请求头的值 '{value}' 与请求体中的值 '{body}' 不一致",
  },
  headerUndecodable: {
    en: 'Header mismatch: the {header} header is not valid Base64-encoded UTF-8',
    zh: '请求头不匹配：{header} 请求头不是有效的 Base64 编码 UTF-8',
  },
  needsSessionId: {
    en: 'Bad Request: Mcp-Session-Id header required',
    zh: '错误请求：缺少 Mcp-Session-Id 请求头',
  },
  needsSessionIdOldSse: {
    en: 'Bad Request: not an HTTP+SSE endpoint (2024-11-05): a GET for text/event-stream with no Mcp-Session-Id is how a client of that old transport starts, and mcp-sim serve speaks only Streamable HTTP (2025-11-25 basic/transports › Backwards Compatibility); Mcp-Session-Id header required',
    zh: '错误请求：这不是 HTTP+SSE（2024-11-05）端点：不带 Mcp-Session-Id、请求 text/event-stream 的 GET 是那种旧传输的客户端开始连接的方式，而 mcp-sim serve 只支持 Streamable HTTP（2025-11-25 basic/transports › Backwards Compatibility）；缺少 Mcp-Session-Id 请求头',
  },
  initializeFirst: {
    en: 'Bad Request: Mcp-Session-Id header required (initialize first)',
    zh: '错误请求：缺少 Mcp-Session-Id 请求头（请先发送 initialize）',
  },
  tooLarge: { en: 'Request body too large', zh: '请求体太大' },
  notAcceptable: {
    en: 'Not Acceptable: the Accept header must list both application/json and text/event-stream (2026-07-28 Streamable HTTP › Sending Messages)',
    zh: '无法接受：Accept 头必须同时列出 application/json 和 text/event-stream（2026-07-28 Streamable HTTP › Sending Messages）',
  },
} as const satisfies Record<string, Bilingual>;

export type ServeStringKey = keyof typeof SERVE_STRINGS;

/**
 * The reasons the SDK's transport gives, in English only, when it refuses a POST itself (see
 * HttpSession.takeRefusal): the log says them in both languages; the wire keeps the SDK's English.
 */
const SDK_REFUSALS: Readonly<Record<string, string>> = ownTable({
  'Not Acceptable: Client must accept both application/json and text/event-stream':
    '无法接受：客户端必须同时接受 application/json 和 text/event-stream',
  'Unsupported Media Type: Content-Type must be application/json':
    '不支持的媒体类型：Content-Type 必须是 application/json',
});

/** A refusal of the SDK's transport in both languages (one it has not been taught: as it came). */
export function sdkRefusal(message: string): Bilingual {
  return {
    en: message,
    zh: Object.hasOwn(SDK_REFUSALS, message) ? (SDK_REFUSALS[message] ?? message) : message,
  };
}

/** A duration as the log says it, exactly: `30 min`, `90 s`, `60 ms`. */
export function durationText(ms: number): Bilingual {
  if (ms % 60_000 === 0) return { en: `${ms / 60_000} min`, zh: `${ms / 60_000} 分钟` };
  if (ms % 1000 === 0) return { en: `${ms / 1000} s`, zh: `${ms / 1000} 秒` };
  return { en: `${ms} ms`, zh: `${ms} 毫秒` };
}
