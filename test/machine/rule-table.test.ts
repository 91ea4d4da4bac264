import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import {
  advance,
  HANDSHAKE_RULES,
  type HttpHeaders,
  MODERN_RULES,
  type ModelMessage,
  type RefereeState,
  RULE_IDS,
  RULE_SETS,
  RULES,
  requestSeen,
  sessionMachine,
  sidePhases,
  startReferee,
  toModelEvent,
} from '../../src/machine/index.js';
import { HANDSHAKE_VERSIONS } from '../../src/protocol/index.js';
import { CASES } from './rule-cases.js';
import {
  C2S,
  initializeRequest,
  initializeResult,
  rpc,
  S2C,
  type Step,
} from './session-builder.js';

/** The state before a session's last message, and that message classified. */
function beforeLast(steps: readonly Step[]): {
  state: RefereeState;
  msg: ModelMessage;
  message: unknown;
  headers: HttpHeaders | undefined;
} {
  const at = steps.findLastIndex((step) => step.kind === 'message');
  const last = steps[at];
  if (last?.kind !== 'message') throw new Error('a case has a message');
  let state = startReferee();
  for (const step of steps.slice(0, at)) {
    state = advance(
      state,
      step.kind === 'close'
        ? { type: 'close' }
        : step.kind === 'abandon'
          ? { type: 'abandon', id: step.id }
          : {
              type: 'envelope',
              direction: step.direction,
              message: step.message,
              ...(step.headers ? { headers: step.headers } : {}),
              ...(step.batch ? { batch: step.batch } : {}),
              ...(step.at !== undefined ? { at: step.at } : {}),
            },
    );
  }
  return {
    state,
    msg: toModelEvent(last.direction, last.message, last.headers, last.batch, last.at),
    message: last.message,
    headers: last.headers,
  };
}

describe('the rule table, one row at a time', () => {
  describe.each(RULE_IDS)('%s', (id) => {
    const rule = RULES[id];

    it('its check, on its own, fires on the bad case', () => {
      const { state, msg } = beforeLast(CASES[id].trigger().steps);
      const found = rule.check(state.context, msg);
      expect(found).not.toBeNull();
      const findings = Array.isArray(found) ? found : [found];
      expect(findings.length).toBeGreaterThan(0);
    });

    it('and not on the good one', () => {
      const { state, msg } = beforeLast(CASES[id].legal().steps);
      const found = rule.check(state.context, msg);
      expect(Array.isArray(found) ? found : found === null ? [] : [found]).toEqual([]);
    });

    it('judges the kind of message of its bad case in the rule set of its session', () => {
      const { state, msg, message, headers } = beforeLast(CASES[id].trigger().steps);
      const after = advance(state, {
        type: 'envelope',
        direction: msg.direction,
        message,
        ...(headers ? { headers } : {}),
      });
      expect(after.context.rules?.judges[msg.type]).toContain(rule);
    });
  });

  it('every row is judged somewhere, and every list starts with message-after-shutdown', () => {
    const sets = [HANDSHAKE_RULES, MODERN_RULES];
    const listed = new Set(sets.flatMap((set) => Object.values(set.judges).flat()));
    expect(RULE_IDS.filter((id) => !listed.has(RULES[id]))).toEqual([]);
    for (const set of sets) {
      for (const list of Object.values(set.judges)) {
        expect(list?.[0]).toBe(RULES['message-after-shutdown']);
      }
    }
  });

  it('maps every revision with a handshake to the handshake rule set, 2026-07-28 to the modern one', () => {
    for (const version of HANDSHAKE_VERSIONS) expect(RULE_SETS[version]).toBe(HANDSHAKE_RULES);
    expect(RULE_SETS['2026-07-28']).toBe(MODERN_RULES);
    expect(MODERN_RULES.era).toBe('modern');
  });
});

const initialize = toModelEvent(C2S, initializeRequest());
const result = toModelEvent(S2C, initializeResult());
const initialized = toModelEvent(C2S, rpc.notification('notifications/initialized'));

/** Pure transitions from a fresh state through `events` (already classified). */
function through(...events: Parameters<typeof transition<typeof sessionMachine>>[2][]) {
  let state = startReferee();
  for (const event of events) [state] = transition(sessionMachine, state, event);
  return state;
}

describe('the guards, through pure transitions', () => {
  it('carriesModernEnvelope: a first request with the _meta envelope opens a modern session', () => {
    const request = toModelEvent(
      C2S,
      rpc.request(1, 'tools/list', {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'rules-test-client', version: '1.0.0' },
        },
      }),
    );
    const state = through(request);
    expect(state.matches({ modern: 'open' })).toBe(true);
    expect(state.context.last?.violations).toEqual([]);
    expect(state.context.last).toMatchObject({ era: 'modern', phase: null });
    // Without the envelope, the same request is the handshake era's, sent too early.
    const bare = through(toModelEvent(C2S, rpc.request(1, 'tools/list')));
    expect(bare.matches('legacy')).toBe(true);
    expect(bare.context.last?.violations.map((v) => v.rule)).toEqual(['initialize-not-first']);
  });

  it('answersInitialize: the result to the initialize id moves both sides on', () => {
    expect(sidePhases(through(initialize, result))).toEqual({
      client: 'operation',
      server: 'initialization',
    });
    const state = through(initialize, result);
    expect(
      state.matches({
        legacy: { handshake: { server: { initialization: 'awaitingInitialized' } } },
      }),
    ).toBe(true);
    expect(state.context.handshake).toMatchObject({
      initialize: 'succeeded',
      negotiatedVersion: '2025-11-25',
    });
  });

  it('answersInitialize: an answer to another request leaves the handshake waiting', () => {
    const ping = toModelEvent(C2S, rpc.request(7, 'ping'));
    const pong = toModelEvent(S2C, rpc.result(7, {}));
    const state = through(initialize, ping, pong);
    expect(
      state.matches({ legacy: { handshake: { client: { initialization: 'awaitingResult' } } } }),
    ).toBe(true);
    expect(state.context.handshake.initialize).toBe('sent');
  });

  it('answersInitialize: a second answer to initialize changes nothing', () => {
    const again = toModelEvent(S2C, initializeResult({ serverVersion: '2024-11-05' }));
    const state = through(initialize, result, again);
    expect(state.context.ruleVersion).toBe('2025-11-25');
    expect(state.context.last?.violations.map((v) => v.rule)).toEqual(['duplicate-response']);
  });

  it('opensHandshake: a duplicate initialize renegotiates nothing; a retry after an error does', () => {
    const duplicate = toModelEvent(C2S, initializeRequest({ id: 1, version: '2024-11-05' }));
    expect(through(initialize, result, initialized, duplicate).context.ruleVersion).toBe(
      '2025-11-25',
    );
    const refused = toModelEvent(S2C, rpc.error(0, -32602, 'Unsupported protocol version'));
    const retry = through(initialize, refused, duplicate);
    expect(retry.context.ruleVersion).toBe('2024-11-05');
    expect(retry.context.handshake).toMatchObject({ initialize: 'sent', initializeId: 1 });
    expect(
      retry.matches({ legacy: { handshake: { client: { initialization: 'awaitingResult' } } } }),
    ).toBe(true);
  });

  it('the server operates once notifications/initialized arrives, even one sent too early', () => {
    const early = through(initialize, initialized);
    expect(sidePhases(early)).toEqual({ client: 'initialization', server: 'operation' });
    expect(early.context.last?.violations.map((v) => v.rule)).toEqual([
      'initialized-before-result',
    ]);
    // The report of the next message carries the phase the state is in.
    expect(through(initialize, initialized, result).context.last?.phase).toBe('operation');
  });

  it('answersOpenRequest: a stray answer is judged and records nothing', () => {
    const stray = toModelEvent(S2C, rpc.result(9, {}));
    const state = through(initialize, result, initialized, stray);
    expect(state.context.last?.violations.map((v) => v.rule)).toEqual(['response-without-request']);
    expect(requestSeen(state, 'client', 9)).toBe(false);
    expect(state.context.pending.list()).toEqual([]);
  });

  it('confirmsSubscription and endsSubscription: confirmed by a result, ended by unsubscribe', () => {
    const uri = 'file:///a.md';
    const subscribe = toModelEvent(C2S, rpc.request(1, 'resources/subscribe', { uri }));
    const confirmed = toModelEvent(S2C, rpc.result(1, {}));
    const refused = toModelEvent(S2C, rpc.error(1, -32002, 'Resource not found'));
    const unsubscribe = toModelEvent(C2S, rpc.request(2, 'resources/unsubscribe', { uri }));
    const base = [initialize, result, initialized, subscribe] as const;
    expect(
      through(...base)
        .context.pending.list()
        .map((p) => p.uri),
    ).toEqual([uri]);
    expect(through(...base, confirmed).context.ledger.subscriptions.has(uri)).toBe(true);
    expect(through(...base, refused).context.ledger.subscriptions.has(uri)).toBe(false);
    expect(through(...base, confirmed, unsubscribe).context.ledger.subscriptions.has(uri)).toBe(
      false,
    );
  });
});
