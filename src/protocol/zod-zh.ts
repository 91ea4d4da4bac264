import type { $ZodErrorMap } from 'zod/v4/core';
import zhCN from 'zod/v4/locales/zh-CN.js';

/**
 * The type names zod's zh-CN locale leaves in English: it translates only array, number, nan and
 * null, so its line read "期望 数组，实际接收 string" or "期望 object，实际接收 数组".
 */
const TYPE_ZH: Readonly<Record<string, string>> = {
  string: '字符串',
  object: '对象',
  boolean: '布尔值',
  undefined: '未定义',
  bigint: '大整数',
  symbol: '符号',
  function: '函数',
  date: '日期',
};
const TYPE_PAIR = /(期望 )([^，\s]+)(，实际接收 )(\S+)$/;

const base = zhCN().localeError;

/** zod's own Simplified Chinese messages (its zh-CN locale), every type name in Chinese. */
export const ZOD_ZH: $ZodErrorMap = (issue) => {
  const out = base(issue);
  if (issue.code !== 'invalid_type') return out;
  const text = typeof out === 'string' ? out : out?.message;
  return text?.replace(
    TYPE_PAIR,
    (_all, a: string, expected: string, b: string, got: string) =>
      `${a}${TYPE_ZH[expected] ?? expected}${b}${TYPE_ZH[got] ?? got}`,
  );
};
