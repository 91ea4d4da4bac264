import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { createStyle } from '../../src/cli/style.js';
import { splitLines } from '../../src/session/index.js';
import { createTracer, headerRow, labelRow } from '../../src/trace/index.js';
import { ROOT, runCli } from '../helpers/cli.js';

// The report's paint with colour off: every colour is the identity.
const PLAIN = createStyle(false);
const FILE = join(ROOT, 'test', 'fixtures', 'wide', '会话.jsonl');

/** The rows of the text table for the fixture, one per message. */
function rows(): string[] {
  const tracer = createTracer();
  const out: string[] = [];
  for (const raw of splitLines(readFileSync(FILE, 'utf8'))) {
    for (const event of tracer.push(raw)) {
      if (event.type === 'message') out.push(labelRow(event.label, event.details, PLAIN));
    }
  }
  return out;
}

/** Where (in display columns) the `primitive` column starts on a row. */
const primitiveColumn = (row: string) => {
  const at = row.search(/ {2}(lifecycle|—) /);
  return stringWidth(row.slice(0, at));
};

describe('trace text table with wide (Chinese) text', () => {
  it('pads by display width: the primitive column starts at the same column on every row', () => {
    const all = rows();
    expect(all).toHaveLength(4);
    const header = headerRow(PLAIN);
    const start = stringWidth(header.slice(0, header.indexOf('  primitive')));
    for (const row of all) expect(primitiveColumn(row)).toBe(start);
  });

  it('shortens a long Chinese id with … within the column, as a long ASCII id', () => {
    const long = rows()[3] ?? '';
    expect(long).toContain('工具/列表 #工具列表请求的一个非常长…');
    expect(long).not.toContain('标识符');
  });

  it('headerRow speaks Chinese with zh, at the same column widths', () => {
    const zh = headerRow(PLAIN, 'zh');
    expect(zh).toMatch(/^ {4}行 {2}方向 {3}时代 {4}类型 {10}方法 #id/);
    expect(zh).toContain('违规');
    expect(stringWidth(zh.slice(0, zh.indexOf('原语')))).toBe(
      stringWidth(headerRow(PLAIN).slice(0, headerRow(PLAIN).indexOf('primitive'))),
    );
  });

  it('trace --lang zh prints the Chinese header; --json is unchanged', async () => {
    const zh = await runCli(['trace', FILE, '--lang', 'zh']);
    expect(zh.stdout.split('\n')[0]).toMatch(/^ {4}行 {2}方向/);
    const json = await runCli(['trace', FILE, '--lang', 'zh', '--json']);
    expect(json.stdout.startsWith('{"messages":[')).toBe(true);
  });
});
