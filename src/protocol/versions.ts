import { ownTable } from './json.js';
/**
 * Protocol revisions. The handshake era runs from 2024-11-05 to 2025-11-25; 2026-07-28 removed the
 * handshake (see stateless-era notes) and is known here so the referee can name it, not negotiate it.
 */
export const HANDSHAKE_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;
export type HandshakeVersion = (typeof HANDSHAKE_VERSIONS)[number];

export const STATELESS_VERSIONS = ['2026-07-28'] as const;
export type StatelessVersion = (typeof STATELESS_VERSIONS)[number];

export type KnownVersion = HandshakeVersion | StatelessVersion;

/** Every revision the simulator knows, oldest first. */
export const KNOWN_VERSIONS: readonly KnownVersion[] = [
  ...HANDSHAKE_VERSIONS,
  ...STATELESS_VERSIONS,
];

export const LATEST_STATELESS_VERSION: StatelessVersion = '2026-07-28';

export const LATEST_HANDSHAKE_VERSION: HandshakeVersion = '2025-11-25';

/**
 * The one revision with JSON-RPC batches (basic/index › Batching: implementations MUST accept
 * them): 2024-11-05 had none, 2025-06-18 removed them.
 */
export const BATCH_REVISION: HandshakeVersion = '2025-03-26';

/**
 * The version an initialize inside the batch `items` offers, or null: before any revision is
 * agreed, it decides whether the batch is read (a 2025-03-26 offer makes it a batch of that
 * revision, flagged initialize-in-batch). The session log and the simulated server both ask it, so
 * what one reads as a batch the other answers as one.
 */
export function batchInitializeOffer(items: readonly unknown[]): string | null {
  for (const item of items) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    const { method, params } = item as { method?: unknown; params?: unknown };
    if (method !== 'initialize' || typeof params !== 'object' || params === null) continue;
    const offered = (params as { protocolVersion?: unknown }).protocolVersion;
    if (typeof offered === 'string') return offered;
  }
  return null;
}

/** Pre-release strings that old SDKs still send, and the release each one stands for. */
export const VERSION_ALIASES: Readonly<Record<string, HandshakeVersion>> = ownTable({
  '2024-10-07': '2024-11-05',
});

export function isHandshakeVersion(value: unknown): value is HandshakeVersion {
  return typeof value === 'string' && (HANDSHAKE_VERSIONS as readonly string[]).includes(value);
}

export function isStatelessVersion(value: unknown): value is StatelessVersion {
  return typeof value === 'string' && (STATELESS_VERSIONS as readonly string[]).includes(value);
}

/** The handshake revision whose rules apply to a version string, or null when the spec does not know it. */
export function resolveVersion(value: unknown): HandshakeVersion | null {
  if (isHandshakeVersion(value)) return value;
  if (typeof value === 'string' && Object.hasOwn(VERSION_ALIASES, value))
    return VERSION_ALIASES[value] ?? null;
  return null;
}

/** Does the specification know this version string at all (any era, or an alias)? */
export function isKnownVersion(value: unknown): boolean {
  return resolveVersion(value) !== null || isStatelessVersion(value);
}

/** Chronological comparison (version strings are dates, so lexical order is date order). */
export function compareVersions(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function versionAtLeast(version: KnownVersion, since: KnownVersion): boolean {
  return compareVersions(version, since) >= 0;
}

/**
 * The server's half of version negotiation (Lifecycle › Version Negotiation): if it supports the
 * version the client requested it MUST answer with the same one; otherwise it MUST answer with
 * another version it supports, and SHOULD pick its latest.
 */
export function negotiateVersion(requested: string, supported: readonly string[]): string | null {
  if (supported.includes(requested)) return requested;
  const sorted = [...supported].sort(compareVersions);
  return sorted.at(-1) ?? null;
}

/**
 * The client's half: it accepts the server's answer when it supports that version, and otherwise
 * SHOULD disconnect (the schema's doc comment says MUST).
 */
export function clientAccepts(answered: string, supported: readonly string[]): boolean {
  return supported.includes(answered);
}
