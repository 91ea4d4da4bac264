import { describe, expect, it } from 'vitest';
import { LineReader } from '../../src/session/index.js';
import { createLineSorter, HOLD_LIMIT } from '../../src/session/line-sorter.js';

describe('LineReader: lines are bounded', () => {
  it('a line over the limit, in many chunks, is reported by number and length; the next is read', () => {
    const reader = new LineReader(16);
    const out = [...reader.push('{"a":1}\n')];
    for (let i = 0; i < 10; i++) out.push(...reader.push('x'.repeat(10)));
    out.push(...reader.push('\n{"b":2}\n'), ...reader.push('exactly-16-bytes\n'));
    expect(out).toEqual([
      { line: 1, text: '{"a":1}' },
      {
        line: 2,
        problem: 'a line of 100 bytes, over the limit of 16 bytes: skipped unread',
        problemZh: '这一行有 100 字节，超过 16 bytes 的上限：未读取，已跳过',
        tooLong: 100,
      },
      { line: 3, text: '{"b":2}' },
      { line: 4, text: 'exactly-16-bytes' },
    ]);
  });

  it('names the limit in MiB when it is a whole number of them, and reports a last unended line', () => {
    const reader = new LineReader(1024 * 1024);
    reader.push(Buffer.alloc(1024 * 1024 + 1, 0x61));
    expect(reader.end()).toEqual([
      {
        line: 1,
        problem: 'a line of 1048577 bytes, over the limit of 1 MiB: skipped unread',
        problemZh: '这一行有 1048577 字节，超过 1 MiB 的上限：未读取，已跳过',
        tooLong: 1048577,
      },
    ]);
  });
});

describe('the line sorter holds lines back only so long', () => {
  it(`without a good message, ${HOLD_LIMIT} unreadable lines come out together, and later ones at once`, () => {
    const sorter = createLineSorter();
    for (let line = 1; line < HOLD_LIMIT; line++) {
      expect(sorter.push({ line, text: `junk ${line}` })).toEqual([]);
    }
    const released = sorter.push({ line: HOLD_LIMIT, text: 'junk' });
    expect(released.map((s) => (s.type === 'problem' ? s.problem.line : -1))).toEqual(
      Array.from({ length: HOLD_LIMIT }, (_, i) => i + 1),
    );
    expect(sorter.push({ line: HOLD_LIMIT + 1, text: 'more junk' })).toHaveLength(1);
    expect(sorter.finish()).toEqual([]);
  });

  it('a host log’s own output before its first message is still skipped', () => {
    const sorter = createLineSorter();
    const chatter = Array.from({ length: 50 }, (_, i) =>
      sorter.push({ line: i + 1, text: `2026-11-29T12:00:00.000Z [info] starting ${i}` }),
    );
    expect(chatter.flat()).toEqual([]);
    const first = sorter.push({
      line: 51,
      text: 'Message from client: {"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    expect(first.map((s) => s.type)).toEqual(['message']);
  });
});
