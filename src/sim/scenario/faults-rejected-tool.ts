/**
 * A tool the client had to reject, called anyway (2026-07-28 server/tools › x-mcp-header: clients
 * using the Streamable HTTP transport MUST reject tool definitions whose x-mcp-header values break
 * the constraints, excluding the tool from the result of tools/list; lesson 29). The step names
 * `headers`, so the call is POSTed over HTTP.
 */
import { FAULT_STRINGS } from '../../i18n/fault-strings.js';
import { paramHeadersOf } from '../../protocol/http-headers.js';
import { isObject } from '../../protocol/json.js';
import { cannot, type FaultContext, type FaultResult } from './faults.js';

/**
 * The name of a tool the latest tools/list result in the log defines with an invalid x-mcp-header
 * annotation (the reading x-mcp-header-invalid judges), or null.
 */
function rejectedTool(ctx: FaultContext): string | null {
  const listed = ctx.log.steps.findLast((step) => {
    const m = step.message;
    return step.direction === 'server->client' && isObject(m) && isObject(m.result)
      ? Array.isArray(m.result.tools)
      : false;
  });
  const m = listed?.message;
  const tools = isObject(m) && isObject(m.result) ? m.result.tools : undefined;
  if (!Array.isArray(tools)) return null;
  for (const tool of tools) {
    if (!isObject(tool) || typeof tool.name !== 'string') continue;
    if (!paramHeadersOf(tool.inputSchema).ok) return tool.name;
  }
  return null;
}

/**
 * The client calls (tools/call, with `params.arguments`, default none) the first tool the latest
 * tools/list result defined with an invalid x-mcp-header annotation, as a client that kept it in
 * its tools does.
 */
export function rejectedToolCalled(ctx: FaultContext, name: string): FaultResult {
  const { client, params } = ctx;
  if (client.modernVersion === null) return cannot(FAULT_STRINGS.needsModernClient, { name });
  const tool = rejectedTool(ctx);
  if (tool === null) return cannot(FAULT_STRINGS.needsRejectedTool, { name });
  const args = isObject(params.arguments) ? params.arguments : {};
  return {
    ok: true,
    direction: 'client->server',
    message: client.request('tools/call', { name: tool, arguments: args }),
  };
}
