import { isObject } from '../../protocol/json.js';
import { PROTOCOL_VERSION_META } from '../facts.js';
import { metaKeysAt, type RuleRow, show } from './rule.js';

/**
 * After a -32022 the client picks its next version from the server's list (2026-07-28
 * basic/versioning › Protocol Version Negotiation: "The client SHOULD select a mutually supported
 * version from the supported list and retry the request, or surface an error to the user if no
 * compatible version exists"). Judged on the retry, the client's next request of the method refused,
 * against the latest refusal's list (a DiscoverResult listing the versions anew settles it): a
 * later request in that version may follow an upgrade of the server, which a transcript cannot see.
 */
export const VERSION_RETRY_RULES = [
  {
    id: 'version-not-from-supported',
    severity: 'warning',
    spec: '2026-07-28/basic/versioning › Protocol Version Negotiation',
    specNote: {
      en: 'after a -32022, the client SHOULD select a mutually supported version from data.supported and retry, or surface an error to the user if there is none',
      zh: '收到 -32022 之后，客户端应当从 data.supported 中选一个双方都支持的版本重试；若没有这样的版本，就向用户报告错误',
    },
    title: {
      en: 'Request in a version the server did not list',
      zh: '请求使用了服务器未列出的版本',
    },
    check: (ctx, msg) => {
      if (msg.type !== 'client.request' || ctx.era !== 'modern') return null;
      const refusal = ctx.refusal;
      if (refusal === null || msg.method !== refusal.method) return null;
      const { supported } = refusal;
      const meta = msg.params?._meta;
      const version = isObject(meta) ? meta[PROTOCOL_VERSION_META] : undefined;
      if (typeof version !== 'string' || supported.includes(version)) return null;
      return {
        pointer: metaKeysAt(msg.params, [PROTOCOL_VERSION_META]),
        en: `${msg.method} #${show(msg.id)} declares protocol version "${version}", but the server refused it with -32022 listing only ${show(supported)} in data.supported; the client should retry with one of those (or tell the user no version fits), since the server will refuse this one again`,
        zh: `${msg.method} #${show(msg.id)} 声明的协议版本为 "${version}"，但服务器以 -32022 拒绝时在 data.supported 中只列出了 ${show(supported)}；客户端应当改用其中之一重试（或告诉用户没有合适的版本），因为服务器还会再次拒绝这个版本`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
