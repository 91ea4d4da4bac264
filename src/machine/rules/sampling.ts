import { hasCapability } from '../../protocol/index.js';
import { isObject } from '../../protocol/json.js';
import type { ModelMessage } from '../events.js';
import { answeredRecord } from '../facts.js';
import { type RuleRow, show } from './rule.js';

/** The content blocks of one sampling message: its content, one block or an array of them. */
function blocks(message: unknown): readonly Record<string, unknown>[] {
  if (!isObject(message)) return [];
  const content = message.content;
  return (Array.isArray(content) ? content : [content]).filter(isObject);
}

const roleOf = (message: unknown) => (isObject(message) ? message.role : undefined);

/**
 * The messages of a 2025-11-25 sampling/createMessage request, else null: tool use in sampling
 * came with 2025-11-25 (the earlier schemas reject tool_use and tool_result, and invalid-params
 * names them there).
 */
function samplingMessages(
  ctx: { readonly ruleVersion: string },
  msg: ModelMessage,
): readonly unknown[] | null {
  if (msg.envelope.kind !== 'request' || msg.method !== 'sampling/createMessage') return null;
  if (ctx.ruleVersion !== '2025-11-25') return null;
  const messages = msg.params?.messages;
  return Array.isArray(messages) ? messages : null;
}

/**
 * Tool use in sampling (2025-11-25 client/sampling › Message Content Constraints): the server
 * builds the conversation its sampling request sends, so it is the server that keeps tool results
 * apart from other content and answers every tool use before the conversation goes on.
 */
export const SAMPLING_RULES = [
  {
    id: 'sampling-tool-result-mixed',
    severity: 'error',
    spec: '2025-11-25/client/sampling › Tool Result Messages',
    specNote: {
      en: 'a user message that contains tool results MUST contain only tool results',
      zh: '含有工具结果的 user 消息必须只包含工具结果',
    },
    title: {
      en: 'Tool results mixed with other content',
      zh: '工具结果与其他内容混在一起',
    },
    check: (ctx, msg) => {
      const messages = samplingMessages(ctx, msg);
      if (!messages) return null;
      for (const [i, message] of messages.entries()) {
        const types = blocks(message).map((b) => b.type);
        if (!types.includes('tool_result')) continue;
        const other = types.find((t) => t !== 'tool_result');
        if (other === undefined) continue;
        const kind = typeof other === 'string' ? `"${other}"` : 'untyped';
        return {
          en: `sampling/createMessage message ${i} (/params/messages/${i}) puts tool results beside ${kind} content; a message that carries tool results MUST carry nothing else (providers give tool results a role of their own), so the other content goes in a message of its own`,
          zh: `sampling/createMessage 的第 ${i} 条消息（/params/messages/${i}）把工具结果和 ${kind} 内容放在了一起；带有工具结果的消息不得再包含其他内容（各家模型接口为工具结果设有专门的角色），其他内容要放进另一条消息`,
        };
      }
      return null;
    },
  },
  {
    id: 'sampling-tool-use-unanswered',
    severity: 'error',
    spec: '2025-11-25/client/sampling › Tool Use and Result Balance',
    specNote: {
      en: 'every assistant message with tool uses MUST be followed at once by a user message of tool results, one for each tool use id',
      zh: '每条含有工具调用的 assistant 消息之后必须紧跟一条由工具结果组成的 user 消息，每个工具调用 id 都要有对应的结果',
    },
    title: {
      en: 'Tool use without its result',
      zh: '工具调用没有对应的结果',
    },
    check: (ctx, msg) => {
      const messages = samplingMessages(ctx, msg);
      if (!messages) return null;
      for (const [i, message] of messages.entries()) {
        if (roleOf(message) !== 'assistant') continue;
        const uses = blocks(message)
          .filter((b) => b.type === 'tool_use')
          .map((b) => b.id);
        if (uses.length === 0) continue;
        const next = messages[i + 1];
        const answered = new Set(
          roleOf(next) === 'user'
            ? blocks(next)
                .filter((b) => b.type === 'tool_result')
                .map((b) => b.toolUseId)
            : [],
        );
        const missing = uses.filter((id) => !answered.has(id));
        if (missing.length === 0) continue;
        const ids = missing.map((id) => JSON.stringify(id ?? null)).join(', ');
        const where =
          next === undefined
            ? {
                en: 'and no message follows it',
                zh: '而它后面没有任何消息',
              }
            : {
                en: `but message ${i + 1} holds no tool_result for ${ids}`,
                zh: `但第 ${i + 1} 条消息中没有 ${ids} 的 tool_result`,
              };
        return {
          en: `sampling/createMessage message ${i} (/params/messages/${i}) is an assistant message with tool use ${ids}, ${where.en}; every tool use MUST be answered by a tool_result with its toolUseId in the user message right after it, before any other message`,
          zh: `sampling/createMessage 的第 ${i} 条消息（/params/messages/${i}）是带有工具调用 ${ids} 的 assistant 消息，${where.zh}；每个工具调用都必须在紧随其后的 user 消息中得到带相同 toolUseId 的 tool_result，然后才能有其他消息`,
        };
      }
      return null;
    },
  },
  {
    id: 'sampling-tools-not-refused',
    severity: 'error',
    spec: '2025-11-25/schema › CreateMessageRequestParams',
    specNote: {
      en: 'tools and toolChoice: the client MUST return an error if the field is provided but it did not declare sampling.tools',
      zh: 'tools 与 toolChoice：如果请求带了该字段而客户端没有声明 sampling.tools，客户端必须返回错误',
    },
    title: {
      en: 'Tool-enabled sampling not refused',
      zh: '没有拒绝带工具的采样请求',
    },
    check: (ctx, msg) => {
      if (msg.sender !== 'client' || msg.envelope.kind !== 'response') return null;
      if (ctx.era !== 'legacy' || ctx.ruleVersion !== '2025-11-25') return null;
      const record = answeredRecord(ctx, msg);
      if (!record?.samplingTools || record.status === 'answered') return null;
      // A client without sampling at all answers what it likes (-32601 as a rule);
      // capability-not-negotiated judged the request, as it judged this one.
      const declared = ctx.capabilities.client;
      if (!isObject(declared) || !isObject(declared.sampling)) return null;
      if (hasCapability(ctx.capabilities, 'client.sampling.tools')) return null;
      return {
        en: `sampling/createMessage #${show(msg.id)} offers the model tools (tools or toolChoice), which the client's sampling capability does not declare (no sampling.tools), and the client answers with a result: it MUST return an error instead`,
        zh: `sampling/createMessage #${show(msg.id)} 向模型提供了工具（tools 或 toolChoice），而客户端的 sampling 能力没有声明它（没有 sampling.tools），客户端却以一个结果作答：它必须改为返回错误`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
