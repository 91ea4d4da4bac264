import { type ParamHeaderProblem, paramHeadersOf } from '../../protocol/http-headers.js';
import { versionAtLeast } from '../../protocol/index.js';
import { isObject } from '../../protocol/json.js';
import { schemaIssue } from '../../protocol/output-schema.js';
import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { answeredRecord, resultOrigin } from '../facts.js';
import { type Finding, type RuleRow, show } from './rule.js';

/**
 * server/tools › Output Schema (2025-06-18 on): "If an output schema is provided: Servers MUST
 * provide structured results that conform to this schema." Judged for the tools the session saw
 * listed, on the results of their calls. A tool execution error (isError: true) is not a
 * structured result and is not judged, as the SDKs' clients skip it too; an input_required answer
 * of 2026-07-28 is not the tool's result yet. A call run as a task (2025-11-25
 * basic/utilities/tasks) is answered with a CreateTaskResult, which carries no result; its result
 * is the answer to the task's tasks/result, judged against the schema of the tool the call named.
 */
export const TOOL_RULES = [
  {
    id: 'structured-content-mismatch',
    severity: 'error',
    spec: '2025-11-25/server/tools › Output Schema',
    specNote: {
      en: 'a tool that declares an outputSchema MUST return structuredContent that conforms to it',
      zh: '声明了 outputSchema 的工具必须返回符合该模式的 structuredContent',
    },
    modern: { spec: '2026-07-28/server/tools › Output Schema' },
    title: {
      en: 'Structured result does not fit the tool’s outputSchema',
      zh: '结构化结果不符合工具的 outputSchema',
    },
    check: (ctx, msg): Finding | null => {
      if (msg.envelope.kind !== 'response' || ctx.ledger.outputSchemas.size === 0) return null;
      const origin = resultOrigin(ctx, msg);
      const record = origin?.record;
      if (record?.method !== 'tools/call' || record.tool === undefined) return null;
      const schema = ctx.ledger.outputSchemas.get(record.tool);
      const result = msg.envelope.result;
      if (schema === undefined || result.isError === true) return null;
      if (result.resultType !== undefined && result.resultType !== 'complete') return null;
      const tool = show(record.tool);
      const id = show(msg.id);
      // The tool ran as a task: its result is the answer to tasks/result (basic/utilities/tasks ›
      // Result Retrieval), named with the task and the call it ran for.
      const task = origin?.task;
      const what =
        task === undefined
          ? { en: `tools/call result #${id}`, zh: `tools/call 结果 #${id}` }
          : {
              en: `the result of tasks/result #${id} (task ${show(task)}, run for tools/call #${show(record.id)})`,
              zh: `tasks/result #${id}（任务 ${show(task)}，为 tools/call #${show(record.id)} 运行）的结果`,
            };
      if (!('structuredContent' in result)) {
        return {
          pointer: '/result/structuredContent',
          en: `${what.en} has no structuredContent, but ${tool} lists an outputSchema: a tool with an output schema MUST return structured results that conform to it (text in content alone is not enough; only a tool execution error, isError: true, may go without)`,
          zh: `${what.zh} 没有 structuredContent，但 ${tool} 列出了 outputSchema：有输出模式的工具必须返回符合该模式的结构化结果（只在 content 中给出文本是不够的；只有工具执行错误，即 isError: true，可以没有）`,
        };
      }
      const issue = schemaIssue(schema, result.structuredContent);
      if (!issue) return null;
      const at = issue.pointer === '' ? '' : ` at ${issue.pointer}`;
      const atZh = issue.pointer === '' ? '' : `在 ${issue.pointer} 处`;
      return {
        pointer: `/result/structuredContent${issue.pointer}`,
        en: `${what.en}: structuredContent does not fit ${tool}'s outputSchema${at}: ${issue.message}; a client that validates it (as clients SHOULD) rejects the result`,
        zh: `${what.zh}：structuredContent ${atZh}不符合 ${tool} 的 outputSchema：${issue.messageZh}；按规范校验结果的客户端会拒绝它`,
      };
    },
  },
  {
    id: 'tool-name-format',
    severity: 'warning',
    spec: '2025-11-25/server/tools › Tool Names',
    modern: { spec: '2026-07-28/server/tools › Tool Names' },
    specNote: {
      en: 'tool names SHOULD be 1 to 128 characters of A-Z, a-z, 0-9, _, - and . only, and unique within a server',
      zh: '工具名应当为 1 到 128 个字符，只用 A-Z、a-z、0-9、_、- 和 .，并且在同一服务器内唯一',
    },
    title: { en: 'Tool name outside the recommended form', zh: '工具名不符合推荐格式' },
    check: (ctx, msg) => {
      if (!versionAtLeast(ctx.ruleVersion, TOOL_NAMES_SINCE)) return null;
      const tools = listedTools(ctx, msg);
      if (tools === null) return null;
      const findings: Finding[] = [];
      const seen = new Set<string>();
      for (const [i, tool] of tools.entries()) {
        const name = isObject(tool) ? tool.name : undefined;
        // Not a string: the schema rules say so.
        if (typeof name !== 'string') continue;
        const where = `/result/tools/${i}/name`;
        if (seen.has(name)) {
          findings.push({
            pointer: where,
            en: `tool name ${show(name)} appears twice in this list (at ${where}); names should be unique within a server, or a client cannot tell which one a call means`,
            zh: `工具名 ${show(name)} 在这个列表中出现了两次（位置 ${where}）；同一服务器内的工具名应当唯一，否则客户端无法分辨调用指的是哪一个`,
          });
          continue;
        }
        seen.add(name);
        const length = [...name].length;
        if (length >= 1 && length <= 128 && TOOL_NAME.test(name)) continue;
        const why =
          length < 1 || length > 128
            ? {
                en: `${length} characters long, not 1 to 128`,
                zh: `长度为 ${length} 个字符，不在 1 到 128 之间`,
              }
            : {
                en: 'a character other than A-Z, a-z, 0-9, _, - and . (a space, a comma, a slash…)',
                zh: '含有 A-Z、a-z、0-9、_、- 和 . 以外的字符（空格、逗号、斜杠等）',
              };
        // The Mcp-Name header exists only over 2026-07-28's Streamable HTTP: an older session is not told of it.
        const header = ctx.era === 'modern';
        findings.push({
          pointer: where,
          en: `tool name ${show(name)} (at ${where}) has ${why.en}; a name in the recommended form travels safely in ${header ? 'an Mcp-Name header, ' : ''}a log line or a model's tool call`,
          zh: `工具名 ${show(name)}（位置 ${where}）${why.zh}；符合推荐格式的名字可以安全地出现在${header ? ' Mcp-Name 请求头、' : ''}日志行或模型的工具调用中`,
        });
      }
      return findings.length > 0 ? findings : null;
    },
  },
  {
    id: 'x-mcp-header-invalid',
    severity: 'error',
    spec: '2026-07-28/server/tools › x-mcp-header',
    specNote: {
      en: 'an x-mcp-header value MUST be a non-empty HTTP token, unique regardless of case, on a string, integer or boolean property reached from the root by properties keys only',
      zh: 'x-mcp-header 的值必须是非空的 HTTP 令牌，不区分大小写地唯一，且只能加在从根经 properties 逐级到达的 string、integer 或 boolean 属性上',
    },
    title: { en: 'Invalid x-mcp-header annotation', zh: 'x-mcp-header 注解无效' },
    check: (ctx, msg) => {
      const tools = ctx.era === 'modern' ? listedTools(ctx, msg) : null;
      if (tools === null) return null;
      const findings: Finding[] = [];
      for (const [i, tool] of tools.entries()) {
        if (!isObject(tool)) continue;
        const read = paramHeadersOf(tool.inputSchema);
        if (read.ok) continue;
        const where = `/result/tools/${i}/inputSchema${read.pointer}`;
        const why = paramHeaderWhy(read.problem);
        const name = show(tool.name);
        findings.push({
          pointer: where,
          en: `tool ${name} is invalid: ${why.en} (at ${where}). A client over Streamable HTTP MUST reject the tool, leaving it out of the tools it offers, so the tool cannot be called there at all`,
          zh: `工具 ${name} 无效：${why.zh}（位置 ${where}）。使用流式 HTTP 传输的客户端必须拒绝这个工具，不把它列入可用工具，所以在那里根本无法调用它`,
        });
      }
      return findings.length > 0 ? findings : null;
    },
  },
] as const satisfies readonly RuleRow[];

/** The tools a tools/list result lists, null for any other message. */
function listedTools(ctx: SessionContext, msg: ModelMessage): readonly unknown[] | null {
  if (msg.envelope.kind !== 'response') return null;
  if (answeredRecord(ctx, msg)?.method !== 'tools/list') return null;
  const tools = msg.envelope.result.tools;
  return Array.isArray(tools) ? tools : null;
}

/** The revision whose server/tools page first gave tool names a form (› Tool Names). */
const TOOL_NAMES_SINCE = '2025-11-25';
/** server/tools › Tool Names: the characters a tool name SHOULD be made of. */
const TOOL_NAME = /^[A-Za-z0-9_.-]+$/;

/** What is wrong with an x-mcp-header annotation, in both languages. */
function paramHeaderWhy(problem: ParamHeaderProblem): { en: string; zh: string } {
  switch (problem.why) {
    case 'notString':
      return { en: 'x-mcp-header is not a string', zh: 'x-mcp-header 不是字符串' };
    case 'empty':
      return { en: 'x-mcp-header is empty', zh: 'x-mcp-header 为空' };
    case 'notToken':
      return {
        en: `x-mcp-header ${show(problem.value)} is not an HTTP field-name token (RFC 9110 § 5.1: letters, digits and !#$%&'*+-.^_\`|~ only)`,
        zh: `x-mcp-header ${show(problem.value)} 不是 HTTP 字段名令牌（RFC 9110 § 5.1：只能用字母、数字和 !#$%&'*+-.^_\`|~）`,
      };
    case 'duplicate':
      return {
        en: `x-mcp-header ${show(problem.value)} repeats another annotation of the inputSchema, ignoring case`,
        zh: `x-mcp-header ${show(problem.value)} 与 inputSchema 中另一个注解重复（不区分大小写）`,
      };
    case 'notReachable':
      return {
        en: `x-mcp-header ${show(problem.value)} is not on a property reached from the root by properties keys alone (not through items, oneOf, anyOf, allOf, not, if/then/else or $ref)`,
        zh: `x-mcp-header ${show(problem.value)} 所在的属性不能仅经 properties 从根到达（不得经过 items、oneOf、anyOf、allOf、not、if/then/else 或 $ref）`,
      };
    case 'notPrimitive':
      return {
        en: `x-mcp-header ${show(problem.value)} is on a property of type ${problem.type}; only string, integer and boolean properties may be mirrored (not number)`,
        zh: `x-mcp-header ${show(problem.value)} 所在属性的类型为 ${problem.type}；只有 string、integer 和 boolean 属性可以映射到请求头（number 不行）`,
      };
  }
}
