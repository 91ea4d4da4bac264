import { type HeaderProblem, headerProblemOf } from '../../protocol/http-headers.js';
import { isObject } from '../../protocol/json.js';
import {
  CLIENT_CAPABILITIES_META,
  CLIENT_INFO_META,
  PROTOCOL_VERSION_META,
  paramHeadersCalled,
} from '../facts.js';
import { metaKeysAt, type RuleRow, show } from './rule.js';

/** What was wrong with a request's headers, in both languages (the server's -32020 says the same). */
function headerFinding(problem: HeaderProblem): { en: string; zh: string } {
  const { header, value, body } = problem.values;
  switch (problem.why) {
    case 'headerMissing':
      return { en: `the ${header} header is missing`, zh: `缺少 ${header} 请求头` };
    case 'headerUndecodable':
      return {
        en: `the ${header} header is not valid Base64-encoded UTF-8`,
        zh: `${header} 请求头不是有效的 Base64 编码 UTF-8`,
      };
    case 'headerMismatch':
      return {
        en: `the ${header} header says '${value}' while the body says '${body}'`,
        zh: `${header} 请求头写的是 '${value}'，消息体写的却是 '${body}'`,
      };
  }
}

/**
 * The requests of the modern era (2026-07-28): each client request carries its own envelope
 * (basic/index › _meta), and only the client sends requests (basic/transports/stdio).
 */
export const MODERN_REQUEST_RULES = [
  {
    id: 'request-meta-missing',
    severity: 'error',
    spec: '2026-07-28/basic/index › General fields',
    specNote: {
      en: '_meta, per-request protocol fields: protocolVersion and clientCapabilities are required; the server rejects a request without them with -32602',
      zh: '_meta 的逐请求协议字段：protocolVersion 与 clientCapabilities 必须提供；缺少它们的请求会被服务器以 -32602 拒绝',
    },
    title: {
      en: 'Request without its protocol version or capabilities',
      zh: '请求缺少协议版本或能力声明',
    },
    check: (ctx, msg) => {
      if (msg.type !== 'client.request' || ctx.era !== 'modern') return null;
      const meta = msg.params?._meta;
      const m = isObject(meta) ? meta : {};
      const missing: string[] = [];
      if (typeof m[PROTOCOL_VERSION_META] !== 'string') missing.push(PROTOCOL_VERSION_META);
      if (!isObject(m[CLIENT_CAPABILITIES_META])) missing.push(CLIENT_CAPABILITIES_META);
      if (missing.length === 0) return null;
      const keys = missing.map((key) => `"${key}"`).join(' and ');
      const keysZh = missing.map((key) => `"${key}"`).join(' 和 ');
      const broken = missing.some((key) => key in m);
      return {
        pointer: metaKeysAt(msg.params, missing),
        en: `${msg.method} #${show(msg.id)} has ${broken ? 'no valid' : 'no'} _meta[${keys}]; in ${ctx.ruleVersion} every request carries its protocol version (a string) and its client capabilities (an object, {} for none), so the server rejects this one as malformed with -32602`,
        zh: `${msg.method} #${show(msg.id)} 的 _meta 中${broken ? '没有有效的' : '没有'} ${keysZh}；在 ${ctx.ruleVersion} 中每个请求都要带上自己的协议版本（字符串）和客户端能力（对象，没有能力时为 {}），服务器会把它当作格式错误的请求，以 -32602 拒绝`,
      };
    },
  },
  {
    // Only a source that saw the HTTP request (a lesson step with headers) gives a message its
    // headers; a body alone, or a message on stdio, is not judged here.
    id: 'header-mismatch',
    severity: 'error',
    spec: '2026-07-28/basic/transports/streamable-http › Server Validation',
    specNote: {
      en: 'MCP-Protocol-Version, Mcp-Method and, for tools/call, resources/read and prompts/get, Mcp-Name are required and MUST match the body; the server MUST reject a mismatch with 400 and -32020 HeaderMismatch',
      zh: 'MCP-Protocol-Version、Mcp-Method，以及 tools/call、resources/read、prompts/get 的 Mcp-Name 都必须提供，且必须与消息体一致；不一致时服务器必须以 400 和 -32020 HeaderMismatch 拒绝',
    },
    title: { en: 'HTTP headers that do not match the body', zh: 'HTTP 请求头与消息体不一致' },
    check: (ctx, msg) => {
      if (msg.type !== 'client.request' || ctx.era !== 'modern' || !msg.headers) return null;
      const headers = msg.headers;
      const body = { method: msg.method, params: msg.params ?? {} };
      const problem = headerProblemOf((name) => headers[name], body, paramHeadersCalled(ctx, msg));
      if (!problem) return null;
      const found = headerFinding(problem);
      return {
        en: `${msg.method} #${show(msg.id)} was POSTed with headers that do not match its body: ${found.en}. Gateways act on the headers and the server on the body, so the server must refuse it, unrun, with HTTP 400 and -32020 (HeaderMismatch)`,
        zh: `${msg.method} #${show(msg.id)} 在 POST 时带的请求头与消息体不一致：${found.zh}。网关依据请求头行事，服务器依据消息体执行，所以服务器必须不执行它，以 HTTP 400 和 -32020（HeaderMismatch）拒绝`,
      };
    },
  },
  {
    id: 'server-request',
    severity: 'error',
    spec: '2026-07-28/basic/transports/stdio › Receiving Messages',
    specNote: {
      en: 'the server MUST NOT write JSON-RPC requests; it asks for input in an input_required result',
      zh: '服务器不得发送 JSON-RPC 请求；需要客户端输入时，它返回 input_required 结果',
    },
    title: { en: 'Request sent by the server', zh: '服务器发送了请求' },
    check: (ctx, msg) => {
      if (msg.type !== 'server.request' || ctx.era !== 'modern') return null;
      return {
        en: `the server sent "${msg.method}" as a JSON-RPC request (id ${show(msg.id)}); in ${ctx.ruleVersion} a server sends no requests at all. To get the client's input it answers the client's tools/call, prompts/get or resources/read with resultType "input_required" and the request in inputRequests; the client retries with inputResponses`,
        zh: `服务器把 "${msg.method}" 作为 JSON-RPC 请求发送（id ${show(msg.id)}）；在 ${ctx.ruleVersion} 中服务器根本不发送请求。需要客户端输入时，它对客户端的 tools/call、prompts/get 或 resources/read 返回 resultType 为 "input_required" 的结果，把请求放在 inputRequests 中；客户端带着 inputResponses 重试`,
      };
    },
  },
  {
    id: 'client-response',
    severity: 'error',
    spec: '2026-07-28/basic/transports/stdio › Sending Messages',
    specNote: {
      en: 'the client MUST NOT write JSON-RPC responses (Streamable HTTP says the same)',
      zh: '客户端不得发送 JSON-RPC 回应（HTTP 传输也这样规定）',
    },
    title: { en: 'Response sent by the client', zh: '客户端发送了回应' },
    check: (ctx, msg) => {
      if (ctx.era !== 'modern') return null;
      if (msg.type !== 'client.result' && msg.type !== 'client.error') return null;
      return {
        en: `the client answered ${show(msg.id)} with a JSON-RPC ${msg.type === 'client.error' ? 'error response' : 'response'}; in ${ctx.ruleVersion} a client writes only requests and notifications, and a server's request (itself a violation) gets no answer`,
        zh: `客户端用 JSON-RPC ${msg.type === 'client.error' ? '错误回应' : '回应'}回答了 ${show(msg.id)}；在 ${ctx.ruleVersion} 中客户端只发送请求和通知，服务器发来的请求（它本身就是违规）不会得到回应`,
      };
    },
  },
] as const satisfies readonly RuleRow[];

/**
 * The client's identity on each modern request (2026-07-28 basic/index › General fields): a SHOULD,
 * beside the required envelope keys that request-meta-missing judges.
 */
export const CLIENT_INFO_RULES = [
  {
    // "unless specifically configured not to do so": a client may be set to stay anonymous, so
    // the finding is a warning (a SHOULD) and says so. A request that already misses a required
    // field is request-meta-missing's alone: one finding for one broken envelope.
    id: 'client-info-missing',
    severity: 'warning',
    spec: '2026-07-28/basic/index › General fields',
    specNote: {
      en: '_meta, per-request protocol fields: clients SHOULD include clientInfo on every request, unless specifically configured not to',
      zh: '_meta 的逐请求协议字段：除非专门配置为不发送，客户端应当在每个请求中带上 clientInfo',
    },
    title: { en: 'Request without clientInfo', zh: '请求缺少 clientInfo' },
    check: (ctx, msg) => {
      if (msg.type !== 'client.request' || ctx.era !== 'modern') return null;
      const meta = msg.params?._meta;
      if (!isObject(meta) || !isObject(meta[CLIENT_CAPABILITIES_META])) return null;
      if (typeof meta[PROTOCOL_VERSION_META] !== 'string') return null;
      // A clientInfo that is there but no Implementation is the schema's (invalid-params).
      if (CLIENT_INFO_META in meta) return null;
      const pointer = `/params/_meta/${CLIENT_INFO_META.replace('/', '~1')}`;
      return {
        pointer,
        en: `${msg.method} #${show(msg.id)}: ${pointer} is missing; in ${ctx.ruleVersion} there is no initialize to name the client once, so each request should carry {"name": …, "version": …} there (the server uses it for display, logging and debugging), unless the client is deliberately configured to stay anonymous`,
        zh: `${msg.method} #${show(msg.id)}：${pointer} 缺失；${ctx.ruleVersion} 没有 initialize 来一次性说明客户端身份，因此每个请求都应在这里带上 {"name": …, "version": …}（服务器用于显示、日志和调试），除非客户端被专门配置为不透露身份`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
