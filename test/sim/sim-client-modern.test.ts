import { describe, expect, it } from 'vitest';
import { type ClientConfig, SimClient } from '../../src/sim/client/sim-client.js';
import { listenNote } from '../../src/transport/connect-explain.js';
import { createReferee } from '../helpers/referee.js';

/**
 * The simulated client in 2026-07-28, against hand-built, spec-shaped server messages: it fulfils
 * input_required rounds (basic/patterns/mrtr) and keeps listen streams
 * (basic/patterns/subscriptions). Every exchange is also fed to the referee.
 */
type Msg = Record<string, unknown> & { params?: Record<string, unknown> };

const V = '2026-07-28';
const SUB = 'io.modelcontextprotocol/subscriptionId';
const META = { 'io.modelcontextprotocol/serverInfo': { name: 'hand-built', version: '1' } };
const ALL = { roots: {}, sampling: {}, elicitation: { form: {} } };

function makeClient(
  capabilities: Record<string, unknown> = ALL,
  overrides: Partial<ClientConfig> = {},
) {
  const client = new SimClient({
    name: 'test-client',
    version: '1.0.0',
    versions: ['2025-11-25'],
    capabilities,
    roots: [{ uri: 'file:///home/learner/project', name: 'project' }],
    modelReply: 'Paris.',
    elicitation: { action: 'accept', content: { name: 'octocat' } },
    ...overrides,
  });
  client.modernVersion = V;
  return client;
}

/** A client with a referee beside it: what it sends and what the server answers are both judged. */
function session(
  capabilities: Record<string, unknown> = ALL,
  overrides: Partial<ClientConfig> = {},
) {
  const client = makeClient(capabilities, overrides);
  const referee = createReferee();
  const rules: string[] = [];
  const judge = (direction: 'client->server' | 'server->client', m: Msg) =>
    rules.push(...referee.feed(direction, m).violations.map((v) => v.rule));
  const discover = client.discover(V);
  judge('client->server', discover);
  const answer = {
    jsonrpc: '2.0',
    id: discover.id,
    result: {
      resultType: 'complete',
      supportedVersions: [V],
      capabilities: { tools: { listChanged: true }, prompts: {} },
      ttlMs: 0,
      cacheScope: 'private',
      _meta: META,
    },
  };
  judge('server->client', answer);
  client.receive(answer, 0);
  /** The client sends a message it made. */
  const send = (m: Msg) => {
    judge('client->server', m);
    return m;
  };
  /** The server's message reaches the client; what the client sends back is returned. */
  const deliver = (m: Msg): Msg[] => {
    judge('server->client', m);
    client.receive(m, 0);
    const out: Msg[] = [];
    for (let item = client.next(); item; item = client.next()) out.push(send(item.message as Msg));
    return out;
  };
  return { client, rules, send, deliver };
}

const inputRequired = (id: unknown, extra: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  result: { resultType: 'input_required', ...extra, _meta: META },
});
const complete = (
  id: unknown,
  body: Record<string, unknown> = { content: [{ type: 'text', text: 'done' }] },
) => ({
  jsonrpc: '2.0',
  id,
  result: { resultType: 'complete', ...body, _meta: META },
});

const ELICIT = {
  method: 'elicitation/create',
  params: {
    mode: 'form',
    message: 'Your GitHub login?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
  },
};
const SAMPLE = {
  method: 'sampling/createMessage',
  params: {
    messages: [{ role: 'user', content: { type: 'text', text: 'Capital of France?' } }],
    maxTokens: 100,
  },
};
const ROOTS = { method: 'roots/list' };

describe('input_required: the client answers and retries the original request', () => {
  it('answers each kind under its key, with a new id, the same params and requestState exactly', () => {
    const { client, rules, send, deliver } = session();
    const call = send(client.request('tools/call', { name: 'deploy', arguments: { env: 'prod' } }));
    const state = ' opaque state: ünïcode "quoted" \\ + ==';
    const [retry, ...more] = deliver(
      inputRequired(call.id, {
        inputRequests: { login: ELICIT, capital: SAMPLE, where: ROOTS },
        requestState: state,
      }),
    );
    expect(more).toEqual([]);
    expect(retry?.method).toBe('tools/call');
    expect(retry?.id).not.toBe(call.id);
    const { inputResponses, requestState, ...rest } = retry?.params ?? {};
    expect(rest).toEqual(call.params); // name, arguments and the _meta envelope, unchanged
    expect(requestState).toBe(state);
    expect(inputResponses).toEqual({
      login: { action: 'accept', content: { name: 'octocat' } },
      capital: {
        role: 'assistant',
        content: { type: 'text', text: 'Paris.' },
        model: 'canned-model-1',
        stopReason: 'endTurn',
      },
      where: { roots: [{ uri: 'file:///home/learner/project', name: 'project' }] },
    });
    expect(client.roundOf(call.id as number)).toEqual({
      kind: 'retry',
      of: call.id,
      retry: retry?.id,
      round: 1,
      keys: ['login', 'capital', 'where'],
    });
    expect(deliver(complete(retry?.id))).toEqual([]);
    expect(client.pending()).toEqual([]);
    expect(rules).toEqual([]);
  });

  it('a form its scripted answers do not fit is dismissed, not answered with them (client/elicitation › Form Mode Security)', () => {
    const { client, rules, send, deliver } = session();
    const call = send(client.request('tools/call', { name: 'deploy', arguments: { env: 'prod' } }));
    const strict = {
      method: 'elicitation/create',
      params: {
        mode: 'form',
        message: 'Your GitHub login?',
        requestedSchema: {
          type: 'object',
          properties: { name: { type: 'string', minLength: 10 } },
          required: ['name'],
        },
      },
    };
    const [retry] = deliver(
      inputRequired(call.id, { inputRequests: { login: strict, ok: ELICIT } }),
    );
    expect(retry?.params?.inputResponses).toEqual({
      login: { action: 'cancel' },
      ok: { action: 'accept', content: { name: 'octocat' } },
    });
    expect(rules).toEqual([]);
  });

  it('no requestState in the round: none in the retry; requestState alone: retry at once', () => {
    const { client, rules, send, deliver } = session();
    const call = send(client.request('prompts/get', { name: 'p' }));
    const [first] = deliver(inputRequired(call.id, { inputRequests: { where: ROOTS } }));
    expect(first?.params).not.toHaveProperty('requestState');
    expect(first?.params?.inputResponses).toEqual({ where: expect.any(Object) });
    // The server asks again, now with state only ("load shedding"): no inputResponses to send.
    const [second] = deliver(inputRequired(first?.id, { requestState: 'later' }));
    expect(second?.params).not.toHaveProperty('inputResponses');
    expect(second?.params?.requestState).toBe('later');
    expect(new Set([call.id, first?.id, second?.id]).size).toBe(3);
    expect(client.roundOf(first?.id as number)).toMatchObject({ kind: 'retry', round: 2 });
    deliver(complete(second?.id, { messages: [] }));
    expect(rules).toEqual([]);
  });

  it('a retry that had a progress token gets a new one', () => {
    const { client, send, deliver } = session();
    const call = send(client.request('tools/call', { name: 'slow' }, { progress: true }));
    const [retry] = deliver(inputRequired(call.id, { requestState: 's' }));
    const meta = retry?.params?._meta as Record<string, unknown>;
    expect(meta.progressToken).toBe(`progress-${String(retry?.id)}`);
    expect(meta.progressToken).not.toBe(
      (call.params?._meta as Record<string, unknown> | undefined)?.progressToken,
    );
    expect(meta['io.modelcontextprotocol/protocolVersion']).toBe(V);
  });

  it('a queued retry takes its id when it goes out: one never sent leaves no gap', () => {
    // A retry is a new request with a new id (mrtr › Client Requirements (Basic Workflow)); the
    // client numbers its requests as they go on the wire, so a learner can follow them.
    const { client, send } = session();
    const first = send(client.request('tools/call', { name: 'slow' }, { progress: true }));
    client.receive(inputRequired(first.id, { requestState: 's1' }), 0);
    // Queued, not sent: it is nobody's pending request yet and holds no id.
    expect(client.pending().map((p) => p.id)).toEqual([]);
    expect(client.roundOf(first.id as number)).toBeUndefined();
    const other = send(client.request('tools/call', { name: 'other' }));
    expect(other.id).toBe((first.id as number) + 1);
    const retry = client.next()?.message as Msg;
    expect(retry.id).toBe((other.id as number) + 1);
    expect(retry.params).toMatchObject({ requestState: 's1', name: 'slow' });
    expect(retry.params?._meta).toMatchObject({ progressToken: `progress-${String(retry.id)}` });
    expect(client.roundOf(first.id as number)).toMatchObject({ kind: 'retry', retry: retry.id });
    expect(client.isPending(retry.id as number)).toBe(true);
  });

  it('a retry withdrawn unsent (a fault sends another in its place) used no id', () => {
    const { client, send } = session();
    const call = send(client.request('tools/call', { name: 't' }));
    client.receive(inputRequired(call.id, { requestState: 's' }), 0);
    const withdrawn = client.withdrawRetry();
    expect(withdrawn).toMatchObject({
      method: 'tools/call',
      params: { name: 't', requestState: 's' },
      answers: { of: call.id, round: 1 },
    });
    expect(client.next()).toBeUndefined();
    expect(client.peekId()).toBe((call.id as number) + 1);
  });

  it('a retry after -32022 also takes its id when sent', () => {
    const client = makeClient(ALL, { versions: [V, '2026-01-01', '2027-01-01'] });
    const call = client.request('tools/list');
    client.receive(
      {
        jsonrpc: '2.0',
        id: call.id,
        error: { code: -32022, message: 'Unsupported', data: { supported: ['2027-01-01'] } },
      },
      0,
    );
    const other = client.request('tools/list');
    expect(other.id).toBe((call.id as number) + 1);
    const retry = client.next()?.message as Msg;
    expect(retry).toMatchObject({ id: (other.id as number) + 1, method: 'tools/list' });
    expect(retry.params?._meta).toMatchObject({
      'io.modelcontextprotocol/protocolVersion': '2027-01-01',
    });
  });

  it('stops after the round cap and says so', () => {
    const { client, send, deliver } = session();
    let id = send(client.request('tools/call', { name: 'greedy' })).id;
    const sent: unknown[] = [];
    for (let i = 0; i < 20; i++) {
      const [retry] = deliver(inputRequired(id, { requestState: `round ${i}` }));
      if (!retry) break;
      sent.push(retry.id);
      id = retry.id;
    }
    expect(sent).toHaveLength(8);
    expect(client.roundOf(id as number)).toEqual({ kind: 'too-many-rounds', of: id, round: 9 });
  });

  it('input_required on a request that cannot get one is not retried', () => {
    const { client, send, deliver } = session();
    const list = send(client.request('tools/list'));
    expect(deliver(inputRequired(list.id, { requestState: 'x' }))).toEqual([]);
    expect(client.roundOf(list.id as number)).toMatchObject({
      kind: 'not-retryable',
      method: 'tools/list',
    });
  });
});

describe('input_required: what the client did not declare it does not answer', () => {
  it('an undeclared kind is a server fault: nothing is answered or retried, not even the rest', () => {
    const { client, rules, send, deliver } = session({ elicitation: {} });
    const call = send(client.request('tools/call', { name: 'deploy' }));
    expect(
      deliver(inputRequired(call.id, { inputRequests: { login: ELICIT, capital: SAMPLE } })),
    ).toEqual([]);
    expect(client.roundOf(call.id as number)).toEqual({
      kind: 'refused',
      of: call.id,
      round: 1,
      refused: [
        {
          key: 'capital',
          method: 'sampling/createMessage',
          why: 'undeclared',
          needs: 'client.sampling',
        },
      ],
    });
    // The referee agrees that the server broke the rule.
    expect(rules.length).toBeGreaterThan(0);
  });

  it('each kind is checked against its own capability', () => {
    const cases: Array<[Record<string, unknown>, Msg, string | null]> = [
      [{ roots: {} }, ROOTS as Msg, null],
      [{ sampling: {} }, ROOTS as Msg, 'client.roots'],
      [{ sampling: {} }, ELICIT as Msg, 'client.elicitation.form'],
      [{ elicitation: { url: {} } }, ELICIT as Msg, 'client.elicitation.form'],
      [
        { elicitation: {} },
        { method: 'elicitation/create', params: { mode: 'url', url: 'https://x', message: 'm' } },
        'client.elicitation.url',
      ],
      [
        { sampling: {} },
        { method: 'sampling/createMessage', params: { ...SAMPLE.params, tools: [] } },
        'client.sampling.tools',
      ],
      [
        { sampling: { tools: {} } },
        { method: 'sampling/createMessage', params: { ...SAMPLE.params, tools: [] } },
        null,
      ],
    ];
    for (const [caps, request, needs] of cases) {
      const client = makeClient(caps);
      const call = client.request('tools/call', { name: 't' });
      client.receive(inputRequired(call.id, { inputRequests: { k: request } }), 0);
      // A retry is recorded when it goes out, with the id it gets then.
      const sent = client.next()?.message;
      const round = client.roundOf(call.id as number);
      if (needs === null) expect(round).toMatchObject({ kind: 'retry', retry: sent?.id });
      else
        expect(round).toMatchObject({
          kind: 'refused',
          refused: [{ key: 'k', why: 'undeclared', needs }],
        });
    }
  });

  it('an unknown kind or a malformed round is refused too', () => {
    const client = makeClient();
    const a = client.request('tools/call', { name: 't' });
    client.receive(inputRequired(a.id, { inputRequests: { p: { method: 'ping' }, q: 'no' } }), 0);
    expect(client.roundOf(a.id as number)).toMatchObject({
      kind: 'refused',
      refused: [
        { key: 'p', method: 'ping', why: 'unknown' },
        { key: 'q', method: null, why: 'malformed' },
      ],
    });
    const b = client.request('tools/call', { name: 't' });
    client.receive(inputRequired(b.id, { requestState: 42 }), 0);
    expect(client.roundOf(b.id as number)).toMatchObject({
      kind: 'malformed',
      field: 'requestState',
    });
    expect(client.next()).toBeUndefined();
  });
});

describe('listen streams', () => {
  it('opens, is acknowledged, marks the tool cache stale, and ends with notifications/cancelled', () => {
    const { client, rules, send, deliver } = session();
    client.tools = [];
    const listen = send(client.listen({ toolsListChanged: true, promptsListChanged: true }));
    expect(listen.method).toBe('subscriptions/listen');
    expect(listen.params?.notifications).toEqual({
      toolsListChanged: true,
      promptsListChanged: true,
    });
    expect(
      (listen.params?._meta as Record<string, unknown> | undefined)?.[
        'io.modelcontextprotocol/protocolVersion'
      ],
    ).toBe(V);
    const id = listen.id as number;
    expect(client.stream(id)?.state).toBe('opening');
    deliver({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { toolsListChanged: true }, _meta: { [SUB]: id } },
    });
    expect(client.stream(id)).toMatchObject({
      state: 'open',
      acknowledged: { toolsListChanged: true },
    });
    expect(client.toolsStale).toBe(false);
    deliver({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
      params: { _meta: { [SUB]: id } },
    });
    expect(client.toolsStale).toBe(true);
    expect(client.stream(id)?.received).toEqual(['notifications/tools/list_changed']);
    const end = send(client.endListen(id));
    expect(end).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: id, reason: 'The client stopped listening' },
    });
    expect(client.stream(id)?.state).toBe('cancelled');
    expect(client.pending()).toEqual([]);
    // Nothing more is taken from a stream the client ended.
    client.receive(
      {
        jsonrpc: '2.0',
        method: 'notifications/tools/list_changed',
        params: { _meta: { [SUB]: id } },
      },
      0,
    );
    expect(client.stream(id)?.received).toHaveLength(1);
    expect(rules).toEqual([]);
  });

  it('a notification naming another stream is not taken as this one’s', () => {
    const client = makeClient();
    const listen = client.listen({ toolsListChanged: true });
    client.receive(
      {
        jsonrpc: '2.0',
        method: 'notifications/tools/list_changed',
        params: { _meta: { [SUB]: 999 } },
      },
      0,
    );
    expect(client.stream(listen.id as number)?.received).toEqual([]);
  });

  it('the server ends a stream with a response, or refuses it with an error', () => {
    const client = makeClient();
    const a = client.listen({ toolsListChanged: true });
    client.receive(
      { jsonrpc: '2.0', id: a.id, result: { resultType: 'complete', _meta: { [SUB]: a.id } } },
      0,
    );
    expect(client.stream(a.id as number)?.state).toBe('closed');
    const b = client.listen({});
    const error = { code: -32601, message: 'Method not found' };
    client.receive({ jsonrpc: '2.0', id: b.id, error }, 0);
    expect(client.stream(b.id as number)).toMatchObject({ state: 'refused', error });
  });

  it('the server tears a stream down with notifications/cancelled: no answer is awaited, the note says who ended it', () => {
    const { client, rules, send, deliver } = session();
    const listen = send(client.listen({ toolsListChanged: true }));
    const id = listen.id as number;
    deliver({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { toolsListChanged: true }, _meta: { [SUB]: id } },
    });
    // A server's cancellation of something else (a tools/call in flight) is not this stream's end.
    const call = send(client.request('tools/call', { name: 'echo', arguments: {} }));
    deliver({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: call.id, reason: 'no' },
    });
    expect(client.stream(id)?.state).toBe('open');
    expect(rules).toEqual(['server-cancel-not-listen']);
    deliver({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: id, reason: 'The server is shutting down' },
    });
    const stream = client.stream(id);
    expect(stream?.state).toBe('torn-down');
    expect(client.pending().map((p) => p.method)).toEqual(['tools/call']);
    expect(rules).toEqual(['server-cancel-not-listen']);
    expect(stream && listenNote(stream).en).toContain(
      'the server tore it down with notifications/cancelled naming the listen request.',
    );
    expect(stream && listenNote(stream).zh).toContain(
      '服务器用指向该 listen 请求的 notifications/cancelled 拆除了它',
    );
  });

  it('the note names who ended a stream: the client, or the server with a result', () => {
    const client = makeClient();
    const a = client.listen({ toolsListChanged: true });
    client.receive(
      { jsonrpc: '2.0', id: a.id, result: { resultType: 'complete', _meta: { [SUB]: a.id } } },
      0,
    );
    const closed = client.stream(a.id as number);
    expect(closed && listenNote(closed).en).toContain('the server ended it with a result');
    const b = client.listen({ toolsListChanged: true });
    client.endListen(b.id as number);
    const ended = client.stream(b.id as number);
    expect(ended && listenNote(ended).en).toContain(
      'the client ended it with notifications/cancelled.',
    );
  });
});
