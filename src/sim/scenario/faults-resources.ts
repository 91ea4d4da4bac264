/**
 * Faults of the resources a server's results carry: a resource embedded in a tool result by a
 * server that did not declare the resources capability (server/tools › Embedded Resources; lesson
 * 18), a listed resource whose uri is no RFC 3986 URI (server/resources › Common URI Schemes;
 * lesson 12), an image block whose mimeType is no type/subtype (server/prompts › Image Content;
 * lesson 19). Each rewrites the answer the lesson's server scheduled, so the rest of the answer
 * stays as a real server sends it.
 */
import { FAULT_STRINGS } from '../../i18n/fault-strings.js';
import type { JsonObject } from '../../protocol/index.js';
import { isObject } from '../../protocol/json.js';
import { cannot, type FaultContext, type FaultResult } from './faults.js';
import { resultInstead, scheduledAnswer } from './faults-modern.js';

/** The resource a faulty tool result embeds unless the step names one (`params.resource`). */
const REPORT: JsonObject = {
  uri: 'weather://reports/today',
  mimeType: 'text/markdown',
  text: '# Today\n\nSunny spells, a light breeze from the west.',
};

/** The server's scheduled result to the client's latest pending `method` request, if it has one. */
function scheduledResultOf(
  ctx: FaultContext,
  method: string,
): {
  readonly found: NonNullable<ReturnType<typeof scheduledAnswer>>;
  readonly result: JsonObject;
} | null {
  const found = scheduledAnswer(
    ctx,
    (request, answer) => request.method === method && isObject(answer.result),
  );
  const result = found?.item.message.result;
  return found && isObject(result) ? { found, result } : null;
}

/**
 * The server answers the client's pending tools/call with its scheduled result and one more
 * content block: a resource embedded in it (`params.resource`, default a weather report), though
 * it did not declare resources (2025-11-25 server/tools › Embedded Resources: servers that use
 * embedded resources SHOULD implement the resources capability).
 */
export function embeddedWithoutResources(ctx: FaultContext, name: string): FaultResult {
  const scheduled = scheduledResultOf(ctx, 'tools/call');
  if (!scheduled)
    return cannot(FAULT_STRINGS.needsPendingRequestOf, { name, method: 'tools/call' });
  const { found, result } = scheduled;
  const resource = isObject(ctx.params.resource) ? ctx.params.resource : REPORT;
  const content = Array.isArray(result.content) ? result.content : [];
  return resultInstead(ctx, found, {
    ...result,
    content: [...content, { type: 'resource', resource }],
  });
}

/**
 * The server answers the client's pending resources/list with the list it had scheduled and one
 * more resource whose uri is not an RFC 3986 URI: `params.uri`, default a file path with a space
 * left unencoded (2025-11-25 server/resources › Common URI Schemes; the schema's format "uri").
 */
export function resourceUriUnencoded(ctx: FaultContext, name: string): FaultResult {
  const scheduled = scheduledResultOf(ctx, 'resources/list');
  if (!scheduled)
    return cannot(FAULT_STRINGS.needsPendingRequestOf, { name, method: 'resources/list' });
  const { found, result } = scheduled;
  const uri =
    typeof ctx.params.uri === 'string' ? ctx.params.uri : 'file:///project/weekly report.txt';
  const resources = Array.isArray(result.resources) ? result.resources : [];
  const added = { uri, name: 'weekly report', mimeType: 'text/plain' };
  return resultInstead(ctx, found, { ...result, resources: [...resources, added] });
}

/**
 * The server answers the client's pending tools/call with its scheduled result and one more
 * content block, an image whose mimeType is `params.mimeType` (default "png", a file extension,
 * not type/subtype): server/prompts › Image Content, image data MUST include a valid MIME type.
 */
export function imageMimeTypeBare(ctx: FaultContext, name: string): FaultResult {
  const scheduled = scheduledResultOf(ctx, 'tools/call');
  if (!scheduled)
    return cannot(FAULT_STRINGS.needsPendingRequestOf, { name, method: 'tools/call' });
  const { found, result } = scheduled;
  const mimeType = typeof ctx.params.mimeType === 'string' ? ctx.params.mimeType : 'png';
  const content = Array.isArray(result.content) ? result.content : [];
  // A 1×1 transparent PNG, base64-encoded.
  const data =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
  return resultInstead(ctx, found, {
    ...result,
    content: [...content, { type: 'image', data, mimeType }],
  });
}
