import type { Bilingual } from './catalogue.js';
import { ownTable } from './json.js';

/**
 * What the fields 2026-07-28 added mean, keyed like fields.ts (`<kind> <method>|<JSON pointer>`,
 * `/` inside a `_meta` key escaped as `~1`): the per-request envelope, result fields, multi
 * round-trip requests, subscriptions and the data of the new error codes. None of these pointers
 * exists in a legacy message, so legacy annotations are unchanged.
 */
export const MODERN_FIELDS: Record<string, Bilingual> = ownTable({
  'request *|/params/_meta/io.modelcontextprotocol~1protocolVersion': {
    en: 'The revision this one request speaks (2026-07-28 has no handshake); required. Over HTTP it must equal the MCP-Protocol-Version header.',
    zh: '这一个请求所用的协议版本（2026-07-28 没有握手）；必填。在 HTTP 上必须与 MCP-Protocol-Version 请求头一致。',
  },
  'request *|/params/_meta/io.modelcontextprotocol~1clientCapabilities': {
    en: 'What the client can do, declared again on every request (2026-07-28); required, {} means nothing optional. The server must not remember it from earlier requests.',
    zh: '客户端能做什么，每个请求都要重新声明（2026-07-28）；必填，{} 表示没有可选能力。服务器不得沿用之前请求中的声明。',
  },
  'request *|/params/_meta/io.modelcontextprotocol~1clientInfo': {
    en: 'Who the client is (name, version), sent with every request in 2026-07-28 (should); for logs and display only.',
    zh: '客户端是谁（名称、版本），在 2026-07-28 中随每个请求发送（应当）；仅用于日志和显示。',
  },
  'request *|/params/_meta/io.modelcontextprotocol~1logLevel': {
    en: 'The lowest log level wanted for this request (2026-07-28, replaces logging/setLevel). Without it the server sends no notifications/message for the request. MCP logging as a whole is deprecated in 2026-07-28.',
    zh: '本请求希望收到的最低日志级别（2026-07-28，取代 logging/setLevel）。没有它，服务器不会为该请求发送 notifications/message。MCP 日志功能整体在 2026-07-28 中已弃用。',
  },
  'request *|/params/inputResponses': {
    en: 'The retry of a request that got input_required (2026-07-28): one answer per key of the server’s inputRequests, sent with a new id.',
    zh: '对收到 input_required 的请求的重试（2026-07-28）：按服务器 inputRequests 的每个键给出一个回答，并使用新的 id。',
  },
  'request *|/params/requestState': {
    en: 'The server’s requestState echoed byte for byte (2026-07-28); the client must not read or change it.',
    zh: '原样逐字节回传服务器的 requestState（2026-07-28）；客户端不得解读或修改它。',
  },
  'request subscriptions/listen|/params/notifications': {
    en: 'Which notifications this stream should carry (2026-07-28): change notifications come only on a subscriptions/listen stream.',
    zh: '这个流要接收哪些通知（2026-07-28）：变更通知只会通过 subscriptions/listen 流送达。',
  },
  'request subscriptions/listen|/params/notifications/toolsListChanged': {
    en: 'true: send notifications/tools/list_changed on this stream.',
    zh: 'true：在此流上发送 notifications/tools/list_changed。',
  },
  'request subscriptions/listen|/params/notifications/promptsListChanged': {
    en: 'true: send notifications/prompts/list_changed on this stream.',
    zh: 'true：在此流上发送 notifications/prompts/list_changed。',
  },
  'request subscriptions/listen|/params/notifications/resourcesListChanged': {
    en: 'true: send notifications/resources/list_changed on this stream.',
    zh: 'true：在此流上发送 notifications/resources/list_changed。',
  },
  'request subscriptions/listen|/params/notifications/resourceSubscriptions': {
    en: 'Resource URIs to watch: notifications/resources/updated for each (replaces resources/subscribe in 2026-07-28).',
    zh: '要关注的资源 URI：每个都会收到 notifications/resources/updated（2026-07-28 中取代 resources/subscribe）。',
  },
  'result *|/result/resultType': {
    en: 'What kind of result this is (2026-07-28, required): "complete", or "input_required" when the server needs input first. A client treats a missing one (a legacy server) as "complete".',
    zh: '结果的类型（2026-07-28，必填）："complete"，或在服务器需要先获得输入时为 "input_required"。缺少该字段时（旧版服务器），客户端按 "complete" 处理。',
  },
  'result *|/result/ttlMs': {
    en: 'How many milliseconds the client may reuse this result before asking again (2026-07-28; an integer ≥ 0, like max-age).',
    zh: '客户端可以复用此结果多少毫秒后再重新请求（2026-07-28；≥ 0 的整数，类似 max-age）。',
  },
  'result *|/result/cacheScope': {
    en: '"public": any cache may keep it; "private": only for this authorization context (2026-07-28).',
    zh: '"public"：任何缓存都可保存；"private"：仅限当前授权上下文（2026-07-28）。',
  },
  'result *|/result/_meta/io.modelcontextprotocol~1serverInfo': {
    en: 'Who the server is (name, version), on every result in 2026-07-28 (should) since there is no initialize result.',
    zh: '服务器是谁（名称、版本）；2026-07-28 没有 initialize 结果，因此应当出现在每个结果中。',
  },
  'result *|/result/inputRequests': {
    en: 'What the server needs before it can finish (2026-07-28): elicitation/create, sampling/createMessage or roots/list, each under a key the retry answers.',
    zh: '服务器在完成之前需要什么（2026-07-28）：elicitation/create、sampling/createMessage 或 roots/list，每个都有一个键，重试时按键作答。',
  },
  'result *|/result/requestState': {
    en: 'Opaque state the client must send back unchanged with its retry (2026-07-28), so the server need not keep anything in between; it must treat what comes back as attacker-controlled.',
    zh: '不透明的状态，客户端重试时必须原样带回（2026-07-28），因此服务器在两次请求之间无需保存任何东西；它必须把带回的内容当作攻击者可控的输入。',
  },
  'result server/discover|/result/supportedVersions': {
    en: 'Every revision the server serves (2026-07-28 replaces initialize’s single protocolVersion with this list).',
    zh: '服务器支持的所有协议版本（2026-07-28 用这个列表取代 initialize 中的单个 protocolVersion）。',
  },
  'result server/discover|/result/capabilities': {
    en: 'What the server offers (tools, resources, prompts, extensions…), as initialize used to report.',
    zh: '服务器提供的能力（tools、resources、prompts、extensions 等），与以前 initialize 报告的相同。',
  },
  'result server/discover|/result/instructions': {
    en: 'Optional hints for the model about how to use this server.',
    zh: '可选：告诉模型如何使用这个服务器的提示。',
  },
  'result subscriptions/listen|/result/_meta/io.modelcontextprotocol~1subscriptionId': {
    en: 'The subscription that ends here: the server closed the stream cleanly (2026-07-28).',
    zh: '在此结束的订阅：服务器正常关闭了这个流（2026-07-28）。',
  },
  'notification notifications/subscriptions/acknowledged|/params/notifications': {
    en: 'The part of the requested filter the server will honour (2026-07-28); anything left out will not come.',
    zh: '服务器将会遵守的那部分过滤条件（2026-07-28）；未列出的通知不会发送。',
  },
  'notification *|/params/_meta/io.modelcontextprotocol~1subscriptionId': {
    en: 'The id of the subscriptions/listen request whose stream carries this notification (2026-07-28).',
    zh: '承载此通知的流所属的 subscriptions/listen 请求的 id（2026-07-28）。',
  },
  'error *|/error/data/supported': {
    en: 'The revisions the server does serve: retry with one of them (the data of -32602 to initialize in 2025-11-25, of -32022 in 2026-07-28).',
    zh: '服务器实际支持的协议版本：请用其中一个重试（2025-11-25 中 initialize 的 -32602 错误、2026-07-28 中 -32022 错误所带的数据）。',
  },
  'error *|/error/data/requested': {
    en: 'The revision the request asked for, echoed back (with -32602 to initialize in 2025-11-25, with -32022 in 2026-07-28).',
    zh: '请求所要的协议版本，原样回显（2025-11-25 中随 initialize 的 -32602 错误，2026-07-28 中随 -32022 错误）。',
  },
  'error *|/error/data/requiredCapabilities': {
    en: 'The client capabilities this request needs but did not declare in its _meta (-32021, 2026-07-28).',
    zh: '该请求需要、但没有在 _meta 中声明的客户端能力（-32021，2026-07-28）。',
  },
});
