import { type Bilingual, filled } from '../i18n/lang.js';
import { USAGE_STRINGS } from '../i18n/usage-strings.js';
import {
  CAPABILITY_PATHS,
  HANDSHAKE_VERSIONS,
  type JsonObject,
  VERSION_ALIASES,
} from '../protocol/index.js';
import { isObject } from '../protocol/json.js';
import { SERVE_TOOLS, TOOL_NAMES } from '../sim/server/session-tools.js';
import type { ServerConfig } from '../sim/server/sim-server.js';

/** What `mcp-sim serve` declares unless told otherwise. */
export const SERVE_CAPABILITIES: JsonObject = {
  tools: { listChanged: true },
  resources: { subscribe: true, listChanged: true },
  prompts: {},
  logging: {},
  completions: {},
};

/** Supported revisions, latest first. */
export const SERVE_VERSIONS: readonly string[] = [...HANDSHAKE_VERSIONS].reverse();

/** Server-side capability paths without their `server.` prefix: what `--without` accepts. */
export const SERVER_CAPABILITY_PATHS: readonly string[] = CAPABILITY_PATHS.filter((p) =>
  p.startsWith('server.'),
).map((p) => p.slice('server.'.length));

/** A copy of the capabilities with one path removed (`resources`, `tools.listChanged`, …). */
export function withoutCapability(capabilities: JsonObject, path: string): JsonObject {
  const copy = structuredClone(capabilities);
  const keys = path.split('.');
  const last = keys.pop();
  let node: unknown = copy;
  for (const key of keys) {
    if (!isObject(node)) return copy;
    node = node[key];
  }
  if (isObject(node) && last !== undefined) delete node[last];
  return copy;
}

export type ServeOptions = {
  /** Capability paths to leave out, e.g. `tools.listChanged`, `resources`. */
  readonly without?: readonly string[];
  /** Supported revisions (default: every revision with a handshake). */
  readonly versions?: readonly string[];
};

/** What is wrong with serve's options: a usage error in both languages. */
export type ServeProblem = { readonly problem: Bilingual };

/** Checks the options and returns the simulated server's configuration, or what is wrong with them. */
export function serveConfig(options: ServeOptions): ServerConfig | ServeProblem {
  let capabilities = SERVE_CAPABILITIES;
  for (const raw of options.without ?? []) {
    const path = raw.startsWith('server.') ? raw.slice('server.'.length) : raw;
    if (!SERVER_CAPABILITY_PATHS.includes(path)) {
      return {
        problem: filled(USAGE_STRINGS.withoutPath, {
          word: raw,
          paths: SERVER_CAPABILITY_PATHS.join(', '),
        }),
      };
    }
    capabilities = withoutCapability(capabilities, path);
  }
  const versions = options.versions ?? SERVE_VERSIONS;
  if (versions.length === 0) return { problem: USAGE_STRINGS.versionsEmpty };
  for (const v of versions) {
    if (
      !(HANDSHAKE_VERSIONS as readonly string[]).includes(v) &&
      !Object.hasOwn(VERSION_ALIASES, v)
    ) {
      return {
        problem: filled(USAGE_STRINGS.versionsNotHandshake, {
          word: v,
          versions: HANDSHAKE_VERSIONS.join(', '),
        }),
      };
    }
  }
  return {
    name: 'mcp-sim',
    version: '0.1.0',
    versions: [...versions],
    capabilities,
    tools: [...TOOL_NAMES],
    // A real client's way to make the tool list and the notes change, and watch who is told.
    serveTools: [...SERVE_TOOLS],
    instructions:
      'The mcp-sim simulated server: tools calculator_arithmetic, weather_current, db_query (a read-only sample database), long_running_task (reports progress; failAtStep makes it fail at that step), summarize_text (needs sampling), collect_feedback (needs elicitation), list_project_roots (needs roots), connect_account (needs URL-mode elicitation: -32042 in 2025-11-25, an input_required round in 2026-07-28), toggle_tool (changes the tool list: tools/list_changed), add_note (changes file:///project/notes.txt: resources/updated to whoever watches it).',
  };
}
