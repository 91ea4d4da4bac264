import type { JsonObject, Side } from '../../protocol/index.js';
import type { ClientConfig } from '../client/sim-client.js';
import type { ServerConfig } from '../server/sim-server.js';
import { type SandboxEra, SandboxSession } from './session.js';

/**
 * The simulated server a learner's client talks to: every primitive, every list announced, and
 * (2025-11-25 basic/utilities/tasks) task-augmented tools/call with tasks/list and tasks/cancel,
 * so that long_running_task, summarize_text and collect_feedback may run as tasks (each listed with
 * execution.taskSupport "optional"); connect_account asks for a URL-mode elicitation
 * (client/elicitation › URL Elicitation Required Error). A session of an older revision gets
 * neither: the server leaves out what its revision does not have. Its lists come three items a page
 * (server/utilities/pagination, the same in 2025-11-25 and 2026-07-28): its five tools in two pages,
 * so that a learner meets a nextCursor and the sandbox's "next page" without a lesson that pages.
 */
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
    tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
  },
  tools: [
    'weather_current',
    'summarize_text',
    'collect_feedback',
    'long_running_task',
    'connect_account',
  ],
  pageSize: 3,
};

/**
 * The simulated client a learner's server talks to: roots, sampling and elicitation declared,
 * elicitation in both modes (2025-11-25 client/elicitation › Capabilities: form, and url, without
 * which a server may not send a URL-mode request nor answer -32042).
 */
export const SANDBOX_CLIENT: ClientConfig = {
  name: 'learner-client',
  version: '1.0.0',
  versions: ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
  capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: { form: {}, url: {} } },
  roots: [{ uri: 'file:///home/learner/project', name: 'project' }],
  modelReply: 'The notes say: ship on Friday.',
  elicitation: { action: 'accept', content: { rating: 5, comment: 'Clear!' } },
};

/**
 * The same client in 2026-07-28, whose roots capability has no flags: notifications/roots/
 * list_changed was removed (changelog › Major changes), so there is no change to promise. Its
 * elicitation is `{}`, which 2026-07-28 client/elicitation › Capabilities makes form mode only: URL
 * mode stays in that revision (an input_required round's elicitation/create, › URL Mode Flow;
 * lesson 25's connect_account calls declare it in their own _meta), but a server must not ask this
 * client for it (connect_account answers -32021). A sandbox tweak that declares
 * `{form: {}, url: {}}` offers its round.
 */
const MODERN_CLIENT_CAPABILITIES: JsonObject = { roots: {}, sampling: {}, elicitation: {} };

/**
 * The same server without tasks: in 2026-07-28 they left the core for an extension (changelog ›
 * Major changes).
 */
const { tasks: _tasks, ...SERVER_WITHOUT_TASKS } = SANDBOX_SERVER.capabilities;

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
      // The learner's own server declares tasks too (2025-11-25): its tools/list then offers a
      // tool that may run as a task, and the simulated client calls it as one.
      ...(era === 'modern' ? { capabilities: SERVER_WITHOUT_TASKS } : {}),
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
