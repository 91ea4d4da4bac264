import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import {
  classify,
  clientAccepts,
  idKey,
  type JsonObject,
  type RequestId,
} from '../../protocol/index.js';
import { isObject } from '../../protocol/json.js';
import { Outbox, type Scheduled } from '../server/outbox.js';

export type ClientConfig = {
  readonly name: string;
  readonly version: string;
  /** Revisions the client supports, the one it prefers (offers) first. */
  readonly versions: readonly string[];
  /** Exactly what the client declares in initialize. */
  readonly capabilities: JsonObject;
  readonly roots: ReadonlyArray<{ readonly uri: string; readonly name?: string | undefined }>;
  /** The canned model's reply to sampling requests (deterministic). */
  readonly modelReply: string;
  /** The scripted user's answer to elicitation requests. */
  readonly elicitation: {
    readonly action: 'accept' | 'decline' | 'cancel';
    readonly content?: JsonObject | undefined;
  };
};

export type ClientRequest = {
  readonly id: RequestId;
  readonly method: string;
  readonly progressToken?: string;
};

/**
 * The simulated client (the host's MCP client). It sends what a scenario tells it to, answers the
 * server's requests (a canned model for sampling, a scripted user for elicitation, its roots), and
 * keeps what a real client keeps: the negotiated version, the server's capabilities, a tool cache.
 */
export class SimClient {
  readonly config: ClientConfig;
  readonly outbox = new Outbox();
  serverCapabilities: JsonObject | null = null;
  negotiatedVersion: string | null = null;
  /** Whether the client can live with the server's version (false: it should disconnect). */
  versionAccepted: boolean | null = null;
  /**
   * The modern revision the client follows once server/discover answered (2026-07-28): every
   * request then carries the `_meta` envelope. Null in the handshake era.
   */
  modernVersion: string | null = null;
  /** What the server's server/discover result said of itself (modern era). */
  discovered: JsonObject | null = null;
  tools: Tool[] | null = null;
  toolsStale = false;
  roots: Array<{ uri: string; name?: string | undefined }>;
  #nextId = 1;
  readonly #pending = new Map<string, ClientRequest>();

  constructor(config: ClientConfig) {
    this.config = config;
    this.roots = config.roots.map((r) => ({ ...r }));
  }

  get preferredVersion(): string {
    return this.config.versions[0] ?? '2025-11-25';
  }

  /** Takes an id without sending a request (for a fault that misuses one). */
  allocateId(): number {
    return this.#nextId++;
  }

  /** Is one of its requests still waiting for an answer? */
  isPending(id: RequestId): boolean {
    return this.#pending.has(idKey(id));
  }

  /** The id the next request will carry. */
  peekId(): number {
    return this.#nextId;
  }

  initialize(overrides: { version?: string; capabilities?: JsonObject } = {}): JsonObject {
    return this.request('initialize', {
      protocolVersion: overrides.version ?? this.preferredVersion,
      capabilities: overrides.capabilities ?? this.config.capabilities,
      clientInfo: { name: this.config.name, version: this.config.version },
    });
  }

  /** The `_meta` envelope a modern request carries (basic/index › _meta). */
  envelope(version: string): JsonObject {
    return {
      'io.modelcontextprotocol/protocolVersion': version,
      'io.modelcontextprotocol/clientCapabilities': this.config.capabilities,
      'io.modelcontextprotocol/clientInfo': {
        name: this.config.name,
        version: this.config.version,
      },
    };
  }

  /**
   * The dual-era probe (basic/transports/stdio › Backward Compatibility): server/discover with the
   * envelope of the revision it tries. Its id is a string, as the SDK's is, so the requests that
   * follow are numbered as in a handshake session.
   */
  discover(version: string, attempt = 1): JsonObject {
    const id = `server-discover-probe-${attempt}`;
    this.#pending.set(idKey(id), { id, method: 'server/discover' });
    return {
      jsonrpc: '2.0',
      id,
      method: 'server/discover',
      params: { _meta: this.envelope(version) },
    };
  }

  initialized(): JsonObject {
    return { jsonrpc: '2.0', method: 'notifications/initialized' };
  }

  request(method: string, params?: JsonObject, options: { progress?: boolean } = {}): JsonObject {
    const id = this.#nextId++;
    let body = params;
    let progressToken: string | undefined;
    if (options.progress) {
      progressToken = `progress-${id}`;
      const meta = isObject(params?._meta) ? params._meta : {};
      body = { ...(params ?? {}), _meta: { ...meta, progressToken } };
    }
    if (this.modernVersion !== null) {
      const meta = isObject(body?._meta) ? body._meta : {};
      body = { ...(body ?? {}), _meta: { ...this.envelope(this.modernVersion), ...meta } };
    }
    this.#pending.set(idKey(id), { id, method, ...(progressToken ? { progressToken } : {}) });
    return body ? { jsonrpc: '2.0', id, method, params: body } : { jsonrpc: '2.0', id, method };
  }

  notify(method: string, params?: JsonObject): JsonObject {
    return params ? { jsonrpc: '2.0', method, params } : { jsonrpc: '2.0', method };
  }

  /** Stops waiting for one of its requests without telling the server (a probe that timed out). */
  forget(id: RequestId): void {
    this.#pending.delete(idKey(id));
  }

  /** Cancels one of its own pending requests (the latest when no id is given). */
  cancel(id?: RequestId, reason = 'The user cancelled the operation'): JsonObject {
    const target = id ?? [...this.#pending.values()].at(-1)?.id;
    if (target !== undefined) this.#pending.delete(idKey(target));
    return {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: target ?? null, reason },
    };
  }

  pending(): ClientRequest[] {
    return [...this.#pending.values()];
  }

  /** Takes one message from the server: answers are recorded, requests queued for an answer. */
  receive(message: unknown, now: number): void {
    const envelope = classify(message);
    if (envelope.kind === 'response' || envelope.kind === 'error') {
      if (envelope.id === null) return;
      const request = this.#pending.get(idKey(envelope.id));
      if (!request) return; // cancelled or unknown: a client ignores it
      this.#pending.delete(idKey(envelope.id));
      if (envelope.kind === 'response') this.#onResult(request.method, envelope.result);
      return;
    }
    if (envelope.kind === 'notification') {
      if (envelope.method === 'notifications/tools/list_changed') this.toolsStale = true;
      return;
    }
    if (envelope.kind === 'request') this.#answer(now, envelope.id, envelope.method);
  }

  #onResult(method: string, result: JsonObject): void {
    if (method === 'initialize') {
      const version = typeof result.protocolVersion === 'string' ? result.protocolVersion : '';
      this.negotiatedVersion = version;
      this.versionAccepted = clientAccepts(version, this.config.versions);
      this.serverCapabilities = isObject(result.capabilities) ? result.capabilities : {};
    } else if (method === 'server/discover') {
      this.discovered = result;
      this.serverCapabilities = isObject(result.capabilities) ? result.capabilities : {};
    } else if (method === 'tools/list' && Array.isArray(result.tools)) {
      this.tools = result.tools as Tool[];
      this.toolsStale = false;
    }
  }

  #answer(now: number, id: RequestId, method: string) {
    const reply = (result: JsonObject) =>
      this.outbox.push({ at: now, about: id, message: { jsonrpc: '2.0', id, result } });
    const caps = this.config.capabilities;
    switch (method) {
      case 'ping':
        return reply({});
      case 'roots/list':
        if (!isObject(caps.roots)) break;
        return reply({ roots: this.roots });
      case 'sampling/createMessage':
        if (!isObject(caps.sampling)) break;
        return reply({
          role: 'assistant',
          content: { type: 'text', text: this.config.modelReply },
          model: 'canned-model-1',
          stopReason: 'endTurn',
        });
      case 'elicitation/create': {
        if (!isObject(caps.elicitation)) break;
        const { action, content } = this.config.elicitation;
        return reply(action === 'accept' && content ? { action, content } : { action });
      }
      default:
        break;
    }
    // Client › Roots: a client without the capability answers -32601, like any unknown method.
    this.outbox.push({
      at: now,
      about: id,
      message: {
        jsonrpc: '2.0',
        id,
        error: { code: -32601, message: `Method not found: ${method}` },
      },
    });
  }

  next(): Scheduled | undefined {
    return this.outbox.shift();
  }
}
