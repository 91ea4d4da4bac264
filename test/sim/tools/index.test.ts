import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { PURE_TOOLS, prepareTools } from '../../../src/sim/tools/index.js';

const text = (result: { content: unknown[] }): unknown =>
  (result.content[0] as { text?: unknown } | undefined)?.text;

describe('PURE_TOOLS', () => {
  it('holds the three pure tools under their names, frozen', () => {
    expect(Object.keys(PURE_TOOLS).sort()).toEqual([
      'calculator_arithmetic',
      'db_query',
      'weather_current',
    ]);
    for (const [name, tool] of Object.entries(PURE_TOOLS)) {
      expect(tool.definition.name).toBe(name);
      expect(ToolSchema.safeParse(tool.definition).success).toBe(true);
      expect(tool.definition.title).toBeTruthy();
      expect(tool.definition.description).toBeTruthy();
    }
    expect(Object.isFrozen(PURE_TOOLS)).toBe(true);
  });
});

describe('prepareTools', () => {
  // These run in order: the first one sees the tools before anything has been prepared.
  it('before it, the tools that need loading answer "tool not ready"; weather needs nothing', () => {
    for (const [name, args] of [
      ['calculator_arithmetic', { expression: '1 + 1' }],
      ['db_query', { sql: 'SELECT 1' }],
    ] as const) {
      const result = PURE_TOOLS[name].run(args);
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/^Tool not ready: /);
    }
    expect(PURE_TOOLS.weather_current.run({ location: 'Paris' }).isError).toBeFalsy();
  });

  it('is memoised: every call shares one promise', async () => {
    const first = prepareTools();
    expect(prepareTools()).toBe(first);
    await expect(first).resolves.toBeUndefined();
    expect(prepareTools()).toBe(first);
  });

  it('after it, every tool answers synchronously', () => {
    expect(PURE_TOOLS.calculator_arithmetic.run({ expression: '6 * 7' }).structuredContent).toEqual(
      { expression: '6 * 7', result: 42 },
    );
    expect(PURE_TOOLS.db_query.run({ sql: 'SELECT 6 * 7 AS x' }).structuredContent).toEqual({
      columns: ['x'],
      rows: [[42]],
      rowCount: 1,
      truncated: false,
    });
  });
});
