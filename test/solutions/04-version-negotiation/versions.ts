import type { ProtocolVersion, SupportedVersions } from './mcp-sim.js';

/**
 * The server's half (Lifecycle › Version Negotiation): the client's initialize request offered
 * `requested`; return the protocolVersion the server puts in its initialize result.
 */
export function chooseVersion(
  requested: ProtocolVersion,
  supported: SupportedVersions,
): ProtocolVersion {
  // MUST echo a version it supports.
  if (supported.includes(requested)) return requested;
  // SHOULD offer its latest otherwise. Dates sort as strings; the list is in no particular order.
  const latest = [...supported].sort().at(-1);
  return latest ?? requested;
}

/**
 * The client's half: the server answered `answered`. Return true to carry on with it, false to
 * disconnect.
 */
export function acceptVersion(answered: ProtocolVersion, supported: SupportedVersions): boolean {
  return supported.includes(answered);
}
