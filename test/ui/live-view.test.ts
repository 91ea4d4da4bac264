import { describe, expect, it } from 'vitest';
import {
  LIVE_START,
  type LiveAction,
  type LiveFacts,
  type LiveViewState,
  liveIdle,
  liveReduce,
  shownIndex,
  shownSession,
} from '../../src/ui/live-view.js';

type Move = Exclude<LiveAction, 'quit'>;

/** Applies keys one after another, as a burst would, against fixed facts. */
const press = (facts: LiveFacts, ...moves: Move[]): LiveViewState =>
  moves.reduce((state, move) => liveReduce(state, move, facts), LIVE_START);

const one: LiveFacts = { sessions: ['a'], count: 5 };

describe('the live view follows the wire until the teacher steps back', () => {
  it('starts following: the newest step of the newest session', () => {
    expect(shownIndex(LIVE_START, 5)).toBe(4);
    expect(shownSession(LIVE_START, ['a', 'b'])).toBe('b');
    expect(liveIdle(LIVE_START, one)).toEqual(['next', 'last', 'session']);
  });

  it('← and p pin the step, so new envelopes no longer move the view', () => {
    const state = press(one, 'prev', 'prev');
    expect(state.step).toBe(2);
    // Two more envelopes arrive: the view stays where the teacher put it.
    expect(shownIndex(state, 7)).toBe(2);
    expect(liveIdle(state, { ...one, count: 7 })).toEqual(['session']);
  });

  it('G follows again; so does stepping forward onto the newest step', () => {
    expect(press(one, 'prev', 'prev', 'last').step).toBeNull();
    expect(press(one, 'prev', 'next').step).toBeNull();
    expect(press(one, 'prev', 'prev', 'next').step).toBe(3);
  });

  it('g pins the first step; back on the first step does nothing', () => {
    expect(press(one, 'first').step).toBe(0);
    expect(press(one, 'first', 'prev').step).toBe(0);
    expect(press({ sessions: ['a'], count: 1 }, 'prev', 'first')).toEqual(LIVE_START);
  });

  it('a paused view keeps its session when a new one opens; following moves to the new one', () => {
    const paused = press(one, 'prev');
    expect(shownSession(paused, ['a', 'b'])).toBe('a');
    expect(shownSession(liveReduce(paused, 'last', one), ['a', 'b'])).toBe('b');
  });

  it('s moves to the next session, wrapping; the newest one follows new sessions again', () => {
    const three: LiveFacts = { sessions: ['a', 'b', 'c'], count: 5 };
    const first = press(three, 'session');
    expect(shownSession(first, ['a', 'b', 'c'])).toBe('a');
    // A fourth session opens: the teacher picked "a", so the view stays there.
    expect(shownSession(first, ['a', 'b', 'c', 'd'])).toBe('a');
    const back = press(three, 'session', 'session', 'session');
    expect(back.session).toBeNull();
    expect(shownSession(back, ['a', 'b', 'c', 'd'])).toBe('d');
    expect(press(one, 'session')).toEqual(LIVE_START);
  });

  it('? toggles the help and Esc closes it', () => {
    expect(press(one, 'help').help).toBe(true);
    expect(press(one, 'help', 'help').help).toBe(false);
    expect(press(one, 'help', 'closeHelp').help).toBe(false);
  });
});
