import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { isProgressToken, type JsonObject, type RequestId } from '../../protocol/index.js';
import type { Scheduled } from './outbox.js';

/**
 * Tools whose behaviour involves the session itself: progress notifications, cancellation, or a
 * request back to the client. The simulated server runs them; their definitions live here.
 */
export const SESSION_TOOLS = {
  long_running_task: {
    name: 'long_running_task',
    title: 'Long-running task',
    description:
      'Works through a number of steps, reporting progress after each one when the request carries a progress token. With failAtStep, the work fails at that step (a tool error, isError).',
    inputSchema: {
      type: 'object',
      properties: {
        steps: { type: 'integer', minimum: 1, maximum: 20, default: 5 },
        delayMs: { type: 'integer', minimum: 0, maximum: 10000, default: 250 },
        failAtStep: { type: 'integer', minimum: 1, maximum: 20 },
      },
    },
  },
  summarize_text: {
    name: 'summarize_text',
    title: 'Summarize text',
    description:
      "Summarizes a text with the client's language model (needs the client's sampling capability).",
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
    },
  },
  collect_feedback: {
    name: 'collect_feedback',
    title: 'Collect feedback',
    description:
      'Asks the user for a rating and a comment (needs the client’s elicitation capability).',
    inputSchema: {
      type: 'object',
      properties: { topic: { type: 'string' } },
    },
  },
  list_project_roots: {
    name: 'list_project_roots',
    title: 'List project roots',
    description:
      'Lists the folders the client lets the server work in (needs the client’s roots capability).',
    inputSchema: { type: 'object', properties: {} },
  },
  connect_account: {
    name: 'connect_account',
    title: 'Connect an account',
    description:
      'Links the user’s account at another service: the user signs in on that service’s own web page, never through the client (needs the client’s elicitation capability in URL mode: a -32042 error in 2025-11-25, an input_required round in 2026-07-28).',
    inputSchema: {
      type: 'object',
      properties: { service: { type: 'string' } },
    },
  },
  toggle_tool: {
    name: 'toggle_tool',
    title: 'Toggle a tool',
    description:
      'Withdraws one of the server’s other tools, or offers it again, so the tool list changes and the server announces notifications/tools/list_changed.',
    inputSchema: {
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    },
  },
  add_note: {
    name: 'add_note',
    title: 'Add a note',
    description:
      'Adds a line to the resource file:///project/notes.txt, so the resource changes and the server tells whoever watches it (resources/subscribe, or a subscriptions/listen stream) with notifications/resources/updated.',
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
    },
  },
} as const satisfies Record<string, Tool>;

export type SessionToolName = keyof typeof SESSION_TOOLS;

export const TOOL_NAMES = [
  'calculator_arithmetic',
  'weather_current',
  'db_query',
  'long_running_task',
  'summarize_text',
  'collect_feedback',
  'list_project_roots',
  'connect_account',
] as const;
/** The tools a lesson can name (its server's tools, `add-tool`). */
export type ToolName = (typeof TOOL_NAMES)[number];

/**
 * Tools `serve` adds, in either era, so that a real client can make the server change what it
 * announces (a lesson has `add-tool` and `update-notes` for that): `toggle_tool` changes the tool
 * list (notifications/tools/list_changed), `add_note` the notes resource
 * (notifications/resources/updated), to watch a subscription or a listen stream at work.
 */
export const SERVE_TOOLS = ['toggle_tool', 'add_note'] as const;
export type ServerToolName = ToolName | (typeof SERVE_TOOLS)[number];

/** The part of JSON Schema the session tools' inputSchemas use. */
type ArgSchema = { readonly type?: string; readonly minimum?: number; readonly maximum?: number };
type InputSchema = {
  readonly properties?: Readonly<Record<string, ArgSchema>>;
  readonly required?: readonly string[];
};

/** What an argument must be, in words, and whether a value is that. */
function argRule(schema: ArgSchema): {
  readonly must: string;
  readonly fits: (v: unknown) => boolean;
} {
  if (schema.type === 'integer') {
    const { minimum = Number.NEGATIVE_INFINITY, maximum = Number.POSITIVE_INFINITY } = schema;
    return {
      must: `an integer from ${minimum} to ${maximum}`,
      fits: (v) => Number.isInteger(v) && (v as number) >= minimum && (v as number) <= maximum,
    };
  }
  return { must: `a ${schema.type}`, fits: (v) => typeof v === schema.type };
}

/**
 * Checks a session tool's arguments against its own inputSchema (the one tools/list shows); null
 * when they fit, otherwise the text of the tool error (the caller answers it with isError: true,
 * not a protocol error).
 */
export function checkSessionToolArgs(
  tool: SessionToolName,
  args: Readonly<Record<string, unknown>>,
): string | null {
  const { properties = {}, required = [] }: InputSchema = SESSION_TOOLS[tool].inputSchema;
  for (const key of Object.keys(args)) {
    if (!Object.hasOwn(properties, key)) {
      const known = Object.keys(properties);
      return `Unexpected argument ${key}: ${tool} takes ${known.length > 0 ? `only ${known.join(', ')}` : 'no arguments'}.`;
    }
  }
  for (const [key, schema] of Object.entries(properties)) {
    const { must, fits } = argRule(schema);
    if (!(key in args)) {
      if (required.includes(key)) return `The ${key} argument is required and must be ${must}.`;
    } else if (!fits(args[key])) {
      return `The ${key} argument must be ${must}; got ${JSON.stringify(args[key])}.`;
    }
  }
  return null;
}

/**
 * long_running_task's schedule: a progress notification after each step when the call carries a
 * progress token, then the answer a moment after the last one, not in the same instant (a client
 * reading both in one chunk may drop that progress: TypeScript SDK issue #2580). With failAtStep
 * (at most steps), the work stops at that step: the answer is a tool error (isError, Server ›
 * Tools › Error Handling), and a task running it ends failed (basic/utilities/tasks › Task
 * Execution Errors). A failAtStep beyond the last step is never reached.
 */
export function longRunningPlan(
  id: RequestId,
  token: unknown,
  args: Readonly<Record<string, unknown>>,
  now: number,
): { readonly progress: Scheduled[]; readonly doneAt: number; readonly result: JsonObject } {
  const total = typeof args.steps === 'number' ? args.steps : 5;
  const delayMs = typeof args.delayMs === 'number' ? args.delayMs : 250;
  const failAt =
    typeof args.failAtStep === 'number' && args.failAtStep <= total ? args.failAtStep : null;
  const steps = failAt ?? total;
  const progress: Scheduled[] = [];
  for (let step = 1; step <= steps && isProgressToken(token); step++) {
    progress.push({
      at: now + step * delayMs,
      about: id,
      message: {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: {
          progressToken: token,
          progress: step,
          total,
          message: `step ${step} of ${total}`,
        },
      },
    });
  }
  // 25 ms even when delayMs is 0: with no gap the last progress and the answer leave together.
  const gap = progress.length > 0 ? 25 : Math.min(25, delayMs);
  return {
    progress,
    doneAt: now + steps * delayMs + gap,
    result:
      failAt === null
        ? { content: [{ type: 'text', text: `Finished all ${total} steps.` }] }
        : {
            content: [{ type: 'text', text: `Step ${failAt} of ${total} failed.` }],
            isError: true,
          },
  };
}
