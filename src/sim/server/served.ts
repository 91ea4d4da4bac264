import type { CapabilityPath } from '../../protocol/index.js';
import { ownTable } from '../../protocol/json.js';
import type { ListFlag } from './listen.js';

/** What the simulated server serves in each era, and the `_meta` keys it reads and writes. */

export {
  CLIENT_CAPABILITIES_META,
  CLIENT_INFO_META,
  carriesEnvelope,
  LOG_LEVEL_META,
  PROTOCOL_VERSION_META,
  SERVER_INFO_META,
} from '../../protocol/meta-keys.js';

/** The modern methods this server serves, with what it must have declared for each. */
export const MODERN_SERVED_BY: Readonly<Record<string, CapabilityPath | null>> = ownTable({
  'server/discover': null,
  'tools/list': 'server.tools',
  'tools/call': 'server.tools',
  'resources/list': 'server.resources',
  'resources/templates/list': 'server.resources',
  'resources/read': 'server.resources',
  'prompts/list': 'server.prompts',
  'prompts/get': 'server.prompts',
  'completion/complete': 'server.completions',
  'subscriptions/listen': null,
});

/** The filter flag of each list_changed notification, and the capability that lets it be honoured. */
export const LIST_CHANGED: Readonly<Record<ListFlag, readonly [string, CapabilityPath]>> = ownTable(
  {
    toolsListChanged: ['notifications/tools/list_changed', 'server.tools.listChanged'],
    promptsListChanged: ['notifications/prompts/list_changed', 'server.prompts.listChanged'],
    resourcesListChanged: ['notifications/resources/list_changed', 'server.resources.listChanged'],
  },
);

/** Results a client may cache (server/utilities/caching, 2026-07-28): they carry ttlMs and cacheScope. */
export { CACHEABLE } from '../../protocol/caching.js';

/** What the server must have declared to serve each of its methods (others get -32601). */
export const SERVED_BY: Readonly<Record<string, CapabilityPath>> = ownTable({
  'tools/list': 'server.tools',
  'tools/call': 'server.tools',
  'resources/list': 'server.resources',
  'resources/templates/list': 'server.resources',
  'resources/read': 'server.resources',
  'resources/subscribe': 'server.resources.subscribe',
  'resources/unsubscribe': 'server.resources.subscribe',
  'prompts/list': 'server.prompts',
  'prompts/get': 'server.prompts',
  'completion/complete': 'server.completions',
  'logging/setLevel': 'server.logging',
  // 2025-11-25 basic/utilities/tasks › Capabilities: the server's tasks capability.
  'tasks/get': 'server.tasks',
  'tasks/result': 'server.tasks',
  'tasks/list': 'server.tasks.list',
  'tasks/cancel': 'server.tasks.cancel',
});

/** List methods: paged when the server has a page size; a cursor it never handed out is -32602. */
export const PAGED = new Set([
  'tools/list',
  'resources/list',
  'resources/templates/list',
  'prompts/list',
]);

export { LOG_LEVELS as LEVELS } from '../../protocol/log-levels.js';
