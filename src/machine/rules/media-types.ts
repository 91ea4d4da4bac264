import type { Bilingual } from '../../protocol/index.js';
import { type MediaKind, mediaTypePlaces } from './media-type-places.js';
import { type Finding, type RuleRow, show, sideZh } from './rule.js';

/**
 * RFC 6838 § 4.2 (Naming Requirements): a type and a subtype name are each a restricted-name,
 * `restricted-name-first *126restricted-name-chars`, where restricted-name-first is ALPHA / DIGIT
 * and restricted-name-chars adds ! # $ & - ^ _ . +. Parameters may follow, each `; name=value`
 * (RFC 9110 § 8.3.1: a token, "=", a token or a quoted-string; optional whitespace around ";").
 */
const NAME = '[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}';
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[^"\\\\]|\\\\.)*"';
const MEDIA_TYPE = new RegExp(
  `^${NAME}/${NAME}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED}))*$`,
);

/** A MIME type to show as an example, by what carries the mimeType. */
const EXAMPLE: Readonly<Record<MediaKind, string>> = {
  image: 'image/png',
  audio: 'audio/wav',
  resource: 'text/plain',
};

/** What carries the mimeType, as a finding names it. */
const CARRIER: Readonly<Record<MediaKind, Bilingual>> = {
  image: { en: 'image block', zh: '图像内容块' },
  audio: { en: 'audio block', zh: '音频内容块' },
  resource: { en: 'embedded resource', zh: '嵌入资源' },
};

/** The MUST an embedded resource's mimeType breaks (server/prompts › Embedded Resources). */
const EMBEDDED_NOTE: Bilingual = {
  en: 'embedded resources MUST include a valid resource URI, the appropriate MIME type, and text or base64-encoded blob data',
  zh: '嵌入资源必须包含有效的资源 URI、恰当的 MIME 类型，以及文本内容或 base64 编码的二进制数据',
};

/**
 * server/prompts › Image Content and › Audio Content (2025-11-25 and 2026-07-28 alike): "The image
 * data MUST be base64-encoded and include a valid MIME type"; "The audio data MUST be
 * base64-encoded and include a valid MIME type". › Embedded Resources: resources "MUST include
 * ... The appropriate MIME type". The schema only types mimeType as a string; the base64 is the
 * schema's (format "byte").
 */
export const MEDIA_TYPE_RULES = [
  {
    id: 'media-type-invalid',
    // Judged, when it is not `type/subtype` by RFC 6838 § 4.2's restricted-name (parameters after
    // ";" allowed: "png" and "image" are flagged, "image/png" and "audio/wav; rate=16000" are
    // not; whether the type is registered is not judged): the mimeType of each image and audio
    // block and each embedded resource (type "resource") where the ContentBlock types travel
    // (media-type-places.ts): a tools/call or prompts/get result, and a sampling/createMessage's
    // messages and its answer, in both eras. The server pages describe the blocks once, on the
    // prompts page; tool results and sampling messages use the same ImageContent, AudioContent
    // and EmbeddedResource. Also judged: an embedded resource of a prompts/get result's message
    // with no mimeType at all (› Embedded Resources: it "MUST include … the appropriate MIME
    // type", though the schema makes it optional). Not judged: a missing mimeType elsewhere (the
    // schema's for an image; a tool result's or sampling message's resource, of which no sentence
    // asks one), and resources/read, resources/list, resource links and icons, whose mimeType no
    // sentence asks to be valid ("Optional MIME type").
    severity: 'error',
    spec: '2025-11-25/server/prompts › Image Content',
    modern: { spec: '2026-07-28/server/prompts › Image Content' },
    specNote: {
      en: 'image and audio data MUST be base64-encoded and include a valid MIME type (› Image Content, › Audio Content): type/subtype, as RFC 6838 § 4.2 names them',
      zh: '图像和音频数据必须采用 base64 编码，并带有有效的 MIME 类型（› Image Content、› Audio Content）：即 RFC 6838 § 4.2 规定的“类型/子类型”形式',
    },
    title: {
      en: 'Image, audio or embedded resource without a valid MIME type',
      zh: '图像、音频或嵌入资源的 MIME 类型无效',
    },
    check: (ctx, msg) => {
      const findings: Finding[] = [];
      for (const { at, kind, mimeType } of mediaTypePlaces(ctx, msg)) {
        const what = CARRIER[kind];
        const example = show(EXAMPLE[kind]);
        const revision = ctx.era === 'modern' ? '2026-07-28' : '2025-11-25';
        const cite = {
          spec: `${revision}/server/prompts › Embedded Resources`,
          specNote: EMBEDDED_NOTE,
        };
        if (mimeType === null) {
          findings.push({
            pointer: at,
            en: `the prompt message's embedded resource (at ${at}) has no mimeType: an embedded resource MUST include the appropriate MIME type, such as ${example}; without it a ${msg.receiver} cannot tell how to read its text or blob (the schema leaves the field optional, the prompts page does not)`,
            zh: `提示消息中的嵌入资源（位置 ${at}）没有 mimeType：嵌入资源必须带有恰当的 MIME 类型，例如 ${example}；没有它，${sideZh(msg.receiver)}就不知道该如何理解其中的文本或二进制数据（模式把这个字段列为可选，但提示页面要求必须提供）`,
            cite,
          });
          continue;
        }
        if (MEDIA_TYPE.test(mimeType)) continue;
        if (kind === 'resource') {
          findings.push({
            pointer: at,
            en: `the ${what.en}'s mimeType ${show(mimeType)} (at ${at}) is not a valid MIME type: an embedded resource MUST include the appropriate one, written type/subtype (RFC 6838 § 4.2: letters, digits and !#$&-^_.+, parameters after ";"), such as ${example}; without it a ${msg.receiver} cannot tell how to read its text or blob`,
            zh: `${what.zh}的 mimeType ${show(mimeType)}（位置 ${at}）不是有效的 MIME 类型：嵌入资源必须带有恰当的 MIME 类型，写成“类型/子类型”（RFC 6838 § 4.2：字母、数字和 !#$&-^_.+，参数写在 ";" 之后），例如 ${example}；没有它，${sideZh(msg.receiver)}就不知道该如何理解其中的文本或二进制数据`,
            cite,
          });
          continue;
        }
        const data = kind === 'image' ? { en: 'image', zh: '图像' } : { en: 'audio', zh: '音频' };
        findings.push({
          pointer: at,
          en: `the ${what.en}'s mimeType ${show(mimeType)} (at ${at}) is not a valid MIME type: ${data.en} data MUST include one, written type/subtype (RFC 6838 § 4.2: letters, digits and !#$&-^_.+, parameters after ";"), such as ${example}; without it a ${msg.receiver} cannot tell how to decode the data`,
          zh: `${what.zh}的 mimeType ${show(mimeType)}（位置 ${at}）不是有效的 MIME 类型：${data.zh}数据必须带有一个有效的 MIME 类型，写成“类型/子类型”（RFC 6838 § 4.2：字母、数字和 !#$&-^_.+，参数写在 ";" 之后），例如 ${example}；没有它，${sideZh(msg.receiver)}就不知道该如何解码这些数据`,
        });
      }
      return findings.length > 0 ? findings : null;
    },
  },
] as const satisfies readonly RuleRow[];
