/**
 * Text from a transcript, a lesson file or a real peer is shown in a terminal, and a terminal obeys
 * control characters: ESC starts a sequence that can retitle the window, move the cursor or rewrite
 * the screen; the 8-bit C1 controls (U+0080–U+009F, CSI is U+009B) do the same on terminals that
 * read them; bidi overrides and isolates reorder what follows, so a line can read differently than
 * it is. `visible` writes every one of them as an escape a reader can see. It lives in the lowest
 * layer because every observer (the screens, the trace table, handouts, the live views) needs it.
 */

/**
 * What JSON.stringify leaves raw: DEL, C1 controls, and the bidi embeddings, overrides (U+202A–
 * U+202E) and isolates (U+2066–U+2069). Every pattern below is built from this one list, and a
 * control is these or a C0 control (which JSON.stringify escapes).
 */
const RAW_IN_JSON_RANGES = '\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069';
const CONTROL = new RegExp(`[\\u0000-\\u001f${RAW_IN_JSON_RANGES}]`);
const CONTROLS = new RegExp(CONTROL.source, 'g');
/** The same, newline left out. */
const CONTROL_BUT_NEWLINE = new RegExp(`[\\u0000-\\u0009\\u000b-\\u001f${RAW_IN_JSON_RANGES}]`);
const CONTROLS_BUT_NEWLINE = new RegExp(CONTROL_BUT_NEWLINE.source, 'g');

/**
 * What JSON.stringify leaves raw. C0 is not among them: JSON.stringify escapes it in strings, so a
 * raw newline in its output is its own indentation, and stays.
 */
const RAW_IN_JSON = new RegExp(`[${RAW_IN_JSON_RANGES}]`);
const RAW_IN_JSON_ALL = new RegExp(RAW_IN_JSON.source, 'g');

/** The short escapes everyone reads; the rest as `\x1b` (below U+0080) or `\u009b`. */
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const hex = (code: number, digits: number) => code.toString(16).padStart(digits, '0');

function textEscape(char: string): string {
  const code = char.charCodeAt(0);
  return NAMED[char] ?? (code < 0x80 ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`);
}

/** In JSON text only `\uXXXX` is a valid escape: the text stays JSON and parses to the same value. */
const jsonEscape = (char: string) => `\\u${hex(char.charCodeAt(0), 4)}`;

export type VisibleOptions = {
  /**
   * Keep line breaks as line breaks (prose that is laid out in lines: a note, a handout); every
   * other view shows them as `\n`, so one value stays one line.
   */
  readonly newlines?: boolean;
};

/** The text with every control character written as a visible escape (`\x1b`, `\u009b`, `\n`). */
export function visible(text: string, options: VisibleOptions = {}): string {
  if (!CONTROL.test(text)) return text;
  return text.replace(options.newlines ? CONTROLS_BUT_NEWLINE : CONTROLS, textEscape);
}

/**
 * JSON text made safe to print: what JSON.stringify left raw (DEL, C1, bidi) becomes a `\u`
 * escape. Use on JSON.stringify's output, never on its input (that would double the backslashes).
 */
export function visibleJson(json: string): string {
  if (!RAW_IN_JSON.test(json)) return json;
  return json.replace(RAW_IN_JSON_ALL, jsonEscape);
}

/** Whether the text holds anything `visible` would rewrite. */
export function hasControl(text: string): boolean {
  return CONTROL.test(text);
}

/**
 * The first character of the text that `visible` would rewrite with these options, and where it
 * is; null if none.
 */
export function firstControl(
  text: string,
  options: VisibleOptions = {},
): { readonly char: string; readonly index: number } | null {
  const found = (options.newlines ? CONTROL_BUT_NEWLINE : CONTROL).exec(text);
  return found === null ? null : { char: found[0], index: found.index };
}
