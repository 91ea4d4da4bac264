import { CACHEABLE } from '../../protocol/caching.js';
import {
  type CapabilityPath,
  gateFor,
  hasCapability,
  isCatalogued,
  isStatelessVersion,
  type JsonObject,
  type KnownVersion,
  softGatesFor,
} from '../../protocol/index.js';
import { isObject, ownTable, pointerToken } from '../../protocol/json.js';
import { TASKS_EXTENSION } from '../../protocol/method-labels.js';
import { modernErrorDataIssues } from '../../protocol/modern-schema.js';
import type { Declared, RequestRecord, SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { EXT_TASKS_PAGE } from '../ext-tasks.js';
import {
  answeredRecord,
  CLIENT_CAPABILITIES_META,
  CORE_RESULT_TYPES,
  cancelledLogRequest,
  declaredExtensions,
  extensionResultTypes,
  LOG_LEVEL_META,
  PROTOCOL_VERSION_META,
  SERVER_INFO_META,
  SUBSCRIPTION_ID_META,
} from '../facts.js';
import { type Finding, type RuleRow, show } from './rule.js';

/**
 * The answers to modern requests (2026-07-28): every result says what it is (resultType), the
 * cacheable ones say how long they keep (ttlMs, cacheScope), and the server serves each request
 * by what that request declared, never by what an earlier one did (basic/index › Statelessness).
 */

type ModernRecord = RequestRecord & { readonly declared: Declared };

/** The modern client request an answer answers for the first time (a second answer is duplicate-response). */
function modernRequestOf(ctx: SessionContext, msg: ModelMessage): ModernRecord | null {
  if (msg.receiver !== 'client') return null;
  const record = answeredRecord(ctx, msg);
  if (!record || record.status === 'answered' || record.declared === undefined) return null;
  return record as ModernRecord;
}

/**
 * The request a -32022 refuses, and the version it asked for: a modern request's `_meta` version,
 * or an initialize's protocolVersion. A server that serves only modern versions SHOULD name them in
 * any error it returns to an initialize (basic/versioning › Backward Compatibility with
 * Initialization-Based Versions), and one that does so with -32022 sends an
 * UnsupportedProtocolVersionError, whose data is the same wherever it is sent: a bare initialize
 * (no modern opening before it) is judged as a modern request is. Null for any other answer.
 */
function versionRefusalOf(
  ctx: SessionContext,
  msg: ModelMessage,
): { readonly record: RequestRecord; readonly version: string | null } | null {
  if (msg.receiver !== 'client') return null;
  const record = answeredRecord(ctx, msg);
  if (!record || record.status === 'answered') return null;
  if (record.method === 'initialize') {
    const asked = ctx.handshake.initializeId === msg.id ? ctx.handshake.offeredVersion : null;
    return { record, version: asked };
  }
  return record.declared === undefined ? null : { record, version: record.declared.version };
}

/** The result of an answer, when it is a response (not an error). */
const resultOf = (msg: ModelMessage): JsonObject | null =>
  msg.envelope.kind === 'response' ? msg.envelope.result : null;

/** The error's code and data, when the answer is an error response. */
const errorOf = (msg: ModelMessage) => (msg.envelope.kind === 'error' ? msg.envelope.error : null);

/** Where the spec forbids an input request that needs a sub-capability the request did not declare. */
const SUB_CAPABILITY_CITES: Readonly<Record<string, Finding['cite']>> = ownTable({
  'sampling.tools': {
    spec: '2026-07-28/client/sampling › Tools in Sampling',
    specNote: {
      en: 'servers MUST NOT send tool-enabled sampling requests to clients that have not declared sampling.tools',
      zh: '客户端未声明 sampling.tools 时，服务器不得发送带工具的采样请求',
    },
  },
  'elicitation.url': {
    spec: '2026-07-28/client/elicitation › Capabilities',
    specNote: {
      en: 'servers MUST NOT send elicitation requests with modes the client does not support',
      zh: '服务器不得发送客户端不支持的模式的 elicitation 请求',
    },
  },
  'elicitation.form': {
    spec: '2026-07-28/client/elicitation › Capabilities',
    specNote: {
      en: 'servers MUST NOT send elicitation requests with modes the client does not support',
      zh: '服务器不得发送客户端不支持的模式的 elicitation 请求',
    },
  },
});

/**
 * What an input request needs that the request's own clientCapabilities lack: the protocol's
 * gates, read as the handshake era's referee reads them (a URL-mode elicitation needs
 * elicitation.url, a form one elicitation.form, tool-enabled sampling sampling.tools), and the soft
 * gate of the deprecated includeContext (sampling.context, a SHOULD NOT: a warning).
 */
function capabilityNeeded(
  request: unknown,
  caps: JsonObject,
  version: KnownVersion,
): {
  readonly method: string;
  readonly needs: string;
  readonly soft: boolean;
  readonly cite?: Finding['cite'];
} | null {
  if (!isObject(request) || !isCatalogued(request.method)) return null;
  const { method } = request;
  const declared = { client: caps };
  const lacking = (paths: readonly CapabilityPath[]) =>
    paths
      .filter((path) => !hasCapability(declared, path))
      .map((path) => path.slice('client.'.length));
  const hard = lacking(gateFor(method, 'server->client', request.params, version).requires);
  if (hard.length > 0) {
    // Only a sub-capability missing alone has its own sentence; a missing kind is mrtr's.
    const cite = hard.length === 1 ? SUB_CAPABILITY_CITES[hard[0] ?? ''] : undefined;
    // The most precise path names the rest: "sampling.tools" says sampling is missing too.
    const needs = hard.filter((path) => !hard.some((other) => other.startsWith(`${path}.`)));
    return { method, needs: needs.join(', '), soft: false, ...(cite ? { cite } : {}) };
  }
  const soft = lacking(softGatesFor(method, request.params));
  return soft.length > 0 ? { method, needs: soft.join(', '), soft: true } : null;
}

/**
 * Whether the request declared a capability a -32021 names as required: the key, and each of
 * its sub-keys (elicitation's form and url); an empty elicitation object declares form mode
 * (client/elicitation › Capabilities).
 */
function declaredAlready(key: string, required: unknown, caps: JsonObject): boolean {
  const declared = caps[key];
  if (!isObject(declared)) return false;
  if (!isObject(required)) return true;
  return Object.keys(required).every(
    (sub) =>
      isObject(declared[sub]) ||
      (key === 'elicitation' && sub === 'form' && Object.keys(declared).length === 0),
  );
}

const versionsOf = (value: unknown): readonly string[] | null =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;

/**
 * The versions a modern request's version is judged against: a DiscoverResult's own list, else
 * the latest one the server gave; null when nothing lists them.
 */
function servedVersions(
  ctx: SessionContext,
  record: ModernRecord,
  result: JsonObject | null,
): readonly string[] | null {
  if (record.method === 'server/discover' && result) return versionsOf(result.supportedVersions);
  return ctx.discover?.supportedVersions ?? null;
}

/** Whether the server does not serve the version the request declared (false when unknown). */
function versionUnserved(ctx: SessionContext, record: ModernRecord): boolean {
  const version = record.declared.version;
  if (version === null) return false;
  const supported = servedVersions(ctx, record, null);
  return supported !== null ? !supported.includes(version) : !isStatelessVersion(version);
}

/**
 * The error codes the spec requires of a refusal of this request: -32602 for a malformed one
 * (basic/index › General fields), -32022 for a version the server does not serve
 * (basic/versioning), -32020 for headers that do not match the body (streamable-http › Server
 * Validation). A request with several faults may be refused for any of them.
 */
function refusalCodes(ctx: SessionContext, record: ModernRecord): readonly number[] {
  // An initialize has no _meta envelope by design: a modern-only server refuses it with -32022
  // naming the versions it serves (basic/versioning › Backward Compatibility), as era-mixed says.
  if (record.method === 'initialize') return [];
  const codes: number[] = [];
  if (record.declared.version === null || record.declared.capabilities === null) codes.push(-32602);
  if (versionUnserved(ctx, record)) codes.push(-32022);
  if (record.headerMismatch) codes.push(-32020);
  return codes;
}

/**
 * Whether the spec requires the server to refuse this request (malformed, in a version it does not
 * serve, or with headers that do not match its body): declared-list-not-served leaves such a
 * request's code to version-not-refused and malformed-request-served.
 */
export function refusalDue(ctx: SessionContext, record: RequestRecord): boolean {
  return record.declared !== undefined && refusalCodes(ctx, record as ModernRecord).length > 0;
}

/** An error answer whose code is none the spec requires of this request's refusal. */
function wrongRefusal(
  ctx: SessionContext,
  msg: ModelMessage,
): {
  readonly record: ModernRecord;
  readonly code: unknown;
  readonly codes: readonly number[];
} | null {
  const error = errorOf(msg);
  const record = error && modernRequestOf(ctx, msg);
  if (!error || !record) return null;
  const codes = refusalCodes(ctx, record);
  if (codes.length === 0 || codes.includes(error.code as number)) return null;
  return { record, code: error.code, codes };
}

/** Where a request whose headers do not match its body must be refused. */
const HEADER_REFUSAL_CITE: Finding['cite'] = {
  spec: '2026-07-28/basic/transports/streamable-http › Server Validation',
  specNote: {
    en: 'headers that are missing or do not match the body: the server MUST reject the request with 400 and -32020',
    zh: '请求头缺失或与消息体不一致：服务器必须以 400 和 -32020 拒绝该请求',
  },
};

/** Where the schema gives -32021's data its shape (the rule's own cite is the MUST to list them). */
const CAPABILITY_ERROR_SCHEMA_CITE: Finding['cite'] = {
  spec: '2026-07-28/schema › MissingRequiredClientCapabilityError',
  specNote: {
    en: 'data: { requiredCapabilities: ClientCapabilities }',
    zh: 'data 为 { requiredCapabilities: ClientCapabilities }',
  },
};

export const MODERN_RESULT_RULES = [
  {
    id: 'result-type-missing',
    severity: 'error',
    spec: '2026-07-28/basic/index › ResultType',
    specNote: {
      en: 'every result MUST carry resultType; a value the client does not recognise is invalid',
      zh: '每个结果都必须带有 resultType；客户端不认识的值视为无效',
    },
    title: { en: 'Result without a recognised resultType', zh: '结果缺少可识别的 resultType' },
    check: (ctx, msg) => {
      const result = resultOf(msg);
      const record = result && modernRequestOf(ctx, msg);
      if (!result || !record) return null;
      const type = result.resultType;
      const where = `${record.method} result #${show(msg.id)}`;
      if (type === undefined) {
        return {
          pointer: '/result/resultType',
          en: `${where} has no resultType; a ${ctx.ruleVersion} server MUST say what each result is ("complete" or "input_required"); the client can only guess it is complete, as if the server were a legacy one`,
          zh: `${record.method} 结果 #${show(msg.id)} 没有 resultType；${ctx.ruleVersion} 的服务器必须说明每个结果的类型（"complete" 或 "input_required"）；客户端只能把它当作旧时代服务器的结果，猜测为 complete`,
        };
      }
      // The common case first, without building the list below: every modern result is judged.
      if (typeof type === 'string' && CORE_RESULT_TYPES.includes(type)) return null;
      const declared = declaredExtensions(record.declared.capabilities);
      // An extension the referee does not know may add values it cannot list: no verdict.
      if (declared.some((ext) => extensionResultTypes(ext) === undefined)) return null;
      const known = [
        ...CORE_RESULT_TYPES,
        ...declared.flatMap((ext) => extensionResultTypes(ext) ?? []),
      ];
      if (typeof type === 'string' && known.includes(type)) return null;
      // A task handle (the tasks extension's CreateTaskResult: a taskId) to a request that did
      // not declare the extension.
      const handle = type === 'task' && typeof result.taskId === 'string';
      if (handle && extensionResultTypes(TASKS_EXTENSION)?.includes(type)) {
        return {
          cite: {
            spec: `${EXT_TASKS_PAGE} › Capability Negotiation`,
            specNote: {
              en: 'a server MUST NOT return CreateTaskResult to a client that did not include the extension capability on its request, regardless of prior declarations',
              zh: '客户端在请求中没有包含该扩展能力时，无论之前声明过什么，服务器都不得返回 CreateTaskResult',
            },
          },
          pointer: '/result/resultType',
          en: `${where} is a CreateTaskResult (resultType "task"), but the request does not declare ${TASKS_EXTENSION} in clientCapabilities.extensions: a server MUST NOT answer it with a task, whatever earlier requests declared; the client recognises ${known.map((t) => `"${t}"`).join(', ')} only, so it treats the result as invalid`,
          zh: `${record.method} 结果 #${show(msg.id)} 是一个 CreateTaskResult（resultType 为 "task"），但这个请求没有在 clientCapabilities.extensions 中声明 ${TASKS_EXTENSION}：无论之前的请求声明过什么，服务器都不得以任务作答；客户端只认识 ${known.map((t) => `"${t}"`).join('、')}，因此视该结果为无效`,
        };
      }
      return {
        pointer: '/result/resultType',
        en: `${where} has resultType ${show(type)}, which the request did not make valid: the client recognises ${known.map((t) => `"${t}"`).join(', ')} (an extension adds a value only when the request declares it in clientCapabilities.extensions), so it treats the result as invalid`,
        zh: `${record.method} 结果 #${show(msg.id)} 的 resultType 为 ${show(type)}，该请求并未使它有效：客户端只认识 ${known.map((t) => `"${t}"`).join('、')}（扩展只有在请求的 clientCapabilities.extensions 中声明后才会增加取值），因此客户端视该结果为无效`,
      };
    },
  },
  {
    id: 'cache-hints-missing',
    severity: 'error',
    spec: '2026-07-28/server/utilities/caching › Cacheable Results',
    specNote: {
      en: 'complete results of discover, list and read methods carry ttlMs (integer >= 0) and cacheScope (public or private)',
      zh: 'discover、各 list 方法及 resources/read 的 complete 结果须带 ttlMs（不小于 0 的整数）和 cacheScope（public 或 private）',
    },
    title: { en: 'Cacheable result without caching hints', zh: '可缓存的结果缺少缓存提示' },
    check: (ctx, msg) => {
      const result = resultOf(msg);
      const record = result && modernRequestOf(ctx, msg);
      if (!result || !record || !CACHEABLE.has(record.method)) return null;
      // An absent resultType is read as complete (result-type-missing says it is absent).
      if (result.resultType !== undefined && result.resultType !== 'complete') return null;
      const en: string[] = [];
      const zh: string[] = [];
      const at: string[] = [];
      const { ttlMs, cacheScope } = result;
      if (ttlMs === undefined) {
        en.push('no ttlMs (the client assumes 0: immediately stale)');
        zh.push('没有 ttlMs（客户端按 0 处理，即立即过期）');
        at.push('/result/ttlMs');
      } else if (typeof ttlMs !== 'number' || !Number.isInteger(ttlMs) || ttlMs < 0) {
        en.push(`ttlMs ${show(ttlMs)}, not an integer >= 0 (a negative one is read as 0)`);
        zh.push(`ttlMs 为 ${show(ttlMs)}，不是不小于 0 的整数（负数按 0 处理）`);
        at.push('/result/ttlMs');
      }
      if (cacheScope === undefined) {
        en.push('no cacheScope ("public" or "private")');
        zh.push('没有 cacheScope（"public" 或 "private"）');
        at.push('/result/cacheScope');
      } else if (cacheScope !== 'public' && cacheScope !== 'private') {
        en.push(`cacheScope ${show(cacheScope)}, neither "public" nor "private"`);
        zh.push(`cacheScope 为 ${show(cacheScope)}，既不是 "public" 也不是 "private"`);
        at.push('/result/cacheScope');
      }
      // The first hint at fault: the field, or where it belongs when the result lacks it.
      const pointer = at[0];
      if (pointer === undefined) return null;
      return {
        pointer,
        en: `${record.method} result #${show(msg.id)} has ${en.join(' and ')}; in ${ctx.ruleVersion} a complete ${record.method} result MUST carry both caching hints; without them the client and any shared cache cannot tell how long or for whom to keep it`,
        zh: `${record.method} 结果 #${show(msg.id)} ${zh.join('，且')}；在 ${ctx.ruleVersion} 中 ${record.method} 的 complete 结果必须同时带有两个缓存提示，否则客户端和共享缓存无法判断可以保存多久、可以给谁使用`,
      };
    },
  },
  {
    id: 'cache-scope-changed',
    severity: 'error',
    spec: '2026-07-28/server/utilities/caching › Interaction with Pagination',
    specNote: {
      en: 'every page of one list request MUST carry the cacheScope of its first page',
      zh: '同一列表请求的每一页都必须带有与第一页相同的 cacheScope',
    },
    title: { en: 'cacheScope changed between pages', zh: '各页的 cacheScope 不一致' },
    check: (ctx, msg) => {
      const result = resultOf(msg);
      const record = result && modernRequestOf(ctx, msg);
      if (!result || record?.cursor === undefined) return null;
      const scope = result.cacheScope;
      const first = ctx.ledger.pageScope(record.method, record.cursor);
      // A missing or unknown scope is cache-hints-missing's.
      if (first === undefined || (scope !== 'public' && scope !== 'private') || scope === first)
        return null;
      return {
        pointer: '/result/cacheScope',
        en: `${record.method} result #${show(msg.id)}, the page for cursor ${show(record.cursor)}, has cacheScope "${scope}", but the list's first page had "${first}": all pages of one list carry the same scope, or a shared cache could keep one page of a private list for everyone`,
        zh: `${record.method} 结果 #${show(msg.id)} 是游标 ${show(record.cursor)} 对应的那一页，其 cacheScope 为 "${scope}"，但该列表第一页为 "${first}"：同一列表的所有页必须使用相同的范围，否则共享缓存可能把私有列表的某一页提供给所有人`,
      };
    },
  },
  {
    id: 'version-not-refused',
    severity: 'error',
    spec: '2026-07-28/basic/versioning › Protocol Version Negotiation',
    specNote: {
      en: 'a request in a version the server does not serve gets -32022, never a result or another error',
      zh: '对服务器不支持的版本的请求，必须以 -32022 回应，而不是给出结果或其他错误',
    },
    title: {
      en: 'Request in an unsupported version not refused with -32022',
      zh: '以不支持的版本发出的请求没有以 -32022 拒绝',
    },
    check: (ctx, msg) => {
      const refused = wrongRefusal(ctx, msg);
      if (refused?.codes.includes(-32022)) {
        const { record, code } = refused;
        const version = record.declared.version;
        return {
          en: `${record.method} #${show(msg.id)} declared protocol version "${version}", which the server does not serve, and the server refused it with error ${show(code)} instead of -32022 (UnsupportedProtocolVersionError); only -32022 with data.supported tells a client which version to retry with, and tells a dual-era client the server is modern (so it does not fall back to initialize)`,
          zh: `${record.method} #${show(msg.id)} 声明的协议版本为 "${version}"，服务器并不支持它，却以错误 ${show(code)} 拒绝，而不是 -32022（UnsupportedProtocolVersionError）；只有带 data.supported 的 -32022 才能告诉客户端该改用哪个版本重试，也才能让双时代客户端知道服务器是现代的（从而不退回 initialize）`,
        };
      }
      const result = resultOf(msg);
      const record = result && modernRequestOf(ctx, msg);
      const version = record?.declared.version;
      if (!result || !record || version === null || version === undefined) return null;
      // A DiscoverResult lists the versions itself; otherwise the latest one the server gave.
      const supported = servedVersions(ctx, record, result);
      if (supported !== null) {
        if (supported.includes(version)) return null;
        return {
          en: `${record.method} #${show(msg.id)} declared protocol version "${version}", which the server does not serve (its supportedVersions: ${show(supported)}), yet it answered with a result; it MUST answer -32022 with data.supported and data.requested, so the client retries with a version both sides speak`,
          zh: `${record.method} #${show(msg.id)} 声明的协议版本为 "${version}"，服务器并不支持它（其 supportedVersions 为 ${show(supported)}），却给出了结果；服务器必须以 -32022 回应，并附上 data.supported 和 data.requested，让客户端改用双方都支持的版本重试`,
        };
      }
      if (isStatelessVersion(version)) return null;
      return {
        en: `${record.method} #${show(msg.id)} declared protocol version "${version}", which is no revision with per-request _meta (the modern ones: 2026-07-28), yet the server answered with a result; a server that does not implement the requested version MUST answer -32022 listing the versions it supports`,
        zh: `${record.method} #${show(msg.id)} 声明的协议版本为 "${version}"，它不是使用逐请求 _meta 的版本（现代版本为 2026-07-28），服务器却给出了结果；服务器未实现所请求的版本时，必须以 -32022 回应并列出它支持的版本`,
      };
    },
  },
  {
    id: 'malformed-request-served',
    severity: 'error',
    spec: '2026-07-28/basic/index › General fields',
    // A request POSTed with headers that do not match its body cites Server Validation instead.
    specNote: {
      en: '_meta: a request missing a required field is malformed, and the server MUST reject it with -32602',
      zh: '_meta：缺少必需字段的请求格式错误，服务器必须以 -32602 拒绝它',
    },
    title: {
      en: 'Malformed request served, or refused with the wrong code',
      zh: '格式错误的请求得到了服务，或被以错误的错误码拒绝',
    },
    check: (ctx, msg) => {
      const refused = wrongRefusal(ctx, msg);
      if (refused && (refused.codes.includes(-32602) || refused.codes.includes(-32020))) {
        const { record, code, codes } = refused;
        const headers = codes.includes(-32020) && !codes.includes(-32602);
        if (headers) {
          return {
            cite: HEADER_REFUSAL_CITE,
            en: `${record.method} #${show(msg.id)} was POSTed with headers that do not match its body, and the server refused it with error ${show(code)} instead of -32020 (HeaderMismatch); the code is how a client tells that its headers, not its request, were wrong`,
            zh: `${record.method} #${show(msg.id)} 在 POST 时带的请求头与消息体不一致，服务器以错误 ${show(code)} 拒绝，而不是 -32020（HeaderMismatch）；客户端正是靠这个错误码得知出错的是请求头，而不是请求本身`,
          };
        }
        return {
          en: `${record.method} #${show(msg.id)} had no valid _meta["${PROTOCOL_VERSION_META}"] or _meta["${CLIENT_CAPABILITIES_META}"], and the server refused it with error ${show(code)} instead of -32602 (Invalid params); a request missing a required field MUST be rejected with -32602`,
          zh: `${record.method} #${show(msg.id)} 的 _meta 中没有有效的 "${PROTOCOL_VERSION_META}" 或 "${CLIENT_CAPABILITIES_META}"，服务器以错误 ${show(code)} 拒绝，而不是 -32602；缺少必需字段的请求必须以 -32602 拒绝`,
        };
      }
      const result = resultOf(msg);
      const record = result && modernRequestOf(ctx, msg);
      if (!result || !record) return null;
      const missing: string[] = [];
      if (record.declared.version === null) missing.push(PROTOCOL_VERSION_META);
      if (record.declared.capabilities === null) missing.push(CLIENT_CAPABILITIES_META);
      if (missing.length > 0) {
        const keys = missing.map((key) => `"${key}"`);
        return {
          en: `${record.method} #${show(msg.id)} had no valid _meta[${keys.join(' and ')}], yet the server answered it with a result; a request missing a required field is malformed, and the server MUST reject it with -32602 instead of guessing what it declared`,
          zh: `${record.method} #${show(msg.id)} 的 _meta 中没有有效的 ${keys.join(' 和 ')}，服务器却给出了结果；缺少必需字段的请求格式错误，服务器必须以 -32602 拒绝，而不是猜测它声明了什么`,
        };
      }
      if (!record.headerMismatch) return null;
      return {
        cite: HEADER_REFUSAL_CITE,
        en: `${record.method} #${show(msg.id)} was POSTed with headers that do not match its body, yet the server ran it and answered with a result; it MUST refuse such a request unrun, with HTTP 400 and -32020 (HeaderMismatch), since gateways acted on the headers`,
        zh: `${record.method} #${show(msg.id)} 在 POST 时带的请求头与消息体不一致，服务器却执行了它并给出结果；服务器必须不执行这样的请求，以 HTTP 400 和 -32020（HeaderMismatch）拒绝，因为网关是依据请求头行事的`,
      };
    },
  },
  {
    id: 'unsupported-version-error-incomplete',
    severity: 'error',
    spec: '2026-07-28/basic/versioning › Protocol Version Negotiation',
    specNote: {
      en: 'UnsupportedProtocolVersionError: data.supported (string[]) and data.requested (string: the version the client requested), to a modern request or an initialize',
      zh: 'UnsupportedProtocolVersionError：须有 data.supported（字符串数组）和 data.requested（字符串：客户端所请求的版本），无论回应的是现代请求还是 initialize',
    },
    title: {
      en: '-32022 without the supported versions, or misnaming the requested one',
      zh: '-32022 错误缺少支持的版本列表，或写错了所请求的版本',
    },
    check: (ctx, msg) => {
      const error = errorOf(msg);
      const refused = error?.code === -32022 ? versionRefusalOf(ctx, msg) : null;
      if (!error || !refused) return null;
      const data = isObject(error.data) ? error.data : {};
      // An empty list names no version either: the schema lets it through, but the server MUST
      // list the versions it does support, and every server serves some.
      const emptyList = Array.isArray(data.supported) && data.supported.length === 0;
      const noSupported = emptyList || versionsOf(data.supported) === null;
      const noRequested = typeof data.requested !== 'string';
      const asked = refused.version;
      // data.requested is "the protocol version that was requested by the client" (schema): one
      // the request did not ask for sends the client looking for a version it never sent.
      const misreported =
        !noRequested && asked !== null && data.requested !== asked ? String(data.requested) : null;
      if (!noSupported && !noRequested && misreported === null) return null;
      // Say what each missing field costs the client, and only for the field that is missing.
      const en: string[] = [];
      const zh: string[] = [];
      // An absent field is said to be missing; one that is there but wrong, to be the wrong thing.
      if (noSupported) {
        const what =
          data.supported === undefined
            ? { en: 'is missing', zh: '缺失' }
            : emptyList
              ? {
                  en: 'is empty, though the server MUST list the versions it does support',
                  zh: '是空列表，而服务器必须列出它实际支持的版本',
                }
              : { en: 'is not an array of version strings', zh: '不是版本字符串数组' };
        en.push(
          `data.supported ${what.en}, so the client cannot pick a version both sides speak and retry`,
        );
        zh.push(`data.supported ${what.zh}，客户端无法选出双方都支持的版本来重试`);
      }
      if (noRequested) {
        const absent = data.requested === undefined;
        en.push(
          `data.requested ${absent ? 'is missing' : 'is not the requested version string'}, so the client cannot tell which of its versions was refused`,
        );
        zh.push(
          `data.requested ${absent ? '缺失' : '不是所请求的版本字符串'}，客户端无法得知被拒绝的是它的哪个版本`,
        );
      }
      if (misreported !== null) {
        en.push(
          `data.requested is ${show(misreported)}, but ${refused.record.method} #${show(msg.id)} asked for ${show(asked)}, so a client reading it would look for a version it never sent`,
        );
        zh.push(
          `data.requested 为 ${show(misreported)}，但 ${refused.record.method} #${show(msg.id)} 请求的是 ${show(asked)}，客户端读到它会去找一个自己从未发送过的版本`,
        );
      }
      // What the schema requires: an empty list is an array, its fault is the MUST above.
      const both = (noSupported && !emptyList) || noRequested;
      const needs = {
        en: [
          ...(both ? ['the schema requires both'] : []),
          ...(misreported !== null
            ? [
                `${both ? 'it' : 'the schema'} defines requested as the version the client requested`,
              ]
            : []),
        ].join(', and '),
        zh: [
          ...(both ? ['协议模式要求两者都有'] : []),
          ...(misreported !== null
            ? [`${both ? '并' : '协议模式'}规定 requested 是客户端所请求的版本`]
            : []),
        ].join('，'),
      };
      // The first field at fault, or data itself when the error carries no object there.
      const field = noSupported ? 'supported' : 'requested';
      return {
        pointer: isObject(error.data) ? `/error/data/${field}` : '/error/data',
        en: `-32022 error for ${refused.record.method} #${show(msg.id)}: ${en.join('; and ')}${needs.en === '' ? '' : `; ${needs.en}`}`,
        zh: `${refused.record.method} #${show(msg.id)} 的 -32022 错误：${zh.join('；且')}${needs.zh === '' ? '' : `；${needs.zh}`}`,
      };
    },
  },
  {
    id: 'unsupported-version-contradicted',
    severity: 'error',
    spec: '2026-07-28/basic/versioning › Protocol Version Negotiation',
    specNote: {
      en: 'a server that does not implement the requested version answers -32022 listing the versions it does support',
      zh: '服务器未实现所请求的版本时，以 -32022 回应并列出它实际支持的版本',
    },
    title: {
      en: '-32022 listing the refused version as supported',
      zh: '-32022 把被拒绝的版本列为支持的版本',
    },
    check: (ctx, msg) => {
      const error = errorOf(msg);
      if (error?.code !== -32022) return null;
      const refused = versionRefusalOf(ctx, msg);
      const record = refused?.record;
      const version = refused?.version;
      if (!record || typeof version !== 'string') return null;
      // After a modern opening, a server may refuse initialize for the era, not the version (a
      // dual-era server MAY, not must, serve both eras on one connection): only a bare one is judged.
      if (record.method === 'initialize' && ctx.era === 'modern') return null;
      const data = isObject(error.data) ? error.data : {};
      const supported = versionsOf(data.supported);
      if (supported === null || !supported.includes(version)) return null;
      return {
        pointer: `/error/data/supported/${supported.indexOf(version)}`,
        en: `-32022 error for ${record.method} #${show(msg.id)} refuses protocol version "${version}", yet its data.supported (${show(supported)}) lists that very version; the list is the versions the server does support, so either it serves "${version}" and MUST answer the request, or the list is wrong, and a client that picks a version from it to retry with may pick one the server refuses`,
        zh: `${record.method} #${show(msg.id)} 的 -32022 错误拒绝了协议版本 "${version}"，但它的 data.supported（${show(supported)}）恰恰列出了这个版本；这个列表是服务器实际支持的版本，所以要么服务器支持 "${version}"、就应当回应这个请求，要么列表有误，客户端从中挑选重试的版本时可能挑到服务器会拒绝的版本`,
      };
    },
  },
  {
    id: 'client-capability-not-declared',
    severity: 'error',
    spec: '2026-07-28/basic/patterns/mrtr › Server Requirements (Basic Workflow)',
    specNote: {
      en: 'inputRequests only of kinds the request itself declared in clientCapabilities',
      zh: 'inputRequests 只能包含该请求自身在 clientCapabilities 中声明过的类型',
    },
    title: {
      en: 'Input request the client did not declare',
      zh: '输入请求使用了客户端未声明的能力',
    },
    check: (ctx, msg) => {
      const result = resultOf(msg);
      const record = result && modernRequestOf(ctx, msg);
      if (!result || !record || result.resultType !== 'input_required') return null;
      const inputs = result.inputRequests;
      if (!isObject(inputs)) return null;
      const caps = record.declared.capabilities ?? {};
      const findings: Finding[] = [];
      for (const [key, request] of Object.entries(inputs)) {
        const missing = capabilityNeeded(request, caps, ctx.ruleVersion);
        if (!missing) continue;
        const pointer = `/result/inputRequests/${pointerToken(key)}`;
        if (missing.soft) {
          findings.push({
            pointer,
            en: `${record.method} result #${show(msg.id)} asks for "${key}" with ${missing.method} and a deprecated includeContext, but ${record.method} #${show(msg.id)} did not declare ${missing.needs} in its clientCapabilities (${show(caps)}); servers SHOULD NOT use "thisServer" or "allServers" unless the request declares it (omit includeContext: it defaults to "none")`,
            zh: `${record.method} 结果 #${show(msg.id)} 用 ${missing.method} 请求输入 "${key}"，并带有已弃用的 includeContext，但 ${record.method} #${show(msg.id)} 的 clientCapabilities 中没有声明 ${missing.needs}（${show(caps)}）；除非请求声明了它，服务器不应使用 "thisServer" 或 "allServers"（省略 includeContext 即可，默认为 "none"）`,
            severity: 'warning',
            cite: {
              spec: '2026-07-28/client/sampling › Capabilities',
              specNote: {
                en: 'includeContext "thisServer"/"allServers" only when the client declares sampling.context (SHOULD NOT otherwise)',
                zh: '只有客户端声明了 sampling.context 时才使用 includeContext 的 "thisServer"/"allServers"（否则不应使用）',
              },
            },
          });
          continue;
        }
        findings.push({
          pointer,
          en: `${record.method} result #${show(msg.id)} asks for "${key}" with ${missing.method}, but ${record.method} #${show(msg.id)} did not declare ${missing.needs} in its clientCapabilities (${show(caps)}); a server relies only on what the request itself declares, never on an earlier request, so it leaves this input request out or answers -32021 with data.requiredCapabilities`,
          zh: `${record.method} 结果 #${show(msg.id)} 用 ${missing.method} 请求输入 "${key}"，但 ${record.method} #${show(msg.id)} 的 clientCapabilities 中没有声明 ${missing.needs}（${show(caps)}）；服务器只能依赖请求本身声明的能力，不能依赖更早的请求，因此应去掉这个输入请求，或以带 data.requiredCapabilities 的 -32021 回应`,
          ...(missing.cite ? { cite: missing.cite } : {}),
        });
      }
      return findings.length > 0 ? findings : null;
    },
  },
  {
    id: 'capability-error-incomplete',
    severity: 'error',
    spec: '2026-07-28/basic/index › General fields',
    specNote: {
      en: 'MissingRequiredClientCapabilityError (-32021) lists the missing capabilities, those the request did not declare, in data.requiredCapabilities (a ClientCapabilities object)',
      zh: 'MissingRequiredClientCapabilityError（-32021）须在 data.requiredCapabilities（一个 ClientCapabilities 对象）中列出缺少的能力，即请求没有声明的能力',
    },
    title: {
      en: '-32021 without the missing capabilities',
      zh: '-32021 错误没有列出缺少的能力',
    },
    check: (ctx, msg) => {
      const error = errorOf(msg);
      const record = modernRequestOf(ctx, msg);
      if (error?.code !== -32021 || !record) return null;
      const data = error.data;
      if (!isObject(data) || !isObject(data.requiredCapabilities)) {
        return {
          pointer: isObject(data) ? '/error/data/requiredCapabilities' : '/error/data',
          en: `-32021 error for #${show(msg.id)} has no data.requiredCapabilities object; the client cannot tell which capability to declare when it retries`,
          zh: `#${show(msg.id)} 的 -32021 错误没有 data.requiredCapabilities 对象；客户端无法得知重试时应声明哪项能力`,
        };
      }
      // Each capability as a request would declare it (the schema's ClientCapabilities): one
      // that is no object is no list the client can declare from, whatever the request declared.
      const [issue] = modernErrorDataIssues(-32021, data);
      if (issue) {
        return {
          pointer: issue.pointer,
          cite: CAPABILITY_ERROR_SCHEMA_CITE,
          en: `-32021 error for ${record.method} #${show(msg.id)}: ${issue.pointer}: ${issue.message} (MCP 2026-07-28 schema); data.requiredCapabilities is a ClientCapabilities object, each capability written as the request would declare it, so that the client can declare what it names when it retries`,
          zh: `${record.method} #${show(msg.id)} 的 -32021 错误：${issue.pointer}：不符合 MCP 2026-07-28 中 MissingRequiredClientCapabilityError 的模式（${issue.messageZh}）；data.requiredCapabilities 是一个 ClientCapabilities 对象，每项能力的写法与请求声明它时相同，客户端重试时才能照着声明`,
        };
      }
      // The list is of the capabilities the request did not include: one it did include is none.
      const required = data.requiredCapabilities;
      const caps = record.declared.capabilities ?? {};
      const keys = Object.keys(required);
      if (keys.length === 0 || !keys.every((key) => declaredAlready(key, required[key], caps)))
        return null;
      return {
        pointer: '/error/data/requiredCapabilities',
        en: `-32021 error for ${record.method} #${show(msg.id)} names as missing ${show(required)}, which the request did declare in its clientCapabilities (${show(caps)}); data.requiredCapabilities lists the capabilities the request did not include, so a client that retries declaring them again gets the same refusal`,
        zh: `${record.method} #${show(msg.id)} 的 -32021 错误把 ${show(required)} 列为缺少的能力，但该请求已在 clientCapabilities 中声明了它们（${show(caps)}）；data.requiredCapabilities 列出的是请求没有包含的能力，客户端重新声明后重试只会再次被拒绝`,
      };
    },
  },
  {
    id: 'server-info-missing',
    severity: 'warning',
    spec: '2026-07-28/basic/index › General fields',
    specNote: {
      en: 'per-response protocol fields: every result SHOULD name its server in _meta',
      zh: '逐回应协议字段：每个结果都应在 _meta 中给出服务器信息',
    },
    title: { en: 'Result without serverInfo', zh: '结果缺少 serverInfo' },
    check: (ctx, msg) => {
      const result = resultOf(msg);
      const record = result && modernRequestOf(ctx, msg);
      if (!result || !record) return null;
      const meta = result._meta;
      if (isObject(meta) && isObject(meta[SERVER_INFO_META])) return null;
      return {
        // The key, where the result's _meta would hold it, or that _meta, where it belongs.
        pointer: isObject(meta)
          ? `/result/_meta/${pointerToken(SERVER_INFO_META)}`
          : '/result/_meta',
        en: `${record.method} result #${show(msg.id)} has no _meta["${SERVER_INFO_META}"]; in ${ctx.ruleVersion} there is no initialize result to name the server, so each result should say which server (name and version) produced it`,
        zh: `${record.method} 结果 #${show(msg.id)} 的 _meta 中没有 "${SERVER_INFO_META}"；${ctx.ruleVersion} 没有 initialize 结果来说明服务器身份，因此每个结果都应说明是哪个服务器（名称和版本）产生的`,
      };
    },
  },
] as const satisfies readonly RuleRow[];

/** The server's notifications in the modern era: log messages belong to a request that asked. */
export const MODERN_NOTIFICATION_RULES = [
  {
    id: 'log-without-level',
    severity: 'error',
    spec: '2026-07-28/server/utilities/logging › Per-request log level',
    specNote: {
      en: 'notifications/message only for a request in flight that set logLevel, never on a listen stream',
      zh: 'notifications/message 只能发给仍在进行且设置了 logLevel 的请求，不得出现在监听流上',
    },
    title: { en: 'Log message nobody asked for', zh: '没有请求要求的日志消息' },
    check: (ctx, msg) => {
      if (msg.type !== 'server.notification' || msg.method !== 'notifications/message') {
        return null;
      }
      const findings = [];
      const meta = msg.params?._meta;
      if (isObject(meta) && SUBSCRIPTION_ID_META in meta) {
        findings.push({
          pointer: `/params/_meta/${pointerToken(SUBSCRIPTION_ID_META)}`,
          en: `notifications/message carries _meta["${SUBSCRIPTION_ID_META}"] ${show(meta[SUBSCRIPTION_ID_META])}: in ${ctx.ruleVersion} a log message is request-scoped and MUST NOT be delivered on a subscriptions/listen stream; the server sends it only before the answer of the request that set logLevel`,
          zh: `notifications/message 带有 _meta["${SUBSCRIPTION_ID_META}"] ${show(meta[SUBSCRIPTION_ID_META])}：在 ${ctx.ruleVersion} 中日志消息属于单个请求，不得通过 subscriptions/listen 流发送；服务器只能在设置了 logLevel 的请求得到回应之前发送它`,
        });
      }
      // A request that asked and was then cancelled: the cancellation rules judge the message.
      if (ctx.ledger.logging === 0 && !cancelledLogRequest(ctx, msg)) {
        findings.push({
          en: `notifications/message while no client request waiting for its answer declared _meta["${LOG_LEVEL_META}"]; in ${ctx.ruleVersion} there is no logging/setLevel, and the server MUST NOT log for a request that did not ask`,
          zh: `发送 notifications/message 时，没有任何仍在等待回应的客户端请求在 _meta 中声明 "${LOG_LEVEL_META}"；${ctx.ruleVersion} 没有 logging/setLevel，服务器不得为没有要求日志的请求发送日志`,
        });
      }
      return findings.length > 0 ? findings : null;
    },
  },
] as const satisfies readonly RuleRow[];
