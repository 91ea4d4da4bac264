import type { Bilingual } from '../../protocol/index.js';
import { hasCapability } from '../../protocol/index.js';
import { isObject, pointerToken } from '../../protocol/json.js';
import { samplingBlocks as blocks } from '../../protocol/sampling-tools.js';
import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { answeredRecord, resultOrigin } from '../facts.js';
import { type Round, retriedRound, type SamplingAsked } from '../records-streams.js';
import { type Finding, type RuleRow, show } from './rule.js';

const roleOf = (message: unknown) => (isObject(message) ? message.role : undefined);

/** One sampling conversation a server's message sends: its messages, where they are, what asks. */
type Conversation = {
  readonly messages: readonly unknown[];
  /** The JSON pointer of `messages` in the message that sends them. */
  readonly at: string;
  /** Message `i` of the conversation as a finding names it, with its JSON pointer. */
  readonly message: (i: number) => Bilingual;
};

/**
 * The sampling conversations a server's message sends: a 2025-11-25 sampling/createMessage
 * request (tool use in sampling came with 2025-11-25: the earlier schemas reject tool_use and
 * tool_result, and invalid-params names them there); in 2026-07-28, each sampling/createMessage
 * in an input_required result's inputRequests (client/sampling › Creating Messages).
 */
function conversations(ctx: SessionContext, msg: ModelMessage): readonly Conversation[] {
  if (msg.sender !== 'server') return [];
  const e = msg.envelope;
  const messagesOf = (params: unknown) =>
    isObject(params) && Array.isArray(params.messages) ? params.messages : null;
  if (ctx.era === 'modern') {
    if (e.kind !== 'response' || e.result.resultType !== 'input_required') return [];
    const requests = e.result.inputRequests;
    if (!isObject(requests)) return [];
    return Object.entries(requests).flatMap(([key, request]) => {
      if (!isObject(request) || request.method !== 'sampling/createMessage') return [];
      const messages = messagesOf(request.params);
      if (!messages) return [];
      const at = `/result/inputRequests/${pointerToken(key)}/params/messages`;
      const message = (i: number) => ({
        en: `message ${i} (${at}/${i}) of the sampling/createMessage under ${show(key)} of the input_required result #${show(msg.id)}`,
        zh: `input_required 结果 #${show(msg.id)} 中 ${show(key)} 下的 sampling/createMessage 的第 ${i} 条消息（${at}/${i}）`,
      });
      return [{ messages, at, message }];
    });
  }
  if (e.kind !== 'request' || msg.method !== 'sampling/createMessage') return [];
  if (ctx.ruleVersion !== '2025-11-25') return [];
  const messages = messagesOf(msg.params);
  const message = (i: number) => ({
    en: `sampling/createMessage message ${i} (/params/messages/${i})`,
    zh: `sampling/createMessage 的第 ${i} 条消息（/params/messages/${i}）`,
  });
  return messages ? [{ messages, at: '/params/messages', message }] : [];
}

/** One finding for each conversation `judge` finds fault with (null: none). */
function eachConversation(
  ctx: SessionContext,
  msg: ModelMessage,
  judge: (c: Conversation) => Finding | null,
): Finding[] | null {
  const findings = conversations(ctx, msg).flatMap((c) => judge(c) ?? []);
  return findings.length > 0 ? findings : null;
}

/**
 * The model's answer `result` (at the JSON pointer `at`) to a request whose toolChoice binds it
 * to `choice`, when it does not honour it: tool use under `none`; under `required`, an answer
 * that completes with no tool use (a model cut off by maxTokens did not complete; stopReason
 * toolUse is the model's own word that it used one).
 */
function choiceFinding(
  choice: 'none' | 'required',
  result: unknown,
  at: string,
  asked: Bilingual,
): Finding | null {
  if (!isObject(result)) return null;
  const content = result.content;
  const list = Array.isArray(content) ? content : [content];
  const use = list.findIndex((b) => isObject(b) && b.type === 'tool_use');
  const where = Array.isArray(content) ? `${at}/content/${use}` : `${at}/content`;
  if (choice === 'none') {
    if (use < 0) return null;
    return {
      pointer: where,
      en: `${asked.en} sets toolChoice {"mode": "none"}, yet the model's answer uses a tool (tool_use at ${where}): under "none" the model MUST NOT use any tools; the client answers with the model's text, or asks the model again without tools`,
      zh: `${asked.zh} 设置了 toolChoice {"mode": "none"}，模型的回答却使用了工具（tool_use，位置 ${where}）：在 "none" 模式下模型不得使用任何工具；客户端应当以模型的文字作答，或者不带工具重新请求模型`,
    };
  }
  const stop = result.stopReason;
  if (use >= 0 || stop === 'toolUse' || stop === 'maxTokens') return null;
  return {
    pointer: `${at}/content`,
    en: `${asked.en} sets toolChoice {"mode": "required"} and its conversation has no tool use yet, yet the model's answer completes (stopReason ${show(stop ?? null)}) without using a tool (no tool_use in ${at}/content): under "required" the model MUST use at least one tool before completing; the client's answer holds a tool_use, with stopReason "toolUse"`,
    zh: `${asked.zh} 设置了 toolChoice {"mode": "required"}，而且对话中还没有任何工具调用，模型的回答却没有使用工具就结束了（stopReason ${show(stop ?? null)}，${at}/content 中没有 tool_use）：在 "required" 模式下，模型在结束之前必须至少使用一个工具；客户端的回答应当含有 tool_use，stopReason 为 "toolUse"`,
  };
}

/**
 * A 2026-07-28 retry's answers to the sampling requests of the round it retries that bind them
 * (basic/patterns/mrtr: each answer under its key in `inputResponses`), one finding each. A key
 * left out is input-responses-missing's.
 */
function eachRetryAnswer(
  ctx: SessionContext,
  msg: ModelMessage,
  judge: (
    asked: SamplingAsked,
    answer: unknown,
    at: { readonly key: string; readonly pointer: string; readonly round: Round },
  ) => Finding | null,
): Finding[] | null {
  const { round } = retriedRound(ctx, msg);
  const given = msg.params?.inputResponses;
  if (!round || !isObject(given)) return null;
  const findings: Finding[] = [];
  for (const [key, asked] of Object.entries(round.samplings)) {
    if (!Object.hasOwn(given, key)) continue;
    const pointer = `/params/inputResponses/${pointerToken(key)}`;
    const finding = judge(asked, given[key], { key, pointer, round });
    if (finding) findings.push(finding);
  }
  return findings.length > 0 ? findings : null;
}

/** What a finding about a 2026-07-28 retry's answer under `key` names. */
function retryAnswer(key: string, round: { readonly id: unknown }): Bilingual {
  return {
    en: `the sampling/createMessage under ${show(key)} of the input_required round #${show(round.id)}, answered in this retry,`,
    zh: `input_required 轮次 #${show(round.id)} 中 ${show(key)} 下、由这次重试作答的 sampling/createMessage`,
  };
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
    modern: { spec: '2026-07-28/client/sampling › Tool Result Messages' },
    title: {
      en: 'Tool results mixed with other content',
      zh: '工具结果与其他内容混在一起',
    },
    check: (ctx, msg) =>
      eachConversation(ctx, msg, ({ messages, at, message: named }) => {
        for (const [i, message] of messages.entries()) {
          const types = blocks(message).map((b) => b.type);
          if (!types.includes('tool_result')) continue;
          const other = types.find((t) => t !== 'tool_result');
          if (other === undefined) continue;
          const kind = typeof other === 'string' ? `"${other}"` : 'untyped';
          return {
            pointer: `${at}/${i}`,
            en: `${named(i).en} puts tool results beside ${kind} content; a message that carries tool results MUST carry nothing else (providers give tool results a role of their own), so the other content goes in a message of its own`,
            zh: `${named(i).zh}把工具结果和 ${kind} 内容放在了一起；带有工具结果的消息不得再包含其他内容（各家模型接口为工具结果设有专门的角色），其他内容要放进另一条消息`,
          };
        }
        return null;
      }),
  },
  {
    id: 'sampling-tool-use-unanswered',
    severity: 'error',
    spec: '2025-11-25/client/sampling › Tool Use and Result Balance',
    specNote: {
      en: 'every assistant message with tool uses MUST be followed at once by a user message of tool results, one for each tool use id',
      zh: '每条含有工具调用的 assistant 消息之后必须紧跟一条由工具结果组成的 user 消息，每个工具调用 id 都要有对应的结果',
    },
    modern: { spec: '2026-07-28/client/sampling › Tool Use and Result Balance' },
    title: {
      en: 'Tool use without its result',
      zh: '工具调用没有对应的结果',
    },
    check: (ctx, msg) =>
      eachConversation(ctx, msg, ({ messages, at, message: named }) => {
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
            pointer: `${at}/${i}`,
            en: `${named(i).en} is an assistant message with tool use ${ids}, ${where.en}; every tool use MUST be answered by a tool_result with its toolUseId in the user message right after it, before any other message`,
            zh: `${named(i).zh}是带有工具调用 ${ids} 的 assistant 消息，${where.zh}；每个工具调用都必须在紧随其后的 user 消息中得到带相同 toolUseId 的 tool_result，然后才能有其他消息`,
          };
        }
        return null;
      }),
  },
  {
    id: 'sampling-tools-not-refused',
    severity: 'error',
    spec: '2025-11-25/schema › CreateMessageRequestParams',
    specNote: {
      en: 'tools and toolChoice: the client MUST return an error if the field is provided but it did not declare sampling.tools',
      zh: 'tools 与 toolChoice：如果请求带了该字段而客户端没有声明 sampling.tools，客户端必须返回错误',
    },
    modern: { spec: '2026-07-28/schema › CreateMessageRequestParams' },
    title: {
      en: 'Tool-enabled sampling not refused',
      zh: '没有拒绝带工具的采样请求',
    },
    check: (ctx, msg) => {
      if (ctx.era === 'modern') {
        return eachRetryAnswer(ctx, msg, (asked, answer, at) => {
          if (!asked.undeclaredTools || !isObject(answer)) return null;
          return {
            pointer: at.pointer,
            en: `this retry answers the sampling/createMessage under ${show(at.key)} of the input_required round #${show(at.round.id)} (at ${at.pointer}), though it offers the model tools (tools or toolChoice) and the request that got the round declared sampling without sampling.tools in its clientCapabilities: the client MUST return an error instead, and in 2026-07-28 a client that refuses an input request does not retry with an answer to it (client/sampling › Error Handling)`,
            zh: `这次重试回答了 input_required 轮次 #${show(at.round.id)} 中 ${show(at.key)} 下的 sampling/createMessage（位置 ${at.pointer}），然而它向模型提供了工具（tools 或 toolChoice），而得到该轮次的请求在 clientCapabilities 中只声明了 sampling、没有声明 sampling.tools：客户端必须改为返回错误；在 2026-07-28 中，拒绝某个输入请求的客户端不会带着对它的回答重试（client/sampling › Error Handling）`,
          };
        });
      }
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
  {
    id: 'sampling-tool-choice-ignored',
    severity: 'error',
    spec: '2025-11-25/client/sampling › Tool Choice Modes',
    specNote: {
      en: 'toolChoice "none": the model MUST NOT use any tools; "required": the model MUST use at least one tool before completing',
      zh: 'toolChoice 为 "none" 时模型不得使用任何工具；为 "required" 时模型在结束之前必须至少使用一个工具',
    },
    modern: { spec: '2026-07-28/client/sampling › Tool Choice Modes' },
    title: {
      en: 'Sampling answer ignores toolChoice',
      zh: '采样的回答无视了 toolChoice',
    },
    check: (ctx, msg) => {
      if (ctx.era === 'modern') {
        return eachRetryAnswer(ctx, msg, (asked, answer, at) =>
          // Tools the request did not declare: sampling-tools-not-refused's answer, not this one's.
          asked.choice && !asked.undeclaredTools
            ? choiceFinding(asked.choice, answer, at.pointer, retryAnswer(at.key, at.round))
            : null,
        );
      }
      if (msg.sender !== 'client' || msg.envelope.kind !== 'response') return null;
      if (ctx.ruleVersion !== '2025-11-25') return null;
      // The client's result, or its answer to the server's tasks/result for a sampling it ran as
      // a task (2025-11-25 basic/utilities/tasks › Result Retrieval).
      const origin = resultOrigin(ctx, msg);
      const choice = origin?.record.samplingChoice;
      if (!origin || !choice) return null;
      // A client that did not declare sampling.tools MUST refuse the request: that is
      // sampling-tools-not-refused's finding, whatever its model answered.
      if (!hasCapability(ctx.capabilities, 'client.sampling.tools')) return null;
      const id = origin.record.id;
      const asked =
        origin.task === undefined
          ? `sampling/createMessage #${show(id)}`
          : `sampling/createMessage #${show(id)}, run as task ${show(origin.task)} and answered through tasks/result #${show(msg.id)},`;
      const askedZh =
        origin.task === undefined
          ? `sampling/createMessage #${show(id)}`
          : `以任务 ${show(origin.task)} 运行、通过 tasks/result #${show(msg.id)} 作答的 sampling/createMessage #${show(id)}`;
      return choiceFinding(choice, msg.envelope.result, '/result', { en: asked, zh: askedZh });
    },
  },
] as const satisfies readonly RuleRow[];
