import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';
import { inkSeesCi } from './in-ci.js';

// What a remembered first frame (remembered-frame.ts) depends on, and where it is kept.

/** Environment variables that change what a frame looks like (language, colour, the terminal). */
const ENV_KEYS = [
  'LANG',
  'LC_ALL',
  'LC_MESSAGES',
  'LANGUAGE',
  'NO_COLOR',
  'FORCE_COLOR',
  'TERM',
  'COLORTERM',
  'TERM_PROGRAM',
] as const;

export type Terminal = {
  readonly isTTY?: boolean | undefined;
  readonly columns?: number | undefined;
  readonly rows?: number | undefined;
};

export type FrameInputs = {
  readonly argv: readonly string[];
  /** What the view is opened with: the language it speaks and the learner's progress. */
  readonly view: unknown;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly stdin: Terminal;
  readonly stdout: Terminal;
};

/** Where frames are kept, or undefined when they are not (turned off, in CI, no terminal). */
export function frameFolder(inputs: FrameInputs): string | undefined {
  const { env, stdin, stdout } = inputs;
  if (env.MCP_SIM_FRAME_CACHE === '0' || inkSeesCi(env)) return undefined;
  if (stdin.isTTY !== true || stdout.isTTY !== true) return undefined;
  const base = env.XDG_CACHE_HOME || (homedir() ? join(homedir(), '.cache') : '');
  return base ? join(base, 'mcp-sim', 'frames') : undefined;
}

function stamp(file: string): string {
  try {
    const stat = statSync(file);
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return '-';
  }
}

/** The build and every lesson file, by size and time of change. */
function sourceStamps(): string[] {
  const root = packageRoot();
  const stamps = [stamp(join(root, 'dist', 'lessons-index.json')), stamp(process.argv[1] ?? '')];
  const lessons = join(root, 'lessons');
  try {
    for (const folder of readdirSync(lessons).sort()) {
      const dir = join(lessons, folder);
      try {
        for (const file of readdirSync(dir).sort()) stamps.push(file, stamp(join(dir, file)));
      } catch {
        stamps.push(folder, stamp(dir));
      }
    }
  } catch {
    stamps.push('no lessons');
  }
  return stamps;
}

/** JSON with every object's keys in order: the same view gives the same key however it was built. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/** What a view opens with, as far as its first frame shows it: its language and lesson progress. */
export function frameView(lang: string, progress: { readonly lessons: unknown }): unknown {
  return { lang, lessons: progress.lessons };
}

/** A name for everything the first frame depends on. */
export function frameKey(inputs: FrameInputs): string {
  const { argv, env, cwd, stdout } = inputs;
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({
      version: 1,
      argv,
      cwd,
      size: [stdout.columns, stdout.rows],
      env: ENV_KEYS.map((name) => env[name] ?? null),
      view: canonical(inputs.view),
      sources: sourceStamps(),
    }),
  );
  return hash.digest('hex').slice(0, 32);
}

/** The file of the frame for these inputs, or undefined when frames are not kept. */
export function frameFile(inputs: FrameInputs): string | undefined {
  const folder = frameFolder(inputs);
  return folder === undefined ? undefined : join(folder, `${frameKey(inputs)}.frame`);
}
