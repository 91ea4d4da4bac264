import { expect } from 'vitest';
import { advance, type RefereeState, startReferee, verdictOf } from '../../src/machine/index.js';
import type { Side } from '../../src/protocol/index.js';
import type { MessageOffer, Offer } from '../../src/sim/sandbox/offers.js';
import { sandboxDefaults } from '../../src/sim/sandbox/peers.js';
import type { SandboxSession } from '../../src/sim/sandbox/session.js';

/**
 * The referee's own verdict on an offer: a fresh referee fed the session's every event, then the
 * offer's envelope (the referee's ledger is shared by the states of one run, so each offer gets a
 * run of its own).
 */
export function judge(session: SandboxSession, offer: MessageOffer): string[] {
  let state: RefereeState = startReferee(session.era === 'modern' ? { era: 'modern' } : {});
  for (const step of session.log.steps) {
    state =
      step.kind === 'close'
        ? advance(state, { type: 'close' })
        : step.kind === 'abandon' && step.abandoned
          ? advance(state, { type: 'abandon', id: step.abandoned.id })
          : advance(state, { type: 'envelope', direction: step.direction, message: step.message });
  }
  const direction = session.side === 'client' ? 'client->server' : 'server->client';
  state = advance(state, { type: 'envelope', direction, message: offer.envelope });
  return (verdictOf(state)?.violations ?? []).map((v) => v.rule);
}

/** Each message offer with what it claims and what the referee says. */
export function compare(session: SandboxSession) {
  return session
    .offers()
    .filter(isMessage)
    .map((offer) => ({
      key: offer.key,
      claims: [...new Set(offer.blocks.map((b) => b.rule))].sort(),
      referee: [...new Set(judge(session, offer))].sort(),
    }));
}

export const isMessage = (offer: Offer): offer is MessageOffer => offer.kind !== 'transport';

/** The message offer with this key (an error naming the offers there are when there is none). */
export function pick(s: SandboxSession, key: string): MessageOffer {
  const offer = s.offers().find((o) => o.key === key);
  if (!offer || !isMessage(offer)) {
    const keys = s.offers().map((o) => o.key);
    throw new Error(`no message offer ${key}: ${keys.join(', ')}`);
  }
  return offer;
}

export function sandbox(era: 'legacy' | 'modern', side: Side, tweak = {}) {
  return sandboxDefaults(era, side, tweak);
}

/** Every offer: allowed ⇔ the referee reports nothing; not allowed ⇔ exactly the rules it names. */
export function agrees(s: SandboxSession) {
  const rows = compare(s);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect({ key: row.key, rules: row.referee }).toEqual({ key: row.key, rules: row.claims });
  }
  // Allowed first, then the rest.
  const firstBlocked = rows.findIndex((r) => r.claims.length > 0);
  if (firstBlocked >= 0)
    expect(rows.slice(firstBlocked).every((r) => r.claims.length > 0)).toBe(true);
  return rows;
}

/**
 * The learner's server answers each request of the client with the offered result, until the
 * client has nothing more to ask; a listen stream (2026-07-28) is left open, not ended.
 */
export function answerAll(s: SandboxSession) {
  for (let turn = 0; turn < 12; turn++) {
    const answer = s
      .offers()
      .find((o) => o.key.startsWith('result:') && o.method !== 'subscriptions/listen');
    if (!answer || !isMessage(answer)) break;
    s.send(answer.envelope);
  }
}
