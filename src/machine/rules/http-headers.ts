import { VERSION_HEADER_SINCE, versionHeaderRequired } from '../../protocol/http-headers.js';
import { isStatelessVersion, resolveVersion } from '../../protocol/index.js';
import type { ModelMessage } from '../events.js';
import { calledMethod } from '../facts.js';
import { type RuleRow, show } from './rule.js';

/** The message as a verdict names it, in both languages: its method and id, or the answer it is. */
function named(msg: ModelMessage): { readonly en: string; readonly zh: string } {
  const id = msg.id === null ? '' : ` #${show(msg.id)}`;
  if (msg.envelope.kind === 'response' || msg.envelope.kind === 'error') {
    return { en: `the client's answer${id}`, zh: `客户端的回应${id}` };
  }
  const call = `${calledMethod(msg) ?? msg.envelope.kind}${id}`;
  return { en: call, zh: call };
}

/**
 * Streamable HTTP in the handshake era, 2025-06-18 on: after initialize, every HTTP request the
 * client makes names the protocol version in a header (basic/transports › Protocol Version
 * Header). Judged only where the source knows the headers (a POST `serve --http` took, a
 * transcript line with `headers`): stdio has none.
 */
export const HTTP_HEADER_RULES = [
  {
    id: 'protocol-version-header',
    severity: 'error',
    spec: '2025-11-25/basic/transports › Protocol Version Header',
    specNote: {
      en: 'over HTTP the client MUST send MCP-Protocol-Version on every request after initialize (since 2025-06-18); the server MUST answer an invalid or unsupported one with 400',
      zh: '通过 HTTP 时，客户端在 initialize 之后的每个请求上都必须带 MCP-Protocol-Version（自 2025-06-18 起）；服务器收到无效或不支持的版本时必须回应 400',
    },
    title: {
      en: 'MCP-Protocol-Version header missing or invalid',
      zh: 'MCP-Protocol-Version 请求头缺失或无效',
    },
    check: (ctx, msg) => {
      const headers = msg.headers;
      const negotiated = ctx.handshake.negotiatedVersion;
      if (msg.sender !== 'client' || !headers || ctx.era !== 'legacy' || negotiated === null) {
        return null;
      }
      if (!versionHeaderRequired(negotiated)) return null;
      const sent = headers['mcp-protocol-version'];
      const what = named(msg);
      if (sent === undefined) {
        return {
          en: `${what.en} was POSTed without the MCP-Protocol-Version header; since ${VERSION_HEADER_SINCE} the client MUST send it, with the negotiated version (${negotiated}), on every HTTP request after initialize. A server that cannot tell the version another way assumes 2025-03-26`,
          zh: `${what.zh} 在 POST 时没有带 MCP-Protocol-Version 请求头；自 ${VERSION_HEADER_SINCE} 起，客户端在 initialize 之后的每个 HTTP 请求上都必须带上它，值为协商好的版本（${negotiated}）。无法从别处得知版本的服务器会假定为 2025-03-26`,
        };
      }
      if (sent === negotiated) return null;
      if (resolveVersion(sent) !== null || isStatelessVersion(sent)) {
        // A revision, but not the one agreed: the sentence is a SHOULD ("SHOULD be the one
        // negotiated during initialization"), so a warning.
        return {
          severity: 'warning',
          en: `${what.en} was POSTed with MCP-Protocol-Version: ${show(sent)}, but the session negotiated ${negotiated}; the version the client sends should be the one negotiated during initialization, and a server that does not serve ${show(sent)} answers 400 Bad Request`,
          zh: `${what.zh} 在 POST 时带的 MCP-Protocol-Version 是 ${show(sent)}，但本会话协商的是 ${negotiated}；客户端发送的版本应当是初始化时协商好的版本，不支持 ${show(sent)} 的服务器会回应 400 Bad Request`,
        };
      }
      return {
        en: `${what.en} was POSTed with MCP-Protocol-Version: ${show(sent)}, which is no MCP revision; the client sends the negotiated version (${negotiated}), and the server MUST answer an invalid or unsupported one with 400 Bad Request`,
        zh: `${what.zh} 在 POST 时带的 MCP-Protocol-Version 是 ${show(sent)}，这不是任何 MCP 版本；客户端应发送协商好的版本（${negotiated}），服务器收到无效或不支持的版本时必须回应 400 Bad Request`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
