import type { ClientVersions, ProbeOutcome, ProbeVerdict } from './mcp-sim.js';

/** The errors 2026-07-28 defines (basic/index › Error Codes): only a modern server sends them. */
const MODERN_ERRORS = new Set([-32020, -32021, -32022]);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The version the client prefers most among those the server lists, if any. */
function mutual(versions: ClientVersions, offered: unknown): string | undefined {
  const list = Array.isArray(offered) ? offered : [];
  return versions.find((v) => list.includes(v));
}

/**
 * A dual-era client opened with a server/discover probe (2026-07-28, basic/versioning › Backward
 * Compatibility and basic/transports/stdio › Backward Compatibility). Decide what it does next.
 *
 * `versions` are the modern versions this client speaks, the one it prefers most first.
 */
export function classifyProbe(outcome: ProbeOutcome, versions: ClientVersions): ProbeVerdict {
  // Some legacy servers exit on a request that comes before initialize: start a new process.
  if (outcome.kind === 'closed') return { action: 'relaunch' };
  // No answer in time: a legacy server (they may answer "not at all").
  if (outcome.kind === 'timeout') return { action: 'initialize' };
  const { message } = outcome;
  if (message.error) {
    // Any error that is not a recognised modern one means legacy: never keyed to one code.
    if (!MODERN_ERRORS.has(message.error.code)) return { action: 'initialize' };
    // A modern server: use a version from data.supported, never fall back to initialize.
    const data = isRecord(message.error.data) ? message.error.data : {};
    const version = mutual(versions, data.supported);
    return version === undefined ? { action: 'incompatible' } : { action: 'retry', version };
  }
  const result = isRecord(message.result) ? message.result : {};
  // A result that is no DiscoverResult is no modern answer.
  if (!Array.isArray(result.supportedVersions)) return { action: 'initialize' };
  const version = mutual(versions, result.supportedVersions);
  return version === undefined ? { action: 'incompatible' } : { action: 'modern', version };
}
