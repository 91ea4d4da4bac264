import type { ListToolsResult, ServerCapabilities, ServerContext, Tool } from './mcp-sim.js';

/**
 * What this server declares in its initialize result. `tools.listChanged` has been removed: the
 * server no longer promises to announce changes to its tool list. Leave this as it is.
 */
export const capabilities: ServerCapabilities = { tools: {} };

// The list is built once; clients are told to fetch it again when it changes.
let cached: readonly Tool[] | null = null;

/** Answers tools/list. */
export function listTools(ctx: ServerContext): ListToolsResult {
  // TODO: with no list_changed to tell clients, a cached list hides the tools added later.
  cached ??= ctx.tools;
  return { tools: [...cached] };
}

/** Called when the server gains a tool at run time (a plugin was loaded, say). */
export function onToolAdded(_tool: Tool, ctx: ServerContext): void {
  // TODO: this notification is only allowed when the server declared tools.listChanged.
  //       Look at ctx.capabilities: announce the change when it is declared, stay silent otherwise.
  ctx.notify({ method: 'notifications/tools/list_changed' });
}
