import { type Bilingual, filled } from '../../i18n/lang.js';
import { SANDBOX_STRINGS } from '../../i18n/sandbox-strings.js';
import type { SessionEra, SessionView } from '../../machine/index.js';
import { hasCapability, isObject, type JsonObject } from '../../protocol/index.js';
import { ownTable } from '../../protocol/json.js';
import { filterFor, LISTEN } from '../client/listen-streams.js';
import type { SimClient } from '../client/sim-client.js';
import { SERVED_BY } from '../server/served.js';
import { NOTES } from './defaults.js';
import { MODERN_VERSION } from './modern-offers.js';

/**
 * What the simulated client asks of the learner's server, one request at a time: something of
 * each primitive, a call with a progress token, a subscription.
 */
export const CLIENT_SCRIPT = [
  { method: 'tools/list' },
  // A tool its tools/list returned (scriptedCall): none after a failed list.
  { method: 'tools/call', call: true, progress: true },
  // 2025-11-25 only, and only when the server declared tasks.requests.tools.call and listed a tool
  // that may run as a task (basic/utilities/tasks › Tool-Level Negotiation): that tool, as a task.
  // The client then polls it with tasks/get and, once it has ended, asks tasks/result.
  { method: 'tools/call', task: true, legacy: true },
  { method: 'resources/list' },
  { method: 'resources/read', params: { uri: NOTES } },
  // Handshake era only: 2026-07-28 removed resources/subscribe (subscriptions/listen took its
  // place). Once subscribed, the learner's server may tell the client the notes changed.
  { method: 'resources/subscribe', params: { uri: NOTES }, legacy: true },
  { method: 'prompts/list' },
  // 2026-07-28 only, and last (it stays open): a stream for the changes the server declared it
  // announces (basic/patterns/subscriptions), which its list_changed and resources/updated need.
  { method: LISTEN, modern: true },
] as const satisfies ReadonlyArray<{
  readonly method: string;
  readonly params?: JsonObject;
  readonly progress?: boolean;
  /** A call of a tool the server listed (scriptedCall). */
  readonly call?: boolean;
  /** A task-augmented call of the first tool the server listed as able to run as a task. */
  readonly task?: boolean;
  /** Only in the handshake era. */
  readonly legacy?: boolean;
  /** Only in 2026-07-28. */
  readonly modern?: boolean;
}>;

/** The listen filter the client asks for: what the server declared it announces, or null. */
const listenFilter = (view: Pick<SessionView, 'capabilities'>) => {
  const caps = view.capabilities.server;
  return isObject(caps) ? filterFor(caps, [NOTES]) : null;
};

/** How long the client asks the server to keep a task (› Task Parameters: ttl, ms). */
export const TASK_TTL_MS = 60_000;

/** A tool's execution.taskSupport as the server listed it (undefined: not listed or absent). */
function taskSupportOf(client: SimClient, name: string): unknown {
  const tool = client.tools?.find((t) => t.name === name);
  const execution: unknown = tool?.execution;
  return isObject(execution) ? execution.taskSupport : undefined;
}

/**
 * The tool the client runs as a task: the first the server's tools/list named with
 * execution.taskSupport "optional" or "required", once the server declared
 * tasks.requests.tools.call (2025-11-25 basic/utilities/tasks › Tool-Level Negotiation: without
 * that capability a client MUST NOT use task augmentation, whatever taskSupport says); else null.
 */
export function taskTool(
  client: SimClient | null,
  view: Pick<SessionView, 'capabilities'>,
): string | null {
  if (client === null || !hasCapability(view.capabilities, 'server.tasks.requests.tools.call'))
    return null;
  const tool = client.tools?.find((t) => {
    const support = taskSupportOf(client, t.name);
    return support === 'optional' || support === 'required';
  });
  return tool?.name ?? null;
}

/** The tool the script calls, with its arguments (see scriptedCall). */
type ToolCall = { readonly name: string; readonly arguments: JsonObject };

/** The call the script would make were weather_current listed. */
const WEATHER_CALL = { name: 'weather_current', arguments: { location: 'Paris' } } as const;

/**
 * The tool the client calls: one the server's tools/list returned (server/tools › Listing Tools,
 * then Calling Tools: a client calls a tool it discovered, by name). weather_current, when listed,
 * with the arguments its inputSchema asks for; else the first listed tool whose inputSchema
 * requires nothing, with none (the client cannot invent what another tool needs). Null when no
 * list came (tools/list failed, or was never asked) or nothing listed fits: then it calls nothing.
 */
export function scriptedCall(client: SimClient | null): ToolCall | null {
  const tools = client?.tools;
  if (!tools) return null;
  if (tools.some((t) => t.name === WEATHER_CALL.name)) {
    return { name: WEATHER_CALL.name, arguments: { ...WEATHER_CALL.arguments } };
  }
  const free = tools.find((t) => {
    const required: unknown = isObject(t.inputSchema) ? t.inputSchema.required : undefined;
    return !Array.isArray(required) || required.length === 0;
  });
  return free ? { name: free.name, arguments: {} } : null;
}

/**
 * What the client asks next about the task it created last (2025-11-25 basic/utilities/tasks):
 * tasks/get while it is working (› Getting Tasks: poll until a terminal status or input_required,
 * respecting the pollInterval the learner's server gave: the session moves its clock on to it,
 * the learner's next turn being the next poll), then tasks/result once it completed or failed
 * (› Retrieving Task Results).
 * Nothing once that is answered, nor for a task in input_required (the client then asks
 * tasks/result on its own), cancelled, or whose tasks/get was refused.
 */
function taskFollowUp(client: SimClient): JsonObject | null {
  const taskId = client.tasks.at(-1);
  if (taskId === undefined || client.taskResults.has(taskId)) return null;
  const status = client.taskStatus.get(taskId);
  if (status === 'working') return client.taskRequest('get', taskId);
  if (status === 'completed' || status === 'failed') return client.taskRequest('result', taskId);
  return null;
}

/** What a client asks again when the server says something changed. */
const REFRESH: Readonly<Record<string, string>> = ownTable({
  'notifications/tools/list_changed': 'tools/list',
  'notifications/prompts/list_changed': 'prompts/list',
  'notifications/resources/list_changed': 'resources/list',
  'notifications/resources/updated': 'resources/read',
});

/**
 * The request a client makes on hearing that something changed: the list again, or the updated
 * resource (2025-11-25 server/tools › List Changed Notification, server/resources › Subscriptions;
 * 2026-07-28 the same, on a listen stream). Null for anything else.
 */
export function refreshFor(
  message: unknown,
): { readonly method: string; readonly params?: JsonObject } | null {
  if (!isObject(message) || typeof message.method !== 'string') return null;
  const method = REFRESH[message.method];
  if (method === undefined) return null;
  if (method !== 'resources/read') return { method };
  const uri = isObject(message.params) ? message.params.uri : undefined;
  return typeof uri === 'string' ? { method, params: { uri } } : null;
}

/**
 * The client's next message when the learner is the server, or null while it waits for an
 * answer (or has nothing left to ask). The handshake first (legacy): initialize, and once it
 * succeeded, notifications/initialized; a modern client probes with server/discover. Then the
 * script, one request whenever none of its requests waits; what changed (`refresh`) first.
 */
export function nextScripted(
  client: SimClient,
  view: SessionView,
  era: 'legacy' | 'modern',
  done: number,
  refresh: readonly { readonly method: string; readonly params?: JsonObject }[] = [],
): {
  readonly message: JsonObject;
  readonly scripted: boolean;
  readonly at?: number;
  /** It asks for the first of `refresh`. */
  readonly refreshed?: true;
} | null {
  if (view.closed) return null;
  // A listen stream stays open: the client asks on while it listens.
  const waiting = view.pending.some((p) => p.requester === 'client' && p.method !== LISTEN);
  // Once the connection's era is fixed, it decides (a session replayed from a modern lesson has
  // no handshake to wait for, whatever era the sandbox was asked for).
  if ((view.era ?? era) === 'legacy') {
    const hs = view.handshake;
    if (hs.initialize === 'none') return { message: client.initialize(), scripted: false };
    if (hs.initialize !== 'succeeded') return null;
    if (!hs.initializedSent) return { message: client.initialized(), scripted: false };
  } else if (view.declaredVersion === null && view.pending.length === 0) {
    // No modern request yet (the sandbox's log knows the era before any message): probe first.
    return { message: client.discover(MODERN_VERSION), scripted: false };
  }
  if (waiting) return null;
  // Its task, until it has its result.
  const follow = taskFollowUp(client);
  if (follow !== null) return { message: follow, scripted: false };
  // What changed is asked for first, before the script goes on.
  const [again] = refresh;
  if (again) {
    return {
      message: client.request(again.method, again.params),
      scripted: false,
      refreshed: true,
    };
  }
  const runsAsTask = taskTool(client, view);
  const at = askableFrom(view, done, view.era ?? era, client);
  const item = CLIENT_SCRIPT[at];
  if (item === undefined) return null;
  if ('task' in item && runsAsTask !== null) {
    const params = { name: runsAsTask, arguments: {}, task: { ttl: TASK_TTL_MS } };
    return { message: client.request(item.method, params), scripted: true, at };
  }
  if (item.method === LISTEN) {
    const filter = listenFilter(view);
    return filter && { message: client.listen(filter), scripted: true, at };
  }
  const call = 'call' in item ? scriptedCall(client) : null;
  let params: JsonObject | undefined =
    call !== null ? { name: call.name, arguments: call.arguments } : paramsOf(item);
  // A tool listed with taskSupport "required" MUST be called as a task (› Tool-Level Negotiation).
  const name = params?.name;
  if (
    item.method === 'tools/call' &&
    typeof name === 'string' &&
    runsAsTask !== null &&
    taskSupportOf(client, name) === 'required'
  )
    params = { ...params, task: { ttl: TASK_TTL_MS } };
  const progress = 'progress' in item && item.progress;
  return { message: client.request(item.method, params, { progress }), scripted: true, at };
}

/** A script item's own params, a copy. */
const paramsOf = (item: (typeof CLIENT_SCRIPT)[number]): JsonObject | undefined =>
  'params' in item ? structuredClone(item.params) : undefined;

/**
 * Where the script goes on from `done`: the first request whose capability the server declared.
 * A client uses only what the server declared (2025-11-25 basic/lifecycle › Operation; 2026-07-28
 * architecture/index › Capability Negotiation, once server/discover said it), so a learner's
 * server without resources is not asked resources/list. Until the server's capabilities are
 * known nothing is skipped, but a request of the handshake era alone (resources/subscribe) is
 * never asked in 2026-07-28, a tool called only when `client`'s tools/list returned one to call
 * (scriptedCall), and the task-augmented call only with a tool to run as one (taskTool).
 * `CLIENT_SCRIPT.length` when nothing is left to ask.
 */
export function askableFrom(
  view: Pick<SessionView, 'capabilities'>,
  done: number,
  era: SessionEra,
  client: SimClient | null,
): number {
  const runsAsTask = taskTool(client, view);
  let at = done;
  for (; at < CLIENT_SCRIPT.length; at++) {
    const item = CLIENT_SCRIPT[at];
    if (item && 'task' in item && runsAsTask === null) continue;
    if (item && 'call' in item && scriptedCall(client) === null) continue;
    if (item && 'legacy' in item && era === 'modern') continue;
    if (item && 'modern' in item && era !== 'modern') continue;
    if (item?.method === LISTEN) {
      if (listenFilter(view) === null) continue;
      break;
    }
    const gate = SERVED_BY[item?.method ?? ''];
    if (view.capabilities.server === null || gate === undefined) break;
    if (hasCapability(view.capabilities, gate)) break;
  }
  return at;
}

/**
 * Why the simulated client ends the session now, or null while it goes on: the version the server
 * answered initialize with is not one it speaks (2025-11-25 basic/lifecycle › Version
 * Negotiation: it SHOULD disconnect), the server refused initialize (`refusal`, its error: without
 * a handshake nothing else may be asked, and this client does not try again), or its modern-only
 * probe met a legacy server.
 */
export function clientGivesUp(
  client: SimClient,
  view: SessionView,
  refusal: unknown = null,
): Bilingual | null {
  if (view.closed) return null;
  if (view.handshake.initialize === 'failed') {
    const code = isObject(refusal) && typeof refusal.code === 'number' ? refusal.code : '?';
    return filled(SANDBOX_STRINGS.clientInitializeRefused, { code: String(code) });
  }
  if (client.versionAccepted === false) {
    return filled(SANDBOX_STRINGS.clientRejectsVersion, {
      version: client.negotiatedVersion ?? '?',
      versions: client.config.versions.join(', '),
    });
  }
  if (client.discoverRefused !== null) {
    return filled(SANDBOX_STRINGS.clientLeavesLegacy, {
      code: String(client.discoverRefused.code),
    });
  }
  return null;
}
