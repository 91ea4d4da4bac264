import type { ClientVersions, ProbeOutcome, ProbeVerdict } from './mcp-sim.js';

/**
 * A dual-era client opened with a server/discover probe (2026-07-28, basic/versioning › Backward
 * Compatibility and basic/transports/stdio › Backward Compatibility). Decide what it does next.
 *
 * `versions` are the modern versions this client speaks, the one it prefers most first.
 */
export function classifyProbe(outcome: ProbeOutcome, versions: ClientVersions): ProbeVerdict {
  // TODO: a DiscoverResult: which version does the client carry on with?
  // TODO: a recognised modern error (−32022 UnsupportedProtocolVersionError): retry, or give up?
  // TODO: legacy servers answer with implementation-defined errors, or not at all…
  // TODO: …and some exit when a request comes before initialize.
  if (outcome.kind === 'answer' && outcome.message.error?.code === -32601) {
    return { action: 'initialize' };
  }
  throw new Error(
    `TODO: classify this probe outcome (${outcome.kind}); versions ${versions.join(', ')}`,
  );
}
