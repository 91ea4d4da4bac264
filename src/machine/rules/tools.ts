import { outputSchemaIssue } from '../../protocol/output-schema.js';
import { answeredRecord } from '../facts.js';
import { type Finding, type RuleRow, show } from './rule.js';

/**
 * server/tools › Output Schema (2025-06-18 on): "If an output schema is provided: Servers MUST
 * provide structured results that conform to this schema." Judged for the tools the session saw
 * listed, on the results of their calls. A tool execution error (isError: true) is not a
 * structured result and is not judged, as the SDKs' clients skip it too; an input_required answer
 * of 2026-07-28 is not the tool's result yet.
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
      const record = answeredRecord(ctx, msg);
      if (record?.method !== 'tools/call' || record.tool === undefined) return null;
      const schema = ctx.ledger.outputSchemas.get(record.tool);
      const result = msg.envelope.result;
      if (schema === undefined || result.isError === true) return null;
      if (result.resultType !== undefined && result.resultType !== 'complete') return null;
      const tool = show(record.tool);
      const id = show(msg.id);
      if (!('structuredContent' in result)) {
        return {
          en: `tools/call result #${id} has no structuredContent, but ${tool} lists an outputSchema: a tool with an output schema MUST return structured results that conform to it (text in content alone is not enough; only a tool execution error, isError: true, may go without)`,
          zh: `tools/call 结果 #${id} 没有 structuredContent，但 ${tool} 列出了 outputSchema：有输出模式的工具必须返回符合该模式的结构化结果（只在 content 中给出文本是不够的；只有工具执行错误，即 isError: true，可以没有）`,
        };
      }
      const issue = outputSchemaIssue(schema, result.structuredContent);
      if (!issue) return null;
      const at = issue.pointer === '' ? '' : ` at ${issue.pointer}`;
      const atZh = issue.pointer === '' ? '' : `在 ${issue.pointer} 处`;
      return {
        en: `tools/call result #${id}: structuredContent does not fit ${tool}'s outputSchema${at}: ${issue.message}; a client that validates it (as clients SHOULD) rejects the result`,
        zh: `tools/call 结果 #${id}：structuredContent ${atZh}不符合 ${tool} 的 outputSchema：${issue.messageZh}；按规范校验结果的客户端会拒绝它`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
