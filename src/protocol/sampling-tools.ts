import { isObject, type JsonObject } from './json.js';

/**
 * Tool use in sampling (2025-11-25 client/sampling › Sampling with Tools; the same in 2026-07-28,
 * where the request travels in an input_required round): what the referee reads of a
 * sampling/createMessage's conversation and of the model's answer.
 */

/** The content blocks of one sampling message or result: its content, one block or an array of them. */
export function samplingBlocks(message: unknown): readonly Record<string, unknown>[] {
  if (!isObject(message)) return [];
  const content = message.content;
  return (Array.isArray(content) ? content : [content]).filter(isObject);
}

/**
 * The toolChoice mode a sampling/createMessage binds its answer to (client/sampling › Tool
 * Choice Modes), else undefined: `none`, the model MUST NOT use any tools; `required`, it MUST use
 * at least one tool before completing, which binds only a conversation in which the model has
 * used none yet (after a tool use it may complete with text). `auto`, or no toolChoice, binds
 * nothing.
 */
export function toolChoiceToHonour(
  params: JsonObject | undefined,
): 'none' | 'required' | undefined {
  const choice = params?.toolChoice;
  const mode = isObject(choice) ? choice.mode : undefined;
  if (mode === 'none') return 'none';
  if (mode !== 'required') return undefined;
  const messages = Array.isArray(params?.messages) ? params.messages : [];
  const used = messages.some((m) => samplingBlocks(m).some((b) => b.type === 'tool_use'));
  return used ? undefined : 'required';
}

/** Whether a sampling/createMessage offers the model tools (`tools` or `toolChoice`). */
export const offersTools = (params: JsonObject | undefined): boolean =>
  params !== undefined && ('tools' in params || 'toolChoice' in params);
