import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import {
  type CapabilityPath,
  checkParams,
  classify,
  existsIn,
  hasCapability,
  isCatalogued,
  type JsonObject,
  type MethodName,
  negotiateVersion,
  type RequestId,
  resolveVersion,
  type SchemaIssue,
} from '../../protocol/index.js';
import { isObject } from '../../protocol/json.js';
import { PURE_TOOLS } from '../tools/index.js';
import { COMPLETIONS, PROMPTS, RESOURCE_TEMPLATES, RESOURCES, readResource } from './content.js';
import { Outbox, type Scheduled } from './outbox.js';
import { checkSessionToolArgs, SESSION_TOOLS, type ToolName } from './session-tools.js';

export type ServerConfig = {
  readonly name: string;
  readonly version: string;
  /** Protocol revisions the server supports. */
  readonly versions: readonly string[];
  /** Exactly what the server declares in its initialize result. */
  readonly capabilities: JsonObject;
  /** Tools offered from the start; more can be added at run time. */
  readonly tools: readonly ToolName[];
  readonly instructions?: string | undefined;
  /**
   * The eras the server speaks (default `legacy`): `dual` lets the opening message fix the era of
   * the connection (basic/versioning › Backward Compatibility, 2026-07-28), `modern` answers an
   * initialize with -32022.
   */
  readonly era?: ServerEra | undefined;
};

export type ServerEra = 'legacy' | 'modern' | 'dual';

/** The revisions with per-request `_meta` this server serves. */
export const MODERN_VERSIONS: readonly string[] = ['2026-07-28'];

const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_CAPABILITIES_META = 'io.modelcontextprotocol/clientCapabilities';
const SERVER_INFO_META = 'io.modelcontextprotocol/serverInfo';

/** The modern methods this server serves, with what it must have declared for each. */
const MODERN_SERVED_BY: Readonly<Record<string, CapabilityPath | null>> = {
  'server/discover': null,
  'tools/list': 'server.tools',
  'tools/call': 'server.tools',
  'resources/list': 'server.resources',
  'resources/templates/list': 'server.resources',
  'resources/read': 'server.resources',
  'prompts/list': 'server.prompts',
  'prompts/get': 'server.prompts',
  'completion/complete': 'server.completions',
};

/** Results a client may cache (server/utilities/caching, 2026-07-28): they carry ttlMs and cacheScope. */
const CACHEABLE = new Set([
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

/** Does a request carry the modern envelope (either required key makes it one)? */
function carriesEnvelope(params: JsonObject | undefined): boolean {
  const meta = params?._meta;
  return isObject(meta) && (PROTOCOL_VERSION_META in meta || CLIENT_CAPABILITIES_META in meta);
}

/** What the server must have declared to serve each of its methods (others get -32601). */
const SERVED_BY: Readonly<Record<string, CapabilityPath>> = {
  'tools/list': 'server.tools',
  'tools/call': 'server.tools',
  'resources/list': 'server.resources',
  'resources/templates/list': 'server.resources',
  'resources/read': 'server.resources',
  'resources/subscribe': 'server.resources.subscribe',
  'resources/unsubscribe': 'server.resources.subscribe',
  'prompts/list': 'server.prompts',
  'prompts/get': 'server.prompts',
  'completion/complete': 'server.completions',
  'logging/setLevel': 'server.logging',
};

/** List methods: this server never hands out a cursor, so any cursor is one it does not know. */
const PAGED = new Set(['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']);

const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

type Waiting = {
  /** The client's tools/call this server request serves. */
  readonly callId: RequestId;
  readonly tool: ToolName;
};

const text = (t: string, isError = false): CallToolResult =>
  isError
    ? { content: [{ type: 'text', text: t }], isError: true }
    : { content: [{ type: 'text', text: t }] };

/**
 * The simulated MCP server. It answers what a well-behaved server answers (errors as the spec
 * says, not as a popular SDK does), and schedules what it sends in an outbox on a virtual clock,
 * so a scenario can show one envelope per step and a real transport can send each when due.
 */
export class SimServer {
  readonly config: ServerConfig;
  readonly outbox = new Outbox();
  tools: ToolName[];
  clientCapabilities: JsonObject | null = null;
  negotiatedVersion: string | null = null;
  initialized = false;
  /** The era the opening message fixed for this connection (null until then). */
  era: 'legacy' | 'modern' | null = null;
  /** The method of the modern request being answered now (its result's ttlMs and cacheScope). */
  #modernMethod: string | null = null;
  logLevel = 'info';
  readonly subscriptions = new Set<string>();
  notesVersion = 0;
  #nextId = 1;
  readonly #waiting = new Map<RequestId, Waiting>();
  /** The client's requests still being worked on (cancellation stops them). */
  readonly #working = new Set<RequestId>();
  #failNext = false;

  constructor(config: ServerConfig) {
    this.config = config;
    this.tools = [...config.tools];
  }

  #can(path: Parameters<typeof hasCapability>[1]): boolean {
    return hasCapability(
      { server: this.config.capabilities, client: this.clientCapabilities ?? {} },
      path,
    );
  }

  #reply(now: number, id: RequestId, result: JsonObject): void {
    this.outbox.push({
      at: now,
      about: id,
      message: { jsonrpc: '2.0', id, result: this.#complete2026(result) },
    });
  }

  /**
   * A result of the modern era: resultType, the server's name in `_meta`, and ttlMs/cacheScope on
   * what a client may cache. Results of the legacy era are left as they are.
   */
  #complete2026(result: JsonObject): JsonObject {
    if (this.era !== 'modern' || this.#modernMethod === null) return result;
    const meta = isObject(result._meta) ? result._meta : {};
    return {
      ...result,
      resultType: 'complete',
      ...(CACHEABLE.has(this.#modernMethod) ? { ttlMs: 0, cacheScope: 'private' } : {}),
      _meta: {
        ...meta,
        [SERVER_INFO_META]: { name: this.config.name, version: this.config.version },
      },
    };
  }

  #fail(now: number, id: RequestId, code: number, message: string, data?: unknown): void {
    const error = data === undefined ? { code, message } : { code, message, data };
    this.outbox.push({ at: now, about: id, message: { jsonrpc: '2.0', id, error } });
  }

  /** Params that do not fit the method's schema: -32602 (JSON-RPC 2.0 › Error object). */
  #invalidParams(now: number, id: RequestId, issue: SchemaIssue): void {
    this.#fail(now, id, -32602, `Invalid params: ${issue.pointer} ${issue.message}`);
  }

  #notify(now: number, method: string, params?: JsonObject): void {
    const message = params ? { jsonrpc: '2.0', method, params } : { jsonrpc: '2.0', method };
    this.outbox.push({ at: now, message });
  }

  /** Builds a request of its own (taking the next id) without sending it. */
  makeRequest(method: string, params?: JsonObject): JsonObject & { id: number } {
    const id = this.#nextId++;
    return params ? { jsonrpc: '2.0', id, method, params } : { jsonrpc: '2.0', id, method };
  }

  /** Sends a request of its own to the client; returns its id. */
  request(now: number, method: string, params?: JsonObject, about?: RequestId): RequestId {
    const message = this.makeRequest(method, params);
    this.outbox.push(about === undefined ? { at: now, message } : { at: now, message, about });
    return message.id;
  }

  toolDefinitions(): Tool[] {
    return this.tools.map((name) =>
      name in PURE_TOOLS
        ? PURE_TOOLS[name as keyof typeof PURE_TOOLS].definition
        : SESSION_TOOLS[name as keyof typeof SESSION_TOOLS],
    );
  }

  /**
   * Takes one line of text as it came off the transport: a line that is not JSON gets -32700 and an
   * array (a batch) gets -32600, both without an id since none could be read; the server goes on.
   */
  receiveRaw(text: string, now: number): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.outbox.push({
        at: now,
        message: { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } },
      });
      return;
    }
    if (Array.isArray(value)) {
      this.outbox.push({
        at: now,
        message: {
          jsonrpc: '2.0',
          error: {
            code: -32600,
            message: 'Invalid Request: batches are not supported (removed in 2025-06-18)',
          },
        },
      });
      return;
    }
    this.receive(value, now);
  }

  /** Makes the next request (other than initialize and ping) fail inside the server: -32603. */
  failNext(): void {
    this.#failNext = true;
  }

  /** Takes one message from the client and schedules whatever the server sends in response. */
  receive(message: unknown, now: number): void {
    const envelope = classify(message);
    switch (envelope.kind) {
      case 'request':
        this.#onRequest(now, envelope.id, envelope.method, envelope.params);
        return;
      case 'notification':
        this.#onNotification(now, envelope.method, envelope.params ?? {});
        return;
      case 'response':
      case 'error':
        if (envelope.id !== null)
          this.#onAnswer(now, envelope.id, envelope.kind === 'response' ? envelope.result : null);
        return;
      case 'invalid':
        // JSON-RPC: an unreadable request gets -32600; the id is left out when it cannot be read.
        this.outbox.push({
          at: now,
          message: {
            jsonrpc: '2.0',
            ...(envelope.id !== undefined ? { id: envelope.id } : {}),
            error: { code: -32600, message: `Invalid Request: ${envelope.text.en}` },
          },
        });
        return;
    }
  }

  #onRequest(now: number, id: RequestId, method: string, given: JsonObject | undefined) {
    const era = this.config.era ?? 'legacy';
    if (era !== 'legacy' && this.era === null) {
      // The opening fixes the era: server/discover or a request with the envelope opens a modern
      // connection; in a modern-only server every other request is a (broken) modern one too.
      if (method === 'server/discover' || carriesEnvelope(given) || era === 'modern') {
        if (method !== 'initialize') this.era = 'modern';
      }
    }
    if (this.era === 'modern' || (era === 'modern' && method === 'initialize')) {
      this.#modernMethod = method;
      try {
        return this.#onModernRequest(now, id, method, given);
      } finally {
        this.#modernMethod = null;
      }
    }
    if (method === 'initialize') return this.#initialize(now, id, given);
    if (method === 'ping') return this.#reply(now, id, {});
    if (this.#failNext) return this.#failAsked(now, id);
    if (this.negotiatedVersion === null) {
      // The spec leaves the answer to an early request open; SDKs differ (-32000, -32600, -32601).
      return this.#fail(now, id, -32600, 'Invalid Request: send initialize first');
    }
    // Unknown methods, and methods of capabilities this server did not declare: -32601.
    const needs = SERVED_BY[method];
    if (needs === undefined || !this.#can(needs) || !isCatalogued(method)) {
      return this.#fail(now, id, -32601, `Method not found: ${method}`);
    }
    this.#serve(now, id, method, given);
  }

  /** The failure `failNext()` planted: this request fails inside the server, -32603. */
  #failAsked(now: number, id: RequestId) {
    this.#failNext = false;
    return this.#fail(
      now,
      id,
      -32603,
      'Internal error: the server failed while handling the request',
    );
  }

  /** A served method, in either era: its params checked, then a list's cursor, then the work. */
  #serve(now: number, id: RequestId, method: MethodName, given: JsonObject | undefined) {
    const issue = checkParams(method, given);
    if (issue) return this.#invalidParams(now, id, issue);
    const params = given ?? {};
    if (PAGED.has(method) && params.cursor !== undefined) {
      // Utilities › Pagination: an invalid cursor SHOULD get -32602.
      return this.#fail(
        now,
        id,
        -32602,
        `Invalid params: unknown cursor ${JSON.stringify(params.cursor)}`,
      );
    }
    this.#dispatch(now, id, method, params);
  }

  /**
   * A request of the modern era (2026-07-28): no handshake, so each request carries its version
   * and capabilities in `_meta`; methods the revision removed get -32601.
   */
  #onModernRequest(now: number, id: RequestId, method: string, given: JsonObject | undefined) {
    if (method === 'initialize') {
      // What SDK v2's serveStdio answers: the versions it serves, so the client can tell.
      const requested = given?.protocolVersion;
      return this.#fail(now, id, -32022, 'Unsupported protocol version', {
        supported: [...MODERN_VERSIONS],
        requested: typeof requested === 'string' ? requested : String(requested),
      });
    }
    const needs = MODERN_SERVED_BY[method];
    if (needs === undefined || (needs !== null && !this.#can(needs))) {
      return this.#fail(now, id, -32601, `Method not found: ${method}`);
    }
    // basic/index › _meta: a request without a required key is malformed, -32602.
    const meta = isObject(given?._meta) ? given._meta : {};
    const version = meta[PROTOCOL_VERSION_META];
    if (typeof version !== 'string') {
      return this.#fail(
        now,
        id,
        -32602,
        `Invalid params: _meta["${PROTOCOL_VERSION_META}"] is required (a string)`,
      );
    }
    const capabilities = meta[CLIENT_CAPABILITIES_META];
    if (!isObject(capabilities)) {
      return this.#fail(
        now,
        id,
        -32602,
        `Invalid params: _meta["${CLIENT_CAPABILITIES_META}"] is required (an object, {} for none)`,
      );
    }
    if (!MODERN_VERSIONS.includes(version)) {
      return this.#fail(now, id, -32022, 'Unsupported protocol version', {
        supported: [...MODERN_VERSIONS],
        requested: version,
      });
    }
    // Each request stands alone: its capabilities are the ones it declares.
    this.clientCapabilities = capabilities;
    if (method === 'server/discover') {
      return this.#reply(now, id, {
        supportedVersions: [...MODERN_VERSIONS],
        capabilities: this.#modernCapabilities(),
        ...(this.config.instructions ? { instructions: this.config.instructions } : {}),
      });
    }
    if (this.#failNext) return this.#failAsked(now, id);
    this.#serve(now, id, method as MethodName, given);
  }

  /** The capabilities of the initialize result without what 2026-07-28 removed (tasks). */
  #modernCapabilities(): JsonObject {
    const { tasks: _tasks, ...rest } = this.config.capabilities;
    return rest;
  }

  #dispatch(now: number, id: RequestId, method: string, params: JsonObject) {
    switch (method) {
      case 'tools/list':
        return this.#reply(now, id, { tools: this.toolDefinitions() });
      case 'tools/call':
        return this.#callTool(now, id, params);
      case 'resources/list':
        return this.#reply(now, id, {
          resources: RESOURCES.map(({ text: _text, ...resource }) => resource),
        });
      case 'resources/templates/list':
        return this.#reply(now, id, { resourceTemplates: [...RESOURCE_TEMPLATES] });
      case 'resources/read':
        return this.#readResource(now, id, params);
      case 'resources/subscribe':
      case 'resources/unsubscribe': {
        const uri = String(params.uri);
        if (readResource(uri, this.notesVersion) === undefined) {
          return this.#fail(now, id, -32002, 'Resource not found', { uri });
        }
        if (method === 'resources/subscribe') this.subscriptions.add(uri);
        else this.subscriptions.delete(uri);
        return this.#reply(now, id, {});
      }
      case 'prompts/list':
        return this.#reply(now, id, { prompts: [...PROMPTS] });
      case 'prompts/get':
        return this.#getPrompt(now, id, params);
      case 'completion/complete':
        return this.#complete(now, id, params);
      case 'logging/setLevel':
        this.logLevel = String(params.level);
        return this.#reply(now, id, {});
    }
  }

  #initialize(now: number, id: RequestId, params: JsonObject | undefined) {
    if (this.negotiatedVersion !== null) {
      // Lifecycle: the version and the capabilities are settled once; a second initialize
      // changes nothing (the spec names no code; -32600, as for a request out of place).
      return this.#fail(
        now,
        id,
        -32600,
        'Invalid Request: the session is already initialized; its version and capabilities stay as negotiated',
      );
    }
    const requested = params?.protocolVersion;
    if (typeof requested === 'string' && !/^\d{4}-\d{2}-\d{2}$/.test(requested)) {
      // Not a revision date at all: the lifecycle page's error example, rather than a counter-offer.
      return this.#fail(now, id, -32602, 'Unsupported protocol version', {
        supported: [...this.config.versions],
        requested,
      });
    }
    const issue = checkParams('initialize', params);
    if (issue) return this.#invalidParams(now, id, issue);
    // The schema holds it to a string.
    const offered = String(requested);
    const version = negotiateVersion(offered, this.config.versions) ?? offered;
    this.negotiatedVersion = version;
    if (this.config.era !== undefined && this.config.era !== 'legacy') this.era = 'legacy';
    this.clientCapabilities = isObject(params?.capabilities) ? params.capabilities : {};
    this.#reply(now, id, {
      protocolVersion: version,
      capabilities: this.config.capabilities,
      serverInfo: { name: this.config.name, version: this.config.version },
      ...(this.config.instructions ? { instructions: this.config.instructions } : {}),
    });
  }

  #onNotification(now: number, method: string, params: JsonObject) {
    if (method === 'notifications/initialized') {
      this.initialized = true;
    } else if (method === 'notifications/cancelled') {
      const id = params.requestId;
      if ((typeof id === 'string' || typeof id === 'number') && this.#working.has(id)) {
        // Cancellation › Behavior: stop work, free resources, send no response.
        this.#working.delete(id);
        this.outbox.dropAbout(id);
      }
    } else if (method === 'notifications/roots/list_changed' && this.era !== 'modern') {
      if (this.#can('client.roots')) this.request(now, 'roots/list');
    }
  }

  #onAnswer(now: number, id: RequestId, result: JsonObject | null): void {
    const waiting = this.#waiting.get(id);
    if (!waiting) return;
    this.#waiting.delete(id);
    if (!this.#working.has(waiting.callId)) return; // the call was cancelled meanwhile
    this.#working.delete(waiting.callId);
    this.#reply(now, waiting.callId, finishSessionTool(waiting.tool, result) as JsonObject);
  }

  #callTool(now: number, id: RequestId, params: JsonObject) {
    const name = params.name;
    if (typeof name !== 'string' || !(this.tools as string[]).includes(name)) {
      // Server › Tools › Error Handling: an unknown tool is a protocol error, -32602.
      return this.#fail(now, id, -32602, `Unknown tool: ${String(name)}`);
    }
    const args = isObject(params.arguments) ? params.arguments : {};
    if (name in PURE_TOOLS) {
      const result = PURE_TOOLS[name as keyof typeof PURE_TOOLS].run(args);
      return this.#reply(now, id, result as JsonObject);
    }
    // Bad arguments are the tool's own error, a result with isError (Server › Tools › Error Handling).
    const bad = checkSessionToolArgs(name as keyof typeof SESSION_TOOLS, args);
    if (bad !== null) return this.#reply(now, id, text(bad, true) as JsonObject);
    const meta = isObject(params._meta) ? params._meta : {};
    const token = meta.progressToken;
    this.#working.add(id);
    switch (name as keyof typeof SESSION_TOOLS) {
      case 'long_running_task': {
        const steps = typeof args.steps === 'number' ? args.steps : 5;
        const delayMs = typeof args.delayMs === 'number' ? args.delayMs : 250;
        for (let step = 1; step <= steps; step++) {
          if (typeof token === 'string' || typeof token === 'number') {
            this.outbox.push({
              at: now + step * delayMs,
              about: id,
              message: {
                jsonrpc: '2.0',
                method: 'notifications/progress',
                params: {
                  progressToken: token,
                  progress: step,
                  total: steps,
                  message: `step ${step} of ${steps}`,
                },
              },
            });
          }
        }
        // The answer comes a moment after the last progress, not in the same instant: a client
        // reading both in one chunk may drop that progress (TypeScript SDK issue #2580).
        this.outbox.push({
          at: now + steps * delayMs + Math.min(25, delayMs),
          about: id,
          message: {
            jsonrpc: '2.0',
            id,
            result: this.#complete2026(text(`Finished all ${steps} steps.`) as JsonObject),
          },
        });
        return;
      }
      case 'summarize_text': {
        if (!this.#canAsk('sampling/createMessage', 'client.sampling'))
          return this.#degrade(now, id, 'sampling/createMessage', 'sampling');
        const input = String(args.text);
        const requestId = this.request(
          now,
          'sampling/createMessage',
          {
            messages: [
              {
                role: 'user',
                content: { type: 'text', text: `Summarize in one sentence:\n${input}` },
              },
            ],
            maxTokens: 100,
            systemPrompt: 'You are a concise assistant.',
          },
          id,
        );
        this.#waiting.set(requestId, { callId: id, tool: 'summarize_text' });
        return;
      }
      case 'collect_feedback': {
        // Form mode: a client that declared only URL mode must not get a form (Client › Elicitation).
        if (!this.#canAsk('elicitation/create', 'client.elicitation.form'))
          return this.#degrade(now, id, 'elicitation/create', 'elicitation (form mode)');
        const topic = typeof args.topic === 'string' ? args.topic : 'this lesson';
        const requestId = this.request(
          now,
          'elicitation/create',
          {
            message: `How would you rate ${topic}?`,
            requestedSchema: {
              type: 'object',
              properties: {
                rating: { type: 'integer', minimum: 1, maximum: 5, title: 'Rating (1–5)' },
                comment: { type: 'string', title: 'Comment' },
              },
              required: ['rating'],
            },
          },
          id,
        );
        this.#waiting.set(requestId, { callId: id, tool: 'collect_feedback' });
        return;
      }
      case 'list_project_roots': {
        if (!this.#canAsk('roots/list', 'client.roots'))
          return this.#degrade(now, id, 'roots/list', 'roots');
        const requestId = this.request(now, 'roots/list', undefined, id);
        this.#waiting.set(requestId, { callId: id, tool: 'list_project_roots' });
        return;
      }
    }
  }

  /**
   * May the server send this request to the client? Only when the client declared the capability
   * and the negotiated revision has the method (Lifecycle › Operation: both respect the version).
   */
  #canAsk(method: MethodName, capability: CapabilityPath): boolean {
    // Servers of 2026-07-28 send no requests; input_required is not simulated yet.
    if (this.era === 'modern') return false;
    const version = resolveVersion(this.negotiatedVersion);
    return (version === null || existsIn(method, version)) && this.#can(capability);
  }

  /** The session cannot carry what the tool needs: say so as a tool error, send nothing to it. */
  #degrade(now: number, id: RequestId, method: MethodName, capability: string): void {
    this.#working.delete(id);
    const version = resolveVersion(this.negotiatedVersion);
    const why =
      this.era === 'modern'
        ? `This tool needs ${method}, which a 2026-07-28 server asks for in an input_required result; the simulator does not offer that yet.`
        : version !== null && !existsIn(method, version)
          ? `This tool needs ${method}, which protocol version ${version} does not have.`
          : `This tool needs the client's ${capability} capability, which this client did not declare.`;
    this.#reply(now, id, text(why, true) as JsonObject);
  }

  #readResource(now: number, id: RequestId, params: JsonObject) {
    const uri = typeof params.uri === 'string' ? params.uri : '';
    const body = readResource(uri, this.notesVersion);
    if (body === undefined) {
      // 2026-07-28 retired -32002: a missing resource is invalid params.
      const code = this.era === 'modern' ? -32602 : -32002;
      return this.#fail(now, id, code, 'Resource not found', { uri });
    }
    const mimeType = RESOURCES.find((r) => r.uri === uri)?.mimeType ?? 'text/plain';
    this.#reply(now, id, { contents: [{ uri, mimeType, text: body }] });
  }

  #getPrompt(now: number, id: RequestId, params: JsonObject) {
    const prompt = PROMPTS.find((p) => p.name === params.name);
    if (!prompt) return this.#fail(now, id, -32602, `Unknown prompt: ${String(params.name)}`);
    const args = isObject(params.arguments) ? params.arguments : {};
    for (const arg of prompt.arguments ?? []) {
      if (arg.required && typeof args[arg.name] !== 'string') {
        return this.#fail(now, id, -32602, `Missing required argument: ${arg.name}`);
      }
    }
    const body =
      prompt.name === 'weather_report'
        ? `Write a ${String(args.style ?? 'brief')} weather report for ${String(args.location)}. Use the weather_current tool first.`
        : `Explain step by step what this SQL does:\n${String(args.query)}`;
    this.#reply(now, id, {
      description: prompt.description ?? prompt.name,
      messages: [{ role: 'user', content: { type: 'text', text: body } }],
    });
  }

  #complete(now: number, id: RequestId, params: JsonObject) {
    const ref = isObject(params.ref) ? params.ref : {};
    const argument = isObject(params.argument) ? params.argument : {};
    // Completion › Error Handling: an unknown prompt (or template) is invalid params, -32602.
    const owner =
      ref.type === 'ref/prompt'
        ? PROMPTS.find((p) => p.name === ref.name)?.name
        : RESOURCE_TEMPLATES.find((t) => t.uriTemplate === ref.uri)?.name;
    if (owner === undefined) {
      const what = ref.type === 'ref/prompt' ? 'prompt' : 'resource template';
      const name = ref.type === 'ref/prompt' ? ref.name : ref.uri;
      return this.#fail(now, id, -32602, `Invalid params: unknown ${what} ${JSON.stringify(name)}`);
    }
    const values = COMPLETIONS[`${owner}.${String(argument.name)}`] ?? [];
    const prefix = typeof argument.value === 'string' ? argument.value.toLowerCase() : '';
    const matches = values.filter((v) => v.toLowerCase().startsWith(prefix));
    this.#reply(now, id, {
      completion: { values: matches, total: matches.length, hasMore: false },
    });
  }

  // Actions a scenario (or a teacher) can trigger on the server.

  /** Offers one more tool; announces it when the server declared tools.listChanged. */
  addTool(now: number, name: ToolName): boolean {
    if (!this.tools.includes(name)) this.tools.push(name);
    if (this.initialized && this.#can('server.tools.listChanged')) {
      this.#notify(now, 'notifications/tools/list_changed');
      return true;
    }
    return false;
  }

  /** Changes the notes resource; tells a subscribed client. */
  updateNotes(now: number): boolean {
    this.notesVersion += 1;
    const uri = 'file:///project/notes.txt';
    if (this.subscriptions.has(uri) && this.#can('server.resources.subscribe')) {
      this.#notify(now, 'notifications/resources/updated', { uri });
      return true;
    }
    return false;
  }

  /** Emits a log message if logging is declared and the level passes the client's filter. */
  log(now: number, level: string, data: unknown): boolean {
    // 2026-07-28: a log message only for a request that set logLevel, never on its own.
    if (this.era === 'modern') return false;
    if (!this.#can('server.logging')) return false;
    if (LEVELS.indexOf(level) < LEVELS.indexOf(this.logLevel)) return false;
    this.#notify(now, 'notifications/message', {
      level,
      logger: this.config.name,
      data: data as JsonObject,
    });
    return true;
  }

  /** The next message the server sends, with its due time. */
  next(): Scheduled | undefined {
    const item = this.outbox.shift();
    // A call is worked on until its answer goes out (long_running_task answers on a later tick).
    const message = item?.message;
    if (message && ('result' in message || 'error' in message)) {
      const { id } = message;
      if (typeof id === 'string' || typeof id === 'number') this.#working.delete(id);
    }
    return item;
  }

  /** Requests of the client the server is still working on. */
  working(): RequestId[] {
    return [...this.#working];
  }
}

function finishSessionTool(tool: ToolName, result: JsonObject | null): CallToolResult {
  if (result === null) return text(`The client refused the request this tool depends on.`, true);
  switch (tool) {
    case 'summarize_text': {
      const content = isObject(result.content) ? result.content : {};
      return text(`Summary: ${String(content.text ?? '')}`);
    }
    case 'collect_feedback': {
      if (result.action !== 'accept')
        return text(`The user chose to ${String(result.action)}; no feedback recorded.`);
      const content = isObject(result.content) ? result.content : {};
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
    default:
      return text('Done.');
  }
}
