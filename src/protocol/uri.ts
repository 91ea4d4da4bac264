/**
 * RFC 3986 absolute URIs, as the official schemas' `format: "uri"` means them: every resource's
 * `uri` (Resource, ResourceContents, ResourceLink) is typed so, and 2025-11-25 server/resources ›
 * Common URI Schemes says custom schemes MUST be in accordance with RFC 3986.
 *
 * The test is ajv-formats' own "uri" format (full mode: RFC 3986 § 3's grammar as one regular
 * expression, case-insensitive), the one the referee's Ajv applies to `format: "uri"`, so a verdict
 * here is the schema's. Node's URL is not used: it parses the WHATWG URL Standard, which accepts
 * what RFC 3986 forbids (spaces, `\`, a bare `{`) and percent-encodes it silently. IRIs (RFC 3987:
 * letters beyond ASCII) are not URIs: they must be percent-encoded as UTF-8.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { Bilingual } from './catalogue.js';

const RFC3986 = fullFormats.uri as (value: string) => boolean;

/** RFC 3986 § 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then ":". */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
/** RFC 3986 § 2: the characters a URI may hold (unreserved, reserved, and "%" of an escape). */
const URI_CHAR = /[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/;

/**
 * Why `value` is not an RFC 3986 URI, in both languages: no scheme, a scheme RFC 3986 does not
 * allow, a character it forbids unencoded (named with its index and its percent-encoding), a "%"
 * that starts no escape, or, failing those, the rest of the grammar (an authority, a port…).
 * Null when it is one.
 */
export function uriFault(value: string): Bilingual | null {
  if (RFC3986(value)) return null;
  const colon = value.search(/[:/?#]/);
  if (colon < 0 || value[colon] !== ':' || colon === 0)
    return {
      en: 'it has no scheme: a resource uri is an absolute URI, scheme ":" and the rest (file:///…, https://…, or a custom scheme such as notes://…)',
      zh: '它没有方案（scheme）：资源的 uri 是绝对 URI，即方案名加 ":" 再加其余部分（file:///…、https://…，或自定义方案，例如 notes://…）',
    };
  const scheme = value.slice(0, colon);
  if (!SCHEME.test(scheme))
    return {
      en: `its scheme "${scheme}" is not one RFC 3986 allows: a letter, then letters, digits, "+", "-" or "." (§ 3.1)`,
      zh: `它的方案名 "${scheme}" 不符合 RFC 3986：必须以字母开头，后面只能是字母、数字、"+"、"-" 或 "."（§ 3.1）`,
    };
  for (let i = 0; i < value.length; i++) {
    const char = value[i] ?? '';
    if (char === '%' && !/^%[0-9A-Fa-f]{2}/.test(value.slice(i)))
      return {
        en: `the "%" at index ${i} starts no percent-encoding (two hex digits must follow it; a "%" itself is %25)`,
        zh: `索引 ${i} 处的 "%" 后面不是百分号编码（它后面必须跟两位十六进制数字；"%" 本身要写成 %25）`,
      };
    if (URI_CHAR.test(char)) continue;
    const point = value.codePointAt(i) ?? 0;
    const shown =
      point <= 0x20 || point === 0x7f
        ? `U+${point.toString(16).toUpperCase().padStart(4, '0')}`
        : `"${String.fromCodePoint(point)}"`;
    const encoded = encodeURIComponent(String.fromCodePoint(point));
    return {
      en: `the character ${shown} at index ${i} may not appear unencoded in a URI (RFC 3986 § 2): write it percent-encoded, ${encoded}`,
      zh: `索引 ${i} 处的字符 ${shown} 不能未经编码出现在 URI 中（RFC 3986 § 2）：应当写成百分号编码 ${encoded}`,
    };
  }
  return {
    en: 'it does not follow RFC 3986’s grammar after its scheme (§ 3: an authority after "//", a port of digits, "[" and "]" only around an IP literal)',
    zh: '它在方案名之后的部分不符合 RFC 3986 的语法（§ 3：“//”之后的授权部分（authority）、只含数字的端口、只能用在 IP 字面量两边的“[”和“]”）',
  };
}
