import type { StringKey } from '../i18n/strings.js';

/**
 * What the lesson screen is showing, which decides what it may claim: only a lesson saves
 * progress (the help says so), and the recap names what has just ended.
 */
export const SCREEN_MODES = {
  /** `mcp-sim lesson`, or a lesson opened from the menu. */
  lesson: { saves: true, end: 'endLesson' },
  /** `mcp-sim play <file>`, `mcp-sim connect`: a session someone else's code held. */
  recording: { saves: false, end: 'endSession' },
  /** `mcp-sim check <id> --play`: the learner's own code, refereed. */
  exercise: { saves: false, end: 'endYourSession' },
  /** `mcp-sim serve --ui`: a session still going; it shows no recap. */
  live: { saves: false, end: 'endSession' },
} as const satisfies Record<string, { readonly saves: boolean; readonly end: StringKey }>;

export type ScreenMode = keyof typeof SCREEN_MODES;
