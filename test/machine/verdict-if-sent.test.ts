import { describe, expect, it } from 'vitest';
import {
  advance,
  type RefereeEvent,
  type RefereeState,
  RULE_IDS,
  startReferee,
  verdictIfSent,
  verdictOf,
} from '../../src/machine/index.js';
import { CASES } from './rule-cases.js';
import type { Step } from './session-builder.js';

const eventOf = (step: Step): RefereeEvent =>
  step.kind === 'close'
    ? { type: 'close' }
    : step.kind === 'abandon'
      ? { type: 'abandon', id: step.id }
      : {
          type: 'envelope',
          direction: step.direction,
          message: step.message,
          ...(step.headers ? { headers: step.headers } : {}),
        };

/**
 * The sandbox asks the referee what it would say of each message the learner could send, on a
 * fork of the session's state. Asked before every message of every rule's bad and good case (so
 * every part of the ledger is in play), the answer must be the verdict the message then gets, and
 * asking must leave no trace: the same message, sent after the question, is judged as if it had
 * not been asked (a leaked write would make it a duplicate id, a second subscription, …).
 */
describe('verdictIfSent: the verdict of one more message, on a fork', () => {
  it.each(RULE_IDS)('%s', (id) => {
    let asked = 0;
    for (const build of [CASES[id].trigger, CASES[id].legal]) {
      let state: RefereeState = startReferee();
      for (const step of build().steps) {
        const event = eventOf(step);
        const predicted = event.type === 'envelope' ? verdictIfSent(state, event) : undefined;
        state = advance(state, event);
        if (predicted === undefined) continue;
        expect(predicted).toEqual(verdictOf(state));
        asked += 1;
      }
    }
    expect(asked).toBeGreaterThan(0);
  });
});
