import type { Bilingual } from '../protocol/index.js';

export type Severity = 'error' | 'warning';

export type RuleDefinition = {
  /** `error` breaks a MUST; `warning` breaks a SHOULD. */
  readonly severity: Severity;
  /** Spec page (path under docs/specification/<version>/) and section. */
  readonly spec: string;
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
    spec: 'schema.ts › the method’s Request/Notification type',
    title: { en: 'Params do not match the schema', zh: '参数不符合协议模式' },
  },
  'invalid-result': {
    severity: 'error',
    spec: 'schema.ts › the method’s Result type',
    title: { en: 'Result does not match the schema', zh: '结果不符合协议模式' },
  },
  'unknown-method': {
    severity: 'warning',
    spec: 'basic/index › Messages (the receiver answers -32601)',
    title: { en: 'Method not in the protocol', zh: '协议中没有该方法' },
  },
  'wrong-direction': {
    severity: 'error',
    spec: 'schema.ts › ClientRequest / ServerRequest / ClientNotification / ServerNotification',
    title: { en: 'Sent by the wrong side', zh: '由错误的一方发送' },
  },
  'method-not-in-version': {
    severity: 'error',
    spec: 'basic/lifecycle › Operation (respect the negotiated version)',
    title: { en: 'Method not in the negotiated version', zh: '协商的版本中没有该方法' },
  },
  'capability-not-negotiated': {
    severity: 'error',
    spec: 'basic/lifecycle › Operation (use only negotiated capabilities)',
    title: { en: 'Capability was not negotiated', zh: '未协商该能力' },
  },
  'initialize-not-first': {
    severity: 'error',
    spec: 'basic/lifecycle › Initialization (must be the first interaction)',
    title: { en: 'Message before initialize', zh: '在 initialize 之前发送了消息' },
  },
  'request-before-initialized': {
    severity: 'warning',
    spec: 'basic/lifecycle › Initialization (only ping, and logging from the server, before it completes)',
    title: { en: 'Request before the handshake completed', zh: '握手完成前发送了请求' },
  },
  'notification-before-initialized': {
    severity: 'warning',
    spec: 'basic/lifecycle › Initialization (only ping, and logging from the server, before it completes)',
    title: { en: 'Notification before the handshake completed', zh: '握手完成前发送了通知' },
  },
  'duplicate-initialize': {
    severity: 'warning',
    spec: 'basic/lifecycle › Initialization (version and capabilities are fixed for the session)',
    title: { en: 'A second initialize', zh: '重复的 initialize' },
  },
  'initialized-before-result': {
    severity: 'error',
    spec: 'basic/lifecycle › Initialization (initialized follows a successful initialize)',
    title: { en: 'initialized sent too early', zh: 'initialized 发送过早' },
  },
  'initialized-not-sent': {
    severity: 'error',
    spec: 'basic/lifecycle › Initialization (the client MUST send notifications/initialized)',
    title: { en: 'notifications/initialized never sent', zh: '没有发送 notifications/initialized' },
  },
  'unsupported-version': {
    severity: 'error',
    spec: 'basic/lifecycle › Version Negotiation',
    title: { en: 'Unsupported protocol version', zh: '不支持的协议版本' },
  },
  'duplicate-request-id': {
    severity: 'error',
    spec: 'basic/index › Requests (an id MUST NOT be reused in a session)',
    title: { en: 'Request id reused', zh: '请求 id 被重复使用' },
  },
  'response-without-request': {
    severity: 'error',
    spec: 'basic/index › Responses (the id MUST match a request)',
    title: { en: 'Response to no pending request', zh: '响应没有对应的待处理请求' },
  },
  'duplicate-response': {
    severity: 'error',
    spec: 'basic/index › Responses (each request gets exactly one response)',
    title: { en: 'Request answered twice', zh: '同一请求被回应了两次' },
  },
  'response-after-cancellation': {
    severity: 'warning',
    spec: 'basic/utilities/cancellation › Behavior Requirements (no response after cancellation)',
    title: { en: 'Response after cancellation', zh: '取消之后仍然响应' },
  },
  'cancel-unknown-request': {
    severity: 'error',
    spec: 'basic/utilities/cancellation › Cancellation Flow (requestId MUST name a request of the sender)',
    title: { en: 'Cancelling a request never sent', zh: '取消一个从未发出的请求' },
  },
  'cancel-initialize': {
    severity: 'error',
    spec: 'basic/utilities/cancellation › Cancellation Flow (initialize MUST NOT be cancelled)',
    title: { en: 'initialize cancelled', zh: '取消了 initialize' },
  },
  'unknown-progress-token': {
    severity: 'error',
    spec: 'basic/utilities/progress › Behavior Requirements (only tokens of active requests)',
    title: { en: 'Progress for an unknown token', zh: '进度令牌未知' },
  },
  'duplicate-progress-token': {
    severity: 'error',
    spec: 'basic/utilities/progress › Progress Flow (tokens unique across active requests)',
    title: { en: 'Progress token already in use', zh: '进度令牌已被占用' },
  },
  'progress-not-increasing': {
    severity: 'error',
    spec: 'basic/utilities/progress › Behavior Requirements (progress MUST increase)',
    title: { en: 'Progress did not increase', zh: '进度没有增加' },
  },
  'progress-after-completion': {
    severity: 'error',
    spec: 'basic/utilities/progress › Behavior Requirements (stop after completion)',
    title: { en: 'Progress after the response', zh: '响应之后仍有进度通知' },
  },
  'progress-after-cancellation': {
    severity: 'warning',
    spec: 'basic/utilities/cancellation › Behavior Requirements (the receiver SHOULD stop processing)',
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
  readonly spec: string;
};

export function violation(rule: RuleId, text: Bilingual, severity?: Severity): Violation {
  const def: RuleDefinition = RULES[rule];
  return {
    rule,
    severity: severity ?? def.severity,
    message: text.en,
    messageZh: text.zh,
    spec: def.spec,
  };
}
