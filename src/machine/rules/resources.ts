import type { SessionContext } from '../context.js';
import { coversUri, uriOf } from '../facts.js';
import type { RuleRow } from './rule.js';

/** Is a resources/subscribe covering `uri` still waiting for its answer? (The ledger counts them.) */
function subscribing(ctx: SessionContext, uri: string): boolean {
  return coversUri(ctx.ledger.subscribing, uri);
}

/**
 * Updates only for what the client subscribed to: the schema page's section on
 * notifications/resources/updated (its ResourceUpdatedNotification "should only be sent if the
 * client previously sent a resources/subscribe request", in lower case: no BCP 14 keyword, so a
 * warning the rules doc lists among those that break no keyword); server/resources › Subscriptions
 * shows the flow. Cited as `page › section` like every other rule, so a learner finds the sentence.
 */
export const RESOURCE_RULES = [
  {
    id: 'resource-not-subscribed',
    severity: 'warning',
    spec: '2025-11-25/schema › notifications/resources/updated',
    specNote: {
      en: 'sent only if the client subscribed to the resource',
      zh: '只有客户端订阅了该资源时才发送',
    },
    title: { en: 'Update for a resource nobody subscribed to', zh: '发送了未被订阅资源的更新通知' },
    check: (ctx, msg) => {
      if (msg.envelope.kind !== 'notification') return null;
      if (msg.method !== 'notifications/resources/updated') return null;
      const uri = uriOf(msg);
      // A subscription counts once the server confirmed it ("Subscription confirmed", then the
      // updates): a subscribe that got an error subscribed to nothing. While the subscribe is
      // still waiting for its answer an update is not flagged: the server may register the
      // subscription and see a change before its response goes out, and nothing in JSON-RPC puts
      // a response before the notifications its request causes.
      // A sub-resource of a subscribed URI is covered too (coversUri).
      if (uri === undefined || coversUri(ctx.ledger.subscriptions, uri) || subscribing(ctx, uri)) {
        return null;
      }
      return {
        pointer: '/params/uri',
        en: `the client holds no subscription to ${uri} (none the server confirmed, or it unsubscribed)`,
        zh: `客户端当前没有对 ${uri} 的订阅（服务器从未确认过订阅，或客户端已取消订阅）`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
