import type { ProtocolVersion, SupportedVersions } from './mcp-sim.js';

/**
 * The server's half (Lifecycle › Version Negotiation): the client's initialize request offered
 * `requested`; return the protocolVersion the server puts in its initialize result.
 */
export function chooseVersion(
  requested: ProtocolVersion,
  supported: SupportedVersions,
): ProtocolVersion {
  // TODO: echo `requested` only when the server supports it; otherwise offer the server's latest.
  //       `supported` is in no particular order.
  return requested;
}

/**
 * The client's half: the server answered `answered`. Return true to carry on with it, false to
 * disconnect.
 */
export function acceptVersion(answered: ProtocolVersion, supported: SupportedVersions): boolean {
  // TODO: a client can only carry on with a version it supports.
  return answered.length > 0;
}
