import {
  type Document,
  isAlias,
  isCollection,
  isMap,
  isPair,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  YAMLError,
} from 'yaml';
import { LESSON_STRINGS, type Said, said } from '../../i18n/lesson-strings.js';
import { yamlErrorText } from '../../i18n/yaml-strings.js';

/** Where in the file: 1-based line and column. */
export type Position = { readonly line: number; readonly column: number };
export type YamlProblem = Position & Said;

export type ReadYaml =
  | { ok: true; doc: Document.Parsed; counter: LineCounter; value: unknown }
  | { ok: false; problems: YamlProblem[] };

/** The yaml library's own guard against "billion laughs" files (its default, kept as is). */
export const MAX_ALIAS_COUNT = 100;

type Node = { range?: [number, number, number] | null; anchor?: string };

function at(counter: LineCounter, node: unknown): Position {
  const offset = (node as Node | null)?.range?.[0] ?? 0;
  const { line, col } = counter.linePos(offset);
  return { line, column: col };
}

/**
 * The aliases the library would refuse while converting, found beforehand so that each can be
 * named with its line: `toJS()` throws a bare ReferenceError without one. The walk follows the
 * library's own order and counting (Alias.resolve: the last anchor of that name before the alias,
 * and a count of expansions weighed by the aliases inside the anchored node).
 */
function aliasProblems(doc: Document.Parsed, counter: LineCounter): YamlProblem[] {
  const anchors = new Map<string, Node>();
  const data = new Map<Node, { count: number; weight: number }>();
  const weight = (node: unknown): number => {
    if (isAlias(node)) {
      const d = data.get(anchors.get(node.source) as Node);
      return d ? d.count * d.weight : 0;
    }
    if (isCollection(node)) return Math.max(0, ...node.items.map(weight));
    if (isPair(node)) return Math.max(weight(node.key), weight(node.value));
    return 1;
  };
  const problems: YamlProblem[] = [];
  visit(doc, {
    Node: (_key, node) => {
      if (isAlias(node)) {
        const source = anchors.get(node.source);
        if (!source) {
          problems.push({
            ...at(counter, node),
            ...said(LESSON_STRINGS.aliasNowhere, { name: node.source }),
          });
          return visit.SKIP;
        }
        // The library counts the anchored node itself as its first use (toJS: `count: 1`).
        const d = data.get(source) ?? { count: 1, weight: 0 };
        data.set(source, d);
        d.count += 1;
        if (d.weight === 0) d.weight = weight(source);
        if (d.count * d.weight > MAX_ALIAS_COUNT) {
          problems.push({
            ...at(counter, node),
            ...said(LESSON_STRINGS.tooManyAliases, { name: node.source, max: MAX_ALIAS_COUNT }),
          });
          return visit.BREAK;
        }
        return undefined;
      }
      const anchor = (node as Node).anchor;
      if (anchor) anchors.set(anchor, node as Node);
      return undefined;
    },
  });
  return problems;
}

/**
 * Reads a YAML file's text into a value, or every problem with its line and column: syntax errors,
 * duplicate keys, aliases to nowhere, too many aliases, and anything else the library refuses
 * (a nesting deep enough to exhaust the stack included). Never throws.
 */
export function readYaml(source: string): ReadYaml {
  const counter = new LineCounter();
  let doc: Document.Parsed;
  try {
    doc = parseDocument(source, { lineCounter: counter, prettyErrors: false });
  } catch (error) {
    const problem = said(LESSON_STRINGS.yaml, {
      message: yamlErrorText(codeOf(error), oneLine(error)),
    });
    return { ok: false, problems: [{ line: 1, column: 1, ...problem }] };
  }
  if (doc.errors.length > 0) {
    return { ok: false, problems: yamlMistakes(source, doc, counter) };
  }
  try {
    const aliases = aliasProblems(doc, counter);
    if (aliases.length > 0) return { ok: false, problems: aliases };
    return { ok: true, doc, counter, value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
  } catch (error) {
    const problem =
      error instanceof RangeError
        ? said(LESSON_STRINGS.tooDeep)
        : said(LESSON_STRINGS.yaml, { message: yamlErrorText(codeOf(error), oneLine(error)) });
    return { ok: false, problems: [{ line: 1, column: 1, ...problem }] };
  }
}

/** Codes the library gives, several at once, for a line indented unlike its neighbours. */
const INDENT_CODES = new Set(['BAD_INDENT', 'BLOCK_AS_IMPLICIT_KEY', 'MULTILINE_IMPLICIT_KEY']);

/**
 * The mistakes behind the library's errors, one line each. One tab or one mis-indented line makes
 * the parser lose its place and report many errors after it, in its own words; so every line
 * indented with a tab is one mistake, and otherwise only the first error is (the rest follow from
 * it), said in plain words when it is about indentation.
 */
function yamlMistakes(source: string, doc: Document.Parsed, counter: LineCounter): YamlProblem[] {
  const errors: readonly YAMLError[] = doc.errors;
  const lines = source.split(/\r?\n/);
  const tabs = lines.flatMap((text, i) => (/^ *\t/.test(text) ? [i + 1] : []));
  if (tabs.length > 0) {
    return tabs.map((line) => ({ line, column: 1, ...said(LESSON_STRINGS.yamlTab) }));
  }
  const first = [...errors].sort((a, b) => a.pos[0] - b.pos[0])[0];
  if (!first) return [];
  const { line, col } = counter.linePos(first.pos[0]);
  const indent = (n: number) => /^ */.exec(lines[n - 1] ?? '')?.[0].length ?? 0;
  const near = (from: number, step: 1 | -1) => {
    for (let n = from + step; n >= 1 && n <= lines.length; n += step) {
      const text = lines[n - 1] ?? '';
      if (text.trim() !== '' && !text.trim().startsWith('#')) return indent(n);
    }
    return 0;
  };
  const unclosed = unclosedAt(doc, first, source);
  if (unclosed) {
    const open = counter.linePos(unclosed.start);
    const { open: o, close: c } = unclosed;
    const closedAt = closingOf(source, unclosed.start);
    const text =
      closedAt >= 0
        ? said(LESSON_STRINGS.yamlUnderIndented, {
            open: o,
            close: c,
            end: counter.linePos(closedAt).line,
          })
        : first.pos[0] >= source.trimEnd().length
          ? said(LESSON_STRINGS.yamlUnclosedToEnd, { open: o, close: c })
          : said(LESSON_STRINGS.yamlUnclosed, { open: o, close: c, end: line });
    return [{ line: open.line, column: open.col, ...text }];
  }
  if (first.code === 'MULTILINE_IMPLICIT_KEY') {
    // `- server next` followed by its `note:`: the words run on into the next line as one key.
    const text = (lines[line - 1] ?? '').slice(col - 1).trimEnd();
    if (/^\w[\w/.-]*(?: [\w/.-]+)*$/.test(text)) {
      return [{ line, column: col, ...said(LESSON_STRINGS.yamlNoColon, { text }) }];
    }
  }
  if (first.code !== undefined && INDENT_CODES.has(first.code)) {
    const [here, above, below] = [indent(line), near(line, -1), near(line, 1)];
    if (here !== above && here !== below) {
      return [
        { line, column: here + 1, ...said(LESSON_STRINGS.yamlIndent, { here, above, below }) },
      ];
    }
  }
  // The library's words for these speak to a programmer: "please use YAML.parseAllDocuments()",
  // and a bare "Maximum call stack size exceeded" (its RESOURCE_EXHAUSTION is a stack overflow).
  if (first.code === 'MULTIPLE_DOCS') {
    return [{ line, column: col, ...said(LESSON_STRINGS.yamlMultipleDocs) }];
  }
  if (first.code === 'RESOURCE_EXHAUSTION') {
    return [{ line, column: col, ...said(LESSON_STRINGS.yamlTooDeep) }];
  }
  if (first.code === 'DUPLICATE_KEY') {
    // Name the key and where it was first set: "Map keys must be unique" leaves the teacher to
    // find which of a lesson's many keys it means.
    const text = lines[line - 1] ?? '';
    const key = /^[A-Za-z0-9_/.-]+(?=\s*:)/.exec(text.slice(col - 1))?.[0];
    const pad = text.slice(0, col - 1);
    const before =
      key === undefined
        ? -1
        : lines
            .slice(0, line - 1)
            .findLastIndex((l) => l.startsWith(`${pad}${key}:`) || l.startsWith(`${pad}${key} :`));
    if (key !== undefined && before >= 0) {
      return [
        { line, column: col, ...said(LESSON_STRINGS.yamlDuplicateKey, { key, first: before + 1 }) },
      ];
    }
  }
  const message = yamlErrorText(first.code, oneLine(first));
  return [{ line, column: col, ...said(LESSON_STRINGS.yaml, { message }) }];
}

/**
 * The `{`, `[` or quote a parser error is about when that error says it was never closed: the
 * library notices only where the text goes on without it (the next line of the block, or the end
 * of the file), so the teacher is pointed at the character that opened it. The innermost such
 * node ending where the error is; null for any other error.
 */
function unclosedAt(
  doc: Document.Parsed,
  error: YAMLError,
  source: string,
): { start: number; open: string; close: string } | null {
  const quote = /^Missing closing (["'])quote/.exec(error.message);
  const flow = /must (?:be sufficiently indented and )?end with a ([}\]])/.exec(error.message);
  const close = quote?.[1] ?? flow?.[1];
  if (close === undefined) return null;
  const open = close === '}' ? '{' : close === ']' ? '[' : close;
  let start = -1;
  visit(doc, {
    Node: (_key, node) => {
      const range = (node as Node).range;
      if (range && range[1] === error.pos[0] && source[range[0]] === open && range[0] > start) {
        start = range[0];
      }
    },
  });
  return start < 0 ? null : { start, open, close };
}

/**
 * Where the `{`, `[` or quote at `start` is closed in the text, or -1: brackets counted outside
 * quotes and comments, a double quote ended by one not escaped, a single one by one not doubled.
 * The library reports an under-indented line inside a closed one in the same words as a missing
 * close, so this tells the two apart.
 */
function closingOf(source: string, start: number): number {
  const quoteEnd = (from: number): number => {
    const q = source[from];
    for (let i = from + 1; i < source.length; i++) {
      if (q === '"' && source[i] === '\\') i++;
      else if (source[i] === q) {
        if (q === "'" && source[i + 1] === "'") i++;
        else return i;
      }
    }
    return -1;
  };
  if (source[start] === '"' || source[start] === "'") return quoteEnd(start);
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    const ch = source[i];
    if (ch === '"' || ch === "'") {
      // A quote opens a string only where a value may start, not inside a plain word (it's).
      if (!/[\s{[,:]/.test(source[i - 1] ?? ' ')) continue;
      i = quoteEnd(i);
      if (i < 0) return -1;
    } else if (ch === '#' && /\s/.test(source[i - 1] ?? ' ')) {
      const eol = source.indexOf('\n', i);
      if (eol < 0) return -1;
      i = eol;
    } else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** The library's error code, when what it threw is one of its errors. */
function codeOf(error: unknown): string | undefined {
  return error instanceof YAMLError ? error.code : undefined;
}

function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? '';
}

export type Where = { line: number; column: number } | null;

/** Follows a zod issue path into the YAML document to find the line and column it points at. */
export function positionOf(
  doc: Document.Parsed,
  counter: LineCounter,
  path: readonly PropertyKey[],
  atKey = false,
): Where {
  const pos = (node: unknown): Where => {
    const range = (node as { range?: [number, number, number] } | null)?.range;
    if (!range) return null;
    const { line, col } = counter.linePos(range[0]);
    return { line, column: col };
  };
  let node: unknown = doc.contents;
  let best: Where = pos(node);
  for (const key of path) {
    best = pos(node) ?? best;
    if (isMap(node)) {
      const pair = node.items.find((item) => (item.key as { value?: unknown })?.value === key);
      if (!pair) return best;
      best = pos(pair.key) ?? best;
      if (atKey && key === path[path.length - 1]) return best;
      node = pair.value;
    } else if (isSeq(node) && typeof key === 'number') {
      node = node.items[key];
    } else {
      return best;
    }
  }
  return pos(node) ?? best;
}
