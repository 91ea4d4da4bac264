import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { ROOT } from '../helpers/cli.js';

// One word per idea in the Chinese the learner reads (the form most texts already used): 回应 for a
// JSON-RPC response (HTTP's 响应流/响应体 are HTTP's words), 旧时代/新时代 for the two eras,
// 协议模式 or 模式 for a schema, <编号> in a Chinese placeholder.
function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path, ext);
    return ext.test(name) ? [path] : [];
  });
}

const TEXTS = [
  ...files(join(ROOT, 'src'), /\.tsx?$/).filter((f) => !f.endsWith('spec-headings.ts')),
  ...files(join(ROOT, 'lessons'), /\.yaml$/),
  ...files(join(ROOT, 'compare'), /\.yaml$/),
  ...files(join(ROOT, 'exercises'), /(README\.zh\.md|hints\.yaml|answers\.yaml)$/),
];

function offending(pattern: RegExp, keep?: RegExp): string[] {
  return TEXTS.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        pattern.test(line) && !(keep?.test(line) ?? false)
          ? [`${relative(ROOT, file)}:${i + 1}: ${line.trim().slice(0, 80)}`]
          : [],
      ),
  );
}

describe('Chinese terminology is one word per idea', () => {
  it('a JSON-RPC response is 回应 (响应 only for HTTP’s response stream or body)', () => {
    expect(
      offending(/响应(?![流体])/, /HTTP 响应|POST 的响应|响应是一个保持打开的 SSE 流/),
    ).toEqual([]);
  });

  it('the eras are 旧时代 and 新时代', () => {
    expect(offending(/握手时代|无状态时代/)).toEqual([]);
  });

  it('a Chinese line writes the placeholder <编号>, not <number>', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-terms-'));
    writeFileSync(join(dir, 'stray.yaml'), 'title: x\n');
    const [problem] = loadLessons(dir).problems;
    rmSync(dir, { recursive: true, force: true });
    expect(problem?.zh).toMatch(/请把这个文件移到 <编号>-stray\/lesson\.yaml$/);
    expect(problem?.zh).not.toContain('<number>');
    expect(problem?.message).toMatch(/move this file to <number>-stray\/lesson\.yaml$/);
  });
});
