import type { Paint } from '../trace/format-text.js';

/** Terminal colours as plain functions (the trace report's Paint); identity when colour is off. */
export type Style = Paint & { readonly enabled: boolean };

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;
const plain = (s: string) => s;

/** Colour unless NO_COLOR is set (https://no-color.org); only on a terminal unless FORCE_COLOR. */
export function colourWanted(
  env: NodeJS.ProcessEnv = process.env,
  isTTY = Boolean(process.stdout.isTTY),
): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return isTTY;
}

export function createStyle(enabled: boolean): Style {
  if (!enabled) {
    return {
      enabled,
      dim: plain,
      bold: plain,
      red: plain,
      yellow: plain,
      green: plain,
      cyan: plain,
      magenta: plain,
    };
  }
  return {
    enabled,
    dim: wrap(2, 22),
    bold: wrap(1, 22),
    red: wrap(31, 39),
    yellow: wrap(33, 39),
    green: wrap(32, 39),
    cyan: wrap(36, 39),
    magenta: wrap(35, 39),
  };
}
