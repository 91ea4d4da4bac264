import type { CapabilityPath } from './capabilities.js';
import {
  type Bilingual,
  CATALOGUE,
  isCatalogued,
  type MethodKind,
  meaningIn,
  type Primitive,
} from './catalogue.js';
import type { Direction } from './direction.js';
import { gateFor } from './gates.js';
import { isStatelessVersion, type KnownVersion } from './versions.js';

/** The tasks extension's identifier (tasks extension e434597 › Extension Identifier). */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/**
 * What gates a message of an official extension: the server's declaration of it, under
 * `capabilities.extensions` of its DiscoverResult (each request of the client declares it too, in
 * its `_meta` clientCapabilities.extensions). The extension's identifier is one key, dots and all.
 */
export type ExtensionCapability = `server.extensions.${string}`;

/** The capability a message is labelled with: a core path, or an extension's. */
export type CapabilityLabel = CapabilityPath | ExtensionCapability;

type ExtensionMethod = {
  readonly extension: string;
  readonly kind: MethodKind;
  readonly primitive: Primitive;
  /** The one direction it travels in. */
  readonly direction: Direction;
  readonly meaning: Bilingual;
};

/**
 * The messages the official extensions add to 2026-07-28, which the core catalogue does not have
 * (2026-07-28 changelog › Major changes, item 6 moved tasks out of the core into
 * io.modelcontextprotocol/tasks; its draft e434597 defines tasks/get, tasks/update, tasks/cancel
 * and notifications/tasks). In a modern session they are labelled from here; a handshake-era
 * session keeps the core's 2025-11-25 tasks from the catalogue.
 */
export const EXTENSION_METHODS = {
  'tasks/get': {
    extension: TASKS_EXTENSION,
    kind: 'request',
    primitive: 'utility',
    direction: 'client->server',
    meaning: {
      en: 'Polls a task of the tasks extension: its status, the requests it waits on (input_required), and at the end its result or error.',
      zh: '轮询 tasks 扩展中的一个任务：查看它的状态、它在等待回答的请求（input_required），结束时还有结果或错误。',
    },
  },
  'tasks/update': {
    extension: TASKS_EXTENSION,
    kind: 'request',
    primitive: 'utility',
    direction: 'client->server',
    meaning: {
      en: 'Answers the requests a task of the tasks extension waits on (inputResponses, under the keys of its inputRequests); an empty result acknowledges it.',
      zh: '回答 tasks 扩展中某个任务正在等待的请求（inputResponses，沿用其 inputRequests 的键）；服务器以空结果确认收到。',
    },
  },
  'tasks/cancel': {
    extension: TASKS_EXTENSION,
    kind: 'request',
    primitive: 'utility',
    direction: 'client->server',
    meaning: {
      en: 'Asks the server to cancel a task of the tasks extension; the server acknowledges, and decides whether and when to stop the work.',
      zh: '请服务器取消 tasks 扩展中的一个任务；服务器确认收到，再自行决定是否以及何时停止这项工作。',
    },
  },
  'notifications/tasks': {
    extension: TASKS_EXTENSION,
    kind: 'notification',
    primitive: 'utility',
    direction: 'server->client',
    meaning: {
      en: 'The whole task as it stands now (tasks extension), pushed on a subscriptions/listen stream that named its taskId.',
      zh: '任务此刻的完整状态（tasks 扩展），推送在一个列出了该 taskId 的 subscriptions/listen 流上。',
    },
  },
} as const satisfies Record<string, ExtensionMethod>;

/** The requests an official extension adds (tasks/get, tasks/update, tasks/cancel for tasks). */
export function extensionRequests(extension: string): string[] {
  return Object.entries(EXTENSION_METHODS as Record<string, ExtensionMethod>)
    .filter(([, entry]) => entry.extension === extension && entry.kind === 'request')
    .map(([method]) => method);
}

/** The extension's entry for a method under a revision: only 2026-07-28 and later have them. */
function extensionMethod(method: string, version: KnownVersion): ExtensionMethod | null {
  if (!isStatelessVersion(version) || !Object.hasOwn(EXTENSION_METHODS, method)) return null;
  return (EXTENSION_METHODS as Record<string, ExtensionMethod>)[method] ?? null;
}

export type MethodLabel = {
  readonly primitive: Primitive;
  readonly capability: CapabilityLabel | null;
};

/**
 * The primitive and capability a message is labelled with under a revision: an official
 * extension's message in a modern session names the extension; every other method its catalogue
 * row and gate. Null for a method neither knows.
 */
export function labelIn(
  method: string,
  direction: Direction,
  params: unknown,
  version: KnownVersion,
): MethodLabel | null {
  const ext = extensionMethod(method, version);
  if (ext)
    return {
      primitive: ext.primitive,
      capability: direction === ext.direction ? `server.extensions.${ext.extension}` : null,
    };
  if (!isCatalogued(method)) return null;
  return {
    primitive: CATALOGUE[method].primitive,
    capability: gateFor(method, direction, params, version).label,
  };
}

/** The primitive of a method under a revision, null for one no table knows. */
export function primitiveIn(method: string, version: KnownVersion): Primitive | null {
  return (
    extensionMethod(method, version)?.primitive ??
    (isCatalogued(method) ? CATALOGUE[method].primitive : null)
  );
}

/** What a method means under a revision (an extension's in a modern session), null if unknown. */
export function methodMeaning(method: string, version: KnownVersion): Bilingual | null {
  return (
    extensionMethod(method, version)?.meaning ??
    (isCatalogued(method) ? meaningIn(method, version) : null)
  );
}
