// A scanner of JSON's grammar, used only once a text has failed JSON.parse: Node 20's messages do
// not always say where ("Unexpected token '}', … is not valid JSON"), and a learner mending a
// progress file by hand, or an envelope in the sandbox's editor, needs the line and column.
// Iterative, so deep nesting cannot overflow it.
const SPACE = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON forbids raw control characters in a string.
const STRING = /"(?:[^"\\\u0000-\u001f]+|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const LITERAL = /true|false|null/y;

type Expect = 'value' | 'first-value' | 'key' | 'first-key' | 'after';

/** The offset of the first character where `text` stops being JSON, or -1 when it is JSON. */
function errorOffset(text: string): number {
  let i = 0;
  const open: string[] = [];
  const eat = (re: RegExp): boolean => {
    re.lastIndex = i;
    if (!re.test(text)) return false;
    i = re.lastIndex;
    return true;
  };
  let expect: Expect = 'value';
  for (;;) {
    eat(SPACE);
    const c = text[i];
    if (expect === 'value' || expect === 'first-value') {
      if (expect === 'first-value' && c === ']') {
        open.pop();
        i++;
        expect = 'after';
      } else if (c === '[' || c === '{') {
        open.push(c);
        i++;
        expect = c === '[' ? 'first-value' : 'first-key';
      } else if (eat(STRING) || eat(NUMBER) || eat(LITERAL)) {
        expect = 'after';
      } else return i;
    } else if (expect === 'key' || expect === 'first-key') {
      if (expect === 'first-key' && c === '}') {
        open.pop();
        i++;
        expect = 'after';
        continue;
      }
      if (!eat(STRING)) return i;
      eat(SPACE);
      if (text[i] !== ':') return i;
      i++;
      expect = 'value';
    } else {
      const top = open.at(-1);
      if (top === undefined) return i === text.length ? -1 : i;
      if (c === ',') {
        i++;
        expect = top === '[' ? 'value' : 'key';
      } else if ((c === ']' && top === '[') || (c === '}' && top === '{')) {
        open.pop();
        i++;
      } else return i;
    }
  }
}

/** The 1-based line and column of an offset of `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return {
    line: before.split('\n').length,
    column: offset - (before.lastIndexOf('\n') + 1) + 1,
  };
}

/** The offset where `text` stops being JSON, or null when it is JSON (or too large to scan). */
export function jsonErrorOffset(text: string): number | null {
  try {
    const offset = errorOffset(text);
    return offset < 0 ? null : offset;
  } catch {
    return null; // a regular expression's own limits on a huge string: no location, not a crash
  }
}
