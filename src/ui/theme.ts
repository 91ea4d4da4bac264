import type { Phase } from '../machine/index.js';
import type { JsonTokenKind } from './json-lines.js';

/** What a colour means on screen; components ask for a role, never for a colour. */
export type Role =
  | JsonTokenKind
  | Phase
  | 'error'
  | 'warning'
  | 'ok'
  | 'accent'
  | 'client'
  | 'server'
  | 'progress';

const PALETTE = {
  key: 'cyan',
  string: 'green',
  number: 'yellow',
  boolean: 'magenta',
  null: 'magenta',
  punct: undefined,
  initialization: 'yellow',
  operation: 'green',
  shutdown: 'red',
  error: 'red',
  warning: 'yellow',
  ok: 'green',
  accent: 'cyan',
  client: 'blue',
  server: 'magenta',
  progress: 'magenta',
} as const satisfies Record<Role, string | undefined>;

type Fg = { readonly color?: string };
type Border = { readonly borderColor?: string };

/** Style functions to spread on Ink elements: `<Text {...theme.fg('key')}>`. */
export type Theme = {
  readonly colour: boolean;
  /** Text colour for a role; nothing when colour is off (NO_COLOR). */
  readonly fg: (role: Role | null) => Fg;
  readonly border: (role: Role) => Border;
};

export function createTheme(colour: boolean): Theme {
  const pick = (role: Role | null): string | undefined =>
    colour && role !== null ? PALETTE[role] : undefined;
  return {
    colour,
    fg: (role) => {
      const color = pick(role);
      return color === undefined ? {} : { color };
    },
    border: (role) => {
      const color = pick(role);
      return color === undefined ? {} : { borderColor: color };
    },
  };
}

/**
 * https://no-color.org: a non-empty NO_COLOR turns colour off. Ink's chalk does not read it
 * (only FORCE_COLOR and the terminal), so the views ask the theme instead of naming colours.
 */
export function colourEnabled(env: Readonly<Record<string, string | undefined>>): boolean {
  return env.NO_COLOR === undefined || env.NO_COLOR === '';
}
