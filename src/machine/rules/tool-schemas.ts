import type { Bilingual } from '../../protocol/index.js';
import { versionAtLeast } from '../../protocol/index.js';
import { isObject, pointerToken } from '../../protocol/json.js';
import {
  type CheckedDialect,
  declaredDialect,
  schemaIssue,
  schemaMetaIssue,
} from '../../protocol/output-schema.js';
import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { answeredRecord, type ResultOrigin, resultOrigin } from '../facts.js';
import { type Finding, type RuleRow, show } from './rule.js';

/**
 * The schemas of tools and what a tool call's answer owes them (server/tools, basic/index › JSON
 * Schema Usage). A tool's inputSchema is the contract for its arguments: it must be a schema its
 * dialect accepts, and the server must hold the calls it gets to it; a structured result travels
 * as text too, for the clients that read content only.
 */
export const TOOL_SCHEMA_RULES = [
  {
    id: 'tool-schema-invalid',
    // 2025-11-25 basic/index › JSON Schema Usage › Schema Validation: "Schemas MUST be valid
    // according to their declared or default dialect". The section came with 2025-11-25; the
    // earlier pages name no dialect and no such MUST, so no earlier session is judged. A dialect
    // the referee does not read (draft-04, 2019-09, one of the peer's own) is no verdict. Real SDK
    // servers write draft-07 (TypeScript SDK v1) or 2020-12 (v2, Python) schemas: they pass.
    severity: 'error',
    spec: '2025-11-25/basic/index › JSON Schema Usage',
    specNote: {
      en: 'a tool’s inputSchema and outputSchema MUST be valid in their declared dialect ($schema), or in JSON Schema 2020-12 when they declare none',
      zh: '工具的 inputSchema 和 outputSchema 必须符合它们声明的方言（$schema）；没有声明时，必须是合法的 2020-12 版 JSON 模式',
    },
    modern: { spec: '2026-07-28/basic/index › JSON Schema Usage' },
    title: { en: 'Tool schema is not valid JSON Schema', zh: '工具的模式不是合法的 JSON 模式' },
    check: (ctx, msg) => {
      if (!versionAtLeast(ctx.ruleVersion, JSON_SCHEMA_USAGE_SINCE)) return null;
      const findings: Finding[] = [];
      for (const list of toolLists(ctx, msg)) {
        for (const [i, tool] of list.tools.entries()) {
          if (!isObject(tool)) continue;
          for (const key of ['inputSchema', 'outputSchema'] as const) {
            const schema = tool[key];
            // Not an object at all: the schema rules (invalid-result, invalid-params) say so.
            if (!isObject(schema)) continue;
            const dialect = declaredDialect(schema, '2020-12');
            if (dialect === undefined) continue;
            const issue = schemaMetaIssue(schema, dialect);
            if (!issue || officialSchemaSays(ctx, key, issue.pointer)) continue;
            const at = `${list.at}/${i}/${key}${issue.pointer}`;
            const by = dialectWords(dialect, schema.$schema !== undefined);
            findings.push({
              pointer: at,
              en: `${list.what.en}: the ${key} of tool ${show(tool.name)} is not a valid schema in ${by.en} (at ${at}: ${issue.message}). A client cannot check arguments or results against it, and a model reads a contract that means nothing; write the keyword as the dialect defines it (a type is one of "string", "number", "integer", "boolean", "object", "array", "null")`,
              zh: `${list.what.zh}：工具 ${show(tool.name)} 的 ${key} 不是合法的 ${by.zh}（位置 ${at}：${issue.messageZh}）。客户端无法用它校验参数或结果，模型读到的也是一份没有意义的契约；应按该方言的定义书写这个关键字（type 只能是 "string"、"number"、"integer"、"boolean"、"object"、"array"、"null" 之一）`,
            });
          }
        }
      }
      return findings.length > 0 ? findings : null;
    },
  },
  {
    id: 'tool-input-not-validated',
    // server/tools › Security Considerations, in every revision: "Servers MUST: Validate all tool
    // inputs". A call whose arguments break the inputSchema its tool was last listed with (as sent:
    // no type coercion, so "3" is no integer) must not be served as if they fit: any error answer
    // or a tool execution error (isError: true) is validation done. A tool never listed, or a
    // schema the referee cannot compile or read (another dialect), is no verdict, nor is a failed
    // `format` (an annotation in 2020-12 unless a validator opts in). The TypeScript SDK's
    // servers answer off-schema arguments with isError: true (server-everything checked live:
    // clean). A server that coerces before it validates (pydantic models in lax mode take "3" for
    // an integer, as the Python SDK's may) is flagged: the listed schema, not the SDK's leniency,
    // is the contract.
    severity: 'error',
    spec: '2025-11-25/server/tools › Security Considerations',
    specNote: {
      en: 'servers MUST validate all tool inputs; arguments that do not fit the tool’s inputSchema are answered with a tool execution error (isError: true, › Error Handling) or a protocol error, never served',
      zh: '服务器必须校验所有工具输入；不符合工具 inputSchema 的参数要以工具执行错误（isError: true，见 › Error Handling）或协议错误作答，不能照常执行',
    },
    modern: { spec: '2026-07-28/server/tools › Security Considerations' },
    title: { en: 'Invalid tool arguments served', zh: '不合法的工具参数被照常执行' },
    check: (ctx, msg) => {
      const call = answeredCall(ctx, msg);
      if (!call || msg.envelope.kind !== 'response') return null;
      const input = call.origin.record.toolInput;
      const result = msg.envelope.result;
      if (input === undefined || result.isError === true) return null;
      const issue = schemaIssue(input.schema, input.args);
      // No verdict: the schema cannot be judged, or only a format failed.
      if (!issue || issue.keyword === 'format') return null;
      const tool = show(call.origin.record.tool);
      // An argument the schema does not allow is named by its own pointer.
      const extra = issue.additional === undefined ? '' : `/${pointerToken(issue.additional)}`;
      const at = `/params/arguments${issue.pointer}${extra}`;
      const callId = show(call.origin.record.id);
      // 2025-11-25 on, › Error Handling lists input validation errors among tool execution errors.
      const answer = versionAtLeast(ctx.ruleVersion, JSON_SCHEMA_USAGE_SINCE)
        ? {
            en: 'a tool execution error: a result with isError: true whose text says which argument is wrong, so that the model can correct it and call again',
            zh: '工具执行错误：一个带 isError: true 的结果，用文字说明哪个参数有误，让模型能够改正后再次调用',
          }
        : {
            en: 'an error: a result with isError: true whose text says which argument is wrong, or a JSON-RPC error (-32602, invalid params)',
            zh: '错误：一个带 isError: true 的结果，用文字说明哪个参数有误；或者一个 JSON-RPC 错误（-32602，参数无效）',
          };
      return {
        en: `${call.what.en} is a success, but the arguments of tools/call #${callId} do not fit ${tool}'s inputSchema (at ${at} of the call: ${issue.message}). Servers MUST validate tool inputs; this call should have been answered with ${answer.en}`,
        zh: `${call.what.zh}是成功结果，但 tools/call #${callId} 的参数不符合 ${tool} 的 inputSchema（位于调用的 ${at}：${issue.messageZh}）。服务器必须校验工具输入；这次调用应当得到${answer.zh}`,
      };
    },
  },
  {
    id: 'structured-content-without-text',
    // server/tools › Structured Content, 2025-06-18 (which brought structuredContent) on: "For
    // backwards compatibility, a tool that returns structured content SHOULD also return the
    // serialized JSON in a TextContent block." A SHOULD: a warning. Judged is the presence of a
    // text block, not its words (a summary beside the JSON is fine; so is the JSON alone).
    severity: 'warning',
    spec: '2025-11-25/server/tools › Structured Content',
    specNote: {
      en: 'a tool that returns structuredContent SHOULD also return the serialized JSON in a text content block',
      zh: '返回 structuredContent 的工具应当同时在一个文本内容块中返回序列化后的 JSON',
    },
    modern: { spec: '2026-07-28/server/tools › Structured Content' },
    title: { en: 'Structured result without a text block', zh: '结构化结果没有文本块' },
    check: (ctx, msg) => {
      if (!versionAtLeast(ctx.ruleVersion, STRUCTURED_CONTENT_SINCE)) return null;
      const call = answeredCall(ctx, msg);
      if (!call || msg.envelope.kind !== 'response') return null;
      const result = msg.envelope.result;
      if (!('structuredContent' in result)) return null;
      // No content array at all: the schema rules (invalid-result) say content is required.
      const content = result.content;
      if (!Array.isArray(content)) return null;
      if (content.some((block) => isObject(block) && block.type === 'text')) return null;
      return {
        pointer: '/result/content',
        en: `${call.what.en} has structuredContent but no text block in content (at /result/content): a client that reads only content, and the model it shows content to, get none of the data. Add {"type": "text", "text": …} holding the structuredContent serialized as JSON`,
        zh: `${call.what.zh}带有 structuredContent，但 content 中没有文本块（位置 /result/content）：只读取 content 的客户端，以及它把 content 交给的模型，都拿不到这些数据。应当加上 {"type": "text", "text": …}，其中是序列化为 JSON 的 structuredContent`,
      };
    },
  },
] as const satisfies readonly RuleRow[];

/** basic/index › JSON Schema Usage and server/tools › Error Handling's input validation: 2025-11-25. */
const JSON_SCHEMA_USAGE_SINCE = '2025-11-25';
/** server/tools › Structured Content: 2025-06-18. */
const STRUCTURED_CONTENT_SINCE = '2025-06-18';

/**
 * The root keywords of a tool's schemas that the revision's official schema types itself (Tool ›
 * inputSchema, outputSchema): there a broken keyword is invalid-result's or invalid-params'
 * finding, not this rule's. 2025-11-25 types `$schema`, `type` (the string "object"), `required`
 * and the schemas under `properties` of both; 2026-07-28 only `$schema`, and inputSchema's `type`.
 */
function officialSchemaSays(
  ctx: SessionContext,
  key: 'inputSchema' | 'outputSchema',
  pointer: string,
): boolean {
  const [, first, ...rest] = pointer.split('/');
  if (first === undefined) return true;
  if (first === '$schema') return true;
  if (ctx.era === 'modern') return first === 'type' && key === 'inputSchema';
  if (first === 'type' || first === 'required') return true;
  return first === 'properties' && rest.length <= 1;
}

/** How a finding names the dialect a schema was checked in. */
function dialectWords(dialect: CheckedDialect, declared: boolean): Bilingual {
  const name = dialect === '2020-12' ? 'JSON Schema 2020-12' : 'JSON Schema draft-07';
  const zh = dialect === '2020-12' ? '2020-12 版 JSON 模式' : 'draft-07 版 JSON 模式';
  return declared
    ? { en: `${name}, the dialect its $schema declares`, zh: `${zh}（它的 $schema 声明的方言）` }
    : {
        en: `${name}, the default dialect (it has no $schema)`,
        zh: `${zh}（它没有 $schema，即默认方言）`,
      };
}

/**
 * The lists of tools a server's message carries, each with the JSON pointer of its array and a
 * name for the message: a tools/list result; in 2025-11-25 a sampling/createMessage offering the
 * client's model tools (client/sampling › Sampling with Tools); in 2026-07-28 the sampling requests
 * of an input_required result (basic/patterns/mrtr), whose tools are the same Tool objects.
 */
function toolLists(
  ctx: SessionContext,
  msg: ModelMessage,
): { readonly tools: readonly unknown[]; readonly at: string; readonly what: Bilingual }[] {
  if (msg.sender !== 'server') return [];
  const e = msg.envelope;
  if (e.kind === 'request') {
    const tools = e.method === 'sampling/createMessage' ? msg.params?.tools : undefined;
    if (!Array.isArray(tools)) return [];
    const what = `sampling/createMessage #${show(msg.id)}`;
    return [{ tools, at: '/params/tools', what: { en: what, zh: what } }];
  }
  if (e.kind !== 'response') return [];
  const id = show(msg.id);
  if (answeredRecord(ctx, msg)?.method === 'tools/list') {
    const tools = e.result.tools;
    if (!Array.isArray(tools)) return [];
    return [
      {
        tools,
        at: '/result/tools',
        what: { en: `tools/list result #${id}`, zh: `tools/list 结果 #${id}` },
      },
    ];
  }
  const requests = e.result.resultType === 'input_required' ? e.result.inputRequests : undefined;
  if (!isObject(requests)) return [];
  return Object.entries(requests).flatMap(([key, request]) => {
    if (!isObject(request) || request.method !== 'sampling/createMessage') return [];
    const tools = isObject(request.params) ? request.params.tools : undefined;
    if (!Array.isArray(tools)) return [];
    return [
      {
        tools,
        at: `/result/inputRequests/${pointerToken(key)}/params/tools`,
        what: {
          en: `the sampling/createMessage under ${show(key)} of the input_required result #${id}`,
          zh: `input_required 结果 #${id} 中 ${show(key)} 下的 sampling/createMessage`,
        },
      },
    ];
  });
}

/**
 * The tools/call whose result a server's answer carries (a task's, through tasks/result), with a
 * name for that answer; null for any other message, a second answer (duplicate-response), and a
 * 2026-07-28 input_required answer (not the tool's result yet).
 */
export function answeredCall(
  ctx: SessionContext,
  msg: ModelMessage,
): { readonly origin: ResultOrigin; readonly what: Bilingual } | null {
  if (msg.envelope.kind !== 'response' || msg.sender !== 'server') return null;
  const origin = resultOrigin(ctx, msg);
  if (origin?.record.method !== 'tools/call') return null;
  const result = msg.envelope.result;
  if (result.resultType !== undefined && result.resultType !== 'complete') return null;
  const id = show(msg.id);
  const task = origin.task;
  if (task === undefined) {
    if (origin.record.status === 'answered') return null;
    return { origin, what: { en: `tools/call result #${id}`, zh: `tools/call 结果 #${id} ` } };
  }
  return {
    origin,
    what: {
      en: `the result of tasks/result #${id} (task ${show(task)}, run for tools/call #${show(origin.record.id)})`,
      zh: `tasks/result #${id}（任务 ${show(task)}，为 tools/call #${show(origin.record.id)} 运行）的结果`,
    },
  };
}
