import { hasCapability, LIST_OF_CAPABILITY } from '../../protocol/index.js';
import { answeredRecord } from '../facts.js';
import { refusalDue } from './modern-results.js';
import { type RuleRow, show } from './rule.js';

/** JSON-RPC 2.0 › Error object: Method not found. */
const METHOD_NOT_FOUND = -32601;

/**
 * 2026-07-28 server/tools › Capabilities: "Servers that declare the `tools` capability MUST
 * respond to `tools/list` requests with the set of tools currently available to the requesting
 * client. This set MAY be empty"; server/prompts and server/resources › Capabilities say the same
 * of prompts/list and resources/list. New in 2026-07-28: 2025-11-25's Capabilities sections only
 * ask a server that supports the feature to declare it, so only the modern rule set carries this.
 */
export const DECLARED_LIST_RULES = [
  {
    id: 'declared-list-not-served',
    // Judged: a server's -32601 (Method not found) to a tools/list, prompts/list or resources/list
    // it has not answered yet, when the capabilities of its server/discover result declare the
    // feature. Not before server/discover (optional) nor when its result declared no capabilities:
    // there is nothing to compare with. Nor a request the server must refuse (a version it does
    // not serve, a malformed envelope): version-not-refused and malformed-request-served judge the
    // code of that refusal. Other codes are not judged: an invalid cursor is answered -32602
    // legitimately (server/utilities/pagination › Error Handling). Decided by the message's kind
    // and code first; then the request the referee keeps.
    severity: 'error',
    spec: '2026-07-28/server/tools › Capabilities',
    specNote: {
      en: 'servers that declare the tools capability MUST respond to tools/list with the set of tools currently available, which MAY be empty; server/prompts and server/resources › Capabilities say the same of prompts/list and resources/list',
      zh: '声明了 tools 能力的服务器必须以当前可用的工具集合回应 tools/list，这个集合可以为空；server/prompts 和 server/resources › Capabilities 对 prompts/list 和 resources/list 也是这样要求的',
    },
    title: {
      en: 'Declared list answered "Method not found"',
      zh: '已声明的列表却回应“方法不存在”',
    },
    check: (ctx, msg) => {
      if (msg.envelope.kind !== 'error' || msg.envelope.error.code !== METHOD_NOT_FOUND)
        return null;
      if (ctx.era !== 'modern' || msg.sender !== 'server') return null;
      const record = answeredRecord(ctx, msg);
      if (record === undefined || record.status === 'answered') return null;
      const capability = LIST_OF_CAPABILITY.get(record.method);
      if (capability === undefined || !hasCapability(ctx.capabilities, capability)) return null;
      // A request the server must refuse (malformed, a version it does not serve, mismatched
      // headers) is not one it must serve: version-not-refused and malformed-request-served judge
      // the code of that refusal.
      if (refusalDue(ctx, record)) return null;
      const feature = capability.slice('server.'.length);
      return {
        // The code is the fault: another one (an invalid cursor's -32602) may be right.
        pointer: '/error/code',
        en: `${record.method} #${show(msg.id)} is answered -32601 (Method not found) at /error/code, but the server declared the ${feature} capability in its server/discover result: a server that declares it MUST answer ${record.method} with the ${feature} currently available. Answer with the list (empty, "${feature}": [], if there are none), or do not declare ${feature}`,
        zh: `${record.method} #${show(msg.id)} 得到的回应是 -32601（方法不存在，见 /error/code），但服务器在 server/discover 的结果中声明了 ${feature} 能力：声明了它的服务器必须以当前可用的 ${feature} 回应 ${record.method}。应当返回这个列表（没有时就返回空列表 "${feature}": []），或者不要声明 ${feature} 能力`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
