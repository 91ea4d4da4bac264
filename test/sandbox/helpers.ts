import { advance, type RefereeState, startReferee, verdictOf } from '../../src/machine/index.js';
import type { Side } from '../../src/protocol/index.js';
import type { Offer } from '../../src/sim/sandbox/offers.js';
import { sandboxDefaults } from '../../src/sim/sandbox/peers.js';
import type { SandboxSession } from '../../src/sim/sandbox/session.js';

/**
 * The referee's own verdict on an offer: a fresh referee fed the session's every event, then the
 * offer's envelope (the referee's ledger is shared by the states of one run, so each offer gets a
 * run of its own).
 */
export function judge(session: SandboxSession, offer: Offer): string[] {
  let state: RefereeState = startReferee(session.era === 'modern' ? { era: 'modern' } : {});
  for (const step of session.log.steps) {
    state =
      step.kind === 'close'
        ? advance(state, { type: 'close' })
        : advance(state, { type: 'envelope', direction: step.direction, message: step.message });
  }
  const direction = session.side === 'client' ? 'client->server' : 'server->client';
  state = advance(state, { type: 'envelope', direction, message: offer.envelope });
  return (verdictOf(state)?.violations ?? []).map((v) => v.rule);
}

/** Each offer with what it claims and what the referee says. */
export function compare(session: SandboxSession) {
  return session.offers().map((offer) => ({
    key: offer.key,
    claims: [...new Set(offer.blocks.map((b) => b.rule))].sort(),
    referee: [...new Set(judge(session, offer))].sort(),
  }));
}

export function sandbox(era: 'legacy' | 'modern', side: Side, tweak = {}) {
  return sandboxDefaults(era, side, tweak);
}
