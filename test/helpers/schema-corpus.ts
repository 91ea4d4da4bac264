/**
 * A corpus of JSON values for checking validators against each other: every envelope of every
 * lesson's --json output (the lesson-json fixtures, both languages) and of every recorded
 * transcript under test/fixtures, each object and array inside them, and copies broken three ways
 * (a field removed, a wrong type, an extra key, a string in the wrong format), alone and put back
 * into their envelope.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './cli.js';

const FIXTURES = join(ROOT, 'test', 'fixtures');

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const isObject = (v: unknown): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every file under `dir` whose name ends with `ext`. */
function filesUnder(dir: string, ext: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(ext))
    .map((e) => join(e.parentPath, e.name));
}

/** The envelopes of the lesson-json fixtures (both languages) and of every .jsonl transcript. */
export function envelopes(): Json[] {
  const found: Json[] = [];
  for (const file of filesUnder(join(FIXTURES, 'lesson-json'), '.json')) {
    const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { steps: Json[] }>;
    for (const lang of Object.values(json)) {
      for (const step of lang.steps) if (isObject(step)) found.push(step.message ?? null);
    }
  }
  for (const file of filesUnder(FIXTURES, '.jsonl')) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      let parsed: Json;
      try {
        parsed = JSON.parse(line) as Json;
      } catch {
        continue; // the hostile fixtures' broken lines: not a value to validate
      }
      found.push(isObject(parsed) && 'message' in parsed ? parsed.message : parsed);
    }
  }
  return found;
}

/** The value of another type than `v` (a string for a number, a number for a string…). */
function wrongType(v: Json): Json {
  if (typeof v === 'string') return 42;
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return 'mcp-sim';
  return Array.isArray(v) ? { mcpSim: true } : ['mcp-sim'];
}

/**
 * Copies of `node` broken: its first field removed, of a wrong type, a key added, and its first
 * string field given a value no format accepts.
 */
function broken(node: Record<string, Json> | Json[]): Json[] {
  if (Array.isArray(node)) {
    return node.length === 0
      ? [[42]]
      : [node.slice(1), [wrongType(node[0] as Json), ...node.slice(1)]];
  }
  const [first] = Object.keys(node);
  if (first === undefined) return [{ mcpSimExtra: 1 }];
  const { [first]: value, ...rest } = node;
  const copies: Json[] = [
    rest,
    { ...node, [first]: wrongType(value as Json) },
    { ...node, mcpSimExtra: 1 },
  ];
  // A string of the right type and the wrong format (neither a `uri` nor base64 `byte`).
  const text = Object.keys(node).find((key) => typeof node[key] === 'string');
  if (text !== undefined) copies.push({ ...node, [text]: 'not a uri: ^{}' });
  return copies;
}

/**
 * What a validator can tell of a value: the value with its long strings and large numbers reduced
 * to their kind. Short strings (methods, `type`s, enum members, versions) and small numbers stay,
 * and a long string keeps what a format looks at (a scheme: `uri`; base64 text: `byte`). Of the
 * values with one shape only the first is kept: the lessons repeat their envelopes with other ids
 * and other words, which no definition judges differently.
 */
function shapeOf(v: Json): Json {
  if (typeof v === 'string') {
    if (v.length <= 24) return v;
    return `string ${/^[a-z][a-z0-9+.-]*:/i.test(v)} ${/^[A-Za-z0-9+/]*={0,2}$/.test(v)}`;
  }
  if (typeof v === 'number')
    return Number.isInteger(v) && Math.abs(v) < 1000 ? v : `${Math.sign(v)} ${Number.isInteger(v)}`;
  // An array's shape is that of its distinct items: ten text blocks are judged as one.
  if (Array.isArray(v)) return [...new Set(v.map((x) => JSON.stringify(shapeOf(x))))];
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shapeOf(x)]));
  return v;
}

/**
 * How deep a broken node is put back into its envelope: the envelope itself and its params,
 * result or error (depth 1). Deeper nodes are judged on their own, against their own definitions;
 * a message definition reaches them through the same generated functions.
 */
const EMBEDDED = 1;

/**
 * The corpus: each envelope; each object and array inside it; and for each of those, the envelope
 * with that node broken (so deep errors are reached from the message definitions) and the broken
 * node itself. One value of each shape.
 */
export function schemaCorpus(): Json[] {
  const values = new Map<string, Json>();
  const add = (v: Json) => {
    const shape = JSON.stringify(shapeOf(v));
    if (!values.has(shape)) values.set(shape, v);
  };
  for (const envelope of envelopes()) {
    add(envelope);
    const walk = (node: Json, replace: (v: Json) => Json, depth: number) => {
      if (!isObject(node) && !Array.isArray(node)) return;
      add(node);
      for (const copy of broken(node)) {
        add(copy);
        if (depth <= EMBEDDED) add(replace(copy));
      }
      const entries: [string | number, Json][] = Array.isArray(node)
        ? node.map((v, i) => [i, v])
        : Object.entries(node);
      for (const [key, child] of entries) {
        walk(
          child,
          (v) =>
            replace(
              Array.isArray(node) ? node.map((c, i) => (i === key ? v : c)) : { ...node, [key]: v },
            ),
          depth + 1,
        );
      }
    };
    walk(envelope, (v) => v, 0);
  }
  return [...values.values()];
}
