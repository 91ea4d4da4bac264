import type { Bilingual } from './catalogue.js';
import { compareVersions, type KnownVersion } from './versions.js';

export type ErrorCodeEntry = {
  readonly name: string;
  readonly origin: 'json-rpc' | 'mcp' | 'sdk';
  readonly meaning: Bilingual;
  /** The first revision that defines the code (absent: every revision). */
  readonly since?: KnownVersion;
  /** The first revision that retired it: reserved there, never to be emitted or reused. */
  readonly until?: KnownVersion;
  /** What the code means in one revision, where that differs from `meaning`. */
  readonly notes?: Partial<Record<KnownVersion, Bilingual>>;
};

const MODERN = '2026-07-28' satisfies KnownVersion;

/** Error codes a learner meets on the wire, with where they come from. */
export const ERROR_CODES = {
  '-32700': {
    name: 'Parse error',
    origin: 'json-rpc',
    meaning: {
      en: 'The receiver could not parse the text as JSON; the id may be missing because it could not be read.',
      zh: '接收方无法把文本解析为 JSON；由于读不出 id，回应中可以没有 id。',
    },
  },
  '-32600': {
    name: 'Invalid Request',
    origin: 'json-rpc',
    meaning: {
      en: 'The JSON is not a valid JSON-RPC request object (for example a batch array since 2025-06-18).',
      zh: 'JSON 不是有效的 JSON-RPC 请求对象（例如 2025-06-18 之后的批量数组）。',
    },
  },
  '-32601': {
    name: 'Method not found',
    origin: 'json-rpc',
    meaning: {
      en: 'The receiver does not know or does not offer this method (also: a capability it did not declare).',
      zh: '接收方不认识或不提供该方法（也用于未声明的能力）。',
    },
    notes: {
      [MODERN]: {
        en: 'The receiver does not know or offer this method (over HTTP also status 404). A legacy server often answers server/discover with it, but a dual-era client must not key its fallback to this one code.',
        zh: '接收方不认识或不提供该方法（HTTP 上还会返回 404）。旧版服务器常用它回应 server/discover，但双版本客户端不得只凭这一个代码决定回退。',
      },
    },
  },
  '-32602': {
    name: 'Invalid params',
    origin: 'json-rpc',
    meaning: {
      en: 'The params are wrong: an unknown tool or prompt, a missing argument, a bad cursor or log level.',
      zh: '参数有误：未知的工具或提示词、缺少参数、无效的游标或日志级别等。',
    },
    notes: {
      [MODERN]: {
        en: 'The params are wrong. In 2026-07-28 also: a request whose _meta lacks protocolVersion or clientCapabilities, and an unknown resource URI (which used to be -32002).',
        zh: '参数有误。在 2026-07-28 中还包括：_meta 缺少 protocolVersion 或 clientCapabilities 的请求，以及未知的资源 URI（以前是 -32002）。',
      },
    },
  },
  '-32603': {
    name: 'Internal error',
    origin: 'json-rpc',
    meaning: {
      en: 'Something failed inside the receiver while handling a valid request.',
      zh: '接收方在处理一个有效请求时内部出错。',
    },
  },
  '-32002': {
    name: 'Resource not found',
    origin: 'mcp',
    meaning: {
      en: 'resources/read named a URI the server does not have (2026-07-28 uses -32602 instead).',
      zh: 'resources/read 请求的 URI 在服务器上不存在（2026-07-28 改用 -32602）。',
    },
    until: MODERN,
    notes: {
      [MODERN]: {
        en: 'Retired in 2026-07-28: an unknown resource is -32602 now, and a 2026-07-28 implementation must not send -32002. Clients should still accept it from servers of earlier revisions; it is the one legacy-range code with a meaning.',
        zh: '已在 2026-07-28 中废止：未知资源现在用 -32602，2026-07-28 的实现不得发送 -32002。客户端仍应接受来自旧版服务器的 -32002；它是旧范围中唯一有含义的代码。',
      },
    },
  },
  '-32042': {
    name: 'URL elicitation required',
    origin: 'mcp',
    meaning: {
      en: 'The request can only go on after the user completes a URL-mode elicitation (2025-11-25).',
      zh: '只有在用户完成 URL 模式的信息征询后请求才能继续（2025-11-25）。',
    },
    since: '2025-11-25',
    until: MODERN,
    notes: {
      [MODERN]: {
        en: 'Retired in 2026-07-28 (it existed in 2025-11-25 only): URL-mode elicitation now comes as an input_required result; the code stays reserved and must not be sent.',
        zh: '已在 2026-07-28 中废止（仅存在于 2025-11-25）：URL 模式的信息征询改为 input_required 结果；该代码仍保留，不得发送。',
      },
    },
  },
  '-1': {
    name: 'User rejected sampling',
    origin: 'mcp',
    meaning: {
      en: 'The user declined the server’s sampling request.',
      zh: '用户拒绝了服务器的采样请求。',
    },
    until: MODERN,
    notes: {
      [MODERN]: {
        en: 'Not a 2026-07-28 code: sampling comes as an input_required result, and a client whose user declines simply does not retry (client/sampling › Error Handling); no error is sent.',
        zh: '不是 2026-07-28 的代码：采样以 input_required 结果的形式出现，用户拒绝时客户端只是不再重试（client/sampling › Error Handling），不发送任何错误。',
      },
    },
  },
  '-32001': {
    name: 'Request timeout (SDK)',
    origin: 'sdk',
    meaning: {
      en: 'Not a spec code: the TypeScript SDK uses it locally for a timed-out or aborted request.',
      zh: '不是规范定义的代码：TypeScript SDK 在本地用它表示请求超时或被中止。',
    },
    notes: {
      [MODERN]: {
        en: 'Not a spec code: the TypeScript SDK uses it locally for a timed-out request. In 2026-07-28 it lies in the legacy range -32000 to -32019: receivers must assume no meaning for it.',
        zh: '不是规范定义的代码：TypeScript SDK 在本地用它表示请求超时。 在 2026-07-28 中它属于旧范围 -32000 到 -32019：接收方不得假定它有任何含义。',
      },
    },
  },
  // SDK v1 1.32.2: ErrorCode.ConnectionClosed, and every HTTP-level refusal of its Streamable HTTP
  // server transport (webStandardStreamableHttp.js: 400 "Bad Request: No valid session ID
  // provided", 406 Not Acceptable, 409 Conflict, 415…).
  '-32000': {
    name: 'SDK error (connection closed, or an HTTP request refused)',
    origin: 'sdk',
    meaning: {
      en: 'Not a spec code: the TypeScript SDK uses it for a closed connection, and its Streamable HTTP server for a request it refuses before reading it as MCP (no valid session yet, a wrong Accept or Content-Type header, a second stream…).',
      zh: '不是规范定义的代码：TypeScript SDK 用它表示连接已关闭；它的 Streamable HTTP 服务器在把请求当作 MCP 消息读取之前拒绝它时也用这个代码（还没有有效的会话、Accept 或 Content-Type 头不对、重复打开流等）。',
    },
    notes: {
      [MODERN]: {
        en: 'Not a spec code: the TypeScript SDK uses it for a closed connection, and its Streamable HTTP server for a request it refuses before reading it as MCP (no valid session yet, a wrong header…). In 2026-07-28 it lies in the legacy range -32000 to -32019: receivers must assume no meaning for it.',
        zh: '不是规范定义的代码：TypeScript SDK 用它表示连接已关闭；它的 Streamable HTTP 服务器在把请求当作 MCP 消息读取之前拒绝它时也用这个代码（还没有有效的会话、请求头不对等）。在 2026-07-28 中它属于旧范围 -32000 到 -32019：接收方不得假定它有任何含义。',
      },
    },
  },
  '-32020': {
    name: 'Header mismatch',
    origin: 'mcp',
    since: MODERN,
    meaning: {
      en: 'HTTP only (2026-07-28): a required header (MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-*) is missing, malformed or differs from the body; status 400.',
      zh: '仅限 HTTP（2026-07-28）：必需的请求头（MCP-Protocol-Version、Mcp-Method、Mcp-Name、Mcp-Param-*）缺失、格式错误或与消息体不一致；状态码 400。',
    },
  },
  '-32021': {
    name: 'Missing required client capability',
    origin: 'mcp',
    since: MODERN,
    meaning: {
      en: 'The request needs a client capability its _meta did not declare (2026-07-28); data.requiredCapabilities lists what is missing.',
      zh: '该请求需要的客户端能力没有在它的 _meta 中声明（2026-07-28）；data.requiredCapabilities 列出缺少的能力。',
    },
  },
  '-32022': {
    name: 'Unsupported protocol version',
    origin: 'mcp',
    since: MODERN,
    meaning: {
      en: 'The server does not serve the protocolVersion in the request’s _meta (2026-07-28); data.supported lists what it serves, data.requested echoes the request. Retry with a supported version.',
      zh: '服务器不支持请求 _meta 中的 protocolVersion（2026-07-28）；data.supported 列出它支持的版本，data.requested 回显所请求的版本。请换一个受支持的版本重试。',
    },
  },
} as const satisfies Record<string, ErrorCodeEntry>;

/** Where a code stands in one revision. */
export type ErrorCodeStatus =
  | 'defined' // the spec (or JSON-RPC) defines it in this revision
  | 'retired' // defined by an earlier revision; reserved, must not be emitted
  | 'legacy' // -32000…-32019 from 2026-07-28: implementation-defined, meaningless to receivers
  | 'reserved' // -32020…-32099 from 2026-07-28, not defined: must not be emitted
  | 'implementation' // JSON-RPC's server-error range before 2026-07-28
  | 'application'; // outside the JSON-RPC reserved range

const atLeast = (revision: string, than: string) => compareVersions(revision, than) >= 0;

function entryOf(code: number): ErrorCodeEntry | undefined {
  return (ERROR_CODES as Record<string, ErrorCodeEntry>)[String(code)];
}

const inJsonRpcRange = (code: number) => code >= -32768 && code <= -32000;

export function errorCodeStatus(code: number, revision: KnownVersion): ErrorCodeStatus {
  const entry = entryOf(code);
  if (entry && entry.origin !== 'sdk') {
    const retired = entry.until !== undefined && atLeast(revision, entry.until);
    const started = entry.since === undefined || atLeast(revision, entry.since);
    // −1 (the old sampling example) is outside JSON-RPC's range: after it, an application code.
    if (retired) return inJsonRpcRange(code) ? 'retired' : 'application';
    if (started) return 'defined';
  }
  if (code >= -32099 && code <= -32000) {
    if (!atLeast(revision, MODERN)) return 'implementation';
    return code >= -32019 ? 'legacy' : 'reserved';
  }
  return 'application';
}

const RANGE_TEXT: Record<Exclude<ErrorCodeStatus, 'defined' | 'retired'>, ErrorCodeEntry> = {
  implementation: {
    name: 'Server error',
    origin: 'json-rpc',
    meaning: {
      en: 'An implementation-defined server error (JSON-RPC reserves -32000 to -32099 for these).',
      zh: '由实现自行定义的服务器错误（JSON-RPC 为此保留 -32000 到 -32099）。',
    },
  },
  legacy: {
    name: 'Legacy server error',
    origin: 'json-rpc',
    meaning: {
      en: 'A legacy implementation-defined code (-32000 to -32019 in 2026-07-28): receivers must assume no meaning for it, and new implementations should not use this range.',
      zh: '旧的、由实现定义的代码（2026-07-28 中的 -32000 到 -32019）：接收方不得假定其含义，新实现不应使用这一范围。',
    },
  },
  reserved: {
    name: 'Reserved by the specification',
    origin: 'mcp',
    meaning: {
      en: 'In 2026-07-28, -32020 to -32099 belong to the MCP specification, and this code is not one it defines: implementations must not emit it.',
      zh: '在 2026-07-28 中，-32020 到 -32099 归 MCP 规范所有，而规范并未定义这个代码：实现不得发送它。',
    },
  },
  application: {
    name: 'Application error',
    origin: 'mcp',
    meaning: {
      en: 'A code outside the reserved ranges, chosen by the application.',
      zh: '保留范围之外、由应用自行选择的错误代码。',
    },
  },
};

/**
 * What a code means. Without a revision: the general description (every current caller). With
 * one: what it means in that revision — a retired code says so, a code from a later revision is
 * described as whatever its range meant then.
 */
export function describeErrorCode(code: number, revision?: KnownVersion): ErrorCodeEntry {
  const entry = entryOf(code);
  if (revision === undefined) {
    if (entry) return entry;
    return RANGE_TEXT[code >= -32099 && code <= -32000 ? 'implementation' : 'application'];
  }
  const status = errorCodeStatus(code, revision);
  const note = entry?.notes?.[revision];
  const known = status === 'defined' || status === 'retired' || entry?.origin === 'sdk';
  if (entry && (known || note)) return note ? { ...entry, meaning: note } : entry;
  const range = RANGE_TEXT[status === 'defined' || status === 'retired' ? 'application' : status];
  if (!entry) return range;
  // A code this revision does not define yet, e.g. −32022 in 2025-11-25.
  return {
    ...range,
    meaning: {
      en: `${range.meaning.en} (From ${entry.since}: ${entry.name}.)`,
      zh: `${range.meaning.zh}（自 ${entry.since} 起：${entry.name}。）`,
    },
  };
}

/**
 * The codes that tell a dual-era client it reached a modern server (Versioning › Backward
 * Compatibility): retry with a supported version instead of falling back to `initialize`. Any
 * other error, −32601 and −32602 included, says nothing about the era.
 */
export function isRecognisedModernError(code: number): boolean {
  return code === -32020 || code === -32021 || code === -32022;
}
