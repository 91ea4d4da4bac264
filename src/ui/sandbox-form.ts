import type { Key } from 'ink';
import { withExactIds } from '../protocol/exact-ids.js';
import type { JsonObject } from '../protocol/json.js';
import { isObject, jsonText } from '../protocol/json.js';
import { jsonErrorOffset, lineAndColumn } from '../protocol/json-error-at.js';
import { firstControl } from '../protocol/visible.js';
import type { MessageOfferRow as Offer } from './sandbox-driver.js';
import { type EditorState, editKey } from './text-editor.js';

/** Why the editor's text was not sent: see parseEnvelope. */
export type EditFailure = {
  readonly error: string;
  readonly at: TextPlace | null;
  readonly hidden: HiddenCharacter | null;
};

/** One line of a request's form: a top-level param and its value as JSON text. */
export type Field = { readonly name: string; readonly text: string };

/** What the screen is showing besides the session: the list, a request's form, the JSON, the help. */
export type SandboxMode =
  | { readonly kind: 'list' }
  /** `h`: the history has the focus; `at` is the chosen step (an index of the session's steps). */
  | { readonly kind: 'history'; readonly at: number }
  | {
      readonly kind: 'form';
      readonly offer: Offer;
      readonly fields: readonly Field[];
      readonly focus: number;
      /** The cursor in the focused field's text (a UTF-16 offset). */
      readonly col: number;
      /** Why the last Enter did not send: a field that starts like JSON and is not (null: none). */
      readonly failure?: FieldFailure | null;
    }
  | {
      readonly kind: 'edit';
      readonly offer: Offer;
      /** What the editor holds now, and its cursor. */
      readonly editor: EditorState;
      /** Why the last Enter did not send (null before one failed). */
      readonly failure: EditFailure | null;
    }
  | { readonly kind: 'help' };

/** The params a learner fills in: every top-level one but `_meta` (the envelope stays as built). */
export function fieldsOf(offer: Offer): Field[] {
  if (offer.kind !== 'request') return [];
  const params = offer.envelope.params;
  if (!isObject(params)) return [];
  return Object.entries(params)
    .filter(([name]) => name !== '_meta')
    .map(([name, value]) => ({ name, text: jsonText(value) }));
}

/**
 * A key typed in a field: its text and cursor after it, by the JSON editor's rules
 * (src/ui/text-editor.ts). Keys typed faster than Ink reads them, or a paste, come as one string:
 * the Backspace bytes in it delete rather than stay in the text unseen, and its line breaks
 * become spaces (a field is one line).
 */
export function editField(
  text: string,
  col: number,
  input: string,
  key: Key,
): { readonly text: string; readonly col: number } {
  const next = editKey({ lines: [text], row: 0, col, top: 0 }, input, key, 1);
  const before = next.lines.slice(0, next.row).reduce((n, line) => n + line.length + 1, 0);
  return { text: next.lines.join(' '), col: before + next.col };
}

/** A field that starts as JSON does (`{`, `[` or `"`) and does not parse: which, where and why. */
export type FieldFailure = {
  readonly field: number;
  /** 1-based, in the field's one line; `offset` is where the cursor goes. */
  readonly column: number;
  readonly offset: number;
  readonly error: string;
};

/**
 * The first field whose text starts like an object, an array or a JSON string but is not JSON: sent
 * as a string it would be a value the learner never meant (and take an id), so the form keeps it
 * instead. A string field shows its value quoted (`name: "weather_current"`): a quote left open or
 * a letter typed past the closing one sent the quotes themselves, in the name.
 */
export function formFailure(fields: readonly Field[]): FieldFailure | null {
  for (const [field, { text }] of fields.entries()) {
    if (!/^\s*[[{"]/.test(text)) continue;
    const parsed = parseEnvelope(text);
    if (parsed.ok) continue;
    const offset = parsed.at?.offset ?? text.length;
    return { field, column: offset + 1, offset, error: parsed.error };
  }
  return null;
}

/** A field's text as a value: JSON when it reads as JSON, else the text itself (a string). */
export function parseLoose(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The offer's envelope with its params taken from the form. */
export function withFields(offer: Offer, fields: readonly Field[]): JsonObject {
  const params = isObject(offer.envelope.params) ? offer.envelope.params : {};
  const filled: JsonObject = { ...params };
  for (const field of fields) filled[field.name] = parseLoose(field.text);
  return { ...offer.envelope, params: filled };
}

/** A place in the editor's text: 1-based line and column, and the offset the cursor goes to. */
export type TextPlace = { readonly line: number; readonly column: number; readonly offset: number };

/** A control character in the editor's text: the terminal shows nothing for it. */
export type HiddenCharacter = TextPlace & { readonly code: string };

const placeOf = (text: string, offset: number): TextPlace => ({
  ...lineAndColumn(text, offset),
  offset,
});

/** The first control character other than the line breaks the editor shows as lines. */
function firstHidden(text: string): HiddenCharacter | null {
  const control = firstControl(text, { newlines: true });
  if (control === null) return null;
  const code = `U+${control.char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  return { ...placeOf(text, control.index), code };
}

/**
 * The envelope the learner typed, or why it is not JSON: JSON.parse's words, the place it stops
 * being JSON (line and column; null when the scanner cannot say), and, when the text holds a
 * control character (pasted, or a key the editor took as text), the first one: the editor draws
 * nothing for it, so the place alone would point at nothing seen.
 */
export function parseEnvelope(
  text: string,
):
  | { ok: true; value: unknown }
  | { ok: false; error: string; at: TextPlace | null; hidden: HiddenCharacter | null } {
  try {
    // An id past 2^53 − 1 keeps the digits the learner typed (JSON.parse would round them), as the
    // transcript reader and serve read one.
    return { ok: true, value: withExactIds(text, JSON.parse(text)) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // JSON.parse's own position when it gives one (Node 20: "… in JSON at position 73"), else
    // where a scan of JSON's grammar stops; the words without the position, shown as a place.
    const said = /\s+in JSON at position (\d+).*$|\s+at position (\d+).*$/.exec(message);
    const position = said ? Number(said[1] ?? said[2]) : null;
    const offset = position ?? jsonErrorOffset(text);
    const reason = jsonReason(said ? message.slice(0, said.index) : message);
    return {
      ok: false,
      // The "control character" V8 names is then the line break a string ran into: no character
      // the learner can see, but a quote left open, which is what to say.
      error:
        reason === BAD_CONTROL && offset !== null && /[\r\n]/.test(text[offset] ?? '')
          ? OPEN_AT_LINE_END
          : reason,
      at: offset === null ? null : placeOf(text, Math.min(offset, text.length)),
      hidden: firstHidden(text),
    };
  }
}

/**
 * The envelope as the editor first shows it: pretty-printed, a field a line (an exact id past
 * 2^53 − 1, a bigint, as its digits).
 */
export const pretty = (value: unknown): string => jsonText(value, 2) ?? 'undefined';

/** One line of JSON, for previews and the editor. */
export const compact = (value: unknown): string => jsonText(value) ?? 'undefined';

/**
 * JSON.parse's reason on one line, without the excerpt V8 (Node 20 and later) quotes of the text,
 * newlines and all (`Unexpected token 'x', "x{\n  "json"... is not valid JSON`): the place is
 * shown on its own, and the editor's error is one line.
 */
export function jsonReason(message: string): string {
  return message
    .replace(/,\s*"[\s\S]* is not valid JSON$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const BAD_CONTROL = 'Bad control character in string literal';
/** parseEnvelope's reason for a string that runs into the end of its line. */
const OPEN_AT_LINE_END = 'Unclosed string (a " is missing at the end of its line)';

/** The common reasons JSON.parse gives, in Chinese; any other stays in V8's English. */
const REASONS_ZH: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => string]> = [
  [/^Unexpected token '(.+)'$/, (m) => `意外的字符 '${m[1]}'`],
  [/^Unexpected token (.+)$/, (m) => `意外的字符 ${m[1]}`],
  [/^Unexpected end of JSON input$/, () => 'JSON 意外结束'],
  [/^Unexpected non-whitespace character after JSON$/, () => 'JSON 结束后还有多余的字符'],
  [/^Expected property name or '\}'$/, () => "此处应为属性名或 '}'"],
  [/^Expected ',' or '\}' after property value$/, () => "属性值后面应为 ',' 或 '}'"],
  [/^Expected ',' or '\]' after array element$/, () => "数组元素后面应为 ',' 或 ']'"],
  [/^Expected ':' after property name$/, () => "属性名后面应为 ':'"],
  [/^Unterminated string$/, () => '字符串没有结束'],
  [/^Bad control character in string literal$/, () => '字符串中有不允许的控制字符'],
  [/^Unclosed string \(/, () => '字符串没有闭合（行尾缺少一个 "）'],
];

/** `jsonReason`'s text in the screen's language. */
export function jsonReasonIn(reason: string, lang: 'en' | 'zh'): string {
  if (lang === 'en') return reason;
  for (const [pattern, say] of REASONS_ZH) {
    const m = pattern.exec(reason);
    if (m) return say(m);
  }
  return reason;
}
