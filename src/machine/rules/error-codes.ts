import { errorCodeStatus } from '../../protocol/index.js';
import { answersProbe } from '../facts.js';
import { type RuleRow, show } from './rule.js';

/**
 * 2026-07-28 basic/index › Error Codes: the spec's own range (-32020 to -32099) holds only the codes
 * it defines, the codes earlier revisions defined (-32002, -32042) stay reserved and must not be
 * emitted, and new implementations should not use the legacy range (-32000 to -32019).
 */
export const ERROR_CODE_RULES = [
  {
    id: 'error-code-not-in-revision',
    severity: 'error',
    spec: '2026-07-28/basic/index › Error Codes',
    specNote: {
      en: 'in -32020 to -32099 only the codes this revision defines; none it retired; avoid the legacy -32000 to -32019',
      zh: '-32020 到 -32099 中只用本版本定义的代码；不用已退役的代码；避免旧范围 -32000 到 -32019',
    },
    title: { en: 'Error code not of this revision', zh: '错误代码不属于本版本' },
    check: (ctx, msg) => {
      if (msg.envelope.kind !== 'error' || ctx.era !== 'modern') return null;
      // The answer to a server/discover probe may come from a legacy server: its codes are its own.
      if (answersProbe(ctx, msg)) return null;
      const code = msg.envelope.error.code;
      const status = errorCodeStatus(code, ctx.ruleVersion);
      const id = show(msg.id);
      switch (status) {
        case 'retired':
          return {
            pointer: '/error/code',
            en: `error #${id} uses ${code}, which ${ctx.ruleVersion} retired: implementations of this revision must not emit it${code === -32002 ? ' (a missing resource is -32602 now)' : ''}`,
            zh: `错误 #${id} 使用了 ${code}，该代码在 ${ctx.ruleVersion} 中已退役，本版本的实现不得再发送它${code === -32002 ? '（资源不存在现在用 -32602）' : ''}`,
          };
        case 'reserved':
          return {
            pointer: '/error/code',
            en: `error #${id} uses ${code}: -32020 to -32099 are reserved for codes the specification defines, and ${ctx.ruleVersion} defines only -32020, -32021 and -32022`,
            zh: `错误 #${id} 使用了 ${code}：-32020 到 -32099 只留给规范定义的代码，而 ${ctx.ruleVersion} 只定义了 -32020、-32021 和 -32022`,
          };
        case 'legacy':
          return {
            pointer: '/error/code',
            en: `error #${id} uses ${code}, from the legacy range -32000 to -32019: receivers assume no meaning for it, and new implementations should not use it`,
            zh: `错误 #${id} 使用了 ${code}，属于旧范围 -32000 到 -32019：接收方不会假定其含义，新实现不应使用它`,
            severity: 'warning',
          };
        default:
          return null;
      }
    },
  },
] as const satisfies readonly RuleRow[];
