import type { ModelMessage } from '../events.js';
import { EXT_TASKS_PAGE } from '../ext-tasks.js';
import { cancelledId, coversUri, SUBSCRIPTION_ID_META } from '../facts.js';
import {
  ACKNOWLEDGED,
  isStreamNotification,
  LIST_CHANGED,
  type Listen,
  listenOf,
  onCancelledListen,
  RESOURCE_UPDATED,
  subscriptionIdOf,
  TASK_STATUS,
} from '../records-streams.js';
import { type Finding, type RuleRow, show } from './rule.js';
import { beyond, subscriptionIdAt } from './subscription-places.js';

/**
 * subscriptions/listen streams (2026-07-28 basic/patterns/subscriptions): the server acknowledges
 * a listen first, with the subset of its filter it honours, and sends on the stream only what was
 * asked and honoured; list_changed and resources/updated travel on no other path.
 */
export const SUBSCRIPTION_RULES = [
  {
    id: 'listen-ack-not-first',
    severity: 'error',
    spec: '2026-07-28/basic/patterns/subscriptions › Acknowledgment',
    specNote: {
      en: 'notifications/subscriptions/acknowledged first on each subscription',
      zh: '每个订阅的第一条消息必须是 notifications/subscriptions/acknowledged',
    },
    title: { en: 'Stream message before the acknowledgment', zh: '确认之前就在订阅流上发送消息' },
    check: (ctx, msg) => {
      if (msg.method === ACKNOWLEDGED) return null;
      const listen = listenOf(ctx, msg);
      if (!listen || listen.ended || listen.ack !== null) return null;
      const id = subscriptionIdOf(msg.params?._meta);
      return {
        pointer: subscriptionIdAt(msg),
        en: `${msg.method} carries subscriptionId ${show(id)} before the server acknowledged that listen; notifications/subscriptions/acknowledged must be the first message of each subscription, so the client cannot yet know what the stream honours`,
        zh: `${msg.method} 在服务器确认该订阅之前就带上了 subscriptionId ${show(id)}；每个订阅的第一条消息必须是 notifications/subscriptions/acknowledged，否则客户端还不知道这个流会发送什么`,
      };
    },
  },
  {
    id: 'ack-beyond-filter',
    severity: 'error',
    spec: '2026-07-28/basic/patterns/subscriptions › Acknowledgment',
    // Two findings of different weight: an acknowledgment that names no open listen breaks the MUST
    // that it be the first message carrying the subscription's id (an error); one that honours
    // more than the filter asked contradicts what the field is defined to be, "the subset the
    // server agreed to honor", which no MUST states (a warning).
    specNote: {
      en: 'the first message carrying the subscription’s id; it reflects the subset of the filter the server honours',
      zh: '第一条带有该订阅 id 的消息；它反映过滤器中服务器同意遵守的子集',
    },
    title: { en: 'Acknowledgment beyond the filter', zh: '确认超出了订阅过滤器' },
    check: (ctx, msg) => {
      if (msg.method !== ACKNOWLEDGED) return null;
      const id = subscriptionIdOf(msg.params?._meta);
      const listen = listenOf(ctx, msg);
      if (id === undefined || !listen || listen.ended) {
        const which =
          id === undefined ? `no ${SUBSCRIPTION_ID_META}` : `subscriptionId ${show(id)}`;
        const whichZh =
          id === undefined ? `没有 ${SUBSCRIPTION_ID_META}` : `subscriptionId 为 ${show(id)}`;
        return {
          pointer: subscriptionIdAt(msg),
          en: `the acknowledgment has ${which}, which names no open subscriptions/listen stream; the value must be the id of the listen request it acknowledges, or the client cannot tell which stream it opens`,
          zh: `这条确认${whichZh}，不对应任何打开的 subscriptions/listen 流；它的值必须是所确认的 listen 请求的 id，否则客户端无法判断它确认的是哪个流`,
        };
      }
      const extra = beyond(listen.filter, msg.params?.notifications);
      const first = extra[0];
      if (first === undefined) return null;
      const list = extra.map((e) => e.name).join(', ');
      return {
        pointer: first.at,
        en: `the acknowledgment of listen ${show(id)} honours ${list}, which the listen's filter did not ask for; the acknowledgment reflects the subset of the request the server agreed to honour, and the server must not send types the client did not request`,
        zh: `对 listen ${show(id)} 的确认包含了 ${list}，而该 listen 的过滤器并没有请求${extra.length === 1 ? '它' : '它们'}；确认反映的是服务器同意遵守的请求子集，而服务器不得发送客户端未请求的类型`,
        severity: 'warning',
      };
    },
  },
  {
    id: 'unsolicited-notification',
    severity: 'error',
    spec: '2026-07-28/basic/patterns/subscriptions › Opening a Stream',
    specNote: {
      en: 'list_changed and resources/updated (and the tasks extension’s notifications/tasks) only on a listen stream that is open',
      zh: 'list_changed 与 resources/updated（以及 tasks 扩展的 notifications/tasks）只能在打开的 listen 流上发送',
    },
    title: { en: 'Notification outside a listen stream', zh: '在 listen 流之外发送通知' },
    check: (ctx, msg) => {
      if (msg.sender !== 'server' || !isStreamNotification(msg.method)) return null;
      const id = subscriptionIdOf(msg.params?._meta);
      const listen = listenOf(ctx, msg);
      if (listen && !listen.ended) return null;
      // A stream the client cancelled: the race response-after-cancellation warns about.
      if (onCancelledListen(ctx, msg) !== undefined) return null;
      if (id === undefined) {
        return {
          pointer: subscriptionIdAt(msg),
          en: `${msg.method} carries no ${SUBSCRIPTION_ID_META}; in 2026-07-28 the server sends it only on a subscriptions/listen stream the client opened and asked for it (unsolicited notifications of the handshake era are gone), so the client drops it`,
          zh: `${msg.method} 没有 ${SUBSCRIPTION_ID_META}；在 2026-07-28 中服务器只能在客户端打开并请求了它的 subscriptions/listen 流上发送（旧时代的主动通知已被取消），客户端会丢弃它`,
        };
      }
      return listen
        ? {
            pointer: subscriptionIdAt(msg),
            en: `${msg.method} on listen ${show(id)}, a stream that has already ended; nothing is sent on a subscription after its end, so the client drops it`,
            zh: `${msg.method} 发送在 listen ${show(id)} 上，而这个流已经结束；订阅结束之后不得再发送任何消息，客户端会丢弃它`,
          }
        : {
            pointer: subscriptionIdAt(msg),
            en: `${msg.method} names subscriptionId ${show(id)}, but the client opened no subscriptions/listen with that id; the value must be the id of an open listen request, so the client drops it`,
            zh: `${msg.method} 的 subscriptionId 是 ${show(id)}，但客户端没有用这个 id 打开过 subscriptions/listen；它必须是某个打开的 listen 请求的 id，客户端会丢弃它`,
          };
    },
  },
  {
    id: 'notification-not-subscribed',
    severity: 'error',
    spec: '2026-07-28/basic/patterns/subscriptions › Opening a Stream',
    // The MUST NOT is about what the client asked for; a type it asked for that the acknowledgment
    // left out breaks no MUST, only what the acknowledgment told the client (a warning).
    specNote: {
      en: 'only the notification types the client explicitly requested',
      zh: '只能发送客户端明确请求的通知类型',
    },
    title: { en: 'Notification the stream did not ask for', zh: '订阅流没有请求的通知' },
    check: (ctx, msg) => {
      if (msg.sender !== 'server' || !isStreamNotification(msg.method)) return null;
      const listen = listenOf(ctx, msg);
      if (!listen || listen.ended) return null;
      const id = subscriptionIdOf(msg.params?._meta);
      if (msg.method === TASK_STATUS) return taskNotSubscribed(listen, msg, id);
      if (msg.method === RESOURCE_UPDATED) {
        const uri = msg.params?.uri;
        if (typeof uri !== 'string') return null;
        // A sub-resource of a URI the stream names is covered too (coversUri).
        const asked = coversUri(listen.filter.resourceSubscriptions, uri);
        if (asked && (listen.ack === null || coversUri(listen.ack.resourceSubscriptions, uri))) {
          return null;
        }
        return asked
          ? {
              pointer: '/params/uri',
              en: `${msg.method} for ${show(uri)} on listen ${show(id)}, but the server's acknowledgment left that URI out of resourceSubscriptions; the client asked for it, so no MUST is broken, but the acknowledgment told the client not to expect it`,
              zh: `listen ${show(id)} 上发送了关于 ${show(uri)} 的 ${msg.method}，但服务器的确认中 resourceSubscriptions 并不包含这个 URI；客户端请求过它，所以没有违反任何 MUST，但确认已告诉客户端不会收到它`,
              severity: 'warning',
            }
          : {
              pointer: '/params/uri',
              en: `${msg.method} for ${show(uri)} on listen ${show(id)}, whose resourceSubscriptions do not name that URI; the server must not send notifications the client did not request`,
              zh: `listen ${show(id)} 上发送了关于 ${show(uri)} 的 ${msg.method}，但它的 resourceSubscriptions 并没有这个 URI；服务器不得发送客户端未请求的通知`,
            };
      }
      const flag = LIST_CHANGED[msg.method as keyof typeof LIST_CHANGED];
      const asked = listen.filter[flag];
      if (asked && (listen.ack === null || listen.ack[flag])) return null;
      return asked
        ? {
            en: `${msg.method} on listen ${show(id)}, but the server's acknowledgment did not honour ${flag}; the client asked for it, so no MUST is broken, but the acknowledgment told the client not to expect it`,
            zh: `listen ${show(id)} 上发送了 ${msg.method}，但服务器的确认中没有同意 ${flag}；客户端请求过它，所以没有违反任何 MUST，但确认已告诉客户端不会收到它`,
            severity: 'warning',
          }
        : {
            en: `${msg.method} on listen ${show(id)}, whose filter did not set ${flag}; the server must not send notification types the client has not explicitly requested`,
            zh: `listen ${show(id)} 上发送了 ${msg.method}，但它的过滤器没有设置 ${flag}；服务器不得发送客户端没有明确请求的通知类型`,
          };
    },
  },
  {
    id: 'server-cancel-not-listen',
    severity: 'error',
    spec: '2026-07-28/basic/patterns/cancellation › Behavior Requirements',
    specNote: {
      en: 'a server sends notifications/cancelled only to end a listen stream',
      zh: '服务器只能用 notifications/cancelled 结束 listen 流',
    },
    title: {
      en: 'Server cancellation of something other than a listen stream',
      zh: '服务器取消的不是 listen 流',
    },
    check: (ctx, msg) => {
      if (msg.sender !== 'server') return null;
      const id = cancelledId(msg);
      if (id === null) return null;
      const listen = ctx.ledger.listens.get(id);
      if (listen && !listen.ended) return null;
      return {
        pointer: '/params/requestId',
        en: listen
          ? `the server cancels ${show(id)}, a listen stream that has already ended; a server sends notifications/cancelled only to tear down an open subscriptions/listen stream`
          : `the server cancels ${show(id)}, which is not an open subscriptions/listen stream of the client; servers must not send notifications/cancelled for any other purpose (a server has no requests of its own in 2026-07-28)`,
        zh: listen
          ? `服务器取消了 ${show(id)}，而这个 listen 流已经结束；服务器只能用 notifications/cancelled 结束仍然打开的 subscriptions/listen 流`
          : `服务器取消了 ${show(id)}，它不是客户端打开的 subscriptions/listen 流；服务器不得把 notifications/cancelled 用于其他目的（2026-07-28 中服务器没有自己的请求）`,
      };
    },
  },
] as const satisfies readonly RuleRow[];

const TASK_LISTEN_CITE = {
  spec: `${EXT_TASKS_PAGE} › Task Status Notifications`,
  specNote: {
    en: 'the client lists the task IDs it listens for; the acknowledgment lists those the server agreed to',
    zh: '客户端列出它要监听的任务 ID；确认中列出服务器同意发送通知的任务',
  },
};

/**
 * A notifications/tasks on a listen stream whose filter did not name its task (tasks extension ›
 * Task Status Notifications: the client lists the task IDs it is interested in; the
 * acknowledgment lists those the server agreed to): the core's MUST NOT on types the client did
 * not request, or a warning when only the acknowledgment left the task out.
 */
function taskNotSubscribed(listen: Listen, msg: ModelMessage, id: unknown): Finding | null {
  const taskId = msg.params?.taskId;
  if (typeof taskId !== 'string') return null;
  const asked = listen.filter.taskIds.has(taskId);
  if (asked && (listen.ack === null || listen.ack.taskIds.has(taskId))) return null;
  return asked
    ? {
        cite: TASK_LISTEN_CITE,
        pointer: '/params/taskId',
        en: `${msg.method} for task ${show(taskId)} on listen ${show(id)}, but the server's acknowledgment left that task out of taskIds; the client asked for it, so no MUST is broken, but the acknowledgment told the client not to expect it`,
        zh: `listen ${show(id)} 上发送了任务 ${show(taskId)} 的 ${msg.method}，但服务器的确认中 taskIds 并不包含这个任务；客户端请求过它，所以没有违反任何 MUST，但确认已告诉客户端不会收到它`,
        severity: 'warning',
      }
    : {
        cite: TASK_LISTEN_CITE,
        pointer: '/params/taskId',
        en: `${msg.method} for task ${show(taskId)} on listen ${show(id)}, whose taskIds do not name that task; the client listens only for the tasks it listed, and the server must not send notifications the client did not request`,
        zh: `listen ${show(id)} 上发送了任务 ${show(taskId)} 的 ${msg.method}，但它的 taskIds 并没有列出这个任务；客户端只监听它列出的任务，服务器不得发送客户端未请求的通知`,
      };
}
