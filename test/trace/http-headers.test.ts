import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TraceLabel } from '../../src/trace/index.js';
import { ROOT, runCli } from '../helpers/cli.js';

// A recorded Streamable HTTP session (2026-07-28) whose wrapped lines keep the request headers:
// line 1 mirrors its body (names in any case), line 3 names another tool in Mcp-Name than the body
// calls, line 5's headers are not strings, line 6 has no headers (a source that saw only bodies).
const FILE = join(ROOT, 'test', 'fixtures', 'samples', 'http-headers.jsonl');

describe('a transcript line’s HTTP headers are judged against its body', () => {
  it('trace --json: header-mismatch on the mismatched POST only; bad headers are a located problem', async () => {
    const r = await runCli(['trace', '--json', FILE]);
    const out = JSON.parse(r.stdout) as {
      messages: TraceLabel[];
      problems: { line: number; message: string }[];
    };
    expect(out.messages.map((m) => [m.line, m.violations])).toEqual([
      [1, []],
      [2, []],
      [3, ['header-mismatch']],
      [4, []],
      [6, []],
    ]);
    expect(out.problems).toEqual([
      {
        line: 5,
        message:
          '"headers" must be an object of HTTP header names to strings (at /headers/Mcp-Method)',
      },
    ]);
    expect(r.code).toBe(1);
  });

  it('trace --lang zh: the violation and the problem in Chinese', async () => {
    const r = await runCli(['trace', '--lang', 'zh', FILE]);
    expect(r.stdout).toContain("Mcp-Name 请求头写的是 'foo'，消息体写的却是 'bar'");
    expect(r.stdout).toContain(
      '"headers" 必须是从 HTTP 请求头名称到字符串的对象（位置 /headers/Mcp-Method）',
    );
  });
});
