import { hasCapability, isObject } from '../../protocol/index.js';
import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { answeredRecord } from '../facts.js';
import { type Finding, type RuleRow, show } from './rule.js';

/** The two sides of one tools/call: what the call asked, and how its tool said it runs. */
function toolCall(ctx: SessionContext, msg: ModelMessage) {
  if (msg.envelope.kind === 'request') {
    const name = msg.params?.name;
    if (msg.method !== 'tools/call' || typeof name !== 'string') return null;
    return {
      tool: name,
      task: isObject(msg.params?.task),
      support: ctx.ledger.taskSupport.get(name),
    };
  }
  const record = answeredRecord(ctx, msg);
  if (record?.method !== 'tools/call' || record.tool === undefined) return null;
  return {
    tool: record.tool,
    task: record.task === true,
    support: ctx.ledger.taskSupport.get(record.tool),
  };
}

/**
 * 2025-11-25 basic/utilities/tasks › Tool-Level Negotiation: where the server declared
 * task-augmented tools/call, each tool's `execution.taskSupport` binds its calls (a server without
 * that capability is capability-not-negotiated's). Judged for the tools the session saw listed.
 */
export const TASK_RULES = [
  {
    id: 'task-support-mismatch',
    severity: 'error',
    spec: '2025-11-25/basic/utilities/tasks › Tool-Level Negotiation',
    specNote: {
      en: '"required": the client MUST call the tool as a task, else the server MUST answer -32601; absent or "forbidden": the client MUST NOT, and the server SHOULD answer -32601',
      zh: '"required"：客户端必须以任务方式调用该工具，否则服务器必须回应 -32601；缺省或 "forbidden"：客户端不得以任务方式调用，服务器应当回应 -32601',
    },
    title: { en: 'Tool called against its taskSupport', zh: '工具调用方式违背了它的 taskSupport' },
    check: (ctx, msg): Finding | null => {
      if (
        ctx.era !== 'legacy' ||
        !hasCapability(ctx.capabilities, 'server.tasks.requests.tools.call')
      ) {
        return null;
      }
      const call = toolCall(ctx, msg);
      if (call === null || call.support === undefined || call.support === 'optional') return null;
      const tool = show(call.tool);
      if (msg.envelope.kind === 'request') {
        if (call.support === 'required' && !call.task) {
          return {
            en: `tools/call #${show(msg.id)} calls ${tool} as a normal request, but its tools/list entry says execution.taskSupport "required": the client MUST call it as a task (params.task), and the server answers -32601`,
            zh: `tools/call #${show(msg.id)} 以普通请求调用 ${tool}，但它在 tools/list 中的 execution.taskSupport 为 "required"：客户端必须以任务方式调用（params.task），服务器会回应 -32601`,
          };
        }
        if (call.support === 'forbidden' && call.task) {
          return {
            en: `tools/call #${show(msg.id)} calls ${tool} as a task, but its tools/list entry has no execution.taskSupport or "forbidden": the client MUST NOT call it as a task`,
            zh: `tools/call #${show(msg.id)} 以任务方式调用 ${tool}，但它在 tools/list 中没有 execution.taskSupport 或为 "forbidden"：客户端不得以任务方式调用它`,
          };
        }
        return null;
      }
      // The server's answer: a result where the spec asks for -32601.
      if (msg.envelope.kind !== 'response') return null;
      if (call.support === 'required' && !call.task) {
        return {
          en: `the answer to tools/call #${show(msg.id)} is a result, but ${tool} requires task augmentation and the call was a normal request: the server MUST answer -32601 (Method not found), not a result (an isError result is still a result)`,
          zh: `对 tools/call #${show(msg.id)} 的回应是一个结果，但 ${tool} 要求任务增强，而这次调用是普通请求：服务器必须回应 -32601（Method not found），而不是结果（isError 结果仍然是结果）`,
        };
      }
      if (call.support === 'forbidden' && call.task) {
        return {
          severity: 'warning',
          en: `the answer to tools/call #${show(msg.id)} is a result, but ${tool} does not run as a task and the call asked for one: the server should answer -32601 (Method not found)`,
          zh: `对 tools/call #${show(msg.id)} 的回应是一个结果，但 ${tool} 不支持任务方式，而这次调用要求了任务：服务器应当回应 -32601（Method not found）`,
        };
      }
      return null;
    },
  },
] as const satisfies readonly RuleRow[];
