import { beforeAll, describe, expect, it } from 'vitest';
import { SimServer } from '../../src/sim/server/sim-server.js';
import { prepareTools } from '../../src/sim/tools/index.js';
import { withoutCapability } from '../../src/transport/serve-config.js';
import { type Msg, refereedServer, servedConfig } from '../helpers/refereed-server.js';

/**
 * The simulated server's 2026-07-28 streams: input_required rounds (basic/patterns/mrtr),
 * subscriptions/listen (basic/patterns/subscriptions) and request-scoped logs
 * (server/utilities/logging). Every envelope both ways goes through the referee.
 */

const V = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const LOG = 'io.modelcontextprotocol/logLevel';
const SUB = 'io.modelcontextprotocol/subscriptionId';
const INFO = 'io.modelcontextprotocol/serverInfo';
const envelope = (caps: Msg = {}, more: Msg = {}) => ({
  [V]: '2026-07-28',
  [CAPS]: caps,
  'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
  ...more,
});
const ALL = { sampling: {}, elicitation: { form: {} }, roots: {} };

beforeAll(async () => {
  await prepareTools();
});

const serve = servedConfig;
const session = refereedServer;

const last = (out: Msg[]) => out[out.length - 1] as Msg;
const resultOf = (out: Msg[]) => last(out).result as Msg;
const errorOf = (out: Msg[]) => last(out).error as Msg;
const textOf = (result: Msg) => ((result.content as Msg[])[0] as Msg).text as string;

/** What the client answers each input request with. */
const ANSWERS: Record<string, Msg> = {
  'sampling/createMessage': {
    role: 'assistant',
    content: { type: 'text', text: 'The text is short.' },
    model: 'test-model',
    stopReason: 'endTurn',
  },
  'elicitation/create': { action: 'accept', content: { rating: 4, comment: 'Good' } },
  'roots/list': { roots: [{ uri: 'file:///home/learner/project', name: 'project' }] },
};

const CALLS = [
  { name: 'summarize_text', arguments: { text: 'A long text.' }, key: 'summary' },
  { name: 'collect_feedback', arguments: { topic: 'MRTR' }, key: 'feedback' },
  { name: 'list_project_roots', arguments: {}, key: 'roots' },
] as const;

/** The final text the legacy era gives for the same call and the same client answer. */
function legacyText(name: string, args: Msg, answer: Msg): string {
  const server = new SimServer(serve({ era: 'legacy' }));
  server.receive(
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: { sampling: {}, elicitation: {}, roots: {} },
        clientInfo: { name: 't', version: '1' },
      },
    },
    0,
  );
  server.receive({ jsonrpc: '2.0', method: 'notifications/initialized' }, 0);
  server.receive(
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: args } },
    0,
  );
  const out: Msg[] = [];
  for (let item = server.next(); item; item = server.next()) out.push(item.message as Msg);
  const ask = out.find((m) => typeof m.method === 'string' && m.id !== undefined) as Msg;
  server.receive({ jsonrpc: '2.0', id: ask.id, result: answer }, 0);
  const done = server.next()?.message as Msg;
  return textOf(done.result as Msg);
}

/** A first call and its input_required round. */
function round(t: ReturnType<typeof session>, call: (typeof CALLS)[number], caps: Msg = ALL) {
  const out = t.send('tools/call', {
    name: call.name,
    arguments: call.arguments,
    _meta: envelope(caps),
  });
  return resultOf(out);
}

describe('input_required rounds (2026-07-28 basic/patterns/mrtr)', () => {
  for (const call of CALLS) {
    it(`${call.name}: a round with the declared input request, then the retry finishes it as the legacy era does`, () => {
      const t = session();
      const first = round(t, call);
      expect(first.resultType).toBe('input_required');
      expect(first.ttlMs).toBeUndefined();
      expect((first._meta as Msg)[INFO]).toMatchObject({ name: 'mcp-sim' });
      const requests = first.inputRequests as Record<string, Msg>;
      expect(Object.keys(requests)).toEqual([call.key]);
      const method = requests[call.key]?.method as string;
      expect(typeof first.requestState).toBe('string');
      const retry = t.send('tools/call', {
        name: call.name,
        arguments: call.arguments,
        inputResponses: { [call.key]: ANSWERS[method] },
        requestState: first.requestState,
        _meta: envelope(ALL),
      });
      const done = resultOf(retry);
      expect(done.resultType).toBe('complete');
      expect(done.isError).toBeUndefined();
      expect(textOf(done)).toBe(legacyText(call.name, call.arguments, ANSWERS[method] as Msg));
      expect(t.serverViolations).toEqual([]);
      expect(t.clientViolations).toEqual([]);
    });
  }

  it('collect_feedback checks accepted content against its form, in both eras (client/elicitation › Security)', () => {
    const misfits: Msg[] = [{ confirm: true }, { rating: 9 }, { rating: '5' }];
    for (const content of misfits) {
      const answer = { action: 'accept', content };
      const t = session();
      const call = CALLS.find((c) => c.name === 'collect_feedback') as (typeof CALLS)[number];
      const first = round(t, call);
      const done = resultOf(
        t.send('tools/call', {
          name: call.name,
          arguments: call.arguments,
          inputResponses: { [call.key]: answer },
          requestState: first.requestState,
          _meta: envelope(ALL),
        }),
      );
      expect(done.isError, JSON.stringify(content)).toBe(true);
      expect(textOf(done)).toMatch(
        /^The answer does not fit the form \(.+\); no feedback recorded\.$/,
      );
      expect(legacyText(call.name, call.arguments, answer)).toBe(textOf(done));
    }
  });

  it('asks only for what the request itself declared: -32021 with data.requiredCapabilities otherwise', () => {
    const t = session();
    const expected: Record<string, Msg> = {
      summarize_text: { sampling: {} },
      collect_feedback: { elicitation: { form: {} } },
      list_project_roots: { roots: {} },
    };
    for (const call of CALLS) {
      // An earlier request that declared everything does not count (basic/index › Statelessness).
      round(t, call, ALL);
      const out = t.send('tools/call', {
        name: call.name,
        arguments: call.arguments,
        _meta: envelope({}),
      });
      expect(out).toHaveLength(1);
      expect(errorOf(out)).toMatchObject({
        code: -32021,
        data: { requiredCapabilities: expected[call.name] },
      });
    }
    // Only URL-mode elicitation declared: no form for it.
    const urlOnly = t.send('tools/call', {
      name: 'collect_feedback',
      arguments: {},
      _meta: envelope({ elicitation: { url: {} } }),
    });
    expect(errorOf(urlOnly).code).toBe(-32021);
    expect(t.serverViolations).toEqual([]);
  });

  it('rejects a requestState with any one character changed (-32602), and takes the untouched one', () => {
    const t = session();
    const call = CALLS[0];
    const state = round(t, call).requestState as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const retryWith = (requestState: string) =>
      t.send('tools/call', {
        name: call.name,
        arguments: call.arguments,
        inputResponses: { summary: ANSWERS['sampling/createMessage'] },
        requestState,
        _meta: envelope(ALL),
      });
    for (let i = 0; i < state.length; i++) {
      const c = state[i] as string;
      const other = c === '.' ? 'A' : (alphabet[(alphabet.indexOf(c) + 1) % 64] as string);
      const tampered = `${state.slice(0, i)}${other}${state.slice(i + 1)}`;
      const out = retryWith(tampered);
      expect(out, `character ${i}`).toHaveLength(1);
      expect(errorOf(out).code, `character ${i}`).toBe(-32602);
      expect(errorOf(out).message).toMatch(/requestState/);
    }
    // A state made with another key (another server process) is refused too.
    const other = new SimServer(serve({ requestStateKey: 'another key' }));
    other.receive(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: call.name, arguments: call.arguments, _meta: envelope(ALL) },
      },
      0,
    );
    const foreignState = ((other.next()?.message.result ?? {}) as Msg).requestState as string;
    expect(errorOf(retryWith(foreignState)).message).toMatch(/integrity check/);
    expect(resultOf(retryWith(state)).resultType).toBe('complete');
  });

  it('rejects an expired state and a state echoed on another call (-32602)', () => {
    const t = session({ requestStateTtlMs: 1000 });
    const call = CALLS[0];
    const state = round(t, call).requestState as string;
    const retry = (args: Msg) =>
      t.send('tools/call', {
        name: call.name,
        arguments: args,
        inputResponses: { summary: ANSWERS['sampling/createMessage'] },
        requestState: state,
        _meta: envelope(ALL),
      });
    expect(errorOf(retry({ text: 'Another text.' })).message).toMatch(/another request/);
    t.clock.now += 999;
    expect(resultOf(retry(call.arguments)).resultType).toBe('complete');
    t.clock.now += 1;
    expect(errorOf(retry(call.arguments)).message).toMatch(/expired/);
  });

  it('asks again when the retry lacks the input, and refuses answers that are not the result asked for', () => {
    const t = session();
    const call = CALLS[1];
    const state = round(t, call).requestState as string;
    const again = resultOf(
      t.send('tools/call', {
        name: call.name,
        arguments: call.arguments,
        requestState: state,
        _meta: envelope(ALL),
      }),
    );
    // mrtr › Error Handling: missing information is asked for again, not an error.
    expect(again.resultType).toBe('input_required');
    expect(Object.keys(again.inputRequests as Msg)).toEqual(['feedback']);
    const wrong = errorOf(
      t.send('tools/call', {
        name: call.name,
        arguments: call.arguments,
        inputResponses: { feedback: { action: 'sure' } },
        requestState: again.requestState,
        _meta: envelope(ALL),
      }),
    );
    expect(wrong.code).toBe(-32602);
    expect(wrong.message).toContain('/params/inputResponses/feedback');
    const noState = errorOf(
      t.send('tools/call', {
        name: call.name,
        arguments: call.arguments,
        inputResponses: { feedback: ANSWERS['elicitation/create'] },
        _meta: envelope(ALL),
      }),
    );
    expect(noState).toMatchObject({ code: -32602 });
    expect(noState.message).toMatch(/requestState is missing/);
    expect(t.serverViolations).toEqual([]);
  });

  it('keeps nothing between round and retry: another server with the same key finishes it', () => {
    const t = session({ requestStateKey: 'shared' });
    const call = CALLS[2];
    const first = round(t, call);
    t.replace({ requestStateKey: 'shared' });
    const done = resultOf(
      t.send('tools/call', {
        name: call.name,
        arguments: call.arguments,
        inputResponses: { roots: ANSWERS['roots/list'] },
        requestState: first.requestState,
        _meta: envelope(ALL),
      }),
    );
    expect(textOf(done)).toContain('file:///home/learner/project');
    // A fixed key makes the rounds reproducible (lessons).
    const again = session({ requestStateKey: 'shared' });
    expect(round(again, call).requestState).toBe(first.requestState);
  });
});

describe('subscriptions/listen (2026-07-28 basic/patterns/subscriptions)', () => {
  const notes = 'file:///project/notes.txt';

  it('acknowledges first with the honoured subset, then tags every notification with the stream id', () => {
    const t = session();
    const out = t.send('subscriptions/listen', {
      notifications: {
        toolsListChanged: true,
        promptsListChanged: true,
        resourcesListChanged: true,
        resourceSubscriptions: [notes, 'file:///nope'],
      },
      _meta: envelope(),
    });
    expect(out).toHaveLength(1);
    expect(out[0]).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: {
        _meta: { [SUB]: 1 },
        // serve declares no prompts.listChanged, and has no resource file:///nope.
        notifications: {
          toolsListChanged: true,
          resourcesListChanged: true,
          resourceSubscriptions: [notes],
        },
      },
    });
    expect(t.server.addTool(t.clock.now, 'calculator_arithmetic')).toBe(true);
    expect(t.drain()).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/tools/list_changed',
        params: { _meta: { [SUB]: 1 } },
      },
    ]);
    expect(t.server.updateNotes(t.clock.now)).toBe(true);
    expect(t.drain()).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/resources/updated',
        params: { uri: notes, _meta: { [SUB]: 1 } },
      },
    ]);
    expect(t.serverViolations).toEqual([]);
  });

  it('sends only what a stream asked for, on that stream; toggle_tool changes the list and tells it', () => {
    const t = session();
    t.send('subscriptions/listen', {
      notifications: { resourcesListChanged: true },
      _meta: envelope(),
    });
    t.send('subscriptions/listen', {
      notifications: { toolsListChanged: true },
      _meta: envelope(),
    });
    const names = () =>
      (resultOf(t.send('tools/list', { _meta: envelope() })).tools as Msg[]).map((x) => x.name);
    expect(names()).toContain('toggle_tool');
    const out = t.send('tools/call', {
      name: 'toggle_tool',
      arguments: { name: 'weather_current' },
      _meta: envelope(),
    });
    const changed = out.filter((m) => m.method === 'notifications/tools/list_changed');
    expect(changed).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/tools/list_changed',
        params: { _meta: { [SUB]: 2 } },
      },
    ]);
    expect(textOf(resultOf(out))).toMatch(/weather_current is withdrawn/);
    expect(names()).not.toContain('weather_current');
    t.send('tools/call', {
      name: 'toggle_tool',
      arguments: { name: 'weather_current' },
      _meta: envelope(),
    });
    expect(names()).toContain('weather_current');
    expect(t.serverViolations).toEqual([]);
  });

  it('a cancelled stream ends with no response and hears nothing more; the rest end gracefully', () => {
    const t = session();
    t.send('subscriptions/listen', {
      notifications: { toolsListChanged: true },
      _meta: envelope(),
    });
    t.send('subscriptions/listen', {
      notifications: { toolsListChanged: true },
      _meta: envelope(),
    });
    expect(t.notify('notifications/cancelled', { requestId: 1 })).toEqual([]);
    t.server.addTool(t.clock.now, 'db_query');
    expect(t.drain().map((m) => (m.params as Msg)._meta)).toEqual([{ [SUB]: 2 }]);
    expect(t.server.endListens(t.clock.now)).toBe(1);
    expect(t.drain()).toEqual([
      {
        jsonrpc: '2.0',
        id: 2,
        result: {
          resultType: 'complete',
          _meta: { [SUB]: 2, [INFO]: { name: 'mcp-sim', version: '0.1.0' } },
        },
      },
    ]);
    t.server.addTool(t.clock.now, 'weather_current');
    expect(t.drain()).toEqual([]);
    expect(t.serverViolations).toEqual([]);
  });

  it('a listen without a filter is -32602; a legacy session still has none (-32601)', () => {
    const t = session();
    expect(errorOf(t.send('subscriptions/listen', { _meta: envelope() })).code).toBe(-32602);
    const legacy = new SimServer(serve({ era: 'legacy' }));
    expect(legacy.addTool(0, 'db_query')).toBe(false);
    expect(legacy.endListens(0)).toBe(0);
  });
});

describe("serve's own tools, in either era: toggle_tool and add_note", () => {
  const init = (version = '2025-11-25') => ({
    protocolVersion: version,
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  });
  /** A handshake-era session of the server serve runs, the handshake done. */
  const legacy = (extra: Parameters<typeof session>[0] = {}) => {
    const t = session({ era: 'legacy', ...extra });
    t.send('initialize', init());
    t.notify('notifications/initialized', {});
    return t;
  };
  const NOTES = 'file:///project/notes.txt';
  const readNotes = (t: ReturnType<typeof session>, params: Msg = {}) =>
    ((resultOf(t.send('resources/read', { uri: NOTES, ...params })).contents as Msg[])[0] as Msg)
      .text as string;

  it('the handshake era offers both, and toggle_tool is announced (tools.listChanged)', () => {
    const t = legacy();
    const names = (resultOf(t.send('tools/list')).tools as Msg[]).map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['toggle_tool', 'add_note']));
    const out = t.send('tools/call', { name: 'toggle_tool', arguments: { name: 'db_query' } });
    expect(out.map((m) => m.method ?? 'answer')).toEqual([
      'notifications/tools/list_changed',
      'answer',
    ]);
    expect(textOf(resultOf(out))).toMatch(/db_query is withdrawn; the server sent/);
    // serve's own tools are not toggled away.
    const own = t.send('tools/call', { name: 'toggle_tool', arguments: { name: 'add_note' } });
    expect(textOf(resultOf(own))).toMatch(/must be one of the other tools/);
    expect([...t.serverViolations, ...t.clientViolations]).toEqual([]);
  });

  it('add_note changes the notes; a subscribed client is told, one that is not is told why not', () => {
    const t = legacy();
    const before = t.send('tools/call', { name: 'add_note', arguments: { text: 'first' } });
    expect(before.map((m) => m.method ?? 'answer')).toEqual(['answer']);
    expect(textOf(resultOf(before))).toMatch(/has not subscribed to file:\/\/\/project\/notes.txt/);
    expect(readNotes(t)).toMatch(/\nfirst\n$/);
    t.send('resources/subscribe', { uri: NOTES });
    const after = t.send('tools/call', { name: 'add_note', arguments: { text: 'second' } });
    expect(after.map((m) => m.method ?? 'answer')).toEqual([
      'notifications/resources/updated',
      'answer',
    ]);
    expect(readNotes(t)).toMatch(/\nfirst\nsecond\n$/);
    const bad = t.send('tools/call', { name: 'add_note', arguments: {} });
    expect(resultOf(bad).isError).toBe(true);
    expect([...t.serverViolations, ...t.clientViolations]).toEqual([]);
  });

  it('2026-07-28: add_note is told on the listen streams that watch the notes', () => {
    const t = session();
    t.send('subscriptions/listen', {
      notifications: { resourceSubscriptions: [NOTES] },
      _meta: envelope(),
    });
    const out = t.send('tools/call', {
      name: 'add_note',
      arguments: { text: 'modern' },
      _meta: envelope(),
    });
    expect(out.filter((m) => m.method === 'notifications/resources/updated')).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/resources/updated',
        params: { uri: NOTES, _meta: { [SUB]: 1 } },
      },
    ]);
    expect(readNotes(t, { _meta: envelope() })).toMatch(/\nmodern\n$/);
    expect(t.serverViolations).toEqual([]);
  });
});

describe('logLevel (2026-07-28 server/utilities/logging)', () => {
  const call = (t: ReturnType<typeof session>, more: Msg = {}) =>
    t.send('tools/call', {
      name: 'calculator_arithmetic',
      arguments: { expression: '1 + 2' },
      _meta: envelope({}, more),
    });

  it('logs nothing for a request without logLevel, even with a listen stream open', () => {
    const t = session();
    t.send('subscriptions/listen', {
      notifications: { toolsListChanged: true },
      _meta: envelope(),
    });
    const out = call(t);
    expect(out.map((m) => m.method ?? 'answer')).toEqual(['answer']);
    expect(t.server.log(t.clock.now, 'error', 'unasked')).toBe(false);
  });

  it('logs at or above the level asked, before the answer, never on a stream', () => {
    const t = session();
    t.send('subscriptions/listen', {
      notifications: { toolsListChanged: true },
      _meta: envelope(),
    });
    const info = call(t, { [LOG]: 'info' });
    expect(info.map((m) => m.method ?? 'answer')).toEqual(['notifications/message', 'answer']);
    expect(info[0]?.params).toEqual({
      level: 'info',
      logger: 'mcp-sim',
      data: { event: 'tools/call', tool: 'calculator_arithmetic' },
    });
    const debug = call(t, { [LOG]: 'debug' });
    expect(debug.map((m) => (m.params as Msg | undefined)?.level ?? 'answer')).toEqual([
      'info',
      'debug',
      'answer',
    ]);
    expect(call(t, { [LOG]: 'error' }).map((m) => m.method ?? 'answer')).toEqual(['answer']);
    expect(JSON.stringify([...info, ...debug])).not.toContain(SUB);
    expect(t.serverViolations).toEqual([]);
  });

  it('an unknown level is -32602; a server without the logging capability logs nothing', () => {
    const t = session();
    const bad = errorOf(call(t, { [LOG]: 'loud' }));
    expect(bad.code).toBe(-32602);
    expect(bad.message).toContain(LOG);
    const quiet = session({ capabilities: withoutCapability(serve().capabilities, 'logging') });
    expect(call(quiet, { [LOG]: 'debug' }).map((m) => m.method ?? 'answer')).toEqual(['answer']);
  });

  it('logs the round and the verified state of an input_required call', () => {
    const t = session();
    const first = t.send('tools/call', {
      name: 'list_project_roots',
      arguments: {},
      _meta: envelope(ALL, { [LOG]: 'debug' }),
    });
    const state = resultOf(first).requestState;
    expect(
      first.map((m) => ((m.params as Msg | undefined)?.data as Msg | undefined)?.event),
    ).toEqual(['tools/call', 'arguments', 'input_required', undefined]);
    const retry = t.send('tools/call', {
      name: 'list_project_roots',
      arguments: {},
      inputResponses: { roots: ANSWERS['roots/list'] },
      requestState: state,
      _meta: envelope(ALL, { [LOG]: 'debug' }),
    });
    expect(JSON.stringify(retry)).toContain('requestState verified');
    expect(t.serverViolations).toEqual([]);
  });
});
