import type { LessonAction } from './keymap.js';

/** What the teacher can do in the live view: the lesson keys, and switching sessions. */
export type LiveAction = LessonAction | 'session';

/**
 * Which step of which session is on screen. `null` means "the newest": the newest session, and
 * its newest step, so the view follows the wire until the teacher steps back or picks a session.
 */
export type LiveViewState = {
  /** The session picked with `s`, or null for the newest. */
  readonly session: string | null;
  /** The step the teacher stepped back to, or null to follow the newest. */
  readonly step: number | null;
  /** The session on screen when the step was pinned: a new session must not pull the view away. */
  readonly held: string | null;
  readonly help: boolean;
};

/** What the store holds right now: the sessions' ids (oldest first) and the shown session's size. */
export type LiveFacts = {
  readonly sessions: readonly string[];
  readonly count: number;
};

export const LIVE_START: LiveViewState = { session: null, step: null, held: null, help: false };

/** The index on screen: the pinned step, or the newest one while following. */
export function shownIndex(state: LiveViewState, count: number): number {
  return state.step === null ? Math.max(0, count - 1) : Math.min(state.step, count - 1);
}

/** The session on screen: the one held by a pinned step, else the one picked, else the newest. */
export function shownSession(state: LiveViewState, sessions: readonly string[]): string | null {
  if (state.step !== null && state.held !== null && sessions.includes(state.held)) {
    return state.held;
  }
  if (state.session !== null && sessions.includes(state.session)) return state.session;
  return sessions.at(-1) ?? null;
}

/**
 * One key's effect. Stepping back (←, p, g) pins the step, so new envelopes no longer move the
 * view; G, or stepping forward onto the newest step, follows the wire again. `s` moves to the
 * next session (wrapping); landing on the newest one follows new sessions again.
 */
export function liveReduce(
  state: LiveViewState,
  action: Exclude<LiveAction, 'quit'>,
  facts: LiveFacts,
): LiveViewState {
  const index = shownIndex(state, facts.count);
  const pin = (step: number): LiveViewState => ({
    ...state,
    step,
    held: state.held ?? shownSession(state, facts.sessions),
  });
  const follow: LiveViewState = { ...state, step: null, held: null };
  switch (action) {
    case 'next':
      if (state.step === null) return state;
      return index + 1 >= facts.count - 1 ? follow : pin(index + 1);
    case 'prev':
      return index <= 0 ? state : pin(index - 1);
    case 'first':
      return index <= 0 ? state : pin(0);
    case 'last':
      return state.step === null ? state : follow;
    case 'scrollDown':
    case 'scrollUp':
    case 'pageDown':
    case 'pageUp':
    case 'focus':
    case 'focusBack':
    case 'inspect':
      // The panes scroll and the field tree opens in the screen: the view stays where it is.
      return state;
    case 'help':
      return { ...state, help: !state.help };
    case 'closeHelp':
      return state.help ? { ...state, help: false } : state;
    case 'violations':
    case 'nextBroken':
    case 'prevBroken':
    case 'jump':
      // A session still going has no whole list yet: its keys are not bound here (live-keys.ts).
      return state;
    case 'session': {
      const { sessions } = facts;
      if (sessions.length <= 1) return state;
      const current = shownSession(state, sessions);
      const next = sessions[(sessions.indexOf(current ?? '') + 1) % sessions.length] ?? null;
      return { ...state, session: next === sessions.at(-1) ? null : next, step: null, held: null };
    }
  }
}

/** Keys that would do nothing now, shown dim in the key bar. */
export function liveIdle(state: LiveViewState, facts: LiveFacts): LiveAction[] {
  const idle: LiveAction[] = [];
  const index = shownIndex(state, facts.count);
  if (state.step === null) idle.push('next', 'last');
  if (index <= 0) idle.push('prev', 'first');
  if (facts.sessions.length <= 1) idle.push('session');
  return idle;
}
