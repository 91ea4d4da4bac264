import type { JsonObject } from '../../protocol/index.js';

/**
 * What a learner's message carries before they change it: params for each method a side may send,
 * and the result each request gets when the learner answers it. Small, valid against the schema of
 * every revision, and in the sample project's words (the weather desk of the simulated server), so
 * the simulated peer has something real to answer.
 */

/** The resource that changes in a session (the notes the add_note tool writes). */
export const NOTES = 'file:///project/notes.txt';

/** Params of a request or notification (undefined: it carries none). */
export const DEFAULT_PARAMS = {
  'tools/list': {},
  'tools/call': { name: 'weather_current', arguments: { location: 'Paris' } },
  'resources/list': {},
  'resources/templates/list': {},
  'resources/read': { uri: NOTES },
  'resources/subscribe': { uri: NOTES },
  'resources/unsubscribe': { uri: NOTES },
  'prompts/list': {},
  'prompts/get': { name: 'weather_report', arguments: { location: 'Paris' } },
  'completion/complete': {
    ref: { type: 'ref/prompt', name: 'weather_report' },
    argument: { name: 'location', value: 'Pa' },
  },
  'logging/setLevel': { level: 'info' },
  'subscriptions/listen': { notifications: { toolsListChanged: true } },
  'server/discover': {},
  'sampling/createMessage': {
    messages: [{ role: 'user', content: { type: 'text', text: 'Summarise the meeting notes.' } }],
    maxTokens: 100,
  },
  'elicitation/create': {
    message: 'How clear was this answer?',
    requestedSchema: {
      type: 'object',
      properties: { rating: { type: 'number', minimum: 1, maximum: 5 } },
      required: ['rating'],
    },
  },
  'notifications/resources/updated': { uri: NOTES },
  'notifications/message': { level: 'info', logger: 'learner', data: 'Hello from the learner' },
  'notifications/elicitation/complete': { elicitationId: 'elicitation-1' },
} as const satisfies Readonly<Record<string, JsonObject>>;

/** The result a request gets when the learner answers it as a well-behaved peer would. */
export const DEFAULT_RESULTS = {
  ping: {},
  'tools/list': {
    tools: [
      {
        name: 'weather_current',
        description: 'The current weather in a city',
        inputSchema: {
          type: 'object',
          properties: { location: { type: 'string' } },
          required: ['location'],
        },
      },
    ],
  },
  'tools/call': { content: [{ type: 'text', text: 'Paris: 21 °C, sunny' }], isError: false },
  'resources/list': { resources: [{ uri: NOTES, name: 'notes.txt', mimeType: 'text/plain' }] },
  'resources/templates/list': { resourceTemplates: [] },
  'resources/read': { contents: [{ uri: NOTES, mimeType: 'text/plain', text: 'Ship on Friday.' }] },
  'resources/subscribe': {},
  'resources/unsubscribe': {},
  'prompts/list': { prompts: [] },
  'prompts/get': {
    messages: [{ role: 'user', content: { type: 'text', text: 'Write a weather report.' } }],
  },
  'completion/complete': { completion: { values: ['Paris'], total: 1, hasMore: false } },
  'logging/setLevel': {},
  'roots/list': { roots: [{ uri: 'file:///home/learner/project', name: 'project' }] },
  'sampling/createMessage': {
    role: 'assistant',
    content: { type: 'text', text: 'The notes say: ship on Friday.' },
    model: 'learner-model',
    stopReason: 'endTurn',
  },
  'elicitation/create': { action: 'accept', content: { rating: 5 } },
} as const satisfies Readonly<Record<string, JsonObject>>;

export function defaultParams(method: string): JsonObject | undefined {
  return Object.hasOwn(DEFAULT_PARAMS, method)
    ? structuredClone(DEFAULT_PARAMS[method as keyof typeof DEFAULT_PARAMS])
    : undefined;
}

/** A tool the simulated server offers: its name and the arguments its inputSchema requires. */
export type ServedTool = { readonly name: string; readonly required: readonly string[] };

/**
 * Params of the plain tools/call: weather_current where the server offers it (or what it offers
 * is not known), else the first tool it offers that needs no argument, called with none, else its
 * first tool, whose arguments are the learner's to fill in: a lesson's server may have no weather
 * desk (client-primitives, logging), and a call of a tool it does not have only gets -32602
 * (2025-11-25 server/tools › Error Handling: unknown tools).
 */
export function toolCallParams(served: readonly ServedTool[] | null): JsonObject {
  const fallback = defaultParams('tools/call') ?? {};
  if (served === null || served.some((t) => t.name === fallback.name)) return fallback;
  const tool = served.find((t) => t.required.length === 0) ?? served[0];
  return tool ? { name: tool.name, arguments: {} } : fallback;
}

export function defaultResult(method: string): JsonObject {
  return Object.hasOwn(DEFAULT_RESULTS, method)
    ? structuredClone(DEFAULT_RESULTS[method as keyof typeof DEFAULT_RESULTS])
    : {};
}
