import { beforeAll, describe, expect, it } from 'vitest';
import { SimClient } from '../../src/sim/client/sim-client.js';
import { clientConfigSchema, serverConfigSchema } from '../../src/sim/scenario/schema.js';
import { SimServer } from '../../src/sim/server/sim-server.js';
import { prepareTools } from '../../src/sim/tools/index.js';
import { createReferee } from '../helpers/referee.js';

type Msg = Record<string, unknown>;

/** The result (or error) object of an answer, failing clearly if there is none. */
const resultOf = (m: Msg | undefined): Msg => (m?.result ?? {}) as Msg;
const errorOf = (m: Msg | undefined): Msg => (m?.error ?? {}) as Msg;

/** A server and a client wired through a referee: every envelope is checked. */
function session(
  server: Partial<Parameters<typeof serverConfigSchema.parse>[0]> = {},
  client: Record<string, unknown> = {},
) {
  const s = new SimServer(serverConfigSchema.parse(server));
  const c = new SimClient(clientConfigSchema.parse(client));
  const referee = createReferee();
  const seen: Array<{ direction: string; message: Msg; violations: string[] }> = [];
  let now = 0;
  const toServer = (message: Msg) => {
    const report = referee.feed('client->server', message);
    seen.push({
      direction: 'client->server',
      message,
      violations: report.violations.map((v) => v.rule),
    });
    s.receive(message, now);
  };
  /** Delivers everything the server has queued (and the client's answers to it). */
  const drain = (): Msg[] => {
    const out: Msg[] = [];
    for (let item = s.next(); item; item = s.next()) {
      now = Math.max(now, item.at);
      const report = referee.feed('server->client', item.message);
      seen.push({
        direction: 'server->client',
        message: item.message,
        violations: report.violations.map((v) => v.rule),
      });
      c.receive(item.message, now);
      out.push(item.message);
      for (let answer = c.next(); answer; answer = c.next()) toServer(answer.message);
    }
    return out;
  };
  const handshake = () => {
    toServer(c.initialize());
    drain();
    toServer(c.initialized());
  };
  const call = (method: string, params?: Msg, progress = false) => {
    toServer(c.request(method, params, { progress }));
    return drain();
  };
  return { s, c, toServer, drain, handshake, call, seen };
}

beforeAll(async () => {
  await prepareTools();
});

describe('the simulated server', () => {
  it('negotiates: echoes a supported version, offers its latest otherwise', () => {
    const a = session({ versions: ['2025-06-18', '2025-11-25'] });
    a.toServer(a.c.initialize({ version: '2025-06-18' }));
    expect(resultOf(a.drain()[0]).protocolVersion).toBe('2025-06-18');
    const b = session({ versions: ['2025-06-18', '2025-03-26'] });
    b.toServer(b.c.initialize({ version: '2025-11-25' }));
    expect(resultOf(b.drain()[0]).protocolVersion).toBe('2025-06-18');
    expect(b.c.versionAccepted).toBe(true);
  });

  it('answers a request before initialize with an error response', () => {
    const t = session();
    t.toServer(t.c.request('tools/list'));
    const [answer] = t.drain();
    expect(errorOf(answer).code).toBe(-32600);
  });

  it('reports an unknown tool as -32602 (the spec), bad arguments as isError', () => {
    const t = session();
    t.handshake();
    const [unknown] = t.call('tools/call', { name: 'nope', arguments: {} });
    expect(errorOf(unknown).code).toBe(-32602);
    const [bad] = t.call('tools/call', { name: 'weather_current', arguments: {} });
    expect(resultOf(bad).isError).toBe(true);
  });

  it('refuses a destructive query as a tool execution error', () => {
    const t = session({ tools: ['db_query'] });
    t.handshake();
    const [answer] = t.call('tools/call', {
      name: 'db_query',
      arguments: { sql: 'DELETE FROM customers' },
    });
    expect(resultOf(answer).isError).toBe(true);
  });

  it('sends progress only for a token, strictly increasing, all before the result', () => {
    const t = session({ tools: ['long_running_task'] });
    t.handshake();
    const withToken = t.call(
      'tools/call',
      { name: 'long_running_task', arguments: { steps: 3, delayMs: 10 } },
      true,
    );
    expect(withToken.map((m) => m.method ?? 'result')).toEqual([
      'notifications/progress',
      'notifications/progress',
      'notifications/progress',
      'result',
    ]);
    const without = t.call('tools/call', {
      name: 'long_running_task',
      arguments: { steps: 3, delayMs: 10 },
    });
    expect(without).toHaveLength(1);
    expect(t.seen.flatMap((m) => m.violations)).toEqual([]);
  });

  it('stops work and sends nothing more after a cancellation', () => {
    const t = session({ tools: ['long_running_task'] });
    t.handshake();
    t.toServer(
      t.c.request(
        'tools/call',
        { name: 'long_running_task', arguments: { steps: 5, delayMs: 100 } },
        { progress: true },
      ),
    );
    const first = t.s.next();
    expect(first?.message.method).toBe('notifications/progress');
    t.toServer(t.c.cancel());
    expect(t.drain()).toEqual([]);
    expect(t.seen.flatMap((m) => m.violations)).toEqual([]);
  });

  it('resources: list, templates, read, -32002 for an unknown URI, subscribe then updated', () => {
    const t = session({ capabilities: { resources: { subscribe: true } } });
    t.handshake();
    expect(resultOf(t.call('resources/list')[0]).resources).toHaveLength(3);
    expect(resultOf(t.call('resources/templates/list')[0]).resourceTemplates).toHaveLength(1);
    const forecast = t.call('resources/read', { uri: 'weather://forecast/Lisbon' })[0]
      ?.result as Msg;
    expect(JSON.stringify(forecast)).toContain('Forecast for Lisbon');
    expect(errorOf(t.call('resources/read', { uri: 'file:///nope' })[0]).code).toBe(-32002);
    t.call('resources/subscribe', { uri: 'file:///project/notes.txt' });
    expect(t.s.updateNotes(0)).toBe(true);
    expect(t.drain()[0]?.method).toBe('notifications/resources/updated');
    expect(t.seen.flatMap((m) => m.violations)).toEqual([]);
  });

  it('judges params by the negotiated revision’s schema, as the referee does', () => {
    // 2024-11-05 types a resource's uri with format "uri"; the SDK's 2025-11-25 schema does not.
    const old = session({ capabilities: { resources: {} } });
    old.toServer(old.c.initialize({ version: '2024-11-05' }));
    old.drain();
    old.toServer(old.c.initialized());
    const [refused] = old.call('resources/read', { uri: 'notes file' });
    expect(errorOf(refused).code).toBe(-32602);
    expect(errorOf(refused).message).toMatch(/\/params\/uri .*format "uri"/);
    const verdicts = old.seen.slice(-2).map((m) => [m.direction, m.violations]);
    expect(verdicts).toEqual([
      ['client->server', ['invalid-params']],
      ['server->client', []],
    ]);
    // The same params in a 2025-11-25 session reach the resource lookup (-32002, not found).
    const latest = session({ capabilities: { resources: {} } });
    latest.handshake();
    expect(errorOf(latest.call('resources/read', { uri: 'notes file' })[0]).code).toBe(-32002);
    expect(latest.seen.flatMap((m) => m.violations)).toEqual([]);
  });

  it('prompts and completions', () => {
    const t = session({ capabilities: { prompts: {}, completions: {} } });
    t.handshake();
    expect(resultOf(t.call('prompts/list')[0]).prompts).toHaveLength(2);
    const got = t.call('prompts/get', {
      name: 'weather_report',
      arguments: { location: 'Tokyo' },
    })[0];
    expect(JSON.stringify(got)).toContain('Tokyo');
    expect(errorOf(t.call('prompts/get', { name: 'weather_report' })[0]).code).toBe(-32602);
    const done = t.call('completion/complete', {
      ref: { type: 'ref/prompt', name: 'weather_report' },
      argument: { name: 'location', value: 'S' },
    })[0]?.result as Msg;
    expect((done.completion as Msg).values).toEqual(['San Francisco', 'Shanghai', 'Sydney']);
    expect(t.seen.flatMap((m) => m.violations)).toEqual([]);
  });

  it('logging: setLevel filters notifications/message, a bad level is -32602', () => {
    const t = session({ capabilities: { logging: {} } });
    t.handshake();
    expect(t.s.log(0, 'debug', 'hidden')).toBe(false);
    t.call('logging/setLevel', { level: 'debug' });
    expect(t.s.log(0, 'debug', 'shown')).toBe(true);
    expect(t.drain()[0]?.method).toBe('notifications/message');
    expect(errorOf(t.call('logging/setLevel', { level: 'loud' })[0]).code).toBe(-32602);
  });

  it('logging: once the client set a level, a tool call is logged at it and above, before the result', () => {
    const t = session({
      capabilities: { logging: {}, tools: {} },
      tools: ['calculator_arithmetic'],
    });
    t.handshake();
    const call = () =>
      t.call('tools/call', { name: 'calculator_arithmetic', arguments: { expression: '1+1' } });
    // No level chosen: what the server logs is its own choice, and this one logs nothing.
    expect(call().map((m) => m.method ?? 'answer')).toEqual(['answer']);
    t.call('logging/setLevel', { level: 'info' });
    const info = call();
    expect(info.map((m) => m.method ?? 'answer')).toEqual(['notifications/message', 'answer']);
    expect(((info[0]?.params ?? {}) as Msg).level).toBe('info');
    t.call('logging/setLevel', { level: 'debug' });
    expect(call().map((m) => (m.params as Msg | undefined)?.level ?? 'answer')).toEqual([
      'info',
      'debug',
      'answer',
    ]);
    t.call('logging/setLevel', { level: 'error' });
    expect(call().map((m) => m.method ?? 'answer')).toEqual(['answer']);
    expect(t.seen.flatMap((m) => m.violations)).toEqual([]);
  });

  it('undeclared capabilities are -32601, and list_changed only with listChanged', () => {
    const t = session({ capabilities: { tools: {} } });
    t.handshake();
    expect(errorOf(t.call('resources/list')[0]).code).toBe(-32601);
    expect(t.s.addTool(0, 'calculator_arithmetic')).toBe(false);
    expect(t.drain()).toEqual([]);
  });

  it('tools that need the client ask it only when it declared the capability', () => {
    const tools = ['summarize_text', 'collect_feedback', 'list_project_roots'] as const;
    const rich = session(
      { tools: [...tools] },
      { capabilities: { sampling: {}, elicitation: {}, roots: {} } },
    );
    rich.handshake();
    const summary = rich.call('tools/call', {
      name: 'summarize_text',
      arguments: { text: 'long text' },
    });
    expect(summary.map((m) => m.method ?? 'result')).toEqual(['sampling/createMessage', 'result']);
    const feedback = rich.call('tools/call', { name: 'collect_feedback', arguments: {} });
    expect(feedback.map((m) => m.method ?? 'result')).toEqual(['elicitation/create', 'result']);
    const roots = rich.call('tools/call', { name: 'list_project_roots', arguments: {} });
    expect(JSON.stringify(roots.at(-1))).toContain('file:///home/learner/project');
    expect(rich.seen.flatMap((m) => m.violations)).toEqual([]);

    const bare = session({ tools: [...tools] });
    bare.handshake();
    for (const name of tools) {
      const out = bare.call('tools/call', { name, arguments: { text: 'x' } });
      expect(out).toHaveLength(1);
      expect(resultOf(out[0]).isError).toBe(true);
    }
    expect(bare.seen.flatMap((m) => m.violations)).toEqual([]);
  });

  it('declares only what the negotiated revision has: no completions in a 2024-11-05 session', () => {
    const caps = { tools: {}, completions: {}, tasks: { list: {} }, experimental: { x: {} } };
    const versions = ['2025-11-25', '2024-11-05'];
    const old = session({ capabilities: caps, versions }, { versions: ['2024-11-05'] });
    old.toServer(old.c.initialize());
    const [answer] = old.drain();
    expect(resultOf(answer)).toMatchObject({ protocolVersion: '2024-11-05' });
    expect(resultOf(answer).capabilities).toEqual({ tools: {}, experimental: { x: {} } });
    const now = session({ capabilities: caps, versions });
    now.toServer(now.c.initialize());
    expect(resultOf(now.drain()[0]).capabilities).toEqual(caps);
  });

  it('asks the client nothing before notifications/initialized (lifecycle › Initialization)', () => {
    const early = session(
      { tools: ['collect_feedback'] },
      { capabilities: { sampling: {}, elicitation: {}, roots: {} } },
    );
    early.toServer(early.c.initialize());
    early.drain();
    // The client calls a tool before it said it is initialized (its own slip): the server answers
    // with a tool error instead of sending a request of its own.
    const out = early.call('tools/call', { name: 'collect_feedback', arguments: {} });
    expect(out.map((m) => m.method ?? 'result')).toEqual(['result']);
    expect(resultOf(out[0]).isError).toBe(true);
    expect(JSON.stringify(out[0])).toContain('notifications/initialized');
    const serverSaid = early.seen.filter((m) => m.direction === 'server->client');
    expect(serverSaid.flatMap((m) => m.violations)).toEqual([]);
  });
});

describe('the simulated server keeps to the rules it teaches', () => {
  const noViolations = (t: ReturnType<typeof session>) =>
    expect(
      t.seen.filter((m) => m.direction === 'server->client').flatMap((m) => m.violations),
    ).toEqual([]);

  it('refuses a second initialize and keeps what the first one negotiated', () => {
    const t = session({}, { capabilities: { sampling: {} } });
    t.handshake();
    t.toServer({
      jsonrpc: '2.0',
      id: 'again',
      method: 'initialize',
      params: {
        protocolVersion: '2024-11-05',
        capabilities: {},
        clientInfo: { name: 'x', version: '1' },
      },
    });
    const [answer] = t.drain();
    expect(errorOf(answer).code).toBe(-32600);
    expect(t.s.negotiatedVersion).toBe('2025-11-25');
    expect(t.s.clientCapabilities).toEqual({ sampling: {} });
  });

  it('answers params that do not fit the method with -32602', () => {
    const t = session({ capabilities: { tools: {}, resources: {}, completions: {}, prompts: {} } });
    t.toServer({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25' },
    });
    expect(errorOf(t.drain()[0]).code).toBe(-32602);
    expect(t.s.negotiatedVersion).toBeNull();
    t.handshake();
    expect(errorOf(t.call('resources/read', {})[0]).code).toBe(-32602);
    expect(errorOf(t.call('completion/complete', {})[0]).code).toBe(-32602);
    expect(errorOf(t.call('tools/list', { cursor: 'bogus' })[0]).code).toBe(-32602);
    expect(resultOf(t.call('tools/list', {})[0]).tools).toBeDefined();
    const unknownPrompt = t.call('completion/complete', {
      ref: { type: 'ref/prompt', name: 'nope' },
      argument: { name: 'location', value: '' },
    });
    expect(errorOf(unknownPrompt[0]).code).toBe(-32602);
    // A method of a capability it did not declare is still -32601, whatever its params.
    const bare = session({ capabilities: {} });
    bare.handshake();
    expect(errorOf(bare.call('resources/read', {})[0]).code).toBe(-32601);
  });

  it('answers bad arguments of the session tools as a tool error, as its inputSchema says', () => {
    const t = session(
      { tools: ['long_running_task', 'summarize_text'] },
      { capabilities: { sampling: {} } },
    );
    t.handshake();
    for (const [name, args] of [
      ['long_running_task', { steps: '3' }],
      ['long_running_task', { steps: 2.5 }],
      ['long_running_task', { delayMs: -1 }],
      ['long_running_task', { step: 3 }],
      ['summarize_text', {}],
      ['summarize_text', { text: 42 }],
    ] as const) {
      const answers = t.call('tools/call', { name, arguments: args });
      expect(answers, `${name} ${JSON.stringify(args)}`).toHaveLength(1);
      expect(resultOf(answers[0]).isError).toBe(true);
    }
    const good = t.call('tools/call', {
      name: 'long_running_task',
      arguments: { steps: 2, delayMs: 0 },
    });
    expect(resultOf(good[0]).isError).toBeUndefined();
  });

  it('asks for a form only from a client that declared form mode, in a revision that has it', () => {
    const urlOnly = session(
      { tools: ['collect_feedback'] },
      { capabilities: { elicitation: { url: {} } } },
    );
    urlOnly.handshake();
    const a = urlOnly.call('tools/call', { name: 'collect_feedback', arguments: { topic: 't' } });
    expect(a.map((m) => m.method ?? 'answer')).toEqual(['answer']);
    expect(resultOf(a[0]).isError).toBe(true);
    noViolations(urlOnly);

    const old = session(
      { tools: ['collect_feedback'], versions: ['2025-03-26'] },
      { capabilities: { elicitation: {} }, versions: ['2025-03-26'] },
    );
    old.handshake();
    const b = old.call('tools/call', { name: 'collect_feedback', arguments: {} });
    expect(b.map((m) => m.method ?? 'answer')).toEqual(['answer']);
    expect(JSON.stringify(resultOf(b[0]).content)).toContain('2025-03-26');
    noViolations(old);

    const form = session(
      { tools: ['collect_feedback'] },
      { capabilities: { elicitation: { form: {} } } },
    );
    form.handshake();
    const c = form.call('tools/call', { name: 'collect_feedback', arguments: {} });
    expect(c[0]?.method).toBe('elicitation/create');
  });

  it('stops listing a call as worked on once its answer has gone out', () => {
    const t = session({ tools: ['long_running_task'] });
    t.handshake();
    t.toServer(
      t.c.request(
        'tools/call',
        { name: 'long_running_task', arguments: { steps: 2, delayMs: 10 } },
        { progress: true },
      ),
    );
    expect(t.s.working()).toHaveLength(1);
    t.drain();
    expect(t.s.working()).toEqual([]);
  });

  it('serves the cities its weather tool knows, and no others', () => {
    const t = session({ capabilities: { tools: {}, resources: {} } });
    t.handshake();
    const stations = resultOf(t.call('resources/read', { uri: 'weather://stations' })[0]);
    const listed = JSON.parse(String((stations.contents as Msg[])[0]?.text)) as string[];
    expect(listed).toContain('Nairobi');
    for (const city of listed) {
      const weather = resultOf(
        t.call('tools/call', { name: 'weather_current', arguments: { location: city } })[0],
      );
      expect(weather.isError, city).toBeUndefined();
      const forecast = t.call('resources/read', {
        uri: `weather://forecast/${encodeURIComponent(city)}`,
      });
      expect(resultOf(forecast[0]).contents, city).toBeDefined();
    }
    for (const uri of ['weather://forecast/Atlantis', 'weather://forecast/%E0%A4%A']) {
      expect(errorOf(t.call('resources/read', { uri })[0]).code).toBe(-32002);
    }
  });
});

describe('what the referee and the tools say about themselves', () => {
  it('tells the receiver to answer an unknown request, and never an unknown notification', () => {
    const referee = createReferee();
    const t = session();
    t.handshake();
    for (const m of t.seen) referee.feed(m.direction as 'client->server', m.message);
    const request = referee.feed('client->server', { jsonrpc: '2.0', id: 9, method: 'x/y' });
    const notification = referee.feed('client->server', {
      jsonrpc: '2.0',
      method: 'notifications/x',
    });
    expect(request.violations[0]?.message).toContain('-32601');
    expect(notification.violations[0]?.rule).toBe('unknown-method');
    expect(notification.violations[0]?.message).not.toContain('-32601');
    expect(notification.violations[0]?.messageZh).not.toContain('-32601');
  });

  it("checks each session tool's arguments against its own inputSchema", () => {
    const t = session({
      tools: ['long_running_task', 'summarize_text', 'collect_feedback', 'list_project_roots'],
    });
    t.handshake();
    for (const tool of t.s.toolDefinitions()) {
      const schema = tool.inputSchema as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      const extra = t.call('tools/call', { name: tool.name, arguments: { not_in_schema: 1 } });
      expect(resultOf(extra[0]).isError, tool.name).toBe(true);
      for (const key of schema.required ?? []) {
        const missing = t.call('tools/call', { name: tool.name, arguments: {} });
        expect(JSON.stringify(resultOf(missing[0]).content), tool.name).toContain(key);
      }
    }
  });
});

describe('pagination (server/utilities/pagination), when the server has a page size', () => {
  const paged = () => {
    const t = session({
      pageSize: 2,
      capabilities: { tools: {}, prompts: {} },
      tools: ['weather_current', 'collect_feedback', 'calculator_arithmetic'],
    });
    t.handshake();
    return t;
  };
  const names = (m: Msg | undefined) =>
    ((resultOf(m).tools ?? []) as Array<{ name: string }>).map((tool) => tool.name);

  it('hands out the rest of a list behind an opaque nextCursor, which the client sends back', () => {
    const t = paged();
    const first = t.call('tools/list', {})[0];
    expect(names(first)).toEqual(['weather_current', 'collect_feedback']);
    const cursor = resultOf(first).nextCursor;
    expect(typeof cursor).toBe('string');
    expect(t.c.morePages).toEqual({ method: 'tools/list', cursor });
    t.toServer(t.c.nextPage() as Msg);
    const second = t.drain()[0];
    expect(names(second)).toEqual(['calculator_arithmetic']);
    // The last page has no nextCursor; the client now knows the whole list.
    expect(resultOf(second).nextCursor).toBeUndefined();
    expect(t.c.tools?.map((tool) => tool.name)).toEqual([
      'weather_current',
      'collect_feedback',
      'calculator_arithmetic',
    ]);
    // A cursor stays valid: the page can be fetched again (a cache that expired re-fetches it).
    expect(names(t.call('tools/list', { cursor })[0])).toEqual(['calculator_arithmetic']);
    expect(t.seen.flatMap((s) => s.violations)).toEqual([]);
  });

  it('refuses a cursor it never handed out, or one of another list, with -32602', () => {
    const t = paged();
    const cursor = resultOf(t.call('tools/list', {})[0]).nextCursor as string;
    expect(errorOf(t.call('prompts/list', { cursor })[0]).code).toBe(-32602);
    expect(errorOf(t.call('tools/list', { cursor: `${cursor}x` })[0]).code).toBe(-32602);
  });

  it('sends a list that fits in one page without a cursor, as a server without a page size does', () => {
    const t = session({ pageSize: 5 });
    t.handshake();
    expect(resultOf(t.call('tools/list', {})[0]).nextCursor).toBeUndefined();
    expect(t.c.nextPage()).toBeNull();
  });
});
