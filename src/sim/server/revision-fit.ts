import { isObject } from '../../protocol/json.js';
import { type HandshakeVersion, versionAtLeast } from '../../protocol/versions.js';

/**
 * What the simulated server sends in a session of an older handshake revision: only the fields
 * that revision's schema has (schema/<revision>/schema.json). The server's tools, resources and
 * prompts are written for the newest revision; what came later is left out here, where every
 * message leaves the server:
 *
 * - 2025-06-18 brought `title` (Tool, Resource, ResourceTemplate, Prompt, PromptArgument),
 *   `_meta` on those and on content, `Tool.outputSchema`, `CallToolResult.structuredContent`
 *   (its JSON is in a text block too, as that revision asks for compatibility),
 *   `resource_link` content and `Annotations.lastModified`;
 * - 2025-03-26 brought `Tool.annotations`, audio content and `ProgressNotification.message`.
 *
 * 2025-06-18 and later are sent as they are.
 */
export function fitRevision(
  message: Record<string, unknown>,
  version: HandshakeVersion,
): Record<string, unknown> {
  if (versionAtLeast(version, '2025-06-18')) return message;
  const since0326 = versionAtLeast(version, '2025-03-26');
  if (message.method === 'notifications/progress' && !since0326 && isObject(message.params)) {
    const { message: _text, ...params } = message.params;
    return { ...message, params };
  }
  if (!isObject(message.result)) return message;
  const { structuredContent: _structured, ...result } = message.result;
  const out: Record<string, unknown> = { ...result };
  if (Array.isArray(result.tools)) out.tools = result.tools.map((t) => tool(t, since0326));
  for (const key of ['resources', 'resourceTemplates'] as const) {
    if (Array.isArray(result[key])) out[key] = result[key].map(described);
  }
  if (Array.isArray(result.prompts)) out.prompts = result.prompts.map(prompt);
  if (Array.isArray(result.content)) out.content = contents(result.content, since0326);
  if (Array.isArray(result.contents)) out.contents = result.contents.map(withoutMeta);
  if (Array.isArray(result.messages)) {
    out.messages = result.messages.map((m) =>
      isObject(m) && isObject(m.content)
        ? { ...m, content: contents([m.content], since0326)[0] ?? m.content }
        : m,
    );
  }
  return { ...message, result: out };
}

function withoutMeta(value: unknown): unknown {
  if (!isObject(value)) return value;
  const { _meta: _m, ...rest } = value;
  return rest;
}

/** A resource, template or prompt argument: no title, no _meta, no lastModified. */
function described(value: unknown): unknown {
  if (!isObject(value)) return value;
  const { title: _t, _meta: _m, ...rest } = value;
  return isObject(rest.annotations)
    ? { ...rest, annotations: annotations(rest.annotations) }
    : rest;
}

function prompt(value: unknown): unknown {
  const rest = described(value);
  if (!isObject(rest) || !Array.isArray(rest.arguments)) return rest;
  return { ...rest, arguments: rest.arguments.map(described) };
}

function tool(value: unknown, since0326: boolean): unknown {
  if (!isObject(value)) return value;
  const { title: _t, _meta: _m, outputSchema: _o, annotations: a, ...rest } = value;
  return since0326 && a !== undefined ? { ...rest, annotations: a } : rest;
}

function annotations(value: Record<string, unknown>): Record<string, unknown> {
  const { lastModified: _l, ...rest } = value;
  return rest;
}

/**
 * Content blocks: a resource_link (2025-06-18) becomes the text naming its URI, audio (2025-03-26)
 * a text saying what it was; no _meta, no lastModified.
 */
function contents(items: readonly unknown[], since0326: boolean): unknown[] {
  return items.map((item) => {
    if (!isObject(item)) return item;
    const { _meta: _m, ...rest } = item;
    let block: Record<string, unknown> = rest;
    if (rest.type === 'resource_link') {
      block = { type: 'text', text: `Resource: ${String(rest.uri)}` };
    } else if (rest.type === 'audio' && !since0326) {
      block = { type: 'text', text: `[audio, ${String(rest.mimeType)}]` };
    } else if (rest.type === 'resource' && isObject(rest.resource)) {
      block = { ...rest, resource: withoutMeta(rest.resource) };
    }
    return isObject(block.annotations)
      ? { ...block, annotations: annotations(block.annotations) }
      : block;
  });
}
