/**
 * Handshake-era faults of the faults gallery (lesson 19): rules of basic/index, cancellation,
 * progress, the schema and tool names that a buggy peer breaks after the handshake, each fault
 * breaking only its rule; and a method of a later revision than the negotiated one (lesson 5).
 */
import { FAULT_STRINGS } from '../../i18n/fault-strings.js';
import { existsIn, isCatalogued } from '../../protocol/catalogue.js';
import type { JsonObject, RequestId } from '../../protocol/index.js';
import { isObject } from '../../protocol/json.js';
import { toolChoiceToHonour } from '../../protocol/sampling-tools.js';
import { isKnownVersion, type KnownVersion } from '../../protocol/versions.js';
import { cannot, type FaultContext, type FaultResult } from './faults.js';
import { resultInstead, scheduledAnswer } from './faults-modern.js';
import { modernToolSamplingAnswered } from './faults-modern-sampling.js';
import { latestRoundRequests, retryWithAnswers } from './faults-retry.js';

const isId = (v: unknown): v is RequestId => typeof v === 'string' || typeof v === 'number';

/**
 * The server sends again the answer it last gave to one of the client's requests (same id, same
 * result or error): JSON-RPC 2.0 § 5 gives a call one Response, and 2025-11-25 basic/index ›
 * Responses ties a response to the request it answers. A request the client cancelled is left out
 * (an answer to it is response-after-cancellation's).
 */
export function duplicateResponse(ctx: FaultContext, name: string): FaultResult {
  const cancelled = new Set(ctx.cancelled.map((c) => JSON.stringify(c.id)));
  const last = ctx.log.steps.findLast((step) => {
    const m = step.message;
    if (step.direction !== 'server->client' || !isObject(m) || !isId(m.id)) return false;
    if (!('result' in m || 'error' in m) || cancelled.has(JSON.stringify(m.id))) return false;
    // requestIssued: a 2026-07-28 referee forgets an answered request but keeps its id.
    return ctx.log.requestIssued('client', m.id) && !ctx.log.requestPending('client', m.id);
  });
  if (!last) return cannot(FAULT_STRINGS.needsAnsweredRequest, { name });
  return { ok: true, direction: 'server->client', message: last.message as JsonObject };
}

/**
 * The client cancels `params.requestId` (default 999), a request it never sent: 2025-11-25
 * basic/utilities/cancellation › Behavior Requirements, a cancellation MUST only reference a
 * request previously issued in the same direction. The server ignores it (it MAY).
 */
export function cancelUnknownRequest(ctx: FaultContext, name: string): FaultResult {
  const id = isId(ctx.params.requestId) ? ctx.params.requestId : 999;
  if (ctx.log.requestSeen('client', id)) {
    return cannot(FAULT_STRINGS.requestIdSent, { name, id: JSON.stringify(id) });
  }
  return {
    ok: true,
    direction: 'client->server',
    message: {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: id, reason: 'cleaning up' },
    },
  };
}

/**
 * The client calls `params.name` (default weather_current, `params.arguments` default Paris) with
 * the progress token of its latest request still in flight that carries one: 2025-11-25
 * basic/utilities/progress › Progress Flow, tokens MUST be unique across all active requests.
 */
export function duplicateProgressToken(ctx: FaultContext, name: string): FaultResult {
  const { client, params } = ctx;
  const active = [...ctx.log.view().pending]
    .reverse()
    .find((p) => p.requester === 'client' && p.progressToken !== undefined);
  if (active?.progressToken === undefined) {
    return cannot(FAULT_STRINGS.needsProgressToken, { name });
  }
  const tool = typeof params.name === 'string' ? params.name : 'weather_current';
  const args = isObject(params.arguments) ? params.arguments : { location: 'Paris' };
  const message = client.request('tools/call', {
    name: tool,
    arguments: args,
    _meta: { progressToken: active.progressToken },
  });
  return { ok: true, direction: 'client->server', message };
}

/**
 * The server sends `params.method` (default tools/list), a request only a client sends, as a
 * request of its own: the schema says which side sends each method. In 2026-07-28 the client
 * sends a server's notification instead (below).
 */
export function wrongDirection(ctx: FaultContext): FaultResult {
  const given = isObject(ctx.params.params) ? ctx.params.params : undefined;
  // 2026-07-28: a server sends no requests at all (server-request), so the wrong side is the
  // client's: a notification only a server sends (default notifications/tools/list_changed), as
  // a gateway that is a server to its own clients might relay it the wrong way.
  if (ctx.client.modernVersion !== null) {
    const method =
      typeof ctx.params.method === 'string'
        ? ctx.params.method
        : 'notifications/tools/list_changed';
    const message = { jsonrpc: '2.0', method, ...(given ? { params: given } : {}) };
    return { ok: true, direction: 'client->server', message };
  }
  const method = typeof ctx.params.method === 'string' ? ctx.params.method : 'tools/list';
  return { ok: true, direction: 'server->client', message: ctx.server.makeRequest(method, given) };
}

/**
 * 2^53 + 1, the first integer a double cannot hold: JSON.parse reads it as 2^53. Held as a bigint,
 * as mcp-sim reads such an integer from a transcript's text (withExactIds), so every reader of the
 * message sees the digits sent.
 */
const PAST_SAFE = 9007199254740993n;

/**
 * The client calls `params.name` (default weather_current; `params.arguments`, default Paris) with
 * the progress token 9007199254740993, past 2^53 − 1: MCP allows any integer, but JSON (RFC 8259
 * § 6) calls only integers within ±(2^53 − 1) interoperable, and a JavaScript peer would echo it
 * rounded. A quick tool sends no progress, so the token is the one place the number travels.
 */
export function bigProgressToken(ctx: FaultContext): FaultResult {
  const { client, params } = ctx;
  const tool = typeof params.name === 'string' ? params.name : 'weather_current';
  const args = isObject(params.arguments) ? params.arguments : { location: 'Paris' };
  const message = client.request('tools/call', {
    name: tool,
    arguments: args,
    _meta: { progressToken: PAST_SAFE },
  });
  return { ok: true, direction: 'client->server', message };
}

/**
 * The client sends `params.method` (default tools/call) with `params.params` (default
 * `{arguments: {location: Paris}}`, no tool name): params the method's request schema does not
 * allow (2025-11-25 schema). The simulated server answers -32602 Invalid params.
 */
export function paramsOffSchema(ctx: FaultContext): FaultResult {
  const method = typeof ctx.params.method === 'string' ? ctx.params.method : 'tools/call';
  const given = isObject(ctx.params.params)
    ? ctx.params.params
    : { arguments: { location: 'Paris' } };
  return { ok: true, direction: 'client->server', message: ctx.client.request(method, given) };
}

/**
 * The server answers the client's latest pending request with the result it had scheduled, one
 * top-level field left out: `params.field`, default the result's first (a tools/call's `content`,
 * a tools/list's `tools`), which its result schema requires (2025-11-25 schema).
 */
export function resultOffSchema(ctx: FaultContext, name: string): FaultResult {
  const wanted = typeof ctx.params.field === 'string' ? ctx.params.field : undefined;
  const fieldOf = (result: JsonObject) =>
    wanted ?? Object.keys(result).find((key) => key !== '_meta');
  const found = scheduledAnswer(ctx, (_r, m) => {
    const field = isObject(m.result) ? fieldOf(m.result) : undefined;
    return field !== undefined && isObject(m.result) && field in m.result;
  });
  if (!found || !isObject(found.item.message.result)) {
    return cannot(FAULT_STRINGS.needsResultField, { name, field: wanted ?? '…' });
  }
  const { [fieldOf(found.item.message.result) ?? '']: _left, ...result } =
    found.item.message.result;
  return resultInstead(ctx, found, result);
}

/**
 * The server answers the client's pending tools/list with the list it had scheduled, the first
 * tool renamed `params.name` (default "weather current", with a space): 2025-11-25 server/tools ›
 * Tool Names, names SHOULD be 1 to 128 characters of A-Z, a-z, 0-9, _, - and . and unique.
 */
export function malformedToolName(ctx: FaultContext, name: string): FaultResult {
  const found = scheduledAnswer(
    ctx,
    (r, m) =>
      r.method === 'tools/list' &&
      isObject(m.result) &&
      Array.isArray(m.result.tools) &&
      isObject(m.result.tools[0]),
  );
  const result = found && isObject(found.item.message.result) ? found.item.message.result : null;
  if (!found || !result || !Array.isArray(result.tools)) {
    return cannot(FAULT_STRINGS.needsPendingToolList, { name });
  }
  const [first, ...rest] = result.tools as JsonObject[];
  const renamed = typeof ctx.params.name === 'string' ? ctx.params.name : 'weather current';
  return resultInstead(ctx, found, { ...result, tools: [{ ...first, name: renamed }, ...rest] });
}

/**
 * The client sends `params.method` (default tasks/list, new in 2025-11-25; `params.params`), a
 * method the session's negotiated revision does not have: 2025-11-25 basic/lifecycle › Operation,
 * both parties MUST respect the negotiated protocol version. The server answers -32601.
 */
export function methodFromLaterRevision(ctx: FaultContext, name: string): FaultResult {
  const method = typeof ctx.params.method === 'string' ? ctx.params.method : 'tasks/list';
  const version = ctx.client.negotiatedVersion;
  if (version === null || !isKnownVersion(version)) {
    return cannot(FAULT_STRINGS.needsNegotiatedVersion, { name });
  }
  if (!isCatalogued(method) || existsIn(method, version as KnownVersion)) {
    return cannot(FAULT_STRINGS.methodInVersion, { name, method, version });
  }
  const given = isObject(ctx.params.params) ? ctx.params.params : undefined;
  return { ok: true, direction: 'client->server', message: ctx.client.request(method, given) };
}

/**
 * The server answers the client's pending ping with a result that says something
 * (`params.result`, default `{"status": "ok"}`): 2025-11-25 basic/utilities/ping › Behavior
 * Requirements, the receiver MUST respond with an empty response (lesson 11).
 */
export function pingWithContent(ctx: FaultContext, name: string): FaultResult {
  return answeredInstead(ctx, name, 'ping', { status: 'ok' });
}

/**
 * The client sends notifications/cancelled with a reason (`params.reason`) and no requestId:
 * 2025-11-25 schema › notifications/cancelled, requestId MUST be provided for cancelling non-task
 * requests (and a task is cancelled with tasks/cancel). The server cannot tell what it cancels and
 * ignores it (lesson 11).
 */
export function cancelWithoutRequestId(ctx: FaultContext): FaultResult {
  const reason = typeof ctx.params.reason === 'string' ? ctx.params.reason : 'User pressed Stop';
  return {
    ok: true,
    direction: 'client->server',
    message: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { reason } },
  };
}

/**
 * A modern client's request (`params.method`, default tools/list) whose `_meta` carries a
 * traceparent that is not W3C Trace Context (`params.value`, default a bare 32-digit trace-id, as
 * a client that copies its tracer's trace id sends it): 2026-07-28 basic/index › General fields,
 * _meta, OpenTelemetry trace context. The server serves the request as usual (lesson 30).
 */
export function traceparentMalformed(ctx: FaultContext, name: string): FaultResult {
  const { client, params } = ctx;
  if (client.modernVersion === null) return cannot(FAULT_STRINGS.needsModernClient, { name });
  const method = typeof params.method === 'string' ? params.method : 'tools/list';
  const value =
    typeof params.value === 'string' ? params.value : '4bf92f3577b34da6a3ce929d0e0e4736';
  const message = client.request(method);
  const body = isObject(message.params) ? message.params : {};
  const meta = isObject(body._meta) ? body._meta : {};
  return {
    ok: true,
    direction: 'client->server',
    message: { ...message, params: { ...body, _meta: { ...meta, traceparent: value } } },
  };
}

/**
 * The client's retry after a -32022 goes out in the version the server just refused (its
 * `data.requested`), not one from `data.supported`: 2026-07-28 basic/versioning › Protocol Version
 * Negotiation (the client SHOULD select a mutually supported version and retry). The honest retry
 * is taken back unsent (lesson 23).
 */
export function retryInRefusedVersion(ctx: FaultContext, name: string): FaultResult {
  const { client } = ctx;
  const queued = client.withdrawVersionRetry();
  if (queued === null) return cannot(FAULT_STRINGS.needsVersionRetry, { name });
  const refusal = ctx.log.steps.findLast((step) => {
    const m = step.message;
    return (
      step.direction === 'server->client' &&
      isObject(m) &&
      isObject(m.error) &&
      m.error.code === -32022
    );
  })?.message;
  const data = isObject(refusal) && isObject(refusal.error) ? refusal.error.data : undefined;
  const requested = isObject(data) && typeof data.requested === 'string' ? data.requested : null;
  const meta = isObject(queued.params._meta) ? queued.params._meta : {};
  const version = requested ?? meta['io.modelcontextprotocol/protocolVersion'];
  return {
    ok: true,
    direction: 'client->server',
    message: {
      jsonrpc: '2.0',
      id: client.allocateId(),
      method: queued.method,
      params: {
        ...queued.params,
        _meta: { ...meta, 'io.modelcontextprotocol/protocolVersion': version ?? null },
      },
    },
  };
}

/** The conversation so far of a sampling request with one tool loop: the user, the model's tool use. */
const TOOL_LOOP = [
  { role: 'user', content: { type: 'text', text: 'What is the weather in Tokyo?' } },
  {
    role: 'assistant',
    content: [
      { type: 'tool_use', id: 'call_1', name: 'weather_current', input: { location: 'Tokyo' } },
    ],
  },
] as const;

const TOOL_RESULT = {
  type: 'tool_result',
  toolUseId: 'call_1',
  content: [{ type: 'text', text: '23 °C, clear' }],
} as const;

/**
 * The server sends sampling/createMessage whose conversation breaks one rule of tool use in
 * sampling (2025-11-25 client/sampling › Message Content Constraints): `mixed`, the user message
 * holding the tool result also holds text (Tool Result Messages); `unanswered`, the user message
 * after the model's tool use holds text and no tool result (Tool Use and Result Balance). It sends
 * no tools, so a client that declared sampling without sampling.tools may still be asked (the
 * conversation replays a loop the server ran before); lesson 6.
 */
export function toolSampling(
  ctx: FaultContext,
  name: string,
  kind: 'mixed' | 'unanswered',
): FaultResult {
  const note = { type: 'text', text: 'Answer in one short sentence.' };
  const last =
    kind === 'mixed'
      ? { role: 'user', content: [TOOL_RESULT, note] }
      : { role: 'user', content: note };
  if (ctx.client.modernVersion !== null) return samplingRound(ctx, name, [...TOOL_LOOP, last]);
  const caps = ctx.server.clientCapabilities;
  if (ctx.server.negotiatedVersion !== '2025-11-25' || !isObject(caps?.sampling)) {
    return cannot(FAULT_STRINGS.needsToolSampling, { name });
  }
  return {
    ok: true,
    direction: 'server->client',
    message: ctx.server.makeRequest('sampling/createMessage', {
      messages: [...TOOL_LOOP, last],
      maxTokens: 100,
    }),
  };
}

/**
 * 2026-07-28 (client/sampling › Creating Messages): the input_required round the server has
 * scheduled for one of the client's calls, whose first sampling/createMessage input request sends
 * `messages` instead of its own conversation. The round takes the place of the honest one.
 */
function samplingRound(ctx: FaultContext, name: string, messages: readonly unknown[]): FaultResult {
  const samplingKey = (message: Record<string, unknown>) => {
    const result = isObject(message.result) ? message.result : {};
    const requests = result.resultType === 'input_required' ? result.inputRequests : undefined;
    if (!isObject(requests)) return undefined;
    return Object.keys(requests).find((key) => {
      const request = requests[key];
      return isObject(request) && request.method === 'sampling/createMessage';
    });
  };
  const found = scheduledAnswer(ctx, (_r, m) => samplingKey(m) !== undefined);
  const key = found ? samplingKey(found.item.message) : undefined;
  const result = found && isObject(found.item.message.result) ? found.item.message.result : null;
  const requests = isObject(result?.inputRequests) ? result.inputRequests : null;
  const request = key !== undefined ? requests?.[key] : undefined;
  if (!found || key === undefined || !result || !requests || !isObject(request))
    return cannot(FAULT_STRINGS.needsSamplingRound, { name });
  const params = isObject(request.params) ? request.params : {};
  return resultInstead(ctx, found, {
    ...result,
    inputRequests: { ...requests, [key]: { ...request, params: { ...params, messages } } },
  });
}

/**
 * The client answers the server's pending tool-enabled sampling/createMessage (tools or
 * toolChoice) with its model's reply, though it declared sampling without sampling.tools: 2025-11-25
 * schema › CreateMessageRequestParams, it MUST return an error (lesson 6, after undeclared-request).
 * In 2026-07-28 the request is an input request of a round, answered in a retry (lesson 25, after
 * tool-sampling-undeclared).
 */
export function toolSamplingAnswered(ctx: FaultContext, name: string): FaultResult {
  if (ctx.client.modernVersion !== null) return modernToolSamplingAnswered(ctx, name);
  const sampling = ctx.client.config.capabilities.sampling;
  const asked =
    isObject(sampling) && !isObject(sampling.tools)
      ? ctx.client.takeAnswer(
          (a) =>
            a.method === 'sampling/createMessage' &&
            ('tools' in a.params || 'toolChoice' in a.params),
        )
      : null;
  if (!asked) return cannot(FAULT_STRINGS.needsUndeclaredToolSampling, { name });
  return {
    ok: true,
    direction: 'client->server',
    message: {
      jsonrpc: '2.0',
      id: asked.id,
      result: {
        role: 'assistant',
        content: { type: 'text', text: ctx.client.config.modelReply },
        model: 'canned-model-1',
        stopReason: 'endTurn',
      },
    },
  };
}

/**
 * The client answers the server's pending sampling/createMessage against its toolChoice (2025-11-25
 * client/sampling › Tool Choice Modes): under `none`, with a tool_use of the first tool the request
 * offers; under `required`, in a conversation with no tool use yet, with its model's text. It
 * declared sampling.tools, so the request was its to answer (lesson 32). In 2026-07-28 the request
 * is an input request of a round, and the client's queued retry answers it so (lesson 25).
 */
export function toolChoiceIgnored(ctx: FaultContext, name: string): FaultResult {
  if (ctx.client.modernVersion !== null) return modernToolChoiceIgnored(ctx, name);
  const sampling = ctx.client.config.capabilities.sampling;
  const asked =
    isObject(sampling) && isObject(sampling.tools)
      ? ctx.client.takeAnswer(
          (a) =>
            a.method === 'sampling/createMessage' && toolChoiceToHonour(a.params) !== undefined,
        )
      : null;
  if (!asked) return cannot(FAULT_STRINGS.needsToolChoiceSampling, { name });
  return {
    ok: true,
    direction: 'client->server',
    message: { jsonrpc: '2.0', id: asked.id, result: ignoringAnswer(ctx, asked.params) },
  };
}

/** A model's reply that ignores the toolChoice of a sampling request's `params`. */
function ignoringAnswer(ctx: FaultContext, params: JsonObject): JsonObject {
  const tools = Array.isArray(params.tools) ? params.tools : [];
  const tool = tools.find(isObject);
  return toolChoiceToHonour(params) === 'none'
    ? {
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: 'call_1',
            name: typeof tool?.name === 'string' ? tool.name : 'weather_current',
            input: {},
          },
        ],
        model: 'canned-model-1',
        stopReason: 'toolUse',
      }
    : {
        role: 'assistant',
        content: { type: 'text', text: ctx.client.config.modelReply },
        model: 'canned-model-1',
        stopReason: 'endTurn',
      };
}

/**
 * 2026-07-28 (client/sampling › Tool Choice Modes; basic/patterns/mrtr): the client's queued retry
 * goes out with each answer to a sampling input request that has a toolChoice to honour replaced
 * by one that ignores it. As the retry faults do, the queued retry is taken back unsent (it had no
 * id yet) and goes out changed in its place; the round's requests are read from the session log.
 */
function modernToolChoiceIgnored(ctx: FaultContext, name: string): FaultResult {
  const requests = latestRoundRequests(ctx);
  return retryWithAnswers(ctx, name, FAULT_STRINGS.needsToolChoiceRound, (answers) => {
    let changed = false;
    for (const key of Object.keys(answers)) {
      const request = requests[key];
      if (!isObject(request) || request.method !== 'sampling/createMessage') continue;
      const params = isObject(request.params) ? request.params : {};
      if (toolChoiceToHonour(params) === undefined) continue;
      answers[key] = ignoringAnswer(ctx, params);
      changed = true;
    }
    return changed ? answers : null;
  });
}

/**
 * The server answers the client's pending `method` with `params.result` (default `fallback`) in
 * place of the answer it had scheduled: a ping answered with data (lesson 11); and what it should
 * refuse with -32602, as its scheduled answer does (server/utilities/logging and server/prompts ›
 * Error Handling), served: an invalid log level accepted (lesson 15), a prompt filled in without
 * its required argument (lesson 13).
 */
export function answeredInstead(
  ctx: FaultContext,
  name: string,
  method: string,
  fallback: JsonObject,
): FaultResult {
  const found = scheduledAnswer(ctx, (r) => r.method === method);
  if (!found) return cannot(FAULT_STRINGS.needsPendingRequestOf, { name, method });
  const result = isObject(ctx.params.result) ? ctx.params.result : fallback;
  return resultInstead(ctx, found, result);
}

/**
 * The client continues a list with a cursor it made up (`params.cursor`, default "page=2") for
 * `params.method` (default tools/list): no answer handed it out (server/utilities/pagination ›
 * Implementation Guidelines: cursors are opaque; lesson 7). The simulated server refuses it with
 * -32602, as an invalid cursor SHOULD get.
 */
export function cursorMadeUp(ctx: FaultContext): FaultResult {
  const method = typeof ctx.params.method === 'string' ? ctx.params.method : 'tools/list';
  const cursor = typeof ctx.params.cursor === 'string' ? ctx.params.cursor : 'page=2';
  return { ok: true, direction: 'client->server', message: ctx.client.request(method, { cursor }) };
}
