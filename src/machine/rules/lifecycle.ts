import { isKnownVersion, isStatelessVersion } from '../../protocol/index.js';
import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { answersInitialize, calledMethod } from '../facts.js';
import { type RuleRow, show } from './rule.js';

/** Before the handshake, only these may travel, besides ping: the server's logging, and utilities. */
const EARLY_SERVER_NOTIFICATIONS = new Set([
  'notifications/message',
  'notifications/progress',
  'notifications/cancelled',
]);

/** Progress and cancellation can concern a request that may precede initialize (ping). */
const UTILITY_NOTIFICATIONS = new Set(['notifications/progress', 'notifications/cancelled']);

/** A request the handshake's timing applies to: any but initialize itself and ping. */
function timedRequest(msg: ModelMessage): boolean {
  return (
    msg.envelope.kind === 'request' && msg.type !== 'client.initialize' && msg.method !== 'ping'
  );
}

/** Has a successful initialize, or one still waiting for its answer, opened the handshake? */
function handshakeOpened(ctx: SessionContext): boolean {
  const status = ctx.handshake.initialize;
  return status === 'sent' || status === 'succeeded';
}

/** Lifecycle: initialize first, initialized next, then operation; nothing after shutdown. */
export const LIFECYCLE_RULES = [
  {
    id: 'initialize-not-first',
    severity: 'error',
    spec: '2025-11-25/basic/lifecycle › Initialization',
    specNote: { en: 'must be the first interaction', zh: 'initialize 必须是第一次交互' },
    title: { en: 'Message before initialize', zh: '在 initialize 之前发送了消息' },
    check: (ctx, msg) => {
      const method = calledMethod(msg);
      if (method === null) return null;
      if (msg.envelope.kind === 'request') {
        // An initialize the server sent is wrong-direction's to judge, not a message before one.
        if (msg.method === 'initialize' || handshakeOpened(ctx)) return null;
        // Ping may wait for initialize's answer (› Initialization: "other than pings before the
        // server has responded"), but the initialize comes first: "The initialization phase MUST
        // be the first interaction".
        if (msg.method === 'ping' && ctx.handshake.initialize !== 'none') return null;
        // A client's first word, without the 2026-07-28 envelope (which would have opened the
        // modern era): the peer it meets decides which fault it is, so both are named.
        if (msg.type === 'client.request' && ctx.handshake.initialize === 'none') {
          return {
            en: `"${method}" before any successful initialize; in the handshake era (2025-11-25 and before) the handshake must come first. A 2026-07-28 server has no handshake: it wants this request's own _meta envelope (protocolVersion, clientCapabilities) instead, and answers -32602 without it`,
            zh: `在成功的 initialize 之前发送了 "${method}"；在旧时代（2025-11-25 及更早）握手必须最先进行。2026-07-28 的服务器没有握手：它要的是这个请求自己的 _meta 信封（protocolVersion、clientCapabilities），缺少时以 -32602 回应`,
          };
        }
        return {
          en: `"${method}" before any successful initialize; the handshake must come first`,
          zh: `在成功的 initialize 之前发送了 "${method}"；握手必须最先进行`,
        };
      }
      // notifications/initialized has its own rule (initialized-before-result). After a failed
      // initialize nothing was negotiated: a notification is as early as a request (above).
      if (
        handshakeOpened(ctx) ||
        UTILITY_NOTIFICATIONS.has(method) ||
        method === 'notifications/initialized'
      ) {
        return null;
      }
      if (ctx.handshake.initialize === 'failed') {
        return {
          en: `"${method}" before any successful initialize: the server refused the last one, so nothing was negotiated yet; the handshake must come first`,
          zh: `在成功的 initialize 之前发送了 "${method}"：服务器拒绝了上一次 initialize，双方还没有协商任何内容；握手必须最先进行`,
        };
      }
      return {
        en: `"${method}" before initialize; the handshake must come first`,
        zh: `在 initialize 之前发送了 "${method}"；握手必须最先进行`,
      };
    },
  },
  {
    id: 'request-before-initialized',
    severity: 'warning',
    spec: '2025-11-25/basic/lifecycle › Initialization',
    specNote: {
      en: 'no requests other than pings (and the server’s logging) before it completes',
      zh: '初始化完成之前，不发送 ping（以及服务器的日志）以外的请求',
    },
    title: { en: 'Request before the handshake completed', zh: '握手完成前发送了请求' },
    check: (ctx, msg) => {
      // Before any initialize it is initialize-not-first instead.
      if (!timedRequest(msg) || !handshakeOpened(ctx)) return null;
      if (msg.sender === 'client') {
        if (ctx.handshake.initialize !== 'sent') return null;
        return {
          en: `the client sent "${msg.method}" before the server answered initialize; until then the client should send no requests other than pings`,
          zh: `服务器回应 initialize 之前客户端就发送了 "${msg.method}"；在此之前客户端不应发送 ping 以外的请求`,
        };
      }
      if (ctx.handshake.initializedSent) return null;
      return {
        en: `the server sent "${msg.method}" before notifications/initialized; until then the server should send no requests other than pings (and logging)`,
        zh: `服务器在收到 notifications/initialized 之前发送了 "${msg.method}"；在此之前服务器不应发送 ping（以及日志）以外的请求`,
      };
    },
  },
  {
    id: 'notification-before-initialized',
    severity: 'warning',
    spec: '2025-11-25/basic/lifecycle › Initialization',
    specNote: {
      en: 'no requests other than pings and logging before it completes, read as covering notifications',
      zh: '初始化完成之前，不发送 ping 和日志以外的请求（理解为也包括通知）',
    },
    title: { en: 'Notification before the handshake completed', zh: '握手完成前发送了通知' },
    check: (ctx, msg) => {
      const method = calledMethod(msg);
      if (
        msg.envelope.kind !== 'notification' ||
        method === null ||
        msg.sender !== 'server' ||
        method === 'notifications/initialized' ||
        EARLY_SERVER_NOTIFICATIONS.has(method) ||
        ctx.handshake.initializedSent ||
        // Before any initialize it is initialize-not-first instead.
        ctx.handshake.initialize === 'none'
      ) {
        return null;
      }
      // The sentence's letter is "requests other than pings and logging", and logging is a
      // notification: the referee reads it as covering notifications too, and says so.
      return {
        en: `the server sent "${method}" before notifications/initialized; until then the server should send no requests other than pings and logging, and since logging is a notification the referee reads that as covering notifications too`,
        zh: `服务器在收到 notifications/initialized 之前发送了 "${method}"；在此之前服务器不应发送 ping 和日志以外的请求，而日志本身是通知，所以裁判把这句话理解为也包括通知`,
      };
    },
  },
  {
    id: 'duplicate-initialize',
    severity: 'warning',
    // No sentence forbids a second initialize; capabilities "establish which optional protocol
    // features will be available during the session" (› Capability Negotiation), so a peer will
    // likely refuse it: a warning the rules doc lists among those that break no keyword.
    spec: '2025-11-25/basic/lifecycle › Capability Negotiation',
    specNote: {
      en: 'capabilities establish what is available during the session',
      zh: '能力决定了整个会话中可以使用哪些功能',
    },
    title: { en: 'A second initialize', zh: '重复的 initialize' },
    check: (ctx, msg) =>
      msg.type === 'client.initialize' && handshakeOpened(ctx)
        ? {
            en: 'initialize was already sent; the first one set the version and the capabilities of the session, and a peer will likely refuse a second',
            zh: '已经发送过 initialize；第一次已经确定了会话的版本和能力，对方很可能拒绝第二次',
          }
        : null,
  },
  {
    id: 'initialize-in-batch',
    severity: 'error',
    spec: '2025-03-26/basic/lifecycle › Initialization',
    specNote: {
      en: 'the initialization request MUST NOT be part of a JSON-RPC batch',
      zh: '初始化请求不得放在 JSON-RPC 批量消息中',
    },
    title: { en: 'initialize inside a batch', zh: 'initialize 放在了批量消息中' },
    check: (_ctx, msg) =>
      msg.type === 'client.initialize' && msg.batch
        ? {
            en: `initialize is message ${msg.batch.index + 1} of a batch of ${msg.batch.size}. 2025-03-26 lets a batch carry requests and notifications, but never the initialize request: nothing else may happen before the handshake, and a server of a revision without batches (2024-11-05) must still be able to read it. Send initialize on its own line`,
            zh: `initialize 是一个批量消息（共 ${msg.batch.size} 条）中的第 ${msg.batch.index + 1} 条。2025-03-26 允许批量消息携带请求和通知，但初始化请求除外：握手之前不能发生任何别的事，而且没有批量消息的版本（2024-11-05）的服务器也必须能读懂它。请把 initialize 单独放在一行发送`,
          }
        : null,
  },
  {
    id: 'initialized-before-result',
    severity: 'error',
    spec: '2025-11-25/basic/lifecycle › Initialization',
    specNote: {
      en: 'initialized follows a successful initialize',
      zh: 'initialized 在 initialize 成功之后才发送',
    },
    title: { en: 'initialized sent too early', zh: 'initialized 发送过早' },
    check: (ctx, msg) =>
      msg.type === 'client.initialized' && ctx.handshake.initialize !== 'succeeded'
        ? {
            en: 'notifications/initialized before a successful initialize result',
            zh: '在收到成功的 initialize 结果之前发送了 notifications/initialized',
          }
        : null,
  },
  {
    id: 'initialized-not-sent',
    severity: 'error',
    spec: '2025-11-25/basic/lifecycle › Initialization',
    // "After successful initialization, the client MUST send an initialized notification to
    // indicate it is ready to begin normal operations": a request before it begins them unannounced,
    // whether or not the notification follows later (the lifecycle's diagram puts it first).
    specNote: {
      en: 'the client MUST send notifications/initialized to say it is ready for normal operations',
      zh: '客户端必须发送 notifications/initialized，表示它已准备好开始正常操作',
    },
    title: {
      en: 'Request before notifications/initialized',
      zh: '在 notifications/initialized 之前发出请求',
    },
    check: (ctx, msg) =>
      timedRequest(msg) &&
      msg.sender === 'client' &&
      ctx.handshake.initialize === 'succeeded' &&
      !ctx.handshake.initializedSent
        ? {
            en: `the client sent "${msg.method}" without first sending notifications/initialized`,
            zh: `客户端没有先发送 notifications/initialized 就发送了 "${msg.method}"`,
          }
        : null,
  },
  {
    id: 'unsupported-version',
    severity: 'error',
    spec: '2025-11-25/basic/lifecycle › Version Negotiation',
    title: { en: 'Unsupported protocol version', zh: '不支持的协议版本' },
    check: (ctx, msg) => {
      if (msg.envelope.kind !== 'response' || !answersInitialize(ctx, msg)) return null;
      const answered = msg.envelope.result.protocolVersion;
      if (typeof answered !== 'string') return null;
      if (isStatelessVersion(answered)) {
        return {
          pointer: '/result/protocolVersion',
          en: `${answered} has no initialize handshake; a server cannot negotiate it here`,
          zh: `${answered} 没有 initialize 握手；服务器不能在这里协商它`,
        };
      }
      // A counter-offer of another version the spec knows is normal negotiation.
      if (isKnownVersion(answered) || answered === ctx.handshake.offeredVersion) return null;
      return {
        pointer: '/result/protocolVersion',
        en: `the server answered ${show(answered)}, which the client did not offer and no MCP revision has`,
        zh: `服务器回复了 ${show(answered)}，客户端没有提出过，MCP 也没有这个版本`,
      };
    },
  },
  {
    id: 'message-after-shutdown',
    severity: 'error',
    spec: '2025-11-25/basic/lifecycle › Shutdown',
    // 2026-07-28 has no lifecycle page; shutdown is the stdio binding's (closing the streams).
    modern: { spec: '2026-07-28/basic/transports/stdio › Shutdown' },
    title: { en: 'Message after the connection closed', zh: '连接关闭后仍有消息' },
    check: (ctx) =>
      ctx.closed || ctx.phase === 'shutdown'
        ? {
            en: 'the transport was already closed; nothing can be sent after shutdown',
            zh: '传输已经关闭；关闭之后不能再发送任何消息',
          }
        : null,
  },
] as const satisfies readonly RuleRow[];
