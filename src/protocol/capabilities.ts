import { isObject, type JsonObject } from './json.js';
import { compareVersions, type KnownVersion } from './versions.js';

export type Side = 'client' | 'server';

/** Every capability path a message can be gated by, with the side that declares it first. */
export const CAPABILITY_PATHS = [
  'server.tools',
  'server.tools.listChanged',
  'server.resources',
  'server.resources.subscribe',
  'server.resources.listChanged',
  'server.prompts',
  'server.prompts.listChanged',
  'server.logging',
  'server.completions',
  'server.tasks',
  'server.tasks.list',
  'server.tasks.cancel',
  'server.tasks.requests.tools.call',
  'server.extensions',
  'client.roots',
  'client.roots.listChanged',
  'client.sampling',
  'client.sampling.tools',
  'client.sampling.context',
  'client.elicitation',
  'client.elicitation.form',
  'client.elicitation.url',
  'client.tasks',
  'client.tasks.list',
  'client.tasks.cancel',
  'client.tasks.requests.sampling.createMessage',
  'client.tasks.requests.elicitation.create',
  'client.extensions',
] as const;
export type CapabilityPath = (typeof CAPABILITY_PATHS)[number];

/**
 * The list methods a declared capability obliges a 2026-07-28 server to answer, and that capability
 * (2026-07-28 server/tools, server/prompts, server/resources › Capabilities). One table for the
 * referee's declared-list-not-served and the lesson fault that breaks it.
 */
export const LIST_OF_CAPABILITY: ReadonlyMap<string, CapabilityPath> = new Map([
  ['tools/list', 'server.tools'],
  ['prompts/list', 'server.prompts'],
  ['resources/list', 'server.resources'],
]);

/** The revision that introduced each capability path (absent: since 2024-11-05). */
export const CAPABILITY_SINCE: Partial<Record<CapabilityPath, KnownVersion>> = {
  'server.completions': '2025-03-26',
  'client.elicitation': '2025-06-18',
  'client.elicitation.form': '2025-11-25',
  'client.elicitation.url': '2025-11-25',
  'client.sampling.tools': '2025-11-25',
  'client.sampling.context': '2025-11-25',
  'server.tasks': '2025-11-25',
  'server.tasks.list': '2025-11-25',
  'server.tasks.cancel': '2025-11-25',
  'server.tasks.requests.tools.call': '2025-11-25',
  'client.tasks': '2025-11-25',
  'client.tasks.list': '2025-11-25',
  'client.tasks.cancel': '2025-11-25',
  'client.tasks.requests.sampling.createMessage': '2025-11-25',
  'client.tasks.requests.elicitation.create': '2025-11-25',
  'server.extensions': '2026-07-28',
  'client.extensions': '2026-07-28',
};

/**
 * The first revision without each capability path (absent: still there). 2026-07-28 moved tasks
 * out of core into the `io.modelcontextprotocol/tasks` extension (declared under `extensions`),
 * and dropped `roots.listChanged` with `notifications/roots/list_changed`.
 */
export const CAPABILITY_UNTIL: Partial<Record<CapabilityPath, KnownVersion>> = {
  'client.roots.listChanged': '2026-07-28',
  ...Object.fromEntries(
    CAPABILITY_PATHS.filter((path) => /^(?:client|server)\.tasks(?:\.|$)/.test(path)).map(
      (path) => [path, '2026-07-28'],
    ),
  ),
};

/**
 * Still in the schema but marked `@deprecated` (2026-07-28, SEP-2577): they keep working, and a
 * new implementation should not rely on them.
 */
export const CAPABILITY_DEPRECATED: Partial<Record<CapabilityPath, KnownVersion>> = {
  'client.roots': '2026-07-28',
  'client.sampling': '2026-07-28',
  'client.sampling.tools': '2026-07-28',
  'client.sampling.context': '2025-11-25',
  'server.logging': '2026-07-28',
};

/** Does the capability path exist in this revision (introduced, and not yet removed)? */
export function capabilityExistsIn(path: CapabilityPath, version: KnownVersion): boolean {
  const since = CAPABILITY_SINCE[path];
  const until = CAPABILITY_UNTIL[path];
  return (
    (since === undefined || compareVersions(version, since) >= 0) &&
    (until === undefined || compareVersions(version, until) < 0)
  );
}

/** Is the capability path deprecated (still functional) in this revision? */
export function capabilityDeprecatedIn(path: CapabilityPath, version: KnownVersion): boolean {
  const since = CAPABILITY_DEPRECATED[path];
  return (
    since !== undefined && compareVersions(version, since) >= 0 && capabilityExistsIn(path, version)
  );
}

/**
 * The capabilities object as a peer that negotiated `version` declares it: every key the
 * catalogue knows that this revision does not have (completions before 2025-03-26, tasks before
 * 2025-11-25, …) left out, at any depth; keys it does not know (experimental ones) kept.
 * Lifecycle › Operation: both parties MUST respect the negotiated protocol version.
 */
export function capabilitiesIn(
  side: Side,
  capabilities: JsonObject,
  version: KnownVersion,
): JsonObject {
  const known = new Set<string>(CAPABILITY_PATHS);
  const walk = (value: JsonObject, prefix: string): JsonObject => {
    const out: JsonObject = {};
    for (const [key, inner] of Object.entries(value)) {
      const path = `${prefix}.${key}`;
      if (known.has(path) && !capabilityExistsIn(path as CapabilityPath, version)) continue;
      out[key] = isObject(inner) ? walk(inner, path) : inner;
    }
    return out;
  };
  return walk(capabilities, side);
}

export function capabilitySide(path: CapabilityPath): Side {
  return path.startsWith('client.') ? 'client' : 'server';
}

const SPLIT = new Map<CapabilityPath, readonly [Side, ...string[]]>(
  CAPABILITY_PATHS.map((path) => [path, path.split('.') as [Side, ...string[]]]),
);

function splitPath(path: CapabilityPath): readonly [Side, ...string[]] {
  return SPLIT.get(path) ?? (path.split('.') as [Side, ...string[]]);
}

/**
 * Was a capability declared? A capability is declared when its key holds an object; `listChanged`
 * and `subscribe` are booleans that must be `true`; newer sub-capabilities are empty objects whose
 * presence means support. `elicitation: {}` with neither `form` nor `url` means form mode only
 * (Client › Elicitation › Capabilities).
 */
export function hasCapability(
  capabilities: { readonly client?: unknown; readonly server?: unknown },
  path: CapabilityPath,
): boolean {
  const [side, ...rest] = splitPath(path);
  const declared = capabilities[side];
  if (path === 'client.elicitation.form') {
    const elicitation = isObject(declared) ? declared.elicitation : undefined;
    if (!isObject(elicitation)) return false;
    return isObject(elicitation.form) || !('url' in elicitation);
  }
  let node: unknown = declared;
  for (const key of rest) {
    if (!isObject(node)) return false;
    node = node[key];
  }
  // `listChanged` and `subscribe` are booleans; every other capability is an object.
  const leaf = rest.at(-1);
  return leaf === 'listChanged' || leaf === 'subscribe' ? node === true : isObject(node);
}
