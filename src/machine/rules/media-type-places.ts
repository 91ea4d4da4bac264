import { isObject } from '../../protocol/index.js';
import { pointerToken } from '../../protocol/json.js';
import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { resultOrigin } from '../facts.js';
import { retriedRound } from '../records-streams.js';

/** What carries a judged mimeType: an image or audio block, or an embedded resource's contents. */
export type MediaKind = 'image' | 'audio' | 'resource';

/**
 * One mimeType in a message, where it is (a JSON pointer) and what carries it; `mimeType` null is
 * an embedded resource of a prompt message that has none (`at` is then the resource it lacks).
 */
export type MediaTypePlace = {
  readonly at: string;
  readonly kind: MediaKind;
  readonly mimeType: string | null;
};

/**
 * The mimeTypes of one content block at `at`: an image or audio block's; an embedded resource's
 * (type "resource", its contents' mimeType); and those of the blocks a sampling tool_result
 * carries (ToolResultContent.content is the ContentBlock list a tool result holds). A mimeType
 * that is no string is left to the schema (ImageContent requires it). One that is missing from an
 * embedded resource is a place only in a prompt message (`inPrompt`): the schema makes it optional
 * on a resource's contents, and the one sentence that asks for it is the prompts page's (server/
 * prompts › Embedded Resources: resources "MUST include … the appropriate MIME type"); the tools
 * page's Embedded Resources section asks nothing of it, so a tool result's is not judged.
 */
function blockPlaces(at: string, block: unknown, found: MediaTypePlace[], inPrompt: boolean): void {
  if (!isObject(block)) return;
  const { type } = block;
  if ((type === 'image' || type === 'audio') && typeof block.mimeType === 'string')
    found.push({ at: `${at}/mimeType`, kind: type, mimeType: block.mimeType });
  else if (type === 'resource' && isObject(block.resource)) {
    const { mimeType } = block.resource;
    if (typeof mimeType === 'string')
      found.push({ at: `${at}/resource/mimeType`, kind: 'resource', mimeType });
    else if (mimeType === undefined && inPrompt)
      found.push({ at: `${at}/resource`, kind: 'resource', mimeType: null });
  } else if (type === 'tool_result' && Array.isArray(block.content))
    for (const [j, inner] of block.content.entries())
      blockPlaces(`${at}/content/${j}`, inner, found, inPrompt);
}

/** A content field at `at`: one block (a prompt message's) or a list of blocks. */
function contentPlaces(
  at: string,
  content: unknown,
  found: MediaTypePlace[],
  inPrompt = false,
): void {
  if (!Array.isArray(content)) blockPlaces(at, content, found, inPrompt);
  else
    for (const [j, block] of content.entries()) blockPlaces(`${at}/${j}`, block, found, inPrompt);
}

/** Each message's content of a sampling/createMessage's params at `at`. */
function samplingPlaces(at: string, params: unknown, found: MediaTypePlace[]): void {
  if (!isObject(params) || !Array.isArray(params.messages)) return;
  for (const [i, message] of params.messages.entries())
    if (isObject(message)) contentPlaces(`${at}/messages/${i}/content`, message.content, found);
}

/**
 * The first answer to `msg`'s request, by the method it answers (a task's result through
 * tasks/result counts as the task's request's); undefined for a second answer and any other
 * message.
 */
function firstAnswerTo(ctx: SessionContext, msg: ModelMessage): string | undefined {
  const origin = resultOrigin(ctx, msg);
  if (origin === undefined || (origin.task === undefined && origin.record.status === 'answered'))
    return undefined;
  return origin.record.method;
}

/**
 * Where a message carries a mimeType the rule judges: the content of a server's tools/call or
 * prompts/get result (a task's through tasks/result); the messages of a sampling/createMessage
 * (the server's request, or in 2026-07-28 each one in an input_required result's inputRequests)
 * and the content of its answer (the client's result, or in 2026-07-28 the answer under the
 * round's key in a retry's inputResponses). Decided by the message's own keys first: most
 * messages hold none of them.
 */
export function mediaTypePlaces(ctx: SessionContext, msg: ModelMessage): MediaTypePlace[] {
  const found: MediaTypePlace[] = [];
  const e = msg.envelope;
  if (e.kind === 'request') {
    if (msg.sender === 'server' && msg.method === 'sampling/createMessage')
      samplingPlaces('/params', msg.params, found);
    else if (msg.sender === 'client' && isObject(msg.params?.inputResponses)) {
      const given = msg.params.inputResponses;
      const { round } = retriedRound(ctx, msg);
      for (const [key, method] of Object.entries(round?.methods ?? {})) {
        const answer = Object.hasOwn(given, key) ? given[key] : undefined;
        if (method === 'sampling/createMessage' && isObject(answer))
          contentPlaces(
            `/params/inputResponses/${pointerToken(key)}/content`,
            answer.content,
            found,
          );
      }
    }
    return found;
  }
  if (e.kind !== 'response') return found;
  const { result } = e;
  if (result.resultType !== undefined && result.resultType !== 'complete') {
    if (msg.sender !== 'server' || !isObject(result.inputRequests)) return found;
    for (const [key, request] of Object.entries(result.inputRequests))
      if (isObject(request) && request.method === 'sampling/createMessage')
        samplingPlaces(`/result/inputRequests/${pointerToken(key)}/params`, request.params, found);
    return found;
  }
  if (!('content' in result || 'messages' in result)) return found;
  const method = firstAnswerTo(ctx, msg);
  if (msg.sender === 'server' && method === 'tools/call' && Array.isArray(result.content))
    contentPlaces('/result/content', result.content, found);
  else if (msg.sender === 'server' && method === 'prompts/get' && Array.isArray(result.messages))
    for (const [i, message] of result.messages.entries()) {
      if (isObject(message))
        contentPlaces(`/result/messages/${i}/content`, message.content, found, true);
    }
  else if (msg.sender === 'client' && method === 'sampling/createMessage')
    contentPlaces('/result/content', result.content, found);
  return found;
}
