/** Terminal colours as plain functions; all of them are identity when colour is off. */
export type Style = {
  readonly enabled: boolean;
  readonly dim: (s: string) => string;
  readonly bold: (s: string) => string;
  readonly red: (s: string) => string;
  readonly yellow: (s: string) => string;
  readonly green: (s: string) => string;
  readonly cyan: (s: string) => string;
  readonly magenta: (s: string) => string;
  readonly blue: (s: string) => string;
};

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
      blue: plain,
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
    blue: wrap(34, 39),
  };
}
