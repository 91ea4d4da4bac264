/**
 * Faults of a server's tool schemas and tool results, both eras (lesson 7; lesson 30 in
 * 2026-07-28): a schema its dialect does not accept (basic/index › JSON Schema Usage), arguments
 * off the inputSchema served (server/tools › Security Considerations), a structured result with no
 * text for it (› Structured Content). Each rewrites the answer the lesson's server scheduled, so the
 * rest of the answer (a 2026-07-28 resultType and `_meta`) stays as a real server sends it.
 */
import { FAULT_STRINGS } from '../../i18n/fault-strings.js';
import type { JsonObject } from '../../protocol/index.js';
import { isObject } from '../../protocol/json.js';
import { PURE_TOOLS, type PureToolName } from '../tools/index.js';
import { cannot, type FaultContext, type FaultResult } from './faults.js';
import { resultInstead, scheduledAnswer } from './faults-modern.js';

const resultOf = (message: Record<string, unknown>): JsonObject | null =>
  isObject(message.result) ? message.result : null;

/** The first tool of a list with a typed property in its inputSchema: where, and the property. */
function firstTypedProperty(result: JsonObject | null): { tool: number; key: string } | null {
  const tools = result && Array.isArray(result.tools) ? result.tools : [];
  for (const [tool, definition] of tools.entries()) {
    const schema = isObject(definition) ? definition.inputSchema : undefined;
    const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
    const key = Object.keys(properties).find((k) => {
      const property = properties[k];
      return isObject(property) && typeof property.type === 'string';
    });
    if (key !== undefined) return { tool, key };
  }
  return null;
}

/**
 * The server lists its tools with one property's type misspelled (`params.type`, default
 * "strng"), as a hand-written schema gets it: 2025-11-25 basic/index › JSON Schema Usage, schemas
 * MUST be valid in their declared or default dialect (2020-12 has no type "strng").
 */
export function misspelledSchemaType(ctx: FaultContext, name: string): FaultResult {
  const found = scheduledAnswer(
    ctx,
    (r, m) => r.method === 'tools/list' && firstTypedProperty(resultOf(m)) !== null,
  );
  const result = found ? resultOf(found.item.message) : null;
  const at = firstTypedProperty(result);
  if (!found || !result || !at) return cannot(FAULT_STRINGS.needsTypedToolList, { name });
  const tools = [...(result.tools as JsonObject[])];
  const tool = tools[at.tool] as JsonObject;
  const schema = tool.inputSchema as JsonObject;
  const properties = schema.properties as JsonObject;
  const type = typeof ctx.params.type === 'string' ? ctx.params.type : 'strng';
  tools[at.tool] = {
    ...tool,
    inputSchema: {
      ...schema,
      properties: { ...properties, [at.key]: { ...(properties[at.key] as JsonObject), type } },
    },
  };
  return resultInstead(ctx, found, { ...result, tools });
}

const isPure = (tool: unknown): tool is PureToolName =>
  typeof tool === 'string' && Object.hasOwn(PURE_TOOLS, tool);

/**
 * The server serves a call the lesson's server refused as a tool execution error (its arguments
 * are off the inputSchema): it runs the tool with `params.arguments`, by default the call's
 * arguments that the schema names (an unexpected one silently dropped), and answers with that
 * success. server/tools › Security Considerations: servers MUST validate all tool inputs.
 */
export function invalidArgumentsServed(ctx: FaultContext, name: string): FaultResult {
  const found = scheduledAnswer(
    ctx,
    (r, m) => r.method === 'tools/call' && isPure(r.params?.name) && resultOf(m)?.isError === true,
  );
  const tool = found?.request.params?.name;
  if (!found || !isPure(tool)) return cannot(FAULT_STRINGS.needsRefusedToolCall, { name });
  const definition = PURE_TOOLS[tool].definition;
  const called = isObject(found.request.params?.arguments) ? found.request.params.arguments : {};
  const known = isObject(definition.inputSchema.properties)
    ? Object.keys(definition.inputSchema.properties)
    : [];
  const ran = isObject(ctx.params.arguments)
    ? ctx.params.arguments
    : Object.fromEntries(Object.entries(called).filter(([key]) => known.includes(key)));
  const served = PURE_TOOLS[tool].run(ran) as JsonObject;
  if (served.isError === true) return cannot(FAULT_STRINGS.needsRefusedToolCall, { name });
  const { isError: _refused, ...rest } = resultOf(found.item.message) ?? {};
  return resultInstead(ctx, found, { ...rest, ...served });
}

/**
 * The server answers a tools/call with its structuredContent and without the text blocks of its
 * content (other blocks stay): 2025-11-25 server/tools › Structured Content, a tool that returns
 * structured content SHOULD also return the serialized JSON in a TextContent block.
 */
export function structuredContentOnly(ctx: FaultContext, name: string): FaultResult {
  const found = scheduledAnswer(ctx, (r, m) => {
    const result = resultOf(m);
    return r.method === 'tools/call' && result !== null && 'structuredContent' in result;
  });
  const result = found ? resultOf(found.item.message) : null;
  if (!found || !result) return cannot(FAULT_STRINGS.needsStructuredResult, { name });
  const content = Array.isArray(result.content) ? result.content : [];
  const kept = content.filter((block) => !isObject(block) || block.type !== 'text');
  return resultInstead(ctx, found, { ...result, content: kept });
}
