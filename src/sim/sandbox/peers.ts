import type { JsonObject, Side } from '../../protocol/index.js';
import type { ClientConfig } from '../client/sim-client.js';
import type { ServerConfig } from '../server/sim-server.js';
import { type SandboxEra, SandboxSession } from './session.js';

/** The simulated server a learner's client talks to: every primitive, every list announced. */
export const SANDBOX_SERVER: ServerConfig = {
  name: 'weather-server',
  version: '1.0.0',
  versions: ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
  capabilities: {
    tools: { listChanged: true },
    resources: { subscribe: true, listChanged: true },
    prompts: {},
    logging: {},
    completions: {},
  },
  tools: ['weather_current', 'summarize_text', 'collect_feedback', 'long_running_task'],
};

/** The simulated client a learner's server talks to: roots, sampling and elicitation declared. */
export const SANDBOX_CLIENT: ClientConfig = {
  name: 'learner-client',
  version: '1.0.0',
  versions: ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
  capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: {} },
  roots: [{ uri: 'file:///home/learner/project', name: 'project' }],
  modelReply: 'The notes say: ship on Friday.',
  elicitation: { action: 'accept', content: { rating: 5, comment: 'Clear!' } },
};

/**
 * The same client in 2026-07-28, whose roots capability has no flags: notifications/roots/
 * list_changed was removed (changelog › Major changes), so there is no change to promise.
 */
const MODERN_CLIENT_CAPABILITIES: JsonObject = { roots: {}, sampling: {}, elicitation: {} };

/** Changes to the defaults: the capabilities each side declares. */
export type SandboxTweak = {
  readonly serverCapabilities?: JsonObject;
  readonly clientCapabilities?: JsonObject;
};

/** A sandbox with the default peers, opened (the simulated client speaks first when it is one). */
export function sandboxDefaults(
  era: SandboxEra,
  side: Side,
  tweak: SandboxTweak = {},
): SandboxSession {
  const session = new SandboxSession({
    era,
    side,
    server: {
      ...SANDBOX_SERVER,
      ...(tweak.serverCapabilities ? { capabilities: tweak.serverCapabilities } : {}),
    },
    client: {
      ...SANDBOX_CLIENT,
      ...(era === 'modern' ? { capabilities: MODERN_CLIENT_CAPABILITIES } : {}),
      ...(tweak.clientCapabilities ? { capabilities: tweak.clientCapabilities } : {}),
    },
  });
  session.open();
  return session;
}
