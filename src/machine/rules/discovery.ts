import { isHandshakeVersion } from '../../protocol/index.js';
import { answeredRecord } from '../facts.js';
import { discoverUnfoundOf, modernAnswerOf } from '../records-discovery.js';
import { type RuleRow, show } from './rule.js';

/**
 * What a 2026-07-28 server says of the versions it serves, to a client that has to find out
 * (basic/versioning): server/discover, which it MUST implement, and the error it returns to a
 * legacy client's initialize, which SHOULD name its versions.
 */

/**
 * The versions the server has said it serves, when it listed some and none has a handshake: a
 * modern-only server. From its DiscoverResult, else from its latest -32022.
 */
function modernOnlyVersions(
  supported: readonly string[] | null | undefined,
): readonly string[] | null {
  if (!supported || supported.length === 0 || supported.some(isHandshakeVersion)) return null;
  return supported;
}

export const DISCOVERY_RULES = [
  {
    id: 'discover-not-implemented',
    severity: 'error',
    spec: '2026-07-28/basic/versioning › Protocol Version Negotiation',
    specNote: {
      en: 'servers MUST implement server/discover',
      zh: '服务器必须实现 server/discover',
    },
    title: {
      en: 'A 2026-07-28 server answers server/discover with -32601',
      zh: '2026-07-28 的服务器以 -32601 回应 server/discover',
    },
    // A -32601 to discover is how a legacy server answers a dual-era client's probe (correct:
    // stdio › Backward Compatibility). Only the same server answering as a 2026-07-28 server makes
    // it a fault, and the transcript may show that before or after the -32601: judged at whichever
    // comes second, once.
    check: (ctx, msg) => {
      const earlier = ctx.modernAnswer;
      if (earlier !== null && discoverUnfoundOf(ctx, msg)) {
        return {
          en: `server/discover #${show(msg.id)} answered -32601 (Method not found), yet this server already answered as a 2026-07-28 server (${earlier.method} #${show(earlier.id)}: ${earlier.shows.en}); a 2026-07-28 server MUST implement server/discover, and a dual-era client that probes with it takes -32601 for a legacy server and falls back to initialize`,
          zh: `server/discover #${show(msg.id)} 得到 -32601（方法不存在），但这个服务器此前已经以 2026-07-28 服务器的身份回应过（${earlier.method} #${show(earlier.id)}：${earlier.shows.zh}）；2026-07-28 的服务器必须实现 server/discover，用它探测的双时代客户端会把 -32601 当作旧时代服务器的回应，从而退回 initialize`,
        };
      }
      const unfound = ctx.discoverUnfound;
      if (earlier !== null || unfound === null) return null;
      const now = modernAnswerOf(ctx, msg);
      if (now === null) return null;
      return {
        en: `${now.method} #${show(msg.id)} gets ${now.shows.en}, which only a 2026-07-28 server sends, yet the same server answered server/discover #${show(unfound.id)} with -32601 (Method not found) earlier; a 2026-07-28 server MUST implement server/discover (judged at this first answer that shows the server modern), and a dual-era client that probed with it took the -32601 for a legacy server and fell back to initialize`,
        zh: `${now.method} #${show(msg.id)} 得到的是${now.shows.zh}，只有 2026-07-28 的服务器才会这样回应，但同一个服务器此前以 -32601（方法不存在）回应了 server/discover #${show(unfound.id)}；2026-07-28 的服务器必须实现 server/discover（在第一个表明服务器属于新时代的回应处判定），用它探测的双时代客户端会把那个 -32601 当作旧时代服务器的回应，从而退回 initialize`,
      };
    },
  },
  {
    id: 'initialize-error-without-versions',
    severity: 'warning',
    spec: '2026-07-28/basic/versioning › Backward Compatibility with Initialization-Based Versions',
    specNote: {
      en: 'a server that supports only modern versions SHOULD name the versions it supports in any error it returns to initialize',
      zh: '只支持现代版本的服务器，在回应 initialize 的任何错误中都应写明它支持的协议版本',
    },
    title: {
      en: 'A modern-only server’s error to initialize names no version',
      zh: '只支持现代版本的服务器回应 initialize 的错误没有写明版本',
    },
    // Only once the server has listed its versions, all without a handshake: a bare initialize
    // refused with an error may come from a legacy server too. Not for a malformed initialize:
    // dual-era servers list only modern versions as well (DiscoverResult's are those a request's
    // _meta may name; SDK v2 2.4.0 and mcp-sim serve list only 2026-07-28), and such a server's
    // error may be about the request (SDK v2 over HTTP: -32603 naming a missing clientInfo).
    // -32022 is left to unsupported-version-error-incomplete, whose data.supported is a MUST.
    check: (ctx, msg) => {
      if (msg.envelope.kind !== 'error' || msg.envelope.error.code === -32022) return null;
      const record = answeredRecord(ctx, msg);
      if (record?.method !== 'initialize' || record.status !== 'pending') return null;
      if (ctx.handshake.initializeId === msg.id && ctx.handshake.offerMalformed) return null;
      const served = modernOnlyVersions(ctx.discover?.supportedVersions ?? ctx.refusal?.supported);
      if (served === null) return null;
      // A heuristic: the version strings searched for in the error's message and data.
      const { message, data } = msg.envelope.error;
      const text = `${String(message)} ${data === undefined ? '' : show(data)}`;
      if (served.some((version) => text.includes(version))) return null;
      return {
        en: `error ${show(msg.envelope.error.code)} to initialize #${show(msg.id)} names none of the versions this server listed as the ones it serves (${show(served)}; read from the error's message and data, a heuristic); a server that supports only modern versions should name them in any error to initialize: a legacy client has no way forward, and this error may be all it can show its user`,
        zh: `对 initialize #${show(msg.id)} 的错误 ${show(msg.envelope.error.code)} 没有写出这个服务器列出的任何一个支持的版本（${show(served)}；依据错误的 message 和 data 判断，属于启发式判断）；只支持现代版本的服务器在回应 initialize 的任何错误中都应写明这些版本：旧时代客户端没有向前升级的办法，这个错误可能是它唯一能展示给用户的信息`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
