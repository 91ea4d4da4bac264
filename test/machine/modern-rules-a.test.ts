import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { citeIssue } from '../../src/protocol/spec-cite.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import {
  CAPS_KEY,
  discovered,
  discoverResult,
  LOG_LEVEL_KEY,
  modernRequest,
  modernResult,
  SUBSCRIPTION_KEY,
  VERSION_KEY,
} from './modern-builder.js';
import { elicit, hs } from './rule-cases.js';
import { rpc, type SessionBuilder, session } from './session-builder.js';
import { ack, listen, onStream } from './stream-builder.js';

const rulesOf = (b: SessionBuilder) => b.run().last.violations.map((v) => v.rule);
const call = (id: number, options: { logLevel?: string; capabilities?: JsonObject } = {}) =>
  modernRequest(
    id,
    'tools/call',
    { name: 'greet', arguments: { name: 'Ada' } },
    {
      ...(options.capabilities ? { capabilities: options.capabilities } : {}),
      ...(options.logLevel ? { meta: { [LOG_LEVEL_KEY]: options.logLevel } } : {}),
    },
  );
const log = (meta?: JsonObject) =>
  rpc.notification('notifications/message', {
    level: 'info',
    data: 'hi',
    ...(meta ? { _meta: meta } : {}),
  });
const cancel = (requestId: number) =>
  rpc.notification('notifications/cancelled', { requestId, reason: 'gave up' });
const input = (id: number, method: string, params: JsonObject = {}) =>
  modernResult(id, {
    resultType: 'input_required',
    inputRequests: { k: { method, params } },
  });

describe('request-meta-missing', () => {
  it('names both keys when _meta is absent, also on the first request of the session', () => {
    const first = session().client(modernRequest(1, 'tools/list', {}, { without: [VERSION_KEY] }));
    expect(rulesOf(first)).toEqual(['request-meta-missing']);
    const bare = discovered().client(rpc.request(1, 'tools/list', {}));
    const hit = bare.run().last.violations.find((v) => v.rule === 'request-meta-missing');
    expect(hit?.message).toContain(VERSION_KEY);
    expect(hit?.message).toContain(CAPS_KEY);
  });

  it('never fires in a legacy session', () => {
    expect(rulesOf(hs().client(rpc.request(1, 'tools/list')))).toEqual([]);
  });
});

describe('server-request', () => {
  it('is the only rule a modern server request breaks; the legacy era is unchanged', () => {
    expect(rulesOf(discovered().server(elicit))).toEqual(['server-request']);
    expect(rulesOf(hs().server(elicit))).toEqual([]);
    expect(rulesOf(hs().client(rpc.request(1, 'roots/list')))).toEqual(['wrong-direction']);
  });
});

describe('log-without-level', () => {
  it('is O(1) bookkeeping that follows each request with logLevel until answered or cancelled', () => {
    const asked = discovered().client(call(1, { logLevel: 'info' }));
    expect(rulesOf(asked.server(log()))).toEqual([]);
    const answered = discovered()
      .client(call(1, { logLevel: 'info' }))
      .server(modernResult(1, { content: [] }))
      .server(log());
    expect(rulesOf(answered)).toEqual(['log-without-level']);
    // Cancelled, the request did ask: the log is one more message for a cancelled request.
    const cancelled = discovered()
      .client(call(1, { logLevel: 'info' }))
      .client(cancel(1))
      .server(log());
    expect(rulesOf(cancelled)).toEqual(['response-after-cancellation']);
    // Cancelled and then answered anyway: a later log message belongs to no request at all.
    const after = discovered()
      .client(call(1, { logLevel: 'info' }))
      .client(cancel(1))
      .server(modernResult(1, { content: [] }))
      .server(log());
    expect(rulesOf(after)).toEqual(['log-without-level']);
    // A cancelled request that never asked for logs does not excuse one.
    const unasked = discovered().client(call(1)).client(cancel(1)).server(log());
    expect(rulesOf(unasked)).toEqual(['log-without-level']);
    // Two in flight, one answered: the other still may get log messages.
    const two = discovered()
      .client(call(1, { logLevel: 'info' }))
      .client(call(2, { logLevel: 'debug' }))
      .server(modernResult(1, { content: [] }))
      .server(log());
    expect(rulesOf(two)).toEqual([]);
    // Another request without logLevel does not count.
    const other = discovered().client(call(1)).client(call(2)).server(log());
    expect(rulesOf(other)).toEqual(['log-without-level']);
  });

  it('judges a log message after a cancellation as the answer after one is judged', () => {
    const warning = discovered()
      .client(call(1, { logLevel: 'info' }))
      .client(cancel(1))
      .server(log())
      .run().last.violations;
    expect(warning.map((v) => [v.rule, v.severity])).toEqual([
      ['response-after-cancellation', 'warning'],
    ]);
    expect(warning[0]?.message).toContain('notifications/message for tools/call #1');
    expect(warning[0]?.message).not.toContain('no client request');
    expect(englishPhrases(warning[0]?.messageZh ?? '')).toEqual([]);
    // The client closed the request's HTTP stream: a MUST NOT (streamable-http › Cancellation).
    const closed = discovered()
      .client(call(1, { logLevel: 'info' }))
      .abandon(1)
      .server(log())
      .run().last.violations;
    expect(closed.map((v) => [v.rule, v.severity])).toEqual([
      ['message-after-stream-closed', 'error'],
    ]);
    expect(closed[0]?.message).toContain('tools/call #1');
  });

  it('flags a log message on a listen stream, and never a legacy log message', () => {
    const stream = discovered()
      .client(call(1, { logLevel: 'info' }))
      .server(log({ [SUBSCRIPTION_KEY]: 'listen:0' }));
    expect(rulesOf(stream)).toEqual(['log-without-level']);
    expect(rulesOf(hs().server(log()))).toEqual([]);
  });

  it('fires on the real recording once the request no longer asks for logs', () => {
    const file = join(import.meta.dirname, '../fixtures/real/v2-modern.jsonl');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const b = session();
    let flagged: number[] = [];
    for (const line of lines) {
      const { direction, message } = JSON.parse(line) as { direction: string; message: JsonObject };
      const meta = (message.params as JsonObject | undefined)?._meta as JsonObject | undefined;
      if (meta) delete meta[LOG_LEVEL_KEY];
      if (direction === 'client->server') b.client(message);
      else b.server(message);
    }
    const { reports } = b.run();
    flagged = reports.filter((r) => r.violations.length > 0).map((r) => r.index);
    expect(flagged).toEqual([15]);
    expect(reports[15]?.violations.map((v) => v.rule)).toEqual(['log-without-level']);
  });
});

describe('client-capability-not-declared', () => {
  it('reads the capabilities of the request itself, never of an earlier one', () => {
    const earlier = discovered()
      .client(call(1))
      .server(modernResult(1, { content: [] }))
      .client(call(2, { capabilities: {} }))
      .server(input(2, 'sampling/createMessage', { messages: [], maxTokens: 5 }));
    expect(rulesOf(earlier)).toEqual(['client-capability-not-declared']);
  });

  it('maps each kind to its capability; an empty elicitation object means form', () => {
    const caps = (capabilities: JsonObject, method: string, params: JsonObject = {}) =>
      rulesOf(
        discovered()
          .client(call(1, { capabilities }))
          .server(input(1, method, params)),
      );
    expect(caps({ roots: {} }, 'roots/list')).toEqual([]);
    expect(caps({ sampling: {} }, 'roots/list')).toEqual(['client-capability-not-declared']);
    const form = { message: 'm', requestedSchema: { type: 'object', properties: {} } };
    const url = { mode: 'url', message: 'm', url: 'https://example.com/consent' };
    expect(caps({ elicitation: {} }, 'elicitation/create', form)).toEqual([]);
    expect(caps({ elicitation: { url: {} } }, 'elicitation/create', form)).toEqual([
      'client-capability-not-declared',
    ]);
    expect(caps({ elicitation: {} }, 'elicitation/create', url)).toEqual([
      'client-capability-not-declared',
    ]);
  });

  // client/sampling › Capabilities (2026-07-28): "Servers MUST NOT send tool-enabled sampling
  // requests to Clients that have not declared support for tool use via sampling.tools"; the
  // handshake era's referee already held servers to it, the modern one did not.
  it('tool-enabled sampling needs sampling.tools; includeContext without sampling.context warns', () => {
    const verdicts = (capabilities: JsonObject, params: JsonObject) =>
      discovered()
        .client(call(1, { capabilities }))
        .server(input(1, 'sampling/createMessage', { messages: [], maxTokens: 5, ...params }))
        .run()
        .last.violations.map((v) => `${v.rule}:${v.severity}:${v.message} [${v.spec}]`);
    const tools = { tools: [{ name: 'get', inputSchema: { type: 'object' } }] };
    const plain = verdicts({ sampling: {} }, tools);
    expect(plain).toHaveLength(1);
    expect(plain[0]).toMatch(
      /^client-capability-not-declared:error:.*sampling\.tools.*\[2026-07-28\/client\/sampling › Tools in Sampling \(/,
    );
    expect(verdicts({ sampling: {} }, { toolChoice: { mode: 'auto' } })).toHaveLength(1);
    expect(verdicts({ sampling: { tools: {} } }, tools)).toEqual([]);
    // No sampling at all: one finding, naming the precise path, citing mrtr (the kind is missing).
    const none = verdicts({}, tools);
    expect(none).toHaveLength(1);
    expect(none[0]).toMatch(
      /declare sampling\.tools in.*\[2026-07-28\/basic\/patterns\/mrtr › Server Requirements \(Basic Workflow\) \(/,
    );
    // A SHOULD NOT (client/sampling, deprecated includeContext): a warning, not an error.
    const context = verdicts({ sampling: {} }, { includeContext: 'thisServer' });
    expect(context).toHaveLength(1);
    expect(context[0]).toMatch(
      /^client-capability-not-declared:warning:.*sampling\.context.*\[2026-07-28\/client\/sampling › Capabilities \(/,
    );
    expect(verdicts({ sampling: { context: {} } }, { includeContext: 'allServers' })).toEqual([]);
    expect(verdicts({ sampling: {} }, { includeContext: 'none' })).toEqual([]);
    // Both languages, and the Chinese one without English prose.
    const zh = (capabilities: JsonObject, params: JsonObject) =>
      discovered()
        .client(call(1, { capabilities }))
        .server(input(1, 'sampling/createMessage', { messages: [], maxTokens: 5, ...params }))
        .run()
        .last.violations.flatMap((v) => [v.messageZh, v.specZh]);
    for (const text of [
      ...zh({ sampling: {} }, tools),
      ...zh({ sampling: {} }, { includeContext: 'thisServer' }),
    ])
      expect(englishPhrases(text), text).toEqual([]);
    // The sections a finding cites exist in 2026-07-28.
    for (const v of [...plain, ...context]) {
      const cited = /\[(\S+ › [^(]+?) \(/.exec(v)?.[1];
      expect(cited && citeIssue(cited)).toBeNull();
    }
  });
});

describe('results of modern requests', () => {
  it('result-type-missing: absent, or a value no declared extension adds', () => {
    const absent = rpc.result(1, {
      content: [],
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } },
    });
    const b = discovered().client(call(1)).server(absent);
    expect(rulesOf(b)).toEqual(['result-type-missing']);
    expect(
      rulesOf(
        discovered()
          .client(call(1))
          .server(modernResult(1, { resultType: 'done', content: [] })),
      ),
    ).toEqual(['result-type-missing']);
  });

  it('cache-hints-missing: only complete results of the cacheable methods', () => {
    const list = (result: JsonObject) =>
      rulesOf(
        discovered()
          .client(modernRequest(1, 'resources/read', { uri: 'file:///a' }))
          .server(modernResult(1, result)),
      );
    expect(list({ contents: [], ttlMs: -1, cacheScope: 'shared' })).toEqual([
      'cache-hints-missing',
    ]);
    // (invalid-result may judge its shape: the schema check is another rule's.)
    expect(list({ resultType: 'input_required', requestState: 's' })).not.toContain(
      'cache-hints-missing',
    );
    expect(
      rulesOf(
        discovered()
          .client(call(1))
          .server(modernResult(1, { content: [] })),
      ),
    ).toEqual([]);
  });

  it('version-not-refused: by the server’s own supportedVersions once it answered server/discover', () => {
    const b = session()
      .client(modernRequest('p', 'server/discover'))
      .server(discoverResult('p', ['2026-07-28']))
      .client(modernRequest(1, 'tools/list', {}, { version: '2025-11-25' }))
      .server(modernResult(1, { tools: [], ttlMs: 0, cacheScope: 'public' }));
    expect(rulesOf(b)).toEqual(['version-not-refused']);
    const own = session()
      .client(modernRequest('p', 'server/discover', {}, { version: '2027-01-01' }))
      .server(discoverResult('p', ['2026-07-28']));
    expect(rulesOf(own)).toEqual(['version-not-refused']);
  });

  // basic/versioning › Protocol Version Negotiation: the refusal MUST be an
  // UnsupportedProtocolVersionError; another code tells a dual-era client nothing (or, worse, that
  // the server is a legacy one).
  it('version-not-refused: a refusal with another code than -32022', () => {
    const refused = (code: number) =>
      session()
        .client(modernRequest('p', 'server/discover'))
        .server(discoverResult('p', ['2026-07-28']))
        .client(modernRequest(1, 'tools/list', {}, { version: '2025-11-25' }))
        .server(rpc.error(1, code, 'nope'))
        .run().last.violations;
    const wrong = refused(-32602);
    expect(wrong.map((v) => v.rule)).toEqual(['version-not-refused']);
    expect(wrong[0]?.message).toMatch(/refused it with error -32602 instead of -32022/);
    expect(englishPhrases(wrong[0]?.messageZh ?? '')).toEqual([]);
    expect(refused(-32601).map((v) => v.rule)).toEqual(['version-not-refused']);
    // The right code: only its own data is judged (unsupported-version-error-incomplete).
    expect(refused(-32022).map((v) => v.rule)).not.toContain('version-not-refused');
    // A version the server serves may be refused for any reason.
    const served = session()
      .client(modernRequest('p', 'server/discover'))
      .server(discoverResult('p', ['2026-07-28']))
      .client(modernRequest(1, 'tools/list'))
      .server(rpc.error(1, -32603, 'broke'))
      .run().last.violations;
    expect(served).toEqual([]);
  });
});

describe('a rule both eras judge cites the revision of the session', () => {
  const progress = (token: string) =>
    rpc.notification('notifications/progress', { progressToken: token, progress: 1 });
  it('2026-07-28: progress and request ids on their own pages (patterns/, and ids only while waiting)', () => {
    const modern = discovered().client(call(1)).server(progress('nobody')).run().last.violations;
    expect(modern.map((v) => v.rule)).toEqual(['unknown-progress-token']);
    expect(modern[0]?.spec).toMatch(
      /^2026-07-28\/basic\/patterns\/progress › Behavior Requirements/,
    );
    const twice = discovered().client(call(1)).client(call(1)).run().last.violations;
    expect(twice.map((v) => v.rule)).toEqual(['duplicate-request-id']);
    expect(twice[0]?.spec).toBe(
      '2026-07-28/basic/index › Requests (an id MUST NOT match a request of the sender still waiting for its response)',
    );
    expect(twice[0]?.specZh).toContain('id 不得与发送方仍在等待回应的请求相同');
  });

  it('2026-07-28: shutdown on the stdio page, since the revision has no lifecycle page', () => {
    const late = discovered().close().client(call(1)).run().last.violations;
    expect(late.map((v) => v.rule)).toEqual(['message-after-shutdown']);
    expect(late[0]?.spec).toBe('2026-07-28/basic/transports/stdio › Shutdown');
  });

  it('the handshake era: the 2025-11-25 pages, as before', () => {
    const legacy = hs().server(progress('nobody')).run().last.violations;
    expect(legacy.map((v) => v.rule)).toEqual(['unknown-progress-token']);
    expect(legacy[0]?.spec).toMatch(
      /^2025-11-25\/basic\/utilities\/progress › Behavior Requirements/,
    );
  });
});

describe('era-mixed: how strong the rule is depends on what the client knew', () => {
  const severities = (b: SessionBuilder) =>
    b.run().last.violations.map((v) => `${v.rule}:${v.severity}`);

  it('initialize after a modern DiscoverResult is a warning: "Do not fall back" is a step of a SHOULD, no MUST (stdio › Backward Compatibility)', () => {
    const [finding] = discovered().initialize().run().last.violations;
    expect([finding?.rule, finding?.severity]).toEqual(['era-mixed', 'warning']);
    expect(finding?.message).toContain('Do not fall back to initialize');
  });

  it('initialize on a connection that only opened modern is a warning: a dual-era server MAY serve both eras', () => {
    const opened = session()
      .client(modernRequest(1, 'tools/list'))
      .server(modernResult(1, { tools: [], ttlMs: 0, cacheScope: 'private' }));
    expect(severities(opened.initialize({ id: 2 }))).toEqual(['era-mixed:warning']);
  });
});

describe('a source that knows the session is modern before its first message', () => {
  it('the first request without _meta is a modern request missing it, not a handshake-era opening', async () => {
    const { advance, runReferee, startReferee, verdictOf } = await import(
      '../../src/machine/index.js'
    );
    const bare = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const event = { type: 'envelope', direction: 'client->server', message: bare } as const;
    const rulesOf = (state: Parameters<typeof verdictOf>[0]) =>
      (verdictOf(state)?.violations ?? []).map((v) => v.rule);
    expect(rulesOf(advance(startReferee({ era: 'modern' }), event))).toEqual([
      'request-meta-missing',
    ]);
    expect(rulesOf(advance(startReferee(), event))).toEqual(['initialize-not-first']);
    // The started actor (the session log's path) agrees with the pure one.
    const run = runReferee({ era: 'modern' });
    run.send(event);
    expect(rulesOf(run.state())).toEqual(['request-meta-missing']);
    expect(run.state().context.era).toBe('modern');
  });
});

describe('subscriptions: a finding that breaks no MUST is a warning of its rule', () => {
  const found = (b: SessionBuilder) =>
    b.run().last.violations.map((v) => `${v.rule}:${v.severity}`);

  it('an acknowledgment honouring more than the filter asked contradicts what the field means, no MUST', () => {
    const extra = discovered()
      .client(listen('l1'))
      .server(ack('l1', { toolsListChanged: true, promptsListChanged: true }));
    expect(found(extra)).toEqual(['ack-beyond-filter:warning']);
    // An acknowledgment naming no open listen breaks the MUST that it carry the subscription's id.
    expect(found(discovered().client(listen('l1')).server(ack('l9')))).toEqual([
      'ack-beyond-filter:error',
    ]);
  });

  it('a type the client asked for but the acknowledgment left out is a warning; one never asked for is an error', () => {
    const both = { toolsListChanged: true, promptsListChanged: true };
    const asked = discovered()
      .client(listen('l1', both))
      .server(ack('l1', { toolsListChanged: true }))
      .server(onStream('notifications/prompts/list_changed', 'l1'));
    expect(found(asked)).toEqual(['notification-not-subscribed:warning']);
    const never = discovered()
      .client(listen('l1'))
      .server(ack('l1'))
      .server(onStream('notifications/prompts/list_changed', 'l1'));
    expect(found(never)).toEqual(['notification-not-subscribed:error']);
  });
});

describe('the tasks extension (2026-07-28 changelog › Major changes, item 6)', () => {
  const TASKS = { ...{ sampling: {} }, extensions: { 'io.modelcontextprotocol/tasks': {} } };
  const call = (id: number, capabilities: JsonObject = TASKS) =>
    modernRequest(id, 'tools/call', { name: 'slow', arguments: {} }, { capabilities });
  const taskHandle = {
    resultType: 'task',
    taskId: 't1',
    status: 'working',
    createdAt: '2026-12-03T10:00:00Z',
    lastUpdatedAt: '2026-12-03T10:00:00Z',
    ttlMs: 60000,
  };

  it('a task handle answers a call that declared the extension: not judged as a CallToolResult', () => {
    const s = discovered().client(call(1)).server(modernResult(1, taskHandle));
    expect(rulesOf(s)).toEqual([]);
    // Without the extension declared, the same answer is a resultType the request did not make valid.
    const bare = discovered().client(call(1, {})).server(modernResult(1, taskHandle));
    expect(rulesOf(bare)).toEqual(['result-type-missing']);
  });

  it('tasks/get, tasks/update and tasks/cancel are the extension’s own when the request declares it', () => {
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      // tasks/update carries its inputResponses (the extension's schema requires them).
      const params =
        method === 'tasks/update' ? { taskId: 't1', inputResponses: {} } : { taskId: 't1' };
      const s = discovered().client(modernRequest(2, method, params, { capabilities: TASKS }));
      expect(rulesOf(s)).toEqual([]);
    }
    // Without it, they are what the core says: removed (tasks/get, tasks/cancel), or unknown.
    const core = (method: string) =>
      rulesOf(
        discovered().client(modernRequest(2, method, { taskId: 't1' }, { capabilities: {} })),
      );
    expect(core('tasks/get')).toEqual(['method-removed']);
    expect(core('tasks/cancel')).toEqual(['method-removed']);
    expect(core('tasks/update')).toEqual(['unknown-method']);
  });

  it('method-removed says tasks/get and tasks/cancel moved to the extension; tasks/result and tasks/list are gone from it too', () => {
    const finding = (method: string) =>
      discovered()
        .client(modernRequest(2, method, { taskId: 't1' }, { capabilities: {} }))
        .run()
        .last.violations.find((v) => v.rule === 'method-removed');
    // changelog › Major changes, item 6: the extension keeps tasks/get (polling) and tasks/cancel.
    for (const method of ['tasks/get', 'tasks/cancel']) {
      const v = finding(method);
      expect(v?.message).toContain('left the core protocol');
      expect(v?.message).toContain('io.modelcontextprotocol/tasks');
      expect(v?.message).not.toContain('was removed');
      expect(v?.messageZh).toContain('io.modelcontextprotocol/tasks');
    }
    // …and removes tasks/result and tasks/list.
    for (const method of ['tasks/result', 'tasks/list']) {
      const v = finding(method);
      expect(v?.message).toContain('was removed in 2026-07-28');
      expect(v?.message).toContain(
        'io.modelcontextprotocol/tasks extension has no such method either',
      );
    }
  });
});

describe('an answer after notifications/cancelled in 2026-07-28 (stdio)', () => {
  it('is a warning that cites stdio › Cancellation’s MUST NOT and the race that hides it', () => {
    const s = discovered()
      .client(modernRequest(7, 'tools/list'))
      .client(cancel(7))
      .server(modernResult(7, { tools: [], ttlMs: 0, cacheScope: 'private' }));
    const [finding] = s.run().last.violations;
    expect([finding?.rule, finding?.severity]).toEqual(['response-after-cancellation', 'warning']);
    expect(finding?.spec).toContain('2026-07-28/basic/transports/stdio › Cancellation');
    expect(finding?.message).toContain('cancellation › Timing Considerations');
  });
});

describe('malformed-request-served', () => {
  it('a request POSTed without its Mcp-Name header, run and answered: cites Server Validation', () => {
    const call = modernRequest(1, 'tools/call', { name: 'greet', arguments: { name: 'Ada' } });
    const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' };
    const served = discovered()
      .clientOverHttp(call, headers)
      .server(modernResult(1, { content: [] }))
      .run().last.violations;
    expect(served.map((v) => v.rule)).toEqual(['malformed-request-served']);
    expect(served[0]?.spec).toMatch(
      /^2026-07-28\/basic\/transports\/streamable-http › Server Validation \(/,
    );
    // Refused with -32020, as it must be: nothing to say of the answer.
    const refused = discovered()
      .clientOverHttp(call, headers)
      .server(rpc.error(1, -32020, 'Header mismatch'))
      .run().last.violations;
    expect(refused.map((v) => v.rule)).not.toContain('malformed-request-served');
    // Refused, but with a code that does not say the headers were wrong.
    const miscoded = discovered()
      .clientOverHttp(call, headers)
      .server(rpc.error(1, -32602, 'Invalid params'))
      .run().last.violations;
    expect(miscoded.map((v) => v.rule)).toEqual(['malformed-request-served']);
    expect(miscoded[0]?.message).toMatch(/instead of -32020/);
    expect(miscoded[0]?.spec).toMatch(/streamable-http › Server Validation/);
    // The same request with every header: served rightly.
    const whole = discovered()
      .clientOverHttp(call, { ...headers, 'mcp-name': 'greet' })
      .server(modernResult(1, { content: [] }))
      .run().last.violations;
    expect(whole).toEqual([]);
  });
});

describe('malformed-request-served: the code of the refusal', () => {
  it('a request without clientCapabilities is refused with -32602, not another code', () => {
    const bare = rpc.request(1, 'tools/list', {
      _meta: { [VERSION_KEY]: '2026-07-28' },
    });
    const answer = (code: number) =>
      discovered()
        .client(bare)
        .server(rpc.error(1, code, 'no'))
        .run().last.violations;
    const wrong = answer(-32603);
    expect(wrong.map((v) => v.rule)).toEqual(['malformed-request-served']);
    expect(wrong[0]?.message).toMatch(/instead of -32602/);
    expect(englishPhrases(wrong[0]?.messageZh ?? '')).toEqual([]);
    expect(answer(-32602)).toEqual([]);
  });
});

describe('a modern server that logs declares logging (server/utilities/logging › Capabilities)', () => {
  it('a log message after a server/discover result without logging is an error', () => {
    const logged = (capabilities: JsonObject) =>
      session()
        .client(modernRequest('p', 'server/discover'))
        .server(
          modernResult('p', {
            supportedVersions: ['2026-07-28'],
            capabilities,
            ttlMs: 0,
            cacheScope: 'private',
          }),
        )
        .client(call(1, { logLevel: 'debug' }))
        .server(log())
        .run().last.violations;
    const without = logged({ tools: {} });
    expect(without.map((v) => `${v.rule}:${v.severity}`)).toEqual([
      'capability-not-negotiated:error',
    ]);
    expect(without[0]?.spec).toMatch(/^2026-07-28\/server\/utilities\/logging › Capabilities \(/);
    expect(englishPhrases(without[0]?.messageZh ?? '')).toEqual([]);
    expect(logged({ tools: {}, logging: {} })).toEqual([]);
    // No server/discover: nothing declared to hold the server to.
    expect(
      session()
        .client(call(1, { logLevel: 'debug' }))
        .server(log())
        .run().last.violations,
    ).toEqual([]);
  });
});

describe('log-below-level', () => {
  const logCall = (id: number, level: string) =>
    modernRequest(id, 'tools/call', {
      name: 'greet',
      arguments: { name: 'Ada' },
      _meta: { [LOG_LEVEL_KEY]: level },
    });
  it('2026-07-28: below the least severe level a waiting request asked for; cites Per-request log level', () => {
    const msg = (level: string) => rpc.notification('notifications/message', { level, data: 'x' });
    const found = discovered().client(logCall(1, 'warning')).server(msg('info')).run()
      .last.violations;
    expect(found.map((v) => `${v.severity} ${v.rule}`)).toEqual(['warning log-below-level']);
    expect(found[0]?.spec).toMatch(
      /^2026-07-28\/server\/utilities\/logging › Per-request log level \(/,
    );
    // At the level, or for another request that asked for debug: nothing to say.
    expect(rulesOf(discovered().client(logCall(1, 'warning')).server(msg('warning')))).toEqual([]);
    expect(
      rulesOf(
        discovered().client(logCall(1, 'warning')).client(logCall(2, 'debug')).server(msg('info')),
      ),
    ).toEqual([]);
  });

  it('the handshake era: only after the server accepted logging/setLevel', () => {
    const msg = rpc.notification('notifications/message', { level: 'debug', data: 'x' });
    const setLevel = rpc.request(1, 'logging/setLevel', { level: 'error' });
    // Before its answer the server may still be logging at the old level.
    expect(rulesOf(hs().client(setLevel).server(msg))).toEqual([]);
    // Refused: the level never took.
    expect(
      rulesOf(
        hs()
          .client(setLevel)
          .server(rpc.error(1, -32602, 'bad level'))
          .server(msg),
      ),
    ).toEqual([]);
    expect(rulesOf(hs().client(setLevel).server(rpc.result(1)).server(msg))).toEqual([
      'log-below-level',
    ]);
  });
});
