import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandHelpText } from '../../src/cli/help-text.js';
import {
  depthOf,
  MAX_DEPTH,
  readTranscript,
  SessionLog,
  splitLines,
  stepProblem,
  tooDeep,
} from '../../src/session/index.js';
import { jsonLines } from '../../src/ui/json-lines.js';
import { nestedLine } from './helpers.js';

/** The obvious recursive definition, for the small values the property compares on. */
function reference(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(reference));
}

/** `levels` arrays inside each other, built without recursion. */
function nested(levels: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < levels; i++) value = [value];
  return value;
}

describe('depthOf', () => {
  it('agrees with the recursive definition on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        expect(depthOf(value, 1000)).toBe(reference(value));
      }),
    );
  });

  it('counts 100,000 levels without overflowing the stack, and stops just past the limit', () => {
    const deep = nested(100_000);
    expect(depthOf(deep, Number.POSITIVE_INFINITY)).toBe(100_000);
    expect(depthOf(deep, 10)).toBe(11);
  });

  it('is too deep only past the limit', () => {
    expect(tooDeep(nested(MAX_DEPTH))).toBeNull();
    expect(tooDeep(nested(MAX_DEPTH + 1))?.en).toMatch(`nested deeper than ${MAX_DEPTH} levels`);
    expect(tooDeep(nested(MAX_DEPTH + 1))?.zh).toMatch(`嵌套超过 ${MAX_DEPTH} 层`);
    expect(tooDeep({ a: [{ b: 1 }] }, 2)?.en).toMatch('nested deeper than 2 levels');
  });
});

describe('the session log at the depth limit', () => {
  it('takes a message at the limit and reports one past it as unreadable, with its line', () => {
    const log = new SessionLog();
    const text = [nestedLine(MAX_DEPTH, 1), nestedLine(MAX_DEPTH + 1, 2), nestedLine(1e5, 3)];
    const steps = readTranscript(splitLines(`${text.join('\n')}\n`), log);
    expect(steps.map((s) => [s.line, s.kind])).toEqual([
      [1, 'message'],
      [2, 'unreadable'],
      [3, 'unreadable'],
    ]);
    expect(stepProblem(steps[1] as (typeof steps)[number])).toMatch(/^nested deeper than/);
  });

  it('refuses a too-deep message from a live source too (serve, connect push messages)', () => {
    const log = new SessionLog();
    const step = log.push({ type: 'message', direction: 'client->server', message: nested(2e5) });
    expect(step.kind).toBe('unreadable');
    expect(step.direction).toBe('client->server');
    expect(step.raw).toBeUndefined(); // nothing kept: writing it out again would walk it recursively
    // The session goes on: the next message is judged as usual.
    const next = log.push({
      type: 'message',
      direction: 'client->server',
      message: { jsonrpc: '2.0', id: 1, method: 'ping' },
    });
    expect(next.verdict?.method).toBe('ping');
  });
});

describe('the envelope view’s JSON lines', () => {
  it('lay out 100,000 levels without recursion, one line per bracket', () => {
    const lines = jsonLines(nested(100_000), { inlineWidth: 80 });
    expect(lines).toHaveLength(2 * 100_000 - 1);
  });

  it('still write small objects on one line within the width, and not past it', () => {
    const lines = jsonLines({ a: { b: [1, 2] }, c: { d: 'x'.repeat(100) } }, { inlineWidth: 40 });
    const text = lines.map((l) => `${'  '.repeat(l.depth)}${l.tokens.map((t) => t.text).join('')}`);
    expect(text).toContain('  "a": { "b": [1, 2] },');
    expect(text).toContain('  "c": {');
  });
});

describe('the documented depth', () => {
  it('is the one the code enforces, in README, docs/transcripts.md and trace --help', () => {
    const root = new URL('../../', import.meta.url);
    const said = `deeper than ${MAX_DEPTH} levels`;
    for (const doc of ['README.md', 'docs/transcripts.md']) {
      expect(readFileSync(new URL(doc, root), 'utf8').replace(/\s+/g, ' ')).toContain(said);
    }
    expect(commandHelpText('trace', 'en').replace(/\s+/g, ' ')).toContain(said);
  });
});
