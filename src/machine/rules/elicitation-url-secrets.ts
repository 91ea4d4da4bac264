import type { Bilingual } from '../../protocol/index.js';
import { elicitationUrls } from './elicitation.js';
import { type Finding, type RuleRow, show } from './rule.js';

/**
 * The query and fragment keys that name a credential or a session, compared in lower case with
 * `-` read as `_` (so Access-Token is access_token): OAuth's access_token, id_token,
 * refresh_token and authorization code (RFC 6749 § 4.1.2, OpenID Connect's id_token), and the
 * usual names of tokens, sessions, passwords, secrets and API keys. A short list on purpose: a
 * heuristic that reads names, not values. `elicitationId`, `state` and the like are not here.
 */
const SENSITIVE_KEYS: ReadonlySet<string> = new Set([
  'token',
  'access_token',
  'id_token',
  'refresh_token',
  'code',
  'session',
  'password',
  'secret',
  'key',
  'api_key',
  'auth',
]);

/** Where in the URL a sensitive key is: its query or its fragment. */
const PARTS: Readonly<Record<'query' | 'fragment', Bilingual>> = {
  query: { en: 'query', zh: '查询部分' },
  fragment: { en: 'fragment', zh: '片段部分' },
};

/**
 * What the server should send instead. 2026-07-28 changelog › Minor changes 11 removed URL mode's
 * elicitationId ("Servers needing to correlate an elicitation across retries encode their own
 * identifier in requestState"), so the modern advice may not name that field.
 */
const FIX: Readonly<Record<'legacy' | 'modern', Bilingual>> = {
  legacy: {
    en: 'Send a URL that only identifies the elicitation (an elicitationId) and let the user authenticate on the page',
    zh: 'URL 只应标识这次征询（例如 elicitationId），让用户在页面上自己完成认证',
  },
  modern: {
    en: 'Send a URL that only identifies the interaction and let the user authenticate on the page (2026-07-28 has no elicitationId: a server that must tie the page to the call keeps its own identifier in requestState)',
    zh: 'URL 只应标识这次交互，让用户在页面上自己完成认证（2026-07-28 没有 elicitationId：需要把页面和这次调用联系起来的服务器，把自己的标识放进 requestState）',
  },
};

/**
 * What in a URL looks like a credential: each query or fragment key of SENSITIVE_KEYS with a
 * value, and a password in its userinfo (`https://user:pass@host`). None for a string that is no
 * URL (invalid-params and url-elicitation-error-invalid name that).
 */
function sensitiveParts(url: string): { en: string; zh: string }[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const found: { en: string; zh: string }[] = [];
  if (parsed.password !== '')
    found.push({ en: 'a password in its userinfo', zh: '用户信息中的密码' });
  const fragment = parsed.hash.slice(1);
  const parts: ['query' | 'fragment', URLSearchParams][] = [['query', parsed.searchParams]];
  if (fragment.includes('=')) parts.push(['fragment', new URLSearchParams(fragment)]);
  for (const [part, params] of parts) {
    for (const [key, value] of params) {
      if (value === '' || !SENSITIVE_KEYS.has(key.toLowerCase().replaceAll('-', '_'))) continue;
      found.push({
        en: `the ${PARTS[part].en} key ${show(key)}`,
        zh: `${PARTS[part].zh}的键 ${show(key)}`,
      });
    }
  }
  return found;
}

/**
 * 2025-11-25 and 2026-07-28 client/elicitation › Safe URL Handling: "MCP servers requesting
 * elicitation: 1. MUST NOT include sensitive information about the end-user, including
 * credentials, personally identifiable information, etc., in the URL sent to the client in a URL
 * elicitation request. 2. MUST NOT provide a URL which is pre-authenticated to access a protected
 * resource, as the URL could be used to impersonate the user by a malicious client." The same two
 * sentences in both revisions, so both rule sets carry the rule.
 */
export const ELICITATION_URL_SECRET_RULES = [
  {
    id: 'elicitation-url-sensitive',
    // A heuristic, hence a warning although the sentences are MUST NOTs: nothing on the wire says
    // a value is a credential. The referee reads the url of each URL-mode elicitation (the
    // elicitation/create request and a -32042 error's list in the handshake era, 2025-11-25 on;
    // an input_required result's URL-mode elicitation input requests in 2026-07-28; the same
    // places elicitation-url-not-https reads) and flags a query or fragment key that names a
    // token, a session, a password, a secret, a key or an authorization code (SENSITIVE_KEYS),
    // with a value, and a password in the userinfo. An elicitationId in the query is what the
    // page needs to tie the user back to the request, and is not flagged. Decided by the
    // message's method, code or resultType first (elicitationUrls), nothing for other messages.
    severity: 'warning',
    spec: '2025-11-25/client/elicitation › Safe URL Handling',
    modern: { spec: '2026-07-28/client/elicitation › Safe URL Handling' },
    specNote: {
      en: 'servers requesting elicitation MUST NOT include sensitive information about the end-user (credentials, personally identifiable information) in the URL of a URL elicitation request, and MUST NOT provide a URL which is pre-authenticated to access a protected resource',
      zh: '发起信息征询的服务器不得在 URL 模式信息征询的 URL 中包含有关最终用户的敏感信息（凭证、个人身份信息等），也不得提供已预先认证、可直接访问受保护资源的 URL',
    },
    title: {
      en: 'Elicitation URL seems to carry a credential',
      zh: '信息征询的 URL 似乎带有凭证',
    },
    check: (ctx, msg) => {
      const findings: Finding[] = [];
      const fix = ctx.era === 'modern' ? FIX.modern : FIX.legacy;
      for (const { url, at } of elicitationUrls(ctx, msg)) {
        const parts = sensitiveParts(url);
        if (parts.length === 0) continue;
        findings.push({
          pointer: at,
          en: `the URL-mode elicitation's url ${show(url)} (at ${at}) carries ${parts.map((p) => p.en).join(', ')}, which names a credential or a session: a server must not put sensitive information about the user in this URL, nor send a pre-authenticated URL, since the client shows it, may log it, and a malicious client could use it to act as the user. ${fix.en}; the referee judges by the keys' names, so this is a warning`,
          zh: `URL 模式信息征询的 url ${show(url)}（位置 ${at}）带有${parts.map((p) => p.zh).join('、')}，从名字看是凭证或会话：服务器不得在这个 URL 中放入有关用户的敏感信息，也不得发送已预先认证的 URL，因为客户端会显示它、可能把它写进日志，恶意的客户端还能借它冒充用户。${fix.zh}；裁判只能根据键名来判断，所以这是一条警告`,
        });
      }
      return findings.length > 0 ? findings : null;
    },
  },
] as const satisfies readonly RuleRow[];
