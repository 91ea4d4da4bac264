import { hasCapability, isObject, versionAtLeast } from '../../protocol/index.js';
import { pointerToken } from '../../protocol/json.js';
import { uriFault } from '../../protocol/uri.js';
import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { resultOrigin } from '../facts.js';
import { type RuleRow, show } from './rule.js';
import { answeredCall } from './tool-schemas.js';

/** server/tools › Embedded Resources: the SHOULD came with 2025-06-18 (2025-03-26 only said MAY). */
const EMBEDDED_SHOULD_SINCE = '2025-06-18';

/**
 * What a server's results say about resources (server/tools › Embedded Resources). A rule here reads
 * only the results it concerns (a tools/call's, decided by the request it answers) and walks only
 * their content array.
 */
export const RESOURCE_CONTENT_RULES = [
  {
    id: 'embedded-resource-without-capability',
    // 2025-11-25 server/tools › Embedded Resources (2025-06-18 and 2026-07-28 word for word):
    // "Servers that use embedded resources SHOULD implement the resources capability". A SHOULD:
    // a warning. Only the tools page says it; server/prompts › Embedded Resources shows the same
    // block in a prompt message and asks nothing of the capability, so prompts/get is not judged.
    // Until the server declared its capabilities (initialize, or 2026-07-28's server/discover,
    // which is optional) there is nothing to compare with.
    severity: 'warning',
    spec: '2025-11-25/server/tools › Embedded Resources',
    specNote: {
      en: 'servers that use embedded resources SHOULD implement the resources capability',
      zh: '使用嵌入资源的服务器应当实现 resources 能力',
    },
    modern: { spec: '2026-07-28/server/tools › Embedded Resources' },
    title: {
      en: 'Embedded resource without the resources capability',
      zh: '嵌入了资源却没有 resources 能力',
    },
    check: (ctx, msg) => {
      if (msg.sender !== 'server' || msg.envelope.kind !== 'response') return null;
      if (ctx.era !== 'modern' && !versionAtLeast(ctx.ruleVersion, EMBEDDED_SHOULD_SINCE))
        return null;
      const declared = ctx.capabilities.server;
      if (declared === null || hasCapability(ctx.capabilities, 'server.resources')) return null;
      const call = answeredCall(ctx, msg);
      if (!call) return null;
      const content = msg.envelope.result.content;
      if (!Array.isArray(content)) return null;
      const at = content.findIndex((block) => isObject(block) && block.type === 'resource');
      if (at < 0) return null;
      const where =
        ctx.era === 'modern'
          ? { en: 'in its server/discover result', zh: '在 server/discover 的结果中' }
          : { en: 'at initialize', zh: '在 initialize 时' };
      return {
        pointer: `/result/content/${at}`,
        en: `${call.what.en} embeds a resource (at /result/content/${at}, type "resource"), but the server did not declare the resources capability ${where.en}: a client cannot list, read or subscribe to what it embeds. Declare "resources" in the server's capabilities, or return the content as a text block`,
        zh: `${call.what.zh}嵌入了一个资源（位置 /result/content/${at}，type 为 "resource"），但服务器${where.zh}没有声明 resources 能力：客户端无法列出、读取或订阅它嵌入的资源。应当在服务器的能力中声明 "resources"，或者把内容放在文本块中返回`,
      };
    },
  },
  {
    id: 'resource-uri-invalid',
    // 2025-11-25 server/resources › Common URI Schemes: "Custom URI schemes MUST be in accordance
    // with RFC3986" (every revision, 2026-07-28 too); the schema types every resource's uri
    // `format: "uri"`, an absolute URI. Judged: the uris of resources/list, resources/read, and of
    // the resource_link and embedded resource blocks of tools/call and prompts/get results (a
    // task's through tasks/result). Not uriTemplate, which is an RFC 6570 template, not a URI.
    // invalid-result leaves these uris' format to this rule (one finding, at every bad uri's place).
    severity: 'error',
    spec: '2025-11-25/server/resources › Common URI Schemes',
    specNote: {
      en: 'custom URI schemes MUST be in accordance with RFC 3986; the schema types every resource uri as format "uri"',
      zh: '自定义的 URI 方案必须符合 RFC 3986；模式把每个资源的 uri 都定为绝对 URI（format 为 "uri"）',
    },
    modern: { spec: '2026-07-28/server/resources › Common URI Schemes' },
    title: { en: 'Resource uri is not an RFC 3986 URI', zh: '资源 uri 不是符合 RFC 3986 的 URI' },
    check: (ctx, msg) => {
      const uris = resourceUris(ctx, msg);
      if (uris.length === 0) return null;
      let first: { at: string; uri: string; fault: { en: string; zh: string } } | null = null;
      let more = 0;
      for (const { at, uri } of uris) {
        const fault = uriFault(uri);
        if (fault === null) continue;
        if (first === null) first = { at, uri, fault };
        else more++;
      }
      if (first === null) return null;
      const { at, uri, fault } = first;
      const others =
        more === 0
          ? { en: '', zh: '' }
          : {
              en: `; ${more} more uri${more === 1 ? '' : 's'} of this result ${more === 1 ? 'is' : 'are'} not one either`,
              zh: `；这个结果中另有 ${more} 个 uri 也不是`,
            };
      return {
        pointer: at,
        en: `${at} is ${show(uri)}, not an RFC 3986 URI: ${fault.en}${others.en}`,
        zh: `${at} 的值 ${show(uri)} 不是符合 RFC 3986 的 URI：${fault.zh}${others.zh}`,
      };
    },
  },
] as const satisfies readonly RuleRow[];

/**
 * The results whose resources have a uri this rule reads, by the method of the request whose
 * result they carry: schema.ts's invalid-result leaves the
 * `format: "uri"` of exactly these to resource-uri-invalid.
 */
export const RESOURCE_URI_RESULTS: ReadonlySet<string> = new Set([
  'resources/list',
  'resources/read',
  'tools/call',
  'prompts/get',
]);

/**
 * Every string uri of a resource a server's result carries, with its JSON pointer: a resource of
 * resources/list, the contents of resources/read, a resource_link's or an embedded resource's in
 * tools/call content and prompts/get messages. None for any other message, a second answer, or a
 * 2026-07-28 input_required round (no result of the method yet).
 */
function resourceUris(
  ctx: SessionContext,
  msg: ModelMessage,
): { readonly at: string; readonly uri: string }[] {
  if (msg.sender !== 'server' || msg.envelope.kind !== 'response') return [];
  // Decided by the result's own keys first: most answers hold none of these four.
  const result = msg.envelope.result;
  if (
    !('resources' in result || 'contents' in result || 'content' in result || 'messages' in result)
  )
    return [];
  const origin = resultOrigin(ctx, msg);
  if (origin === undefined || !RESOURCE_URI_RESULTS.has(origin.record.method)) return [];
  if (origin.task === undefined && origin.record.status === 'answered') return [];
  if (result.resultType !== undefined && result.resultType !== 'complete') return [];
  const found: { at: string; uri: string }[] = [];
  const add = (at: string, value: unknown) => {
    if (isObject(value) && typeof value.uri === 'string')
      found.push({ at: `${at}/uri`, uri: value.uri });
  };
  const block = (at: string, value: unknown) => {
    if (!isObject(value)) return;
    if (value.type === 'resource_link') add(at, value);
    else if (value.type === 'resource') add(`${at}/resource`, value.resource);
  };
  const each = (key: string, visit: (at: string, value: unknown) => void) => {
    const list = result[key];
    if (!Array.isArray(list)) return;
    for (const [i, value] of list.entries()) visit(`/result/${pointerToken(key)}/${i}`, value);
  };
  switch (origin.record.method) {
    case 'resources/list':
      each('resources', add);
      break;
    case 'resources/read':
      each('contents', add);
      break;
    case 'tools/call':
      each('content', block);
      break;
    case 'prompts/get':
      each('messages', (at, message) => {
        if (isObject(message)) block(`${at}/content`, message.content);
      });
      break;
  }
  return found;
}
