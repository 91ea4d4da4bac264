import { existsSync } from 'node:fs';
import { basename, delimiter, dirname, join, resolve } from 'node:path';

/** What a command's suggestion depends on: the environment and the script Node was started with. */
export type Invocation = {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly script: string | undefined;
};

const here = (): Invocation => ({ env: process.env, script: process.argv[1] });

/**
 * The words a learner types to run mcp-sim again, as this process was started: `npx mcp-sim`
 * when npm started it (`npm start -- …`, `npx mcp-sim …`: a checkout has no `mcp-sim` on PATH),
 * or when it was not reached through an `mcp-sim` on PATH (`node dist/cli/main.js`); else
 * `mcp-sim`. MCP_SIM_COMMAND, when set, is used as it is (a teacher's `npm start --`, a test).
 */
function commandPrefix(how: Invocation = here()): string {
  const set = how.env.MCP_SIM_COMMAND?.trim();
  if (set) return set;
  if (how.env.npm_lifecycle_event || how.env.npm_execpath) return 'npx mcp-sim';
  return onPath(how) ? 'mcp-sim' : 'npx mcp-sim';
}

/**
 * A runnable command suggested to the learner, `args` after how they start mcp-sim:
 * `suggestCommand('check 01-progress')` is `mcp-sim check 01-progress` or
 * `npx mcp-sim check 01-progress`. The one place every screen and report words a command.
 */
export function suggestCommand(args: string, how: Invocation = here()): string {
  const prefix = commandPrefix(how);
  return args === '' ? prefix : `${prefix} ${args}`;
}

const seen = new Map<string, boolean>();

/**
 * Whether `mcp-sim` on PATH is what runs: the script is a `mcp-sim` in a PATH folder (npm's link),
 * or, when Node was given the script itself (a Windows shim does that), some PATH folder has one.
 */
function onPath(how: Invocation): boolean {
  const folders = (how.env.PATH ?? how.env.Path ?? '')
    .split(delimiter)
    .filter((d) => d !== '')
    .map((d) => resolve(d));
  const key = `${how.script ?? ''}\0${folders.join(delimiter)}`;
  const known = seen.get(key);
  if (known !== undefined) return known;
  const script = how.script === undefined ? undefined : resolve(how.script);
  const found =
    script !== undefined && basename(script).replace(/\.(?:c?js|mjs|cmd|ps1)$/, '') === 'mcp-sim'
      ? folders.includes(dirname(script))
      : folders.some((d) =>
          ['mcp-sim', 'mcp-sim.cmd', 'mcp-sim.ps1'].some((name) => existsSync(join(d, name))),
        );
  seen.set(key, found);
  return found;
}
