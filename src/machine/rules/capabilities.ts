import {
  CATALOGUE,
  type CapabilityPath,
  capabilitySide,
  existsIn,
  gateFor,
  hasCapability,
  isCatalogued,
  isObject,
  softGatesFor,
  versionAtLeast,
} from '../../protocol/index.js';
import type { SessionContext } from '../context.js';
import { calledMethod } from '../facts.js';
import { elicitationModeName } from './elicitation.js';
import { type Finding, type RuleRow, type Severity, sideZh } from './rule.js';

function ungranted(
  ctx: SessionContext,
  method: string,
  path: CapabilityPath,
  severity: Severity,
): Finding | null {
  const side = capabilitySide(path);
  // Until the initialize exchange has declared that side's capabilities there is nothing to check;
  // the lifecycle rules already flag a message sent that early. In 2026-07-28 the server's are
  // known once it answered server/discover (optional: before it, a client may call anything).
  if (ctx.capabilities[side] === null || hasCapability(ctx.capabilities, path)) return null;
  // 2026-07-28 server/utilities/logging › Capabilities: a server that emits log messages MUST
  // declare logging, here in its server/discover result (a MUST on the server itself, so an error).
  if (ctx.era === 'modern' && path === 'server.logging' && method === 'notifications/message')
    return {
      en: `the server sends "notifications/message" but did not declare logging in its server/discover result; a server that emits log messages MUST declare the logging capability`,
      zh: `服务器发送了 "notifications/message"，却没有在 server/discover 的结果中声明 logging；发出日志消息的服务器必须声明 logging 能力`,
      severity: 'error',
      cite: {
        spec: '2026-07-28/server/utilities/logging › Capabilities',
        specNote: {
          en: 'servers that emit log message notifications MUST declare the logging capability',
          zh: '发出日志消息通知的服务器必须声明 logging 能力',
        },
      },
    };
  if (ctx.era === 'modern')
    return {
      en: `"${method}" needs ${path}, which the server did not declare in its server/discover result; a client respects the capabilities the server declared`,
      zh: `"${method}" 需要 ${path}，但服务器在 server/discover 的结果中没有声明它；客户端应当遵守服务器声明的能力`,
      severity: 'warning',
    };
  // A client that declared elicitation but not this mode: client/elicitation › Capabilities says
  // it exactly (2025-11-25, where the modes arrived), more precisely than lifecycle › Operation.
  const declared = ctx.capabilities.client;
  if (
    (path === 'client.elicitation.url' || path === 'client.elicitation.form') &&
    isObject(declared) &&
    isObject(declared.elicitation)
  ) {
    const mode = elicitationModeName(path === 'client.elicitation.url' ? 'url' : 'form');
    return {
      en: `"${method}" asks in ${mode.en}, which the client's elicitation capability did not declare at initialize (${path}): servers MUST NOT send elicitation requests in a mode the client does not support`,
      zh: `"${method}" 使用${mode.zh}，但客户端在 initialize 时的 elicitation 能力没有声明这种模式（${path}）：服务器不得发送客户端不支持的模式的信息征询`,
      severity,
      cite: {
        spec: '2025-11-25/client/elicitation › Capabilities',
        specNote: {
          en: 'servers MUST NOT send elicitation requests with modes that are not supported by the client',
          zh: '服务器不得发送客户端不支持的模式的信息征询请求',
        },
      },
    };
  }
  return {
    en: `"${method}" needs ${path}, which the ${side} did not declare at initialize`,
    zh: `"${method}" 需要 ${path}，但${sideZh(side)}在 initialize 时没有声明它`,
    severity,
  };
}

/**
 * basic/lifecycle › Operation: "Respect the negotiated protocol version" and "Only use capabilities
 * that were successfully negotiated" were a SHOULD in 2024-11-05 and 2025-03-26, a MUST from
 * 2025-06-18 on.
 */
const operationSeverity = (ctx: SessionContext): Severity =>
  versionAtLeast(ctx.ruleVersion, '2025-06-18') ? 'error' : 'warning';

/** Negotiation: a message may use only what the negotiated revision and capabilities allow. */
export const CAPABILITY_RULES = [
  {
    id: 'method-not-in-version',
    severity: 'error',
    spec: '2025-11-25/basic/lifecycle › Operation',
    specNote: { en: 'respect the negotiated version', zh: '遵守协商好的版本' },
    title: { en: 'Method not in the negotiated version', zh: '协商的版本中没有该方法' },
    check: (ctx, msg) => {
      const method = calledMethod(msg);
      if (!isCatalogued(method) || existsIn(method, ctx.ruleVersion)) return null;
      return {
        en: `"${method}" arrived in ${CATALOGUE[method].since}; the session follows ${ctx.ruleVersion}`,
        zh: `"${method}" 从 ${CATALOGUE[method].since} 才有；本会话使用的是 ${ctx.ruleVersion}`,
        severity: operationSeverity(ctx),
      };
    },
  },
  {
    id: 'capability-not-negotiated',
    severity: 'error',
    spec: '2025-11-25/basic/lifecycle › Operation',
    specNote: { en: 'use only negotiated capabilities', zh: '只使用协商好的能力' },
    // 2026-07-28 has no handshake: the server declares its capabilities in its server/discover
    // result, and a client that asked respects them. "Both parties must respect declared
    // capabilities" (lower case there; server/prompts › Implementation Considerations says
    // SHOULD), so a warning in a modern session.
    modern: {
      spec: '2026-07-28/architecture/index › Capability Negotiation',
      specNote: {
        en: 'both parties must respect declared capabilities (lower case, not a keyword; server/prompts › Implementation Considerations says SHOULD): a warning',
        zh: '双方都要遵守声明的能力（此处为小写 must，并非规范关键词；server/prompts › Implementation Considerations 用的是 SHOULD）：警告',
      },
    },
    title: { en: 'Capability was not negotiated', zh: '未协商该能力' },
    check: (ctx, msg) => {
      const method = calledMethod(msg);
      // A method the negotiated revision does not have cannot have been negotiated either:
      // method-not-in-version says it, rather than a second violation about a capability that
      // did not exist yet.
      if (!isCatalogued(method) || !existsIn(method, ctx.ruleVersion)) return null;
      // A modern server's other notifications travel on listen streams, judged by what the
      // client's filter asked for (subscriptions.ts).
      if (ctx.era === 'modern' && msg.sender === 'server' && method !== 'notifications/message')
        return null;
      const severity = operationSeverity(ctx);
      const gate = gateFor(method, msg.direction, msg.params, ctx.ruleVersion);
      const found: Finding[] = [];
      for (const path of gate.requires) {
        const finding = ungranted(ctx, method, path, severity);
        if (finding) found.push(finding);
      }
      for (const path of softGatesFor(method, msg.params)) {
        const finding = ungranted(ctx, method, path, 'warning');
        if (finding) found.push(finding);
      }
      return found;
    },
  },
] as const satisfies readonly RuleRow[];
