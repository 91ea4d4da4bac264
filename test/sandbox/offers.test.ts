import { describe, expect, it } from 'vitest';
import { errorAnswer, type MessageOffer, type OfferState } from '../../src/sim/sandbox/offers.js';
import type { SandboxSession } from '../../src/sim/sandbox/session.js';
import { agrees, answerAll, isMessage, judge, pick, sandbox } from './helpers.js';

const send = (s: SandboxSession, key: string) => s.send(pick(s, key).envelope);
const claims = (s: SandboxSession, key: string) => pick(s, key).blocks.map((b) => b.rule);

/** A legacy client through the handshake, with the server's capabilities given. */
function operating(serverCapabilities?: Record<string, unknown>) {
  const s = sandbox('legacy', 'client', serverCapabilities ? { serverCapabilities } : {});
  send(s, 'request:initialize');
  send(s, 'notification:notifications/initialized');
  return s;
}

describe('the offered list equals what the referee accepts', () => {
  it('a fresh legacy client: initialize first, everything else (ping too) must wait', () => {
    const s = sandbox('legacy', 'client');
    const rows = agrees(s);
    expect(rows.filter((r) => r.claims.length === 0).map((r) => r.key)).toEqual([
      'request:initialize',
    ]);
    expect(claims(s, 'request:tools/list')).toEqual(['initialize-not-first']);
    // "The initialization phase MUST be the first interaction": a ping may only wait for its answer.
    expect(claims(s, 'request:ping')).toEqual(['initialize-not-first']);
    expect(claims(s, 'notification:notifications/initialized')).toEqual([
      'initialized-before-result',
    ]);
  });

  it('after initialize, before notifications/initialized', () => {
    const s = sandbox('legacy', 'client');
    const steps = send(s, 'request:initialize');
    // The simulated server answered.
    expect(steps.map((st) => st.verdict?.kind)).toEqual(['request', 'response']);
    agrees(s);
    expect(claims(s, 'request:tools/list')).toEqual(['initialized-not-sent']);
    expect(claims(s, 'request:initialize')).toEqual(['duplicate-initialize']);
    expect(claims(s, 'notification:notifications/initialized')).toEqual([]);
  });

  it('operating: the session’s work comes first, not a second notifications/initialized', () => {
    const s = operating();
    const allowed = s.offers().filter((o) => o.blocks.length === 0);
    expect(allowed[0]?.method).not.toBe('notifications/initialized');
    expect(allowed[0]?.method).not.toBe('initialize');
    const keys = allowed.map((o) => o.key);
    expect(keys.indexOf('notification:notifications/initialized')).toBeGreaterThan(
      keys.indexOf('request:tools/list'),
    );
  });

  it('operating, with a server that declared tools.listChanged and one that declared no tools', () => {
    const full = operating();
    agrees(full);
    expect(claims(full, 'request:tools/list')).toEqual([]);
    const bare = operating({ resources: {} });
    agrees(bare);
    expect(claims(bare, 'request:tools/list')).toEqual(['capability-not-negotiated']);
    expect(claims(bare, 'request:resources/subscribe')).toEqual(['capability-not-negotiated']);
    expect(claims(bare, 'request:resources/list')).toEqual([]);
  });

  it('a learner server with and without tools.listChanged', () => {
    for (const [caps, expected] of [
      [{ tools: { listChanged: true } }, []],
      [{ tools: {} }, ['capability-not-negotiated']],
    ] as const) {
      const s = sandbox('legacy', 'server', { serverCapabilities: caps });
      // The simulated client opened with initialize: the learner's first offer answers it.
      expect(agrees(s)[0]?.key).toMatch(/^result:/);
      expect(claims(s, 'notification:notifications/tools/list_changed')).toEqual([
        'notification-before-initialized',
      ]);
      send(s, s.offers()[0]?.key ?? '');
      agrees(s);
      expect(claims(s, 'notification:notifications/tools/list_changed')).toEqual(expected);
    }
  });

  it('a request of the server waiting for the learner client’s answer', () => {
    const s = operating();
    const call = pick(s, 'request:tools/call');
    const args = { text: 'Ship on Friday.' };
    const steps = s.send({
      ...call.envelope,
      params: { name: 'summarize_text', arguments: args },
    });
    expect(steps.at(-1)?.verdict?.method).toBe('sampling/createMessage');
    const rows = agrees(s);
    expect(rows.map((r) => r.key)).toContain('result:1');
    expect(rows.map((r) => r.key)).toContain(`cancel:${String(call.envelope.id)}`);
    // Answering it lets the server finish the call.
    const answered = send(s, 'result:1');
    expect(answered.at(-1)?.verdict).toMatchObject({ kind: 'response', id: call.envelope.id });
    agrees(s);
  });

  it('a fresh modern client, and one in a modern session', () => {
    const s = sandbox('modern', 'client');
    const fresh = agrees(s);
    // The sandbox is modern from its start: a request without _meta is a modern one missing it.
    expect(claims(s, 'bare:tools/list')).toEqual(['request-meta-missing']);
    expect(fresh.filter((r) => r.claims.length > 0).map((r) => r.key)).toEqual([
      'bare:tools/list',
      'request:initialize',
      'removed:ping',
      'removed:logging/setLevel',
      'removed:resources/subscribe',
      'removed:notifications/roots/list_changed',
    ]);
    const steps = send(s, 'request:server/discover');
    expect(steps.at(-1)?.verdict).toMatchObject({ kind: 'response', violations: [] });
    agrees(s);
    expect(claims(s, 'request:initialize')).toEqual(['era-mixed']);
    expect(claims(s, 'bare:tools/list')).toEqual(['request-meta-missing']);
    expect(claims(s, 'removed:ping')).toEqual(['method-removed']);
  });

  it('modern: after server/discover declared only tools, resources/*, prompts/* and completion/complete are not allowed', () => {
    const s = sandbox('modern', 'client', { serverCapabilities: { tools: {} } });
    // Before discover the client knows nothing of the server: it may call anything (discover.mdx ›
    // When to Call).
    expect(claims(s, 'request:resources/list')).toEqual([]);
    const steps = send(s, 'request:server/discover');
    expect(steps.at(-1)?.message).toMatchObject({ result: { capabilities: { tools: {} } } });
    const rows = agrees(s);
    const undeclared = [
      'request:resources/list',
      'request:resources/templates/list',
      'request:resources/read',
      'request:prompts/list',
      'request:prompts/get',
      'request:completion/complete',
    ];
    for (const key of undeclared) {
      expect(claims(s, key)).toEqual(['capability-not-negotiated']);
      const [block] = pick(s, key).blocks;
      expect(block?.severity).toBe('warning');
      expect(block?.spec.en).toMatch(/^2026-07-28\/architecture\/index › Capability Negotiation/);
    }
    const allowed = rows.filter((r) => r.claims.length === 0).map((r) => r.key);
    expect(allowed).toEqual([
      'request:server/discover',
      'request:tools/list',
      'request:tools/call',
      'request:subscriptions/listen',
    ]);
    // The referee says the same of the request sent, and the server answers -32601.
    const sent = send(s, 'request:prompts/list');
    expect(sent[0]?.verdict?.violations.map((v) => v.rule)).toEqual(['capability-not-negotiated']);
    expect(sent.at(-1)?.message).toMatchObject({ error: { code: -32601 } });
  });

  it('modern: a request without _meta sent first leaves the session modern (it is not a handshake)', () => {
    const s = sandbox('modern', 'client');
    const first = send(s, 'bare:tools/list');
    expect(first[0]?.verdict?.violations.map((v) => v.rule)).toEqual(['request-meta-missing']);
    expect(s.log.view().era).toBe('modern');
    const next = send(s, 'request:server/discover');
    expect(next[0]?.verdict?.violations).toEqual([]);
    agrees(s);
  });

  it('modern: a call that needs input the client did not declare, and the retry', () => {
    const declared = sandbox('modern', 'client', { clientCapabilities: { elicitation: {} } });
    const call = pick(declared, 'request:tools/call');
    const params = call.envelope.params as Record<string, unknown>;
    const steps = declared.send({
      ...call.envelope,
      params: { ...params, name: 'collect_feedback', arguments: { topic: 'the sandbox' } },
    });
    expect(steps.at(-1)?.message).toMatchObject({ result: { resultType: 'input_required' } });
    agrees(declared);
    const retry = declared
      .offers()
      .filter(isMessage)
      .find((o) => o.key.startsWith('retry:'));
    expect(retry?.blocks).toEqual([]);
    expect(declared.send(retry?.envelope).at(-1)?.message).toMatchObject({
      result: { resultType: 'complete' },
    });

    const learnerServer = sandbox('modern', 'server', { clientCapabilities: {} });
    agrees(learnerServer);
    send(learnerServer, learnerServer.offers()[0]?.key ?? '');
    agrees(learnerServer);
    // The client's tools/call waits; an input_required asking what it did not declare is caught.
    send(learnerServer, learnerServer.offers()[0]?.key ?? '');
    expect(claims(learnerServer, `input:${pendingCall(learnerServer)}`)).toEqual([
      'client-capability-not-declared',
    ]);
    agrees(learnerServer);
  });

  // 2026-07-28 client/elicitation › URL Mode Flow: connect_account's URL-mode elicitation travels
  // in an input_required round; the retry accepts it (consent only: no content).
  it('modern: connect_account is offered to a client that declared elicitation.url; the round and its retry', () => {
    const s = sandbox('modern', 'client', {
      clientCapabilities: { elicitation: { form: {}, url: {} } },
    });
    expect(claims(s, 'request:tools/call:connect_account')).toEqual([]);
    const round = send(s, 'request:tools/call:connect_account').at(-1)?.message;
    expect(round).toMatchObject({
      result: {
        resultType: 'input_required',
        inputRequests: { account: { method: 'elicitation/create', params: { mode: 'url' } } },
      },
    });
    agrees(s);
    const retry = s
      .offers()
      .filter(isMessage)
      .find((o) => o.key.startsWith('retry:'));
    expect(retry?.blocks).toEqual([]);
    expect((retry?.envelope.params as Record<string, unknown> | undefined)?.inputResponses).toEqual(
      {
        account: { action: 'accept' },
      },
    );
    const done = s.send(retry?.envelope);
    expect(done.at(-1)?.message).toMatchObject({
      result: {
        resultType: 'complete',
        content: [{ type: 'text', text: 'Connected to calendar.' }],
      },
    });
    expect(done.flatMap((st) => st.verdict?.violations ?? [])).toEqual([]);

    const formOnly = sandbox('modern', 'client', { clientCapabilities: { elicitation: {} } });
    expect(formOnly.offers().map((o) => o.key)).not.toContain('request:tools/call:connect_account');
  });

  it('2026-07-28: a request the learner’s server sends is flagged, and the client answers nothing', () => {
    const s = sandbox('modern', 'server', { clientCapabilities: { sampling: {} } });
    const request = pick(s, 'request:sampling/createMessage');
    expect(request?.blocks.map((b) => b.rule)).toContain('server-request');
    const steps = s.send(request?.envelope);
    expect(steps[0]?.verdict?.violations.map((v) => v.rule)).toContain('server-request');
    // The client MUST NOT write a JSON-RPC response (2026-07-28 stdio › Sending Messages).
    expect(
      steps.filter((st) => st.direction === 'client->server' && st.verdict?.kind !== 'request'),
    ).toEqual([]);
  });

  it('2025-11-25: a learner server running the client’s call as a task (the call, each poll, tasks/result, a status notification)', () => {
    const s = sandbox('legacy', 'server');
    for (const key of ['result:1', 'result:2', 'result:3']) s.send(pick(s, key).envelope);
    // The task-augmented tools/call #4 waits: CreateTaskResult first.
    expect(agrees(s)[0]?.key).toBe('result-task:4');
    s.send(pick(s, 'result-task:4').envelope);
    // tasks/get #5 waits: working or completed, and the task's own status notification.
    const polled = agrees(s).map((r) => r.key);
    expect(polled).toEqual(
      expect.arrayContaining([
        'result-working:5',
        'result-completed:5',
        'notification:notifications/tasks/status',
      ]),
    );
    s.send(pick(s, 'result-completed:5').envelope);
    // tasks/result #6 waits; the task has ended, so no status notification is offered.
    const fetched = agrees(s).map((r) => r.key);
    expect(fetched).toContain('result:6');
    expect(fetched).not.toContain('notification:notifications/tasks/status');
  });

  it('catches a wrong offer: a claim the referee does not make fails the comparison', () => {
    const s = sandbox('legacy', 'client');
    const right = pick(s, 'request:tools/list');
    expect(judge(s, right)).toEqual(right.blocks.map((b) => b.rule));
    const [first] = right.blocks;
    if (!first) throw new Error('tools/list before initialize is not allowed');
    const wrong: MessageOffer = { ...right, blocks: [{ ...first, rule: 'duplicate-request-id' }] };
    expect(judge(s, wrong)).not.toEqual(wrong.blocks.map((b) => b.rule));
    const lies: MessageOffer = { ...right, blocks: [] };
    expect(judge(s, lies)).not.toEqual([]);
  });
});

describe('the offers ask the referee, and asking changes nothing', () => {
  it('every not-allowed offer, sent, produces exactly the violations it names', () => {
    const states: Array<() => SandboxSession> = [
      () => sandbox('legacy', 'client'),
      () => operating({ resources: {} }),
      () => sandbox('legacy', 'server', { serverCapabilities: { tools: {} } }),
      () => sandbox('modern', 'client'),
      () => {
        const s = sandbox('modern', 'client', { serverCapabilities: { tools: {} } });
        send(s, 'request:server/discover');
        return s;
      },
      () => sandbox('modern', 'server', { clientCapabilities: {} }),
    ];
    let tried = 0;
    for (const make of states) {
      for (const offer of make()
        .offers()
        .filter(isMessage)
        .filter((o) => o.blocks.length > 0)) {
        // A session of its own for each: sending one offer changes what the next would get.
        const fresh = make();
        const [own] = fresh.send(pick(fresh, offer.key).envelope);
        const rules = [...new Set(own?.verdict?.violations.map((v) => v.rule))];
        expect({ key: offer.key, rules }).toEqual({
          key: offer.key,
          rules: offer.blocks.map((b) => b.rule),
        });
        tried += 1;
      }
    }
    expect(tried).toBeGreaterThan(20);
  });

  it('asking about a request does not use its id: the same request sent next is no duplicate', () => {
    const s = operating();
    const list = pick(s, 'request:tools/list');
    // Every offer of the list was put to the referee, tools/list with this very id among them.
    expect(s.offers().length).toBeGreaterThan(5);
    const [own] = s.send(list.envelope);
    expect(own?.verdict?.violations).toEqual([]);
    // And the session's record moved on only with what was sent.
    const again = s.send(list.envelope);
    expect(again[0]?.verdict?.violations.map((v) => v.rule)).toContain('duplicate-request-id');
  });

  it('a closed session offers nothing as allowed, each with the rule that says so', () => {
    const s = operating();
    s.log.push({ type: 'close', by: 'client' });
    const offers = s.offers();
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) expect(o.blocks.map((b) => b.rule)).toContain('message-after-shutdown');
  });
});

function pendingCall(s: SandboxSession): string {
  const p = s.log.view().pending.find((q) => q.requester === 'client' && q.method === 'tools/call');
  if (!p) throw new Error('no tools/call waiting');
  return String(p.id);
}

describe('the default peers of a 2026-07-28 sandbox', () => {
  it('the client declares roots with no listChanged flag: that notification was removed', () => {
    const s = sandbox('modern', 'client');
    const request = pick(s, 'request:tools/list').envelope as {
      params: { _meta: Record<string, { roots?: unknown }> };
    };
    expect(request.params._meta['io.modelcontextprotocol/clientCapabilities']?.roots).toEqual({});
    const legacy = sandbox('legacy', 'client');
    const init = pick(legacy, 'request:initialize').envelope as {
      params: { capabilities: { roots?: unknown } };
    };
    expect(init.params.capabilities.roots).toEqual({ listChanged: true });
  });
});

describe('acts on the transport', () => {
  it('closing the connection: allowed, then every message is forbidden and the peer hears none', () => {
    const s = operating();
    const close = s.offers().find((o) => o.key === 'transport:close');
    expect(close?.blocks).toEqual([]);
    if (close?.kind !== 'transport') throw new Error('no close offered');
    const [closed] = s.act(close.act);
    expect(closed?.kind).toBe('close');
    expect(closed?.closedBy).toBe('client');
    expect(s.offers().some((o) => o.kind === 'transport')).toBe(false);
    const list = pick(s, 'request:tools/list');
    expect(list.blocks.map((b) => b.rule)).toEqual(['message-after-shutdown']);
    const steps = s.send(list.envelope);
    expect(steps).toHaveLength(1);
    expect(steps[0]?.verdict?.violations.map((v) => v.rule)).toEqual(['message-after-shutdown']);
  });

  it('a 2026-07-28 client closes the response stream of its listen: the server cancels it', () => {
    const s = sandbox('modern', 'client');
    const steps = s.send(pick(s, 'request:subscriptions/listen').envelope);
    const listenId = steps[0]?.verdict?.id;
    expect(s.log.view().pending.map((p) => p.id)).toContain(listenId);
    const abandon = s.offers().find((o) => o.key === `abandon:${String(listenId)}`);
    if (abandon?.kind !== 'transport') throw new Error('no stream to close offered');
    expect(abandon.blocks).toEqual([]);
    // Each way of cancelling names its transport (cancellation › Transport-Specific Cancellation).
    expect(abandon.label.en).toMatch(/HTTP response stream/);
    expect(pick(s, `cancel:${String(listenId)}`).label).toEqual({
      en: `cancel subscriptions/listen #${String(listenId)} (stdio: notifications/cancelled)`,
      zh: `取消 subscriptions/listen #${String(listenId)}（stdio：notifications/cancelled）`,
    });
    const [own, ...answer] = s.act(abandon.act);
    expect(own?.abandoned).toMatchObject({ id: listenId, cancelled: true });
    expect(answer.filter((st) => st.verdict?.id === listenId)).toEqual([]);
    expect(s.log.view().pending.map((p) => p.id)).not.toContain(listenId);
    expect(s.offers().some((o) => o.key.startsWith('abandon:'))).toBe(false);
  });

  it('a handshake-era client is offered no stream to close: there it is no cancellation', () => {
    const s = operating();
    expect(
      s
        .offers()
        .filter((o) => o.kind === 'transport')
        .map((o) => o.key),
    ).toEqual(['transport:close']);
  });
});

describe('the error a learner server is offered for a request', () => {
  it('names the method not found only when the server does not serve it; otherwise an internal error', () => {
    const s = sandbox('legacy', 'server', { serverCapabilities: { tools: {} } });
    // The simulated client's initialize: a method every server serves.
    const error = s.offers().find((o) => o.kind === 'error') as MessageOffer | undefined;
    expect((error?.envelope.error as { code?: number } | undefined)?.code).toBe(-32603);
  });

  it('by the capability the server declared: tools served, prompts not', () => {
    const state = {
      view: { ruleVersion: '2025-11-25', capabilities: { client: {}, server: { tools: {} } } },
    } as unknown as OfferState;
    const codeOf = (method: string) => {
      const offer = errorAnswer({ requester: 'client', id: 2, method, step: 3 }, state);
      return 'envelope' in offer ? (offer.envelope.error as { code: number }).code : null;
    };
    expect(codeOf('tools/list')).toBe(-32603);
    expect(codeOf('prompts/list')).toBe(-32601);
    expect(codeOf('no/such-method')).toBe(-32601);
  });
});

describe('the simulated client ends the session where the spec says it should', () => {
  it('legacy: an initialize answered with a version it does not speak, it disconnects (lifecycle › Version Negotiation)', () => {
    const s = sandbox('legacy', 'server');
    const init = s.log.steps.at(-1)?.message as { id: number };
    const steps = s.send({
      jsonrpc: '2.0',
      id: init.id,
      result: {
        protocolVersion: '1999-01-01',
        capabilities: {},
        serverInfo: { name: 'learner', version: '1' },
      },
    });
    const close = steps.at(-1);
    expect(close?.kind).toBe('close');
    expect(close?.closedBy).toBe('client');
    expect(close?.notes?.note?.en).toMatch(/1999-01-01, which this client does not support/);
    expect(close?.notes?.note?.zh).toMatch(/1999-01-01/);
    // Nothing of the client after its answer: no initialized, no tools/list.
    expect(
      steps.filter((st) => st.kind === 'message' && st.direction === 'client->server'),
    ).toEqual([]);
  });

  it('modern: server/discover answered with an error other than -32022, the 2026-07-28-only client stops', () => {
    const s = sandbox('modern', 'server');
    const probe = s.log.steps.at(-1)?.message as { id: string; method: string };
    expect(probe.method).toBe('server/discover');
    const steps = s.send({
      jsonrpc: '2.0',
      id: probe.id,
      error: { code: -32603, message: 'Internal error' },
    });
    const close = steps.at(-1);
    expect(close?.kind).toBe('close');
    expect(close?.notes?.note?.en).toMatch(/-32603, not -32022/);
    expect(steps.some((st) => st.kind === 'message' && st.direction === 'client->server')).toBe(
      false,
    );
  });
});

describe('the simulated server waits for the handshake before its own requests', () => {
  it('roots changed before initialized: roots/list only after notifications/initialized (lifecycle › Initialization)', () => {
    const s = sandbox('legacy', 'client', { clientCapabilities: { roots: { listChanged: true } } });
    send(s, s.offers().find((o) => o.key.includes('initialize'))?.key ?? '');
    const early = s.send({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' });
    expect(early.filter((st) => st.direction === 'server->client')).toEqual([]);
    const after = s.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const asked = after.find((st) => st.direction === 'server->client');
    expect(asked?.message).toMatchObject({ method: 'roots/list' });
    expect(asked?.verdict?.violations).toEqual([]);
  });
});

describe('the simulated client asks only for what the learner’s server declared', () => {
  it.each(['legacy', 'modern'] as const)(
    '%s: a server with tools only is asked tools/list and tools/call, nothing else, and no client message breaks a rule',
    (era) => {
      const s = sandbox(era, 'server', { serverCapabilities: { tools: {} } });
      const asked: string[] = [];
      answerAll(s);
      for (const step of s.log.steps) {
        if (step.direction !== 'client->server' || step.verdict?.kind !== 'request') continue;
        asked.push(String(step.verdict.method));
        expect({
          method: step.verdict.method,
          rules: step.verdict.violations.map((v) => v.rule),
        }).toEqual({
          method: step.verdict.method,
          rules: [],
        });
      }
      expect(asked.filter((m) => m !== 'initialize' && m !== 'server/discover')).toEqual([
        'tools/list',
        'tools/call',
      ]);
      expect(s.note()?.en).toMatch(/nothing more to ask/);
    },
  );
});

describe('the simulated client subscribes where the learner’s server lets it', () => {
  /** Answer the client's requests (the offered result) until it has nothing more to ask. */
  const asked = (s: SandboxSession) =>
    s.log.steps
      .filter((st) => st.direction === 'client->server' && st.verdict?.kind === 'request')
      .map((st) => String(st.verdict?.method));

  it('legacy, resources.subscribe declared: the client subscribes to the notes, and an update for them is allowed', () => {
    const s = sandbox('legacy', 'server', {
      serverCapabilities: { resources: { subscribe: true } },
    });
    answerAll(s);
    expect(asked(s)).toContain('resources/subscribe');
    const update = pick(s, 'notification:notifications/resources/updated');
    expect(update.envelope).toMatchObject({ params: { uri: 'file:///project/notes.txt' } });
    expect(update.blocks).toEqual([]);
    agrees(s);
    const steps = s.send(update.envelope);
    expect(steps.at(-1)?.verdict?.violations).toEqual([]);
  });

  it('legacy, resources without subscribe: the client does not subscribe, and an update is flagged', () => {
    const s = sandbox('legacy', 'server', { serverCapabilities: { resources: {} } });
    answerAll(s);
    expect(asked(s)).not.toContain('resources/subscribe');
    expect(claims(s, 'notification:notifications/resources/updated')).not.toEqual([]);
    agrees(s);
  });

  it('2026-07-28: resources/subscribe is gone, so the client never sends it', () => {
    const s = sandbox('modern', 'server', {
      serverCapabilities: { resources: { subscribe: true } },
    });
    answerAll(s);
    expect(asked(s)).not.toContain('resources/subscribe');
    for (const step of s.log.steps) {
      if (step.direction !== 'client->server') continue;
      expect(step.verdict?.violations ?? []).toEqual([]);
    }
  });
});

describe('2026-07-28: the simulated client listens, and the learner’s server honours the stream', () => {
  const NOTES = 'file:///project/notes.txt';
  const listenOf = (s: SandboxSession) =>
    s.log.steps.find(
      (st) => st.direction === 'client->server' && st.verdict?.method === 'subscriptions/listen',
    );

  it('asks for what the server declared; the acknowledgment first, then what was asked, each with the rule for the rest', () => {
    const s = sandbox('modern', 'server', {
      serverCapabilities: { tools: { listChanged: true }, resources: { subscribe: true } },
    });
    answerAll(s);
    const listen = listenOf(s);
    expect(listen?.verdict?.violations).toEqual([]);
    const id = listen?.verdict?.id;
    expect(listen?.message).toMatchObject({
      params: { notifications: { toolsListChanged: true, resourceSubscriptions: [NOTES] } },
    });
    expect(s.note()?.en).toMatch(/listens/);
    agrees(s);
    // Before the acknowledgment, nothing else may go on the stream.
    expect(claims(s, `stream:${id}:notifications/tools/list_changed`)).toEqual([
      'listen-ack-not-first',
    ]);
    expect(claims(s, `ack:${id}`)).toEqual([]);
    expect(s.note()?.en).toMatch(/Acknowledge the stream first/);
    send(s, `ack:${id}`);
    agrees(s);
    expect(s.offers().some((o) => o.key === `ack:${id}`)).toBe(false);
    // Said once acknowledged: what is left to do is on the stream.
    expect(s.note()?.en).toMatch(/which your server acknowledged/);
    expect(s.note()?.zh).toMatch(/已确认/);
    expect(claims(s, `stream:${id}:notifications/tools/list_changed`)).toEqual([]);
    expect(claims(s, `stream:${id}:notifications/resources/updated`)).toEqual([]);
    expect(claims(s, `stream:${id}:notifications/prompts/list_changed`)).toEqual([
      'notification-not-subscribed',
    ]);
    // The handshake era's habit: a list_changed on no stream.
    expect(claims(s, 'unsolicited:notifications/tools/list_changed')).toEqual([
      'unsolicited-notification',
    ]);
    const steps = send(s, `stream:${id}:notifications/resources/updated`);
    expect(steps[0]?.verdict?.violations).toEqual([]);
    agrees(s);
    // The graceful end: a result to the listen.
    const end = send(s, `result:${String(id)}`);
    expect(end[0]?.verdict?.violations).toEqual([]);
    expect(s.offers().some((o) => o.key.startsWith('stream:'))).toBe(false);
  });

  it('the server may tear the stream down with notifications/cancelled; cancelling anything else is flagged', () => {
    const s = sandbox('modern', 'server', { serverCapabilities: { tools: { listChanged: true } } });
    answerAll(s);
    const id = String(listenOf(s)?.verdict?.id);
    send(s, `ack:${id}`);
    // A request of the client's still open beside the stream: the server may not cancel it.
    s.send({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': listenOf(s)?.verdict?.id } },
    });
    const call = s.log.steps.findLast(
      (st) => st.direction === 'client->server' && st.verdict?.kind === 'request',
    );
    expect(call?.verdict?.method).toBe('tools/list');
    agrees(s);
    expect(claims(s, `teardown:${id}`)).toEqual([]);
    expect(claims(s, `cancel-theirs:${String(call?.verdict?.id)}`)).toEqual([
      'server-cancel-not-listen',
    ]);
    const torn = send(s, `teardown:${id}`);
    expect(torn[0]?.verdict?.violations).toEqual([]);
    // The stream is over: nothing more is offered on it, not even its result.
    expect(s.offers().some((o) => o.key.startsWith('stream:') || o.key === `result:${id}`)).toBe(
      false,
    );
    expect(s.offers().some((o) => o.key.startsWith('teardown:'))).toBe(false);
    agrees(s);
    // Once the list is answered, the client waits for nothing: not for the torn-down stream.
    answerAll(s);
    expect(s.note()?.en).toMatch(/nothing more to ask: .* tore its listen stream down/);
    expect(s.note()?.zh).toMatch(/订阅流已被你的服务器拆除/);
  });

  it('a server that declared no change notifications is not asked to listen', () => {
    const s = sandbox('modern', 'server', { serverCapabilities: { tools: {} } });
    answerAll(s);
    expect(listenOf(s)).toBeUndefined();
    expect(s.note()?.en).toMatch(/nothing more to ask/);
  });

  it('handshake era: no listen (2026-07-28 added it)', () => {
    const s = sandbox('legacy', 'server', { serverCapabilities: { tools: { listChanged: true } } });
    answerAll(s);
    expect(listenOf(s)).toBeUndefined();
  });
});

describe('the simulated client acts on what changed, as a client would', () => {
  const asked = (
    steps: readonly {
      direction?: string;
      verdict?: { kind: string; method: string | null; violations: readonly unknown[] } | null;
    }[],
  ) =>
    steps
      .filter((st) => st.direction === 'client->server' && st.verdict?.kind === 'request')
      .map((st) => ({ method: st.verdict?.method, violations: st.verdict?.violations.length }));

  it('handshake era: tools/list_changed → tools/list, resources/updated → resources/read of that resource', () => {
    const s = sandbox('legacy', 'server', {
      serverCapabilities: { tools: { listChanged: true }, resources: { subscribe: true } },
    });
    answerAll(s);
    expect(asked(send(s, 'notification:notifications/tools/list_changed'))).toEqual([
      { method: 'tools/list', violations: 0 },
    ]);
    agrees(s);
    answerAll(s);
    const read = send(s, 'notification:notifications/resources/updated');
    expect(asked(read)).toEqual([{ method: 'resources/read', violations: 0 }]);
    expect(read.at(-1)?.message).toMatchObject({ params: { uri: 'file:///project/notes.txt' } });
  });

  it('a notification the referee flags is dropped: the client asks nothing', () => {
    const s = sandbox('legacy', 'server', { serverCapabilities: { tools: {} } });
    answerAll(s);
    const steps = send(s, 'notification:notifications/tools/list_changed');
    expect(steps[0]?.verdict?.violations.length).toBeGreaterThan(0);
    expect(asked(steps)).toEqual([]);
  });

  it('2026-07-28: a list_changed on the listen stream → tools/list, with the listen still open', () => {
    const s = sandbox('modern', 'server', { serverCapabilities: { tools: { listChanged: true } } });
    answerAll(s);
    const listen = s.log.steps.findLast((st) => st.verdict?.method === 'subscriptions/listen');
    const id = String(listen?.verdict?.id);
    send(s, `ack:${id}`);
    expect(asked(send(s, `stream:${id}:notifications/tools/list_changed`))).toEqual([
      { method: 'tools/list', violations: 0 },
    ]);
    agrees(s);
    // On no stream: dropped.
    answerAll(s);
    expect(asked(send(s, 'unsolicited:notifications/tools/list_changed'))).toEqual([]);
  });
});
