import { type RuleRow, show } from './rule.js';

/**
 * 2026-07-28 server/tools › x-mcp-header: "Clients using the Streamable HTTP transport MUST reject
 * tool definitions where any `x-mcp-header` value violates these constraints. Rejection means the
 * client MUST exclude the invalid tool from the result of `tools/list`" (basic/transports/
 * streamable-http › Custom Headers from Tool Parameters says the same). A client that rejected
 * the tool has no such tool to call.
 */
export const REJECTED_TOOL_RULES = [
  {
    id: 'x-mcp-header-tool-called',
    // Judged: a client's tools/call, POSTed over Streamable HTTP, of a tool whose latest listed
    // definition x-mcp-header-invalid flagged (the referee's ledger records those names when the
    // tools/list result is read, with the same reading of the annotations). Only over HTTP: the
    // sentence is for clients using the Streamable HTTP transport, and "clients using other
    // transports (e.g., stdio) MAY ignore x-mcp-header annotations entirely", so a call over stdio
    // is legal. The transcript shows HTTP as http-headers.ts reads it: the message carries the
    // headers it was POSTed with (serve --http, a transcript line with `headers`). A tool listed
    // again with valid annotations is callable again. Decided by the message's method, then the
    // ledger's set, which is empty unless a listed tool broke the constraints.
    severity: 'error',
    spec: '2026-07-28/server/tools › x-mcp-header',
    specNote: {
      en: 'clients using the Streamable HTTP transport MUST reject tool definitions where any x-mcp-header value violates the constraints, excluding the invalid tool from the result of tools/list; clients over other transports (e.g. stdio) MAY ignore x-mcp-header',
      zh: '使用流式 HTTP 传输的客户端必须拒绝任何 x-mcp-header 值违反约束的工具定义，把无效的工具排除在 tools/list 的结果之外；使用其他传输（如 stdio）的客户端可以完全忽略 x-mcp-header',
    },
    title: {
      en: 'Client calls a tool it had to reject',
      zh: '客户端调用了它本应拒绝的工具',
    },
    check: (ctx, msg) => {
      if (msg.method !== 'tools/call' || ctx.ledger.rejectedTools.size === 0) return null;
      if (ctx.era !== 'modern' || msg.sender !== 'client' || msg.headers === undefined) return null;
      const name = msg.params?.name;
      if (typeof name !== 'string' || !ctx.ledger.rejectedTools.has(name)) return null;
      return {
        pointer: '/params/name',
        en: `tools/call #${show(msg.id)} calls ${show(name)} (at /params/name) over Streamable HTTP, but the tools/list result defined that tool with an invalid x-mcp-header annotation: a client over Streamable HTTP MUST reject such a definition and exclude the tool from its tools, so it has no ${show(name)} to call (and should log a warning naming the tool and the reason). Leave the tool out until the server lists it with valid annotations`,
        zh: `tools/call #${show(msg.id)} 通过流式 HTTP 调用了 ${show(name)}（见 /params/name），但 tools/list 的结果中这个工具的 x-mcp-header 注解无效：使用流式 HTTP 的客户端必须拒绝这样的定义，把这个工具排除在它的工具之外，所以它根本没有 ${show(name)} 可以调用（并且应当记录一条写明工具名和原因的警告）。在服务器以有效的注解重新列出它之前，不要使用这个工具`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
