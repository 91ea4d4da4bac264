import type { ListToolsResult, ServerCapabilities, ServerContext, Tool } from './mcp-sim.js';

/**
 * What this server declares in its initialize result. `tools.listChanged` has been removed: the
 * server no longer promises to announce changes to its tool list. Leave this as it is.
 */
export const capabilities: ServerCapabilities = { tools: {} };

/** Answers tools/list: always the tools of this moment, so a client that lists again sees changes. */
export function listTools(ctx: ServerContext): ListToolsResult {
  return { tools: [...ctx.tools] };
}

/** Called when the server gains a tool at run time (a plugin was loaded, say). */
export function onToolAdded(_tool: Tool, ctx: ServerContext): void {
  // Only a server that declared tools.listChanged may announce the change.
  if (ctx.capabilities.tools?.listChanged === true) {
    ctx.notify({ method: 'notifications/tools/list_changed' });
  }
}
