import type { SessionContext } from '../context.js';
import { coversUri, uriOf } from '../facts.js';
import type { RuleRow } from './rule.js';

/** Is a resources/subscribe covering `uri` still waiting for its answer? (The ledger counts them.) */
function subscribing(ctx: SessionContext, uri: string): boolean {
  return coversUri(ctx.ledger.subscribing, uri);
}

/** Resources › Subscriptions: updates only for what the client subscribed to. */
export const RESOURCE_RULES = [
  {
    id: 'resource-not-subscribed',
    severity: 'warning',
    spec: 'server/resources › Subscriptions',
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
        en: `the client never subscribed to ${uri}`,
        zh: `客户端从未订阅 ${uri}`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
