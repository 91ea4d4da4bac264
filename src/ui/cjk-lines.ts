import stringWidth from 'string-width';
import { BoundedMap } from '../protocol/bounded-map.js';
import { ellipsize } from './bound-text.js';

/** Han, kana, hangul, CJK punctuation and full-width forms: a line may break before or after any. */
const CJK =
  /[\u2e80-\u2fdf\u3000-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/;
/** A word mixing scripts, split: each CJK character apart, runs of anything else kept whole. */
const PARTS = new RegExp(`${CJK.source}|[^${CJK.source.slice(1, -1)}]+`, 'g');
/** Never first on a line (closing marks, sentence punctuation): they stay with what they follow. */
const CLOSING = /^[，。、；：！？）」』】》〉”’…—·%,.;:!?)\]}]+/;
/** Never last on a line (opening marks): it goes with what comes after it. */
const NO_END = /[（「『【《〈“‘([{]$/;

/**
 * Texts broken so far, by width: breaking measures every unit with string-width, and the screen
 * measures the same narration, recap and verdicts at every key (each scroll key lays the screen
 * out again), which made holding j on a Chinese recap cost a few milliseconds a key. Bounded, as
 * text-height's cache is: a long session brings new texts at every step.
 */
const broken = new BoundedMap<string, string>(2000);

/**
 * A text broken into lines of at most `width` columns the way Chinese is set: between any two CJK
 * characters as well as at spaces, never putting a closing mark first on a line or an opening mark
 * last. Ink's own wrapping (wrap-ansi) breaks only at spaces, so a Chinese sentence, which has few,
 * went whole to the next line and left a short one behind (`其中 2` / `条由你的代码…`). The lines
 * come back joined by `\n`, each narrow enough that Ink leaves it as it is. A text without CJK is
 * returned untouched, and so is anything at a width below 2.
 */
export function breakCjk(text: string, width: number): string {
  if (width < 2 || !CJK.test(text)) return text;
  const key = `${width}:${text}`;
  let lines = broken.get(key);
  if (lines === undefined) {
    lines = text
      .split('\n')
      .map((line) => breakLine(line, width).join('\n'))
      .join('\n');
    broken.set(key, lines);
  }
  return lines;
}

/**
 * `text` as at most `max` lines of at most `width` columns: Chinese broken as `breakCjk` breaks
 * it, other text at spaces. When more would follow, the last line kept ends with `…`.
 */
export function wrapLines(text: string, width: number, max: number): string[] {
  if (width < 2 || max < 1) return [];
  const lines = text
    .split('\n')
    .flatMap((line) => breakLine(line, width))
    .map((line) => line.trimEnd());
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  const last = kept[max - 1] ?? '';
  // What is left joins the last line, which is then cut: a full line ends with `…`.
  kept[max - 1] = ellipsize(`${last}${CJK.test(last) ? '' : ' '}${lines[max] ?? ''}`, width);
  return kept;
}

/** Units that stay together: a word of other scripts, one CJK character, or a run of spaces. */
function units(line: string): string[] {
  const out: string[] = [];
  for (const piece of line.match(/ +|[^ ]+/g) ?? []) {
    if (piece.startsWith(' ') || !CJK.test(piece)) {
      out.push(piece);
      continue;
    }
    // A word mixing scripts: each CJK character apart, other runs (numbers, names) kept whole.
    for (const part of piece.match(PARTS) ?? []) {
      const last = out.length - 1;
      const previous = out[last];
      // Closing marks ride with what they close; what follows them is a unit of its own.
      const closing =
        previous === undefined || previous.startsWith(' ') ? '' : (CLOSING.exec(part)?.[0] ?? '');
      if (closing !== '') out[last] = `${previous}${closing}`;
      const rest = part.slice(closing.length);
      if (rest === '') continue;
      const before = out[out.length - 1];
      if (before !== undefined && NO_END.test(before)) out[out.length - 1] = `${before}${rest}`;
      else out.push(rest);
    }
  }
  return out;
}

function breakLine(line: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  let used = 0;
  for (const unit of units(line)) {
    const w = stringWidth(unit);
    if (used + w <= width) {
      current += unit;
      used += w;
      continue;
    }
    if (unit.startsWith(' ')) {
      // The break falls on the spaces: they end the line instead of starting the next.
      lines.push(current);
      current = '';
      used = 0;
      continue;
    }
    if (w <= width) {
      lines.push(current);
      current = unit;
      used = w;
      continue;
    }
    // Longer than a line by itself (a URL, a long name): cut by columns, from where the line is.
    for (const char of unit) {
      const cw = stringWidth(char);
      if (used + cw > width && used > 0) {
        lines.push(current);
        current = '';
        used = 0;
      }
      current += char;
      used += cw;
    }
  }
  lines.push(current);
  return lines;
}

/**
 * `breakCjk` for a text made of parts drawn in different styles (a bold rule id, then its
 * message): the parts joined are broken as one text, and each line comes back as the pieces of
 * the parts it holds (`[part index, text]`), so every piece keeps its part's style.
 */
export function breakCjkParts(
  parts: readonly string[],
  width: number,
): Array<Array<readonly [part: number, text: string]>> {
  const whole = parts.join('');
  const broken = breakCjk(whole, width);
  const owner: number[] = parts.flatMap((p, k) => Array.from({ length: p.length }, () => k));
  const lines: Array<Array<readonly [number, string]>> = [[]];
  const add = (part: number, text: string) => {
    const line = lines[lines.length - 1] as Array<readonly [number, string]>;
    const last = line[line.length - 1];
    if (last && last[0] === part) line[line.length - 1] = [part, last[1] + text];
    else line.push([part, text]);
  };
  // breakCjk only adds line breaks, and drops the spaces a break falls on: walk both texts.
  let i = 0;
  for (let j = 0; j < broken.length; j++) {
    const char = broken[j] as string;
    if (char === whole[i]) {
      if (char === '\n') lines.push([]);
      else add(owner[i] ?? 0, char);
      i++;
      continue;
    }
    lines.push([]); // a break of breakCjk's own
    while (whole[i] === ' ') i++;
  }
  return lines;
}
