import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { answeredRecord } from '../facts.js';
import { type RuleRow, show } from './rule.js';

/**
 * Prompts (server/prompts): what a server does with a prompts/get it cannot fill. Only what the
 * transcript shows is judged: an argument the prompt's own listing marks required and the request
 * left out. A prompt name the server never listed may still exist (lists are paged, and change),
 * so an "invalid prompt name" is not judged.
 */
export const PROMPT_RULES = [
  {
    id: 'prompt-arguments-not-refused',
    severity: 'warning',
    spec: '2025-11-25/server/prompts › Error Handling',
    specNote: {
      en: 'the server SHOULD answer a prompts/get missing a required argument with error -32602 (Invalid params)',
      zh: '对于缺少必需参数的 prompts/get，服务器应当以错误 -32602（参数无效）回应',
    },
    modern: { spec: '2026-07-28/server/prompts › Error Handling' },
    title: {
      en: 'Prompt served without a required argument',
      zh: '缺少必需参数的提示仍被返回',
    },
    check: (ctx: SessionContext, msg: ModelMessage) => {
      if (msg.type !== 'server.result') return null;
      const record = answeredRecord(ctx, msg);
      const missing = record?.method === 'prompts/get' ? record.missingArgument : undefined;
      if (record === undefined || missing === undefined) return null;
      // 2026-07-28: asking the user for it (input_required) is not serving the prompt.
      const type = msg.envelope.kind === 'response' ? msg.envelope.result.resultType : undefined;
      if (ctx.era === 'modern' && type !== undefined && type !== 'complete') return null;
      return {
        en: `prompts/get #${show(record.id)} left out the argument ${show(missing)}, which the prompt's listing marks required (/params/arguments/${missing}), and the server returned the prompt anyway; it should answer error -32602 (Invalid params) naming the missing argument, rather than fill the template with nothing`,
        zh: `prompts/get #${show(record.id)} 没有给出参数 ${show(missing)}（/params/arguments/${missing}），而提示列表中把它标为必需，服务器却照样返回了提示；服务器应当回应错误 -32602 并指出缺少的参数，而不是用空值填充模板`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
