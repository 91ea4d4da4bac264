import { isObject } from '../../protocol/index.js';
import { pointerToken } from '../../protocol/json.js';
import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { resultOrigin } from '../facts.js';
import { type Finding, type RuleRow, show } from './rule.js';

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

/** The block types whose mimeType the sentence names: image and audio content. */
const MEDIA_BLOCKS: ReadonlySet<string> = new Set(['image', 'audio']);

/**
 * The string mimeType of each image and audio block of a server's tools/call or prompts/get
 * result (a task's through tasks/result), with its JSON pointer. None for any other message, a
 * second answer or a 2026-07-28 input_required round. A mimeType that is missing or no string is
 * the schema's (invalid-result).
 */
function mediaTypes(
  ctx: SessionContext,
  msg: ModelMessage,
): { readonly at: string; readonly type: string; readonly mimeType: string }[] {
  if (msg.sender !== 'server' || msg.envelope.kind !== 'response') return [];
  // Decided by the result's own keys first: most answers hold neither.
  const result = msg.envelope.result;
  if (!('content' in result || 'messages' in result)) return [];
  const origin = resultOrigin(ctx, msg);
  const method = origin?.record.method;
  if (origin === undefined || (method !== 'tools/call' && method !== 'prompts/get')) return [];
  if (origin.task === undefined && origin.record.status === 'answered') return [];
  if (result.resultType !== undefined && result.resultType !== 'complete') return [];
  const found: { at: string; type: string; mimeType: string }[] = [];
  const block = (at: string, value: unknown) => {
    if (!isObject(value) || typeof value.type !== 'string' || !MEDIA_BLOCKS.has(value.type)) return;
    if (typeof value.mimeType === 'string')
      found.push({ at: `${at}/mimeType`, type: value.type, mimeType: value.mimeType });
  };
  const key = method === 'tools/call' ? 'content' : 'messages';
  const list = result[key];
  if (!Array.isArray(list)) return [];
  for (const [i, value] of list.entries()) {
    const at = `/result/${pointerToken(key)}/${i}`;
    if (method === 'tools/call') block(at, value);
    else if (isObject(value)) block(`${at}/content`, value.content);
  }
  return found;
}

/**
 * server/prompts › Image Content and › Audio Content (2025-11-25 and 2026-07-28 alike): "The image
 * data MUST be base64-encoded and include a valid MIME type"; "The audio data MUST be
 * base64-encoded and include a valid MIME type". The schema only types mimeType as a string; the
 * base64 is the schema's (format "byte").
 */
export const MEDIA_TYPE_RULES = [
  {
    id: 'media-type-invalid',
    // Judged: the mimeType of each image and audio content block of a tools/call or prompts/get
    // result (the server pages describe the blocks once, on the prompts page, and tool results
    // use the same ContentBlock), when it is not `type/subtype` by RFC 6838 § 4.2's
    // restricted-name (parameters after ";" allowed): "png" and "image" are flagged,
    // "image/png" and "audio/wav; rate=16000" are not. Whether the type is a registered one is
    // not judged. Not judged here: sampling messages and embedded resources' contents. Decided by
    // the result's keys first, then the request it answers.
    severity: 'error',
    spec: '2025-11-25/server/prompts › Image Content',
    modern: { spec: '2026-07-28/server/prompts › Image Content' },
    specNote: {
      en: 'image and audio data MUST be base64-encoded and include a valid MIME type (› Image Content, › Audio Content): type/subtype, as RFC 6838 § 4.2 names them',
      zh: '图像和音频数据必须采用 base64 编码，并带有有效的 MIME 类型（› Image Content、› Audio Content）：即 RFC 6838 § 4.2 规定的“类型/子类型”形式',
    },
    title: {
      en: 'Image or audio block without a valid MIME type',
      zh: '图像或音频内容块的 MIME 类型无效',
    },
    check: (ctx, msg) => {
      const findings: Finding[] = [];
      for (const { at, type, mimeType } of mediaTypes(ctx, msg)) {
        if (MEDIA_TYPE.test(mimeType)) continue;
        const example = type === 'image' ? 'image/png' : 'audio/wav';
        findings.push({
          en: `the ${type} block's mimeType ${show(mimeType)} (at ${at}) is not a valid MIME type: ${type} data MUST include one, written type/subtype (RFC 6838 § 4.2: letters, digits and !#$&-^_.+, parameters after ";"), such as ${show(example)}; without it a client cannot tell how to decode the data`,
          zh: `${type === 'image' ? '图像' : '音频'}内容块的 mimeType ${show(mimeType)}（位置 ${at}）不是有效的 MIME 类型：${type === 'image' ? '图像' : '音频'}数据必须带有一个有效的 MIME 类型，写成“类型/子类型”（RFC 6838 § 4.2：字母、数字和 !#$&-^_.+，参数写在 ";" 之后），例如 ${show(example)}；没有它，客户端就不知道该如何解码这些数据`,
        });
      }
      return findings.length > 0 ? findings : null;
    },
  },
] as const satisfies readonly RuleRow[];
