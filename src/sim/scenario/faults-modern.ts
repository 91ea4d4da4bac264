import { FAULT_STRINGS as SAY } from '../../i18n/fault-strings.js';
import type { Direction, JsonObject, RequestId } from '../../protocol/index.js';
import { isObject } from '../../protocol/json.js';
import {
  CLIENT_CAPABILITIES_META,
  PROTOCOL_VERSION_META,
  SERVER_INFO_META,
  SUBSCRIPTION_ID_META,
} from '../../protocol/meta-keys.js';
import type { ClientRequest } from '../client/sim-client.js';
import type { Scheduled } from '../server/outbox.js';
import { MODERN_VERSIONS, SimServer } from '../server/sim-server.js';
import {
  answerInstead,
  cannot,
  type FaultContext,
  type FaultName,
  type FaultResult,
} from './faults.js';
import { retryMessage } from './faults-retry.js';

/**
 * The faults of the 2026-07-28 era (lessons 26–30): each sends one envelope that breaks one modern
 * rule. A faulty answer replaces the answer the simulated server had scheduled for the request, so
 * the lesson goes on as it would with a buggy server.
 */

const C2S: Direction = 'client->server';
const S2C: Direction = 'server->client';
const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
const ok = (direction: Direction, message: JsonObject): FaultResult => ({
  ok: true,
  direction,
  message,
});

const LIST_FLAGS = {
  toolsListChanged: 'notifications/tools/list_changed',
  promptsListChanged: 'notifications/prompts/list_changed',
  resourcesListChanged: 'notifications/resources/list_changed',
} as const;
type ListFlag = keyof typeof LIST_FLAGS;
const FLAGS = Object.keys(LIST_FLAGS) as ListFlag[];

/** The answer the server has scheduled for one of the client's pending requests. */
type Scheduled2 = { readonly request: ClientRequest; readonly item: Scheduled };

/**
 * The newest pending client request the server has an answer for (optionally of one method, or
 * one whose answer passes `accept`), with that answer.
 */
export function scheduledAnswer(
  ctx: FaultContext,
  accept: (request: ClientRequest, answer: Record<string, unknown>) => boolean = () => true,
): Scheduled2 | null {
  const items = ctx.server.outbox.list();
  for (const request of [...ctx.client.pending()].reverse()) {
    const item = items.find(
      (i) =>
        i.about === request.id &&
        i.message.id === request.id &&
        ('result' in i.message || 'error' in i.message),
    );
    if (item && accept(request, item.message)) return { request, item };
  }
  return null;
}

/**
 * The server answers `found`'s request with `result` in place of the answer it had scheduled
 * (taken out of its outbox): how a fault that rewrites a scheduled result sends it.
 */
export function resultInstead(
  ctx: FaultContext,
  found: Scheduled2,
  result: JsonObject,
): FaultResult {
  return answerInstead(ctx, found.request.id, { result });
}

/**
 * The keys of an input_required result's inputRequests that ask for an elicitation/create of
 * `mode` (a form is any elicitation that is not URL mode; a URL one must carry its url).
 */
export function roundElicitations(result: JsonObject, mode: 'form' | 'url'): string[] {
  const requests = result.inputRequests;
  if (result.resultType !== 'input_required' || !isObject(requests)) return [];
  return Object.keys(requests).filter((key) => {
    const request = requests[key];
    const params = isObject(request) ? request.params : undefined;
    if (!isObject(request) || request.method !== 'elicitation/create' || !isObject(params))
      return false;
    return mode === 'url'
      ? params.mode === 'url' && typeof params.url === 'string'
      : params.mode !== 'url';
  });
}

const resultOf = (message: Record<string, unknown>): JsonObject | null =>
  isObject(message.result) ? message.result : null;
const errorOf = (message: Record<string, unknown>): JsonObject | null =>
  isObject(message.error) ? message.error : null;

/**
 * What a server that serves the request as if it were `fixed` answers: a shadow of the lesson's
 * server (same tools, same requestState key) takes the request, so the faulty answer is the one a
 * real server would build, only sent where it must not be. `at` is the shadow's clock (the expiry
 * its requestState seals; a round the client will retry needs the lesson's), and `prepare` sets
 * it up as a lesson step set up the server (offer-tools).
 */
export function shadowAnswer(
  ctx: FaultContext,
  request: ClientRequest,
  fixMeta: (meta: JsonObject) => JsonObject,
  {
    at = 0,
    prepare,
  }: { readonly at?: number; readonly prepare?: (shadow: SimServer) => void } = {},
): Record<string, unknown> | null {
  const shadow = new SimServer({ ...ctx.server.config, era: 'modern', tools: ctx.server.tools });
  prepare?.(shadow);
  const params = request.params ?? {};
  const meta = isObject(params._meta) ? params._meta : {};
  shadow.receive(
    {
      jsonrpc: '2.0',
      id: request.id,
      method: request.method,
      params: { ...params, _meta: fixMeta(meta) },
    },
    at,
  );
  return shadow.next()?.message ?? null;
}

/** The client's latest listen stream still open or opening. */
function latestStream(ctx: FaultContext, state?: 'opening' | 'open') {
  const streams = [...ctx.client.streams.values()].filter((s) =>
    state ? s.state === state : s.state === 'opening' || s.state === 'open',
  );
  return streams.at(-1);
}

/** A notification on one listen stream, naming it. */
const onStream = (id: RequestId, method: string, params: JsonObject = {}): JsonObject => ({
  jsonrpc: '2.0',
  method,
  params: { ...params, _meta: { [SUBSCRIPTION_ID_META]: id } },
});

export function modernFault(name: FaultName, ctx: FaultContext): FaultResult {
  const { client, server, params } = ctx;
  switch (name) {
    case 'request-without-meta': {
      // A request of the modern session sent as if there were a handshake: no _meta envelope.
      const version = client.modernVersion;
      client.modernVersion = null;
      try {
        const body = isObject(params.params) ? params.params : undefined;
        return ok(C2S, client.request(str(params.method, 'tools/list'), body));
      } finally {
        client.modernVersion = version;
      }
    }
    case 'server-sends-request':
      return ok(S2C, server.makeRequest(str(params.method, 'roots/list')));
    case 'client-answers-request': {
      // The client answers the server's request, as a handshake-era client would: -32601.
      const asked = [...ctx.log.view().pending].reverse().find((p) => p.requester === 'server');
      if (!asked) return cannot(SAY.needsServerRequest, { name });
      return ok(C2S, {
        jsonrpc: '2.0',
        id: asked.id,
        error: { code: -32601, message: `Method not found: ${asked.method}` },
      });
    }
    case 'result-without-type':
    case 'result-without-cache-hints':
    case 'result-without-server-info': {
      const found = scheduledAnswer(ctx, (_r, m) => {
        const result = resultOf(m);
        if (result?.resultType !== 'complete') return false;
        return name !== 'result-without-cache-hints' || 'ttlMs' in result;
      });
      if (!found) return cannot(SAY.needsCompleteResult, { name });
      const result = { ...(resultOf(found.item.message) ?? {}) };
      if (name === 'result-without-type') delete result.resultType;
      else if (name === 'result-without-cache-hints') {
        delete result.ttlMs;
        delete result.cacheScope;
      } else {
        const meta = isObject(result._meta) ? { ...result._meta } : {};
        delete meta[SERVER_INFO_META];
        if (Object.keys(meta).length > 0) result._meta = meta;
        else delete result._meta;
      }
      return answerInstead(ctx, found.request.id, { result });
    }
    case 'answer-unsupported-version':
    case 'version-error-without-supported':
    case 'version-error-lists-requested': {
      const found = scheduledAnswer(ctx, (_r, m) => errorOf(m)?.code === -32022);
      if (!found) return cannot(SAY.needsPendingRefusal, { name });
      const { request } = found;
      if (name === 'version-error-without-supported') {
        const error = errorOf(found.item.message) ?? {};
        const data = isObject(error.data) ? error.data : {};
        const { supported: _supported, ...rest } = data;
        return answerInstead(ctx, request.id, { error: { ...error, data: rest } });
      }
      if (name === 'version-error-lists-requested') {
        // The same refusal, whose list of supported versions names the refused one too.
        const error = errorOf(found.item.message) ?? {};
        const data = isObject(error.data) ? error.data : {};
        const meta = isObject(request.params?._meta) ? request.params._meta : {};
        const version = meta[PROTOCOL_VERSION_META];
        const supported = Array.isArray(data.supported) ? data.supported : [];
        if (typeof version !== 'string') return cannot(SAY.needsPendingRefusal, { name });
        const listed = { ...data, supported: [...supported, version] };
        return answerInstead(ctx, request.id, { error: { ...error, data: listed } });
      }
      // Served as if the version were one the server speaks: a result where -32022 belongs.
      const answer = shadowAnswer(ctx, request, (meta) => ({
        ...meta,
        [PROTOCOL_VERSION_META]: MODERN_VERSIONS[0] ?? '2026-07-28',
      }));
      const served = answer && resultOf(answer);
      if (!served) return cannot(SAY.noResultInServedVersion, { name });
      return answerInstead(ctx, request.id, { result: served });
    }
    case 'malformed-request-served': {
      // The -32602 the server scheduled for a request without its required _meta keys, replaced
      // by the result a server that guessed them (the latest version, no capabilities) builds.
      const found = scheduledAnswer(ctx, (r, m) => {
        const meta = isObject(r.params?._meta) ? r.params._meta : {};
        const malformed =
          typeof meta[PROTOCOL_VERSION_META] !== 'string' ||
          !isObject(meta[CLIENT_CAPABILITIES_META]);
        return malformed && errorOf(m)?.code === -32602;
      });
      if (!found) return cannot(SAY.needsMalformedRefusal, { name });
      const { request } = found;
      const answer = shadowAnswer(ctx, request, (meta) => ({
        ...meta,
        [PROTOCOL_VERSION_META]:
          typeof meta[PROTOCOL_VERSION_META] === 'string'
            ? meta[PROTOCOL_VERSION_META]
            : (MODERN_VERSIONS[0] ?? '2026-07-28'),
        [CLIENT_CAPABILITIES_META]: isObject(meta[CLIENT_CAPABILITIES_META])
          ? meta[CLIENT_CAPABILITIES_META]
          : {},
      }));
      const served = answer && resultOf(answer);
      if (!served) return cannot(SAY.noResultInServedVersion, { name });
      return answerInstead(ctx, request.id, { result: served });
    }
    case 'input-request-not-declared':
    case 'capability-error-without-data': {
      const found = scheduledAnswer(ctx, (_r, m) => errorOf(m)?.code === -32021);
      if (!found) return cannot(SAY.needsCapabilityRefusal, { name });
      const { request } = found;
      const error = errorOf(found.item.message) ?? {};
      if (name === 'capability-error-without-data') {
        const { data: _data, ...rest } = error;
        return answerInstead(ctx, request.id, { error: rest });
      }
      // The round a server would send had the request declared the capability: it did not.
      const data = isObject(error.data) ? error.data : {};
      const required = isObject(data.requiredCapabilities) ? data.requiredCapabilities : {};
      const answer = shadowAnswer(ctx, request, (meta) => ({
        ...meta,
        [CLIENT_CAPABILITIES_META]: {
          ...(isObject(meta[CLIENT_CAPABILITIES_META]) ? meta[CLIENT_CAPABILITIES_META] : {}),
          ...required,
        },
      }));
      const round = answer && resultOf(answer);
      if (round?.resultType !== 'input_required') return cannot(SAY.asksNoInput, { name });
      return answerInstead(ctx, request.id, { result: round });
    }
    case 'log-nobody-asked-for':
      return ok(S2C, {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: {
          level: str(params.level, 'info'),
          logger: server.config.name,
          data: { event: 'cache warmed', entries: 3 },
        },
      });
    case 'initialize-in-modern-session': {
      const version = client.modernVersion;
      client.modernVersion = null;
      try {
        return ok(C2S, client.initialize({ version: str(params.version, '2025-11-25') }));
      } finally {
        client.modernVersion = version;
      }
    }
    case 'removed-method': {
      const body = isObject(params.params) ? params.params : undefined;
      return ok(C2S, client.request(str(params.method, 'ping'), body));
    }
    case 'retired-error-code': {
      // A missing resource answered the handshake era's way, -32002 instead of -32602.
      const found = scheduledAnswer(
        ctx,
        (r, m) => r.method === 'resources/read' && errorOf(m)?.code === -32602,
      );
      if (!found) return cannot(SAY.needsMissingResource, { name });
      const error = errorOf(found.item.message) ?? {};
      return answerInstead(ctx, found.request.id, { error: { ...error, code: -32002 } });
    }
    case 'input-required-on-list':
    case 'input-required-empty-round': {
      const wanted = name === 'input-required-on-list' ? 'tools/list' : 'tools/call';
      const found = scheduledAnswer(ctx, (r, m) => r.method === wanted && resultOf(m) !== null);
      if (!found) return cannot(SAY.needsResultFor, { name, method: wanted });
      const { ttlMs: _ttl, cacheScope: _scope, ...result } = resultOf(found.item.message) ?? {};
      // The list keeps its tools and asks with a state (so that only the method is wrong); the
      // empty round keeps nothing of the call's result and asks for nothing.
      const round =
        name === 'input-required-on-list'
          ? { ...result, resultType: 'input_required', requestState: 'page-2-of-tools' }
          : {
              resultType: 'input_required',
              ...(isObject(result._meta) ? { _meta: result._meta } : {}),
            };
      return answerInstead(ctx, found.request.id, { result: round });
    }
    case 'retry-with-original-id':
    case 'retry-with-altered-state':
    case 'retry-without-answers': {
      // The buggy retry goes out instead of the one the client queued after its latest round,
      // which is taken back unsent: it had no id yet, so the client's numbering has no gap.
      const queued = client.withdrawRetry();
      if (!queued?.answers) return cannot(SAY.needsRoundToRetry, { name });
      let body: JsonObject = queued.params;
      const id: RequestId =
        name === 'retry-with-original-id' ? queued.answers.of : client.allocateId();
      if (name === 'retry-with-altered-state') {
        const state = typeof body.requestState === 'string' ? body.requestState : '';
        // One character changed: the state is opaque, and the server's seal catches any change.
        const last = state.at(-1) === 'A' ? 'B' : 'A';
        body = { ...body, requestState: `${state.slice(0, -1)}${last}` };
      } else if (name === 'retry-without-answers') {
        const { inputResponses: _answers, ...rest } = body;
        body = rest;
      }
      return ok(C2S, retryMessage(queued, id, body));
    }
    case 'retry-of-no-round':
      return ok(
        C2S,
        client.request('tools/call', {
          name: str(params.name, 'weather_current'),
          arguments: isObject(params.arguments) ? params.arguments : { location: 'Lisbon' },
          inputResponses: { confirm: { action: 'accept', content: { ok: true } } },
        }),
      );
    case 'notification-before-ack': {
      const stream = latestStream(ctx, 'opening');
      if (!stream) return cannot(SAY.needsUnackedStream, { name });
      const flag = FLAGS.find((f) => stream.filter[f] === true);
      const uris = stream.filter.resourceSubscriptions;
      if (flag) return ok(S2C, onStream(stream.id, LIST_FLAGS[flag]));
      if (Array.isArray(uris) && typeof uris[0] === 'string')
        return ok(S2C, onStream(stream.id, 'notifications/resources/updated', { uri: uris[0] }));
      return cannot(SAY.needsStreamAsking, { name });
    }
    case 'ack-beyond-filter': {
      const stream = latestStream(ctx, 'opening');
      if (!stream) return cannot(SAY.needsUnackedStream, { name });
      const ack = server.outbox
        .list()
        .find(
          (i) =>
            i.about === stream.id &&
            i.message.method === 'notifications/subscriptions/acknowledged',
        );
      if (!ack) return cannot(SAY.noAckScheduled, { name });
      const extra = FLAGS.find((f) => stream.filter[f] !== true);
      if (!extra) return cannot(SAY.needsFlagLeftOut, { name });
      const ackParams = isObject(ack.message.params) ? ack.message.params : {};
      const honoured = isObject(ackParams.notifications) ? ackParams.notifications : {};
      // The acknowledgment it had scheduled goes: this one, honouring more, takes its place.
      ctx.server.outbox.dropAbout(stream.id);
      return ok(S2C, {
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { ...ackParams, notifications: { ...honoured, [extra]: true } },
      });
    }
    case 'list-changed-without-listen':
      return ok(S2C, {
        jsonrpc: '2.0',
        method: str(params.method, 'notifications/tools/list_changed'),
      });
    case 'notification-not-in-filter': {
      const stream = latestStream(ctx, 'open');
      if (!stream) return cannot(SAY.needsAckedStream, { name });
      const flag = FLAGS.find((f) => stream.filter[f] !== true);
      if (flag) return ok(S2C, onStream(stream.id, LIST_FLAGS[flag]));
      return ok(
        S2C,
        onStream(stream.id, 'notifications/resources/updated', {
          uri: str(params.uri, 'file:///project/README.md'),
        }),
      );
    }
    case 'server-cancels-request': {
      const target = [...client.pending()]
        .reverse()
        .find((p) => p.method !== 'subscriptions/listen');
      if (!target) return cannot(SAY.needsNonListen, { name });
      return ok(S2C, {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: target.id, reason: 'The server is busy' },
      });
    }
    case 'message-after-stream-closed': {
      // A server that ignores the closed stream and reports progress on the cancelled request.
      const closed = ctx.cancelled.findLast((c) => c.streamClosed && c.token !== undefined);
      if (!closed?.token) return cannot(SAY.needsClosedStream, { name });
      return ok(S2C, {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: closed.token, progress: 2, total: 3, message: 'step 2 of 3' },
      });
    }
    case 'structured-content-mismatch': {
      // Both eras: a server that formats a number of its structured result as text ("21.5"),
      // as a tool that builds its result by hand and forgets its outputSchema does.
      const found = scheduledAnswer(
        ctx,
        (r, m) => r.method === 'tools/call' && firstNumber(resultOf(m)) !== null,
      );
      if (!found) return cannot(SAY.needsStructuredResult, { name });
      const result = { ...(resultOf(found.item.message) ?? {}) };
      const content = { ...(result.structuredContent as JsonObject) };
      const key = firstNumber(result);
      if (key !== null) content[key] = String(content[key]);
      result.structuredContent = content;
      return answerInstead(ctx, found.request.id, { result });
    }
    case 'cache-scope-changed': {
      // 2026-07-28: a later page of a list with the other cacheScope than the list's first page,
      // as a server whose pages come from two code paths might send.
      const found = scheduledAnswer(
        ctx,
        (r, m) => r.params?.cursor !== undefined && typeof resultOf(m)?.cacheScope === 'string',
      );
      if (!found) return cannot(SAY.needsNextPage, { name });
      const result = { ...(resultOf(found.item.message) ?? {}) };
      result.cacheScope = result.cacheScope === 'public' ? 'private' : 'public';
      return answerInstead(ctx, found.request.id, { result });
    }
    case 'x-mcp-header-invalid': {
      // 2026-07-28: a server that mirrors a string argument into a header under a readable name
      // with a space in it ("weather_current location"), which is no HTTP token.
      const found = scheduledAnswer(
        ctx,
        (r, m) => r.method === 'tools/list' && firstStringParam(resultOf(m)) !== null,
      );
      if (!found) return cannot(SAY.needsToolList, { name });
      const result = { ...(resultOf(found.item.message) ?? {}) };
      const at = firstStringParam(result);
      if (at === null) return cannot(SAY.needsToolList, { name });
      const tools = [...(result.tools as JsonObject[])];
      const tool = tools[at.tool] as JsonObject;
      const schema = tool.inputSchema as JsonObject;
      const properties = schema.properties as JsonObject;
      tools[at.tool] = {
        ...tool,
        inputSchema: {
          ...schema,
          properties: {
            ...properties,
            [at.property]: {
              ...(properties[at.property] as JsonObject),
              'x-mcp-header': `${String(tool.name)} ${at.property}`,
            },
          },
        },
      };
      result.tools = tools;
      return answerInstead(ctx, found.request.id, { result });
    }
    default:
      return cannot(SAY.noSuchFault, { name });
  }
}

/** The first property of a successful result's structuredContent that holds a number. */
function firstNumber(result: JsonObject | null): string | null {
  if (!result || result.isError === true || !isObject(result.structuredContent)) return null;
  const entry = Object.entries(result.structuredContent).find(([, v]) => typeof v === 'number');
  return entry ? entry[0] : null;
}

/** The first listed tool with a string property at the top of its inputSchema, and that property. */
function firstStringParam(result: JsonObject | null): { tool: number; property: string } | null {
  const tools = result?.tools;
  if (!Array.isArray(tools)) return null;
  for (const [index, tool] of tools.entries()) {
    const properties =
      isObject(tool) && isObject(tool.inputSchema) ? tool.inputSchema.properties : undefined;
    if (!isObject(properties)) continue;
    const entry = Object.entries(properties).find(([, v]) => isObject(v) && v.type === 'string');
    if (entry) return { tool: index, property: entry[0] };
  }
  return null;
}
