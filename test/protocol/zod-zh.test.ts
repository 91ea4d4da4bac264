import { describe, expect, it } from 'vitest';
import { checkParams } from '../../src/protocol/schemas.js';

// zod's zh-CN locale translates only a few type names (数组, 数字), so a verdict in Chinese read
// "期望 string，实际接收 数字" or "期望 string，实际接收 boolean": half a sentence in English.
describe('a schema verdict in Chinese names both types in Chinese', () => {
  it('2025-11-25 (the SDK’s zod schemas): a name that is a number, a cursor that is a boolean', () => {
    expect(checkParams('tools/call', { name: 5 } as never)?.messageZh).toBe(
      '无效输入：期望 字符串，实际接收 数字',
    );
    expect(checkParams('tools/list', { cursor: true } as never)?.messageZh).toBe(
      '无效输入：期望 字符串，实际接收 布尔值',
    );
    // A required field left out: what zod received is "undefined".
    expect(checkParams('tools/call', { arguments: {} } as never)?.messageZh).toBe(
      '无效输入：期望 字符串，实际接收 未定义',
    );
  });

  it('the English stays zod’s own', () => {
    expect(checkParams('tools/call', { name: 5 } as never)?.message).toBe(
      'Invalid input: expected string, received number',
    );
  });
});
