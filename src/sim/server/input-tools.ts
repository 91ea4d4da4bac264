import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { CapabilityPath, JsonObject } from '../../protocol/index.js';
import { isObject, ownTable } from '../../protocol/json.js';
import { ajv2020 } from '../../protocol/lazy-ajv.js';

/**
 * The tools that need something only the client has: its language model (sampling), its user
 * (elicitation) or its roots. In the legacy era the server sends the request itself; in 2026-07-28
 * it answers the call with an input_required round (basic/patterns/mrtr) and the client retries.
 * The request is built here once for both eras, and so is the tool's final text.
 */
export type InputToolName = 'summarize_text' | 'collect_feedback' | 'list_project_roots';

export type InputTool = {
  /** The key of the request in the round's `inputRequests`. */
  readonly key: string;
  readonly method: 'sampling/createMessage' | 'elicitation/create' | 'roots/list';
  /** What the client must have declared for the server to ask (legacy session, or this request). */
  readonly capability: CapabilityPath;
  /** The capability in words (the legacy tool error). */
  readonly words: string;
  /** `data.requiredCapabilities` of the -32021 a modern request without it gets. */
  readonly required: JsonObject;
  /** The request's params (none for roots/list); `modern` adds what 2026-07-28 spells out. */
  readonly params: (args: JsonObject, modern: boolean) => JsonObject | undefined;
};

/** The form collect_feedback asks the user to fill in. */
const FEEDBACK_FORM = {
  type: 'object',
  properties: {
    rating: { type: 'integer', minimum: 1, maximum: 5, title: 'Rating (1–5)' },
    comment: { type: 'string', title: 'Comment' },
  },
  required: ['rating'],
} as const satisfies JsonObject;

let feedbackCheck: ValidateFunction | null = null;

/**
 * Does accepted content fit the form? Client › Elicitation › Security: servers SHOULD validate
 * what they receive against the requested schema (a client may skip its own check: SDK v2 2.4.0
 * checks only the result's shape). Compiled on first use. validateSchema: false — the form is
 * this server's own, written above; checking it against 2020-12's meta-schema would only make the
 * first call compile that meta-schema (most of what a lesson with this tool cost `sandbox
 * --lesson` before its first frame).
 */
function fitsFeedbackForm(content: unknown): string | null {
  if (!feedbackCheck) {
    const Ajv = ajv2020();
    const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
    feedbackCheck = ajv.compile(FEEDBACK_FORM);
  }
  if (feedbackCheck(content)) return null;
  return (feedbackCheck.errors ?? [])
    .map((e) => `${e.instancePath || '/'} ${e.message ?? 'is not valid'}`)
    .join('; ');
}

export const INPUT_TOOLS: Readonly<Record<InputToolName, InputTool>> = ownTable<
  InputToolName,
  InputTool
>({
  summarize_text: {
    key: 'summary',
    method: 'sampling/createMessage',
    capability: 'client.sampling',
    words: 'sampling',
    required: { sampling: {} },
    params: (args) => ({
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: `Summarize in one sentence:\n${String(args.text)}` },
        },
      ],
      maxTokens: 100,
      systemPrompt: 'You are a concise assistant.',
    }),
  },
  collect_feedback: {
    key: 'feedback',
    method: 'elicitation/create',
    // Form mode: a client that declared only URL mode must not get a form (Client › Elicitation).
    capability: 'client.elicitation.form',
    words: 'elicitation (form mode)',
    required: { elicitation: { form: {} } },
    params: (args, modern) => {
      const topic = typeof args.topic === 'string' ? args.topic : 'this lesson';
      return {
        // 2026-07-28/client/elicitation › Form Mode: the mode is named (absent still means form).
        ...(modern ? { mode: 'form' } : {}),
        message: `How would you rate ${topic}?`,
        requestedSchema: FEEDBACK_FORM,
      };
    },
  },
  list_project_roots: {
    key: 'roots',
    method: 'roots/list',
    capability: 'client.roots',
    words: 'roots',
    required: { roots: {} },
    params: () => undefined,
  },
});

export function isInputTool(name: string): name is InputToolName {
  return Object.hasOwn(INPUT_TOOLS, name);
}

export const text = (t: string, isError = false): CallToolResult =>
  isError
    ? { content: [{ type: 'text', text: t }], isError: true }
    : { content: [{ type: 'text', text: t }] };

/** The tool's answer once it has the client's result (null: the client refused the request). */
export function finishSessionTool(tool: InputToolName, result: JsonObject | null): CallToolResult {
  if (result === null) return text(`The client refused the request this tool depends on.`, true);
  switch (tool) {
    case 'summarize_text': {
      const { content } = result;
      if (isObject(content) && content.type === 'text')
        return text(`Summary: ${String(content.text ?? '')}`);
      // A reply that uses a tool (client/sampling › Sampling with Tools) holds no summary yet; an
      // image or audio block is a whole answer, with no text to summarise with.
      const blocks = Array.isArray(content) ? content : [content];
      if (blocks.some((b) => isObject(b) && b.type === 'tool_use'))
        return text('The model answered with no summary (it asked to use a tool).', true);
      const kind = isObject(content) && typeof content.type === 'string' ? content.type : null;
      return text(
        `The model answered with no summary (${kind ? `a block of type "${kind}"` : 'content of no known form'}, no text).`,
        true,
      );
    }
    case 'collect_feedback': {
      if (result.action !== 'accept')
        return text(`The user chose to ${String(result.action)}; no feedback recorded.`);
      const content = isObject(result.content) ? result.content : {};
      const misfit = fitsFeedbackForm(content);
      if (misfit !== null) {
        return text(`The answer does not fit the form (${misfit}); no feedback recorded.`, true);
      }
      return text(
        `Thank you: rating ${String(content.rating)}${content.comment ? `, "${String(content.comment)}"` : ''}.`,
      );
    }
    case 'list_project_roots': {
      const roots = Array.isArray(result.roots) ? result.roots : [];
      const lines = roots.map((r) =>
        isObject(r) ? `${String(r.name ?? '')} ${String(r.uri)}`.trim() : '',
      );
      return text(lines.length > 0 ? `Roots:\n${lines.join('\n')}` : 'The client shares no roots.');
    }
  }
}
