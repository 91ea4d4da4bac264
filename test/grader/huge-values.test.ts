import { describe, expect, it } from 'vitest';
import { failed, grade, solution } from './helpers.js';

// A learner's code that answers with a huge value (a 900 000-character string) must not turn the
// report into megabytes: each line a check says is cut, and says how much was left out.
const HUGE = 900_000;
const LINE_LIMIT = 1000;

const longest = (text: string) => Math.max(...text.split('\n').map((l) => l.length));

describe('a huge value in what a check quotes is cut, in both languages', () => {
  it('exercise 04: acceptVersion returns a 900 000-character string', async () => {
    const versions = [
      'export function chooseVersion(requested: string, supported: string[]): string {',
      '  return supported.includes(requested) ? requested : [...supported].sort().at(-1) ?? requested;',
      '}',
      `export function acceptVersion(answered: string, supported: string[]): unknown { return 'x'.repeat(${HUGE}); }`,
    ].join('\n');
    const result = await grade('04-version-negotiation', { 'versions.ts': versions });
    expect(failed(result)).toEqual(['client-accepts-supported', 'client-rejects-unsupported']);
    for (const check of result.checks) {
      expect(longest(check.message.en)).toBeLessThanOrEqual(LINE_LIMIT);
      expect(longest(check.message.zh)).toBeLessThanOrEqual(LINE_LIMIT);
    }
    const accepts = result.checks.find((c) => c.name === 'client-accepts-supported');
    expect(accepts?.message.en).toMatch(/xxx… \(\d+ more characters not shown\)/);
    expect(accepts?.message.zh).toMatch(/xxx…（另有 \d+ 个字符未显示）/);
  });

  it('exercise 02: a tool list and a notification of 900 000 characters', async () => {
    const server = [
      'export const capabilities = { tools: {} };',
      `export function listTools(ctx: any) { return { tools: ['y'.repeat(${HUGE})] }; }`,
      `export function onToolAdded(_tool: any, ctx: any) { ctx.notify({ method: 'notifications/tools/list_changed', params: { z: 'z'.repeat(${HUGE}) } }); }`,
    ].join('\n');
    const result = await grade('02-server-without-list-changed', { 'server.ts': server });
    expect(result.points).toBe(0);
    for (const check of result.checks) {
      expect(longest(check.message.en)).toBeLessThanOrEqual(LINE_LIMIT);
      expect(longest(check.message.zh)).toBeLessThanOrEqual(LINE_LIMIT);
    }
  });

  it('the reference solutions of 02 and 04 keep full points', async () => {
    for (const [id, file] of [
      ['02-server-without-list-changed', 'server.ts'],
      ['04-version-negotiation', 'versions.ts'],
    ] as const) {
      const result = await grade(id, { [file]: solution(id, file) });
      expect(result.points).toBe(result.maxPoints);
    }
  });
});
