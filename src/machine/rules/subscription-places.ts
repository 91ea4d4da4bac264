import { isObject } from '../../protocol/index.js';
import { pointerToken } from '../../protocol/json.js';
import type { ModelMessage } from '../events.js';
import { SUBSCRIPTION_ID_META } from '../facts.js';
import { type Filter, filterOf } from '../records-streams.js';
import { show } from './rule.js';

const FLAGS = ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'] as const;

/** One entry of an acknowledgment's filter: how a finding names it, and where it is. */
export type FilterEntry = { readonly name: string; readonly at: string };

/**
 * What an acknowledgment honours beyond what the listen asked, flags, resource URIs, then task
 * ids (the tasks extension's), each with its place in the acknowledgment's params (the screens mark the entry itself).
 */
export function beyond(asked: Filter, notifications: unknown): FilterEntry[] {
  const honoured = filterOf(notifications);
  const at = '/params/notifications';
  const extra: FilterEntry[] = FLAGS.filter((flag) => honoured[flag] && !asked[flag]).map(
    (flag) => ({ name: flag, at: `${at}/${flag}` }),
  );
  const lists = isObject(notifications) ? notifications : {};
  const uris = lists.resourceSubscriptions;
  if (Array.isArray(uris)) {
    for (const uri of honoured.resourceSubscriptions) {
      if (asked.resourceSubscriptions.has(uri)) continue;
      extra.push({
        name: `resourceSubscriptions ${show(uri)}`,
        at: `${at}/resourceSubscriptions/${uris.indexOf(uri)}`,
      });
    }
  }
  // The tasks extension's taskIds (tasks extension › Task Status Notifications).
  const tasks = lists.taskIds;
  if (Array.isArray(tasks)) {
    for (const taskId of honoured.taskIds) {
      if (asked.taskIds.has(taskId)) continue;
      extra.push({ name: `taskIds ${show(taskId)}`, at: `${at}/taskIds/${tasks.indexOf(taskId)}` });
    }
  }
  return extra;
}

/**
 * Where a stream message's subscriptionId is, or the nearest place that should hold it when it
 * is missing (its params' _meta, or params).
 */
export function subscriptionIdAt(msg: ModelMessage): string {
  if (isObject(msg.params?._meta)) return `/params/_meta/${pointerToken(SUBSCRIPTION_ID_META)}`;
  return msg.params === undefined ? '/params' : '/params/_meta';
}
