import type { Lang } from '../i18n/lang.js';
import type { Bilingual } from '../protocol/index.js';

export type Severity = 'error' | 'warning';

export type RuleDefinition = {
  /** `error` breaks a MUST; `warning` breaks a SHOULD. */
  readonly severity: Severity;
  /**
   * Spec page (path under docs/specification/<version>/) and section: an identifier, the same in
   * every language.
   */
  readonly spec: string;
  /** What the section asks for here, when its name alone does not say it. */
  readonly specNote?: Bilingual;
  readonly title: Bilingual;
};

/**
 * Every rule the referee enforces, by stable kebab-case id. The same words appear in the UI, the
 * tracer and the grader.
 */
export const RULES = {
  'invalid-envelope': {
    severity: 'error',
    spec: 'basic/index › Messages',
    title: { en: 'Not a valid JSON-RPC 2.0 message', zh: '不是有效的 JSON-RPC 2.0 消息' },
  },
  'invalid-params': {
    severity: 'error',
    spec: 'schema.ts',
    specNote: {
      en: 'the method’s Request/Notification type',
      zh: '该方法的 Request/Notification 类型',
    },
    title: { en: 'Params do not match the schema', zh: '参数不符合协议模式' },
  },
  'invalid-result': {
    severity: 'error',
    spec: 'schema.ts',
    specNote: { en: 'the method’s Result type', zh: '该方法的 Result 类型' },
    title: { en: 'Result does not match the schema', zh: '结果不符合协议模式' },
  },
  'unknown-method': {
    severity: 'warning',
    spec: 'basic/index › Messages',
    specNote: { en: 'the receiver answers -32601', zh: '接收方以 -32601 回应' },
    title: { en: 'Method not in the protocol', zh: '协议中没有该方法' },
  },
  'wrong-direction': {
    severity: 'error',
    spec: 'schema.ts › ClientRequest / ServerRequest / ClientNotification / ServerNotification',
    title: { en: 'Sent by the wrong side', zh: '由错误的一方发送' },
  },
  'method-not-in-version': {
    severity: 'error',
    spec: 'basic/lifecycle › Operation',
    specNote: { en: 'respect the negotiated version', zh: '遵守协商好的版本' },
    title: { en: 'Method not in the negotiated version', zh: '协商的版本中没有该方法' },
  },
  'capability-not-negotiated': {
    severity: 'error',
    spec: 'basic/lifecycle › Operation',
    specNote: { en: 'use only negotiated capabilities', zh: '只使用协商好的能力' },
    title: { en: 'Capability was not negotiated', zh: '未协商该能力' },
  },
  'initialize-not-first': {
    severity: 'error',
    spec: 'basic/lifecycle › Initialization',
    specNote: { en: 'must be the first interaction', zh: 'initialize 必须是第一次交互' },
    title: { en: 'Message before initialize', zh: '在 initialize 之前发送了消息' },
  },
  'request-before-initialized': {
    severity: 'warning',
    spec: 'basic/lifecycle › Initialization',
    specNote: {
      en: 'only ping, and logging from the server, before it completes',
      zh: '初始化完成之前，只能发送 ping 以及服务器的日志消息',
    },
    title: { en: 'Request before the handshake completed', zh: '握手完成前发送了请求' },
  },
  'notification-before-initialized': {
    severity: 'warning',
    spec: 'basic/lifecycle › Initialization',
    specNote: {
      en: 'only ping, and logging from the server, before it completes',
      zh: '初始化完成之前，只能发送 ping 以及服务器的日志消息',
    },
    title: { en: 'Notification before the handshake completed', zh: '握手完成前发送了通知' },
  },
  'duplicate-initialize': {
    severity: 'warning',
    spec: 'basic/lifecycle › Initialization',
    specNote: {
      en: 'version and capabilities are fixed for the session',
      zh: '版本和能力在整个会话中保持不变',
    },
    title: { en: 'A second initialize', zh: '重复的 initialize' },
  },
  'initialized-before-result': {
    severity: 'error',
    spec: 'basic/lifecycle › Initialization',
    specNote: {
      en: 'initialized follows a successful initialize',
      zh: 'initialized 在 initialize 成功之后才发送',
    },
    title: { en: 'initialized sent too early', zh: 'initialized 发送过早' },
  },
  'initialized-not-sent': {
    severity: 'error',
    spec: 'basic/lifecycle › Initialization',
    specNote: {
      en: 'the client MUST send notifications/initialized',
      zh: '客户端必须发送 notifications/initialized',
    },
    title: { en: 'notifications/initialized never sent', zh: '没有发送 notifications/initialized' },
  },
  'unsupported-version': {
    severity: 'error',
    spec: 'basic/lifecycle › Version Negotiation',
    title: { en: 'Unsupported protocol version', zh: '不支持的协议版本' },
  },
  'duplicate-request-id': {
    severity: 'error',
    spec: 'basic/index › Requests',
    specNote: { en: 'an id MUST NOT be reused in a session', zh: '同一会话中不得重复使用 id' },
    title: { en: 'Request id reused', zh: '请求 id 被重复使用' },
  },
  'response-without-request': {
    severity: 'error',
    spec: 'basic/index › Responses',
    specNote: { en: 'the id MUST match a request', zh: 'id 必须与某个请求对应' },
    title: { en: 'Response to no pending request', zh: '响应没有对应的待处理请求' },
  },
  'duplicate-response': {
    severity: 'error',
    spec: 'basic/index › Responses',
    specNote: { en: 'each request gets exactly one response', zh: '每个请求恰好得到一个响应' },
    title: { en: 'Request answered twice', zh: '同一请求被回应了两次' },
  },
  'response-after-cancellation': {
    severity: 'warning',
    spec: 'basic/utilities/cancellation › Behavior Requirements',
    specNote: { en: 'no response after cancellation', zh: '取消之后不再响应' },
    title: { en: 'Response after cancellation', zh: '取消之后仍然响应' },
  },
  'cancel-unknown-request': {
    severity: 'error',
    spec: 'basic/utilities/cancellation › Cancellation Flow',
    specNote: {
      en: 'requestId MUST name a request of the sender',
      zh: 'requestId 必须指向发送方自己发出的请求',
    },
    title: { en: 'Cancelling a request never sent', zh: '取消一个从未发出的请求' },
  },
  'cancel-initialize': {
    severity: 'error',
    spec: 'basic/utilities/cancellation › Cancellation Flow',
    specNote: { en: 'initialize MUST NOT be cancelled', zh: '不得取消 initialize' },
    title: { en: 'initialize cancelled', zh: '取消了 initialize' },
  },
  'unknown-progress-token': {
    severity: 'error',
    spec: 'basic/utilities/progress › Behavior Requirements',
    specNote: { en: 'only tokens of active requests', zh: '只能使用进行中请求的令牌' },
    title: { en: 'Progress for an unknown token', zh: '进度令牌未知' },
  },
  'duplicate-progress-token': {
    severity: 'error',
    spec: 'basic/utilities/progress › Progress Flow',
    specNote: { en: 'tokens unique across active requests', zh: '令牌在所有进行中的请求之间唯一' },
    title: { en: 'Progress token already in use', zh: '进度令牌已被占用' },
  },
  'progress-not-increasing': {
    severity: 'error',
    spec: 'basic/utilities/progress › Behavior Requirements',
    specNote: { en: 'progress MUST increase', zh: '进度值必须递增' },
    title: { en: 'Progress did not increase', zh: '进度没有增加' },
  },
  'progress-after-completion': {
    severity: 'error',
    spec: 'basic/utilities/progress › Behavior Requirements',
    specNote: { en: 'stop after completion', zh: '请求完成之后不再发送进度通知' },
    title: { en: 'Progress after the response', zh: '响应之后仍有进度通知' },
  },
  'progress-after-cancellation': {
    severity: 'warning',
    spec: 'basic/utilities/cancellation › Behavior Requirements',
    specNote: { en: 'the receiver SHOULD stop processing', zh: '接收方应当停止处理' },
    title: { en: 'Progress after cancellation', zh: '取消之后仍有进度通知' },
  },
  'resource-not-subscribed': {
    severity: 'warning',
    spec: 'server/resources › Subscriptions',
    title: { en: 'Update for a resource nobody subscribed to', zh: '更新了未被订阅的资源' },
  },
  'message-after-shutdown': {
    severity: 'error',
    spec: 'basic/lifecycle › Shutdown',
    title: { en: 'Message after the connection closed', zh: '连接关闭后仍有消息' },
  },
} as const satisfies Record<string, RuleDefinition>;

export type RuleId = keyof typeof RULES;

export const RULE_IDS = Object.keys(RULES) as RuleId[];

export type Violation = {
  readonly rule: RuleId;
  readonly severity: Severity;
  /** What happened, in English. */
  readonly message: string;
  /** The same in Simplified Chinese. */
  readonly messageZh: string;
  /** The spec section, and what it asks for, in English: `basic/index › Requests (an id …)`. */
  readonly spec: string;
  /** The same with the Simplified Chinese note: `basic/index › Requests（同一会话中不得…）`. */
  readonly specZh: string;
};

/** A rule's spec section with its note in `lang` (the section itself is never translated). */
export function ruleSpecText(def: RuleDefinition, lang: Lang): string {
  if (!def.specNote) return def.spec;
  return lang === 'zh' ? `${def.spec}（${def.specNote.zh}）` : `${def.spec} (${def.specNote.en})`;
}

/** A violation's spec reference in `lang`. */
export function specText(v: Violation, lang: Lang): string {
  return lang === 'zh' ? v.specZh : v.spec;
}

export function violation(rule: RuleId, text: Bilingual, severity?: Severity): Violation {
  const def: RuleDefinition = RULES[rule];
  return {
    rule,
    severity: severity ?? def.severity,
    message: text.en,
    messageZh: text.zh,
    spec: ruleSpecText(def, 'en'),
    specZh: ruleSpecText(def, 'zh'),
  };
}
