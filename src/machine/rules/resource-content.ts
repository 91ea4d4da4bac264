import { hasCapability, isObject, versionAtLeast } from '../../protocol/index.js';
import type { RuleRow } from './rule.js';
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
        en: `${call.what.en} embeds a resource (at /result/content/${at}, type "resource"), but the server did not declare the resources capability ${where.en}: a client cannot list, read or subscribe to what it embeds. Declare "resources" in the server's capabilities, or return the content as a text block`,
        zh: `${call.what.zh}嵌入了一个资源（位置 /result/content/${at}，type 为 "resource"），但服务器${where.zh}没有声明 resources 能力：客户端无法列出、读取或订阅它嵌入的资源。应当在服务器的能力中声明 "resources"，或者把内容放在文本块中返回`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
