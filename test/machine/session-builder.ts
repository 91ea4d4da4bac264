import type {
  BatchPosition,
  HttpHeaders,
  SessionInput,
  StepReport,
} from '../../src/machine/index.js';
import type { Direction, JsonObject, RequestId } from '../../src/protocol/index.js';
import { createReferee, type TestReferee as Referee } from '../helpers/referee.js';

export const C2S: Direction = 'client->server';
export const S2C: Direction = 'server->client';

/** Real JSON-RPC 2.0 envelopes, exactly as they travel on the wire. */
export const rpc = {
  request(id: RequestId, method: string, params?: JsonObject): JsonObject {
    return params === undefined
      ? { jsonrpc: '2.0', id, method }
      : { jsonrpc: '2.0', id, method, params };
  },
  notification(method: string, params?: JsonObject): JsonObject {
    return params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
  },
  result(id: RequestId, result: JsonObject = {}): JsonObject {
    return { jsonrpc: '2.0', id, result };
  },
  error(id: RequestId | null, code: number, message: string): JsonObject {
    return { jsonrpc: '2.0', id, error: { code, message } };
  },
};

/** Capabilities a typical client declares (2025-11-25 spelling). */
export const CLIENT_CAPS: JsonObject = {
  roots: { listChanged: true },
  sampling: {},
  elicitation: {},
};

/** Capabilities a typical server declares. */
export const SERVER_CAPS: JsonObject = {
  tools: { listChanged: true },
  resources: { subscribe: true, listChanged: true },
  prompts: { listChanged: true },
  logging: {},
  completions: {},
};

export type HandshakeOptions = {
  /** The version the client offers (default 2025-11-25). */
  readonly version?: string;
  /** The version the server answers with (default: echo the offer). */
  readonly serverVersion?: string;
  readonly client?: JsonObject;
  readonly server?: JsonObject;
  readonly id?: RequestId;
};

export function initializeRequest(options: HandshakeOptions = {}): JsonObject {
  return rpc.request(options.id ?? 0, 'initialize', {
    protocolVersion: options.version ?? '2025-11-25',
    capabilities: options.client ?? CLIENT_CAPS,
    clientInfo: { name: 'rules-test-client', version: '1.0.0' },
  });
}

export function initializeResult(options: HandshakeOptions = {}): JsonObject {
  return rpc.result(options.id ?? 0, {
    protocolVersion: options.serverVersion ?? options.version ?? '2025-11-25',
    capabilities: options.server ?? SERVER_CAPS,
    serverInfo: { name: 'rules-test-server', version: '1.0.0' },
  });
}

export type Step =
  | {
      readonly kind: 'message';
      readonly direction: Direction;
      readonly message: unknown;
      /** The HTTP request headers it was POSTed with (lower-case names), when over HTTP. */
      readonly headers?: HttpHeaders;
      /** Its place in the JSON-RPC batch it came in (2025-03-26), when it came in one. */
      readonly batch?: BatchPosition;
      /** When it crossed (ms), as a source that reads a clock says (a transcript's t_ms). */
      readonly at?: number;
    }
  | { readonly kind: 'close' }
  | { readonly kind: 'abandon'; readonly id: RequestId };

export type SessionRun = {
  readonly referee: Referee;
  /** One report per message fed, in order (closing the transport has no report). */
  readonly reports: readonly StepReport[];
  readonly last: StepReport;
};

/** Builds a session step by step, then plays it through a fresh referee. */
export class SessionBuilder {
  readonly #steps: Step[] = [];

  client(message: unknown): this {
    this.#steps.push({ kind: 'message', direction: C2S, message });
    return this;
  }

  /** A client message POSTed over Streamable HTTP with these headers (lower-case names). */
  clientOverHttp(message: unknown, headers: HttpHeaders): this {
    this.#steps.push({ kind: 'message', direction: C2S, message, headers });
    return this;
  }

  /** A JSON-RPC batch from the client (2025-03-26): each message judged with its place in it. */
  clientBatch(messages: readonly unknown[]): this {
    messages.forEach((message, index) => {
      const batch = { index, size: messages.length };
      this.#steps.push({ kind: 'message', direction: C2S, message, batch });
    });
    return this;
  }

  server(message: unknown): this {
    this.#steps.push({ kind: 'message', direction: S2C, message });
    return this;
  }

  /** A client message at `at` ms by the source's clock (a transcript line with t_ms). */
  clientAt(at: number, message: unknown): this {
    this.#steps.push({ kind: 'message', direction: C2S, message, at });
    return this;
  }

  /** A server message at `at` ms by the source's clock. */
  serverAt(at: number, message: unknown): this {
    this.#steps.push({ kind: 'message', direction: S2C, message, at });
    return this;
  }

  close(): this {
    this.#steps.push({ kind: 'close' });
    return this;
  }

  /** The client closes the HTTP response stream of its request `id` (no message). */
  abandon(id: RequestId): this {
    this.#steps.push({ kind: 'abandon', id });
    return this;
  }

  initialize(options: HandshakeOptions = {}): this {
    return this.client(initializeRequest(options));
  }

  initializeResult(options: HandshakeOptions = {}): this {
    return this.server(initializeResult(options));
  }

  initialized(): this {
    return this.client(rpc.notification('notifications/initialized'));
  }

  /** initialize → result → notifications/initialized. */
  handshake(options: HandshakeOptions = {}): this {
    return this.initialize(options).initializeResult(options).initialized();
  }

  get steps(): readonly Step[] {
    return this.#steps;
  }

  run(input: SessionInput = {}): SessionRun {
    const referee = createReferee(input);
    const reports: StepReport[] = [];
    for (const step of this.#steps) {
      if (step.kind === 'close') referee.close();
      else if (step.kind === 'abandon') referee.abandon(step.id);
      else
        reports.push(referee.feed(step.direction, step.message, step.headers, step.batch, step.at));
    }
    const last = reports.at(-1);
    if (!last) throw new Error('a session needs at least one message');
    return { referee, reports, last };
  }
}

export function session(): SessionBuilder {
  return new SessionBuilder();
}
