import { visible } from '../protocol/index.js';

/**
 * The characters that start inline Markdown (CommonMark 0.31 §6 and the GFM extensions the common
 * renderers add): backslash escapes, code spans, emphasis, links and images, autolinks and raw HTML,
 * entity references, strikethrough, and a table cell's end. Any ASCII punctuation may be escaped
 * with a backslash (§2.4), so each is.
 */
const INLINE = /[\\`*[\]<&~|]/g;

/**
 * What starts a GFM extended autolink (GFM 0.29 §6.9: `http://`, `https://`, `ftp://`, `www.`):
 * a renderer would make a link of the URL and of what follows it up to the next space (in Chinese,
 * `"https://…"（位置 …` runs on into the sentence), and print a backslash escape inside it as a
 * backslash (`?a=1\&b=2`). Escaping the `:` or the `.` (any ASCII punctuation may be, §2.4) leaves
 * the URL as the text it is.
 */
const AUTOLINK_START = /:(?=\/\/)|(?<![\p{L}\p{N}])(www)\./giu;

/** An underscore between two letters or digits opens or closes no emphasis (§6.2): left as is. */
const LOOSE_UNDERSCORE = /(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;

/**
 * Text that is data, not Markdown (a line a lesson sends with `do: {raw}`, a value a peer sent),
 * written so that a renderer shows it as it is, also inside `*…*`: its inline marks escaped, a line
 * break shown as `\n` (it would end the paragraph), a URL kept from becoming a link, and whitespace
 * at either end written as a character reference (emphasis neither opens before whitespace nor
 * closes after it, §6.2).
 */
export function literalInline(text: string): string {
  const escaped = visible(text)
    .replace(INLINE, (c) => `\\${c}`)
    .replace(LOOSE_UNDERSCORE, '\\_')
    .replace(AUTOLINK_START, (_, www: string | undefined) => (www ? `${www}\\.` : '\\:'));
  return escaped.replace(/^\s+|\s+$/gu, (ws) =>
    [...ws].map((c) => `&#${c.codePointAt(0)};`).join(''),
  );
}
