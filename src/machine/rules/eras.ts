import {
  CATALOGUE,
  isCatalogued,
  isHandshakeVersion,
  isStatelessVersion,
  type MethodEntry,
  versionAtLeast,
} from '../../protocol/index.js';
import { isObject } from '../../protocol/json.js';
import {
  CLIENT_CAPABILITIES_META,
  calledMethod,
  carriesModernEnvelope,
  extensionFate,
  extensionOfCall,
  PROTOCOL_VERSION_META,
} from '../facts.js';
import { metaKeysAt, type RuleRow } from './rule.js';

/**
 * The two eras on one connection (2026-07-28 basic/versioning › Backward Compatibility with
 * Initialization-Based Versions, and the transports' Backward Compatibility): the opening fixes
 * the era, and a revision's messages are those its schema has.
 */
export const ERA_RULES = [
  {
    id: 'era-mixed',
    // No sentence behind it has a MUST: the probe is a SHOULD (stdio › Backward Compatibility), and
    // its steps, "Do not fall back to initialize" among them, are how a client does what it
    // SHOULD do; a dual-era server MAY serve both eras on one connection (versioning). So every
    // case is a warning, which says what the peer will do with the message.
    severity: 'warning',
    spec: '2026-07-28/basic/transports/stdio › Backward Compatibility',
    specNote: {
      en: 'the probe’s answer selects the era; after a modern answer, do not fall back to initialize',
      zh: '探测的回应决定时代；得到现代的回应之后，不要退回 initialize',
    },
    title: { en: 'Two eras mixed on one connection', zh: '同一连接上混用了两个时代' },
    check: (ctx, msg) => {
      if (
        ctx.era === 'modern' &&
        (msg.type === 'client.initialize' || msg.type === 'client.initialized')
      ) {
        // After a modern answer to the probe, stdio › Backward Compatibility says "Do not fall
        // back to initialize"; without one, the connection only opened modern, and a dual-era
        // server "MAY serve both eras concurrently on the same endpoint or process" (versioning).
        // A -32022 to the probe that names only revisions with a handshake: initialize is the
        // way to the version it serves (basic/versioning › Protocol Version Negotiation: retry
        // with one of the supported versions). One naming only revisions the referee does not
        // know (a later modern one) offers no handshake: initialize is the fallback it forbids.
        const supported = ctx.discover?.supportedVersions;
        if (
          ctx.probe.status === 'modern' &&
          msg.type === 'client.initialize' &&
          supported?.some(isHandshakeVersion) &&
          !supported.some(isStatelessVersion)
        ) {
          return null;
        }
        if (ctx.probe.status === 'modern') {
          return {
            en: `"${msg.method}" after the server answered server/discover as a modern server: a dual-era client does not fall back to the handshake then ("Do not fall back to initialize"), and a modern-only server refuses it (2026-07-28 has no ${msg.method})`,
            zh: `服务器已按新时代回应了 server/discover，客户端之后却发送了 "${msg.method}"：这时双时代客户端不应退回握手（规范写明“不要退回 initialize”），只支持现代的服务器也会拒绝它（2026-07-28 没有 ${msg.method}）`,
          };
        }
        // No probe was answered: the Backward Compatibility steps (and their "Do not fall back")
        // are not in play; what is, is whether the server serves both eras (versioning).
        return {
          cite: {
            spec: '2026-07-28/basic/versioning › Backward Compatibility with Initialization-Based Versions',
            specNote: {
              en: 'a dual-era server MAY serve both eras on one endpoint; a modern-only server does not know initialize',
              zh: '双时代服务器可以（MAY）在同一端点上服务两个时代；只支持现代的服务器不认识 initialize',
            },
          },
          en: `"${msg.method}" in a session of the modern era (2026-07-28), which has no handshake: a modern-only server refuses it, and only a dual-era server that serves both eras on one connection (which it MAY) takes it up`,
          zh: `在新时代（2026-07-28）的会话中发送了 "${msg.method}"；2026-07-28 没有握手：只支持现代的服务器会拒绝它，只有在同一连接上同时服务两个时代的双时代服务器（规范允许这样做，MAY）才会接受`,
        };
      }
      if (ctx.era === 'modern' && ctx.probe.status === 'failed' && msg.type === 'client.request') {
        // Modern client × legacy server (basic/versioning › Compatibility Matrix): fails.
        return {
          en: `"${msg.method}" after the server answered server/discover with an error that is not a modern one, or a result that is no DiscoverResult: that is a legacy server, so a dual-era client falls back to initialize and a modern-only one stops with an error`,
          zh: `服务器对 server/discover 回了一个非现代的错误，或一个不是 DiscoverResult 的结果，客户端之后却发送了 "${msg.method}"：对方是旧时代服务器，双时代客户端应退回 initialize，只支持现代的客户端应报错停止`,
        };
      }
      if (ctx.era === 'legacy' && msg.type === 'client.request' && carriesModernEnvelope(msg)) {
        const meta = isObject(msg.params?._meta) ? msg.params._meta : {};
        const envelope = [PROTOCOL_VERSION_META, CLIENT_CAPABILITIES_META].filter((key) =>
          Object.hasOwn(meta, key),
        );
        return {
          pointer: metaKeysAt(msg.params, envelope),
          cite: {
            spec: '2026-07-28/basic/versioning › Backward Compatibility with Initialization-Based Versions',
            specNote: {
              en: 'a dual-era server MAY serve both eras on one endpoint; the era is the server’s, found once',
              zh: '双时代服务器可以（MAY）在同一端点上服务两个时代；时代是服务器的属性，只需判定一次',
            },
          },
          en: `"${msg.method}" carries the 2026-07-28 _meta envelope in a session opened with initialize; a legacy session ignores it, and a dual-era server serves the connection in the era it opened with`,
          zh: `"${msg.method}" 在以 initialize 开场的会话中带有 2026-07-28 的 _meta 信封；旧时代会话会忽略它，双时代服务器按开场时的时代服务整个连接`,
        };
      }
      return null;
    },
  },
  {
    id: 'method-removed',
    // The changelog removes these methods and says nothing more: no MUST forbids sending one, and
    // the receiver answers -32601 as for any method it does not know (unknown-method is a warning
    // too). What the learner must know is that it no longer works, and what replaces it.
    severity: 'warning',
    // notifications/elicitation/complete went in Minor changes (item 11), the rest in Major changes.
    spec: '2026-07-28/changelog › Major changes / Minor changes',
    specNote: {
      en: 'not a message of this revision: a request gets -32601, a notification is ignored',
      zh: '不是本版本的消息：请求会得到 -32601，通知会被忽略',
    },
    title: { en: 'Method removed in this revision', zh: '该方法在本版本中已被移除' },
    check: (ctx, msg) => {
      const method = calledMethod(msg);
      if (!isCatalogued(method)) return null;
      const entry: MethodEntry = CATALOGUE[method];
      const removedIn = entry.removedIn;
      if (removedIn === undefined || !versionAtLeast(ctx.ruleVersion, removedIn)) return null;
      // initialize and initialized in a modern session: era-mixed says why.
      if (msg.type === 'client.initialize' || msg.type === 'client.initialized') return null;
      // tasks/get and tasks/cancel left the core, but the tasks extension has its own of the same
      // names: a request that declares the extension calls those.
      if (ctx.era === 'modern' && extensionOfCall(msg) !== null) return null;
      // changelog › Major changes, item 6: tasks left the core for the tasks extension, which keeps
      // tasks/get and tasks/cancel (a request that declares it calls those) and drops tasks/result
      // and tasks/list. Only the core's are gone from the first two.
      const fate = extensionFate(method);
      const gone =
        fate?.fate === 'moved'
          ? {
              en: `"${method}" left the core protocol in ${removedIn}: it is a method of the ${fate.extension} extension now, which this request does not declare in clientCapabilities.extensions`,
              zh: `"${method}" 在 ${removedIn} 中离开了核心协议：它现在是 ${fate.extension} 扩展的方法，而这个请求没有在 clientCapabilities.extensions 中声明该扩展`,
            }
          : fate?.fate === 'dropped'
            ? {
                en: `"${method}" was removed in ${removedIn}, and the ${fate.extension} extension has no such method either`,
                zh: `"${method}" 在 ${removedIn} 中已被移除，${fate.extension} 扩展中也没有这个方法`,
              }
            : {
                en: `"${method}" was removed in ${removedIn}`,
                zh: `"${method}" 在 ${removedIn} 中已被移除`,
              };
      // A modern request that lacks its envelope too: which of the two a receiver reads first is
      // its own choice (mcp-sim's server reads the envelope first, SDK v2 the method), so the
      // code is not one to promise.
      if (
        msg.envelope.kind === 'request' &&
        ctx.era === 'modern' &&
        msg.type === 'client.request' &&
        !carriesModernEnvelope(msg)
      ) {
        return {
          en: `${gone.en}; the session follows ${ctx.ruleVersion}, so the receiver answers -32601, or -32602 if it reads the missing _meta envelope first (request-meta-missing)`,
          zh: `${gone.zh}；本会话使用 ${ctx.ruleVersion}，接收方会以 -32601 回应；如果它先检查缺失的 _meta 信封，则以 -32602 回应（见 request-meta-missing）`,
        };
      }
      // A server that has the extension MUST answer such a request -32021 (tasks extension ›
      // Protocol Errors; tasks-undeclared-not-refused); one without it knows no such method.
      if (msg.envelope.kind === 'request' && fate?.fate === 'moved') {
        return {
          en: `${gone.en}; a server without the extension answers -32601, and one that has it MUST answer -32021 (Missing Required Client Capability)`,
          zh: `${gone.zh}；没有该扩展的服务器会以 -32601 回应，有该扩展的服务器必须以 -32021（缺少必需的客户端能力）回应`,
        };
      }
      return msg.envelope.kind === 'request'
        ? {
            en: `${gone.en}; the session follows ${ctx.ruleVersion}, so the receiver answers -32601`,
            zh: `${gone.zh}；本会话使用 ${ctx.ruleVersion}，接收方会以 -32601 回应`,
          }
        : {
            en: `${gone.en}; the session follows ${ctx.ruleVersion}, so the receiver ignores it`,
            zh: `${gone.zh}；本会话使用 ${ctx.ruleVersion}，接收方会忽略它`,
          };
    },
  },
] as const satisfies readonly RuleRow[];
