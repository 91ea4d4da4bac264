import {
  checkUrlElicitationData,
  hasCapability,
  isObject,
  versionAtLeast,
} from '../../protocol/index.js';
import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { answeredRecord } from '../facts.js';
import { type RuleRow, show } from './rule.js';

/** The revision that brought URL-mode elicitation, its -32042 error and its completion notice. */
export const URL_ELICITATION_REVISION = '2025-11-25';

/** -32042, URLElicitationRequiredError (2025-11-25 only: 2026-07-28 retired it). */
export const URL_ELICITATION_REQUIRED = -32042;

const judgesUrlElicitation = (ctx: SessionContext) =>
  ctx.era === 'legacy' && versionAtLeast(ctx.ruleVersion, URL_ELICITATION_REVISION);

/**
 * 2025-11-25 client/elicitation: a URL-mode elicitation is named by its elicitationId, which the
 * server establishes in an elicitation/create request or a -32042 error, and which its completion
 * notice names again. In 2026-07-28 the code and the notification are gone (error-code-not-in-revision
 * and method-removed judge them there).
 */
export const ELICITATION_RULES = [
  {
    id: 'url-elicitation-error-invalid',
    severity: 'error',
    spec: '2025-11-25/client/elicitation › URL Elicitation Required Error',
    specNote: {
      en: 'a -32042 error MUST list in data.elicitations the elicitations to complete, each URL mode with an elicitationId',
      zh: '-32042 错误必须在 data.elicitations 中列出需要完成的信息征询，每一项都是带 elicitationId 的 URL 模式',
    },
    title: {
      en: 'URL elicitation error without its elicitations',
      zh: 'URL 信息征询错误缺少所需的征询',
    },
    check: (ctx, msg) => {
      const e = msg.envelope;
      if (e.kind !== 'error' || e.error.code !== URL_ELICITATION_REQUIRED) return null;
      if (!judgesUrlElicitation(ctx)) return null;
      const issue = checkUrlElicitationData(e.error.data);
      if (!issue) return null;
      return {
        en: `-32042 error #${show(msg.id)}: ${issue.message} (at ${issue.pointer}); the client can only retry after completing the URL-mode elicitations the error lists, so it must list them, each with mode "url", message, elicitationId and url`,
        zh: `-32042 错误 #${show(msg.id)}：${issue.messageZh}（位置 ${issue.pointer}）；客户端只有完成错误中列出的 URL 模式信息征询之后才能重试，所以必须列出它们，每一项都要有值为 "url" 的 mode，以及 message、elicitationId 和 url`,
      };
    },
  },
  {
    id: 'elicitation-complete-unknown',
    severity: 'error',
    spec: '2025-11-25/client/elicitation › Completion Notifications for URL Mode Elicitation',
    specNote: {
      en: 'the notification MUST include the elicitationId established in the original URL-mode elicitation',
      zh: '该通知必须带上原先 URL 模式信息征询所确立的 elicitationId',
    },
    title: {
      en: 'Completion of an elicitation never started',
      zh: '完成了一个从未开始的信息征询',
    },
    check: (ctx, msg) => {
      if (msg.method !== 'notifications/elicitation/complete' || !judgesUrlElicitation(ctx))
        return null;
      const id = msg.params?.elicitationId;
      // Not a string: invalid-params says so.
      if (typeof id !== 'string' || ctx.ledger.elicitations.has(id)) return null;
      return {
        en: `notifications/elicitation/complete names elicitationId ${show(id)}, which no URL-mode elicitation/create request and no -32042 error of the server established; the client ignores a completion it cannot match, so the elicitation it stands for never ends`,
        zh: `notifications/elicitation/complete 指向 elicitationId ${show(id)}，但服务器从未在 URL 模式的 elicitation/create 请求或 -32042 错误中确立过它；客户端会忽略无法对应的完成通知，它所代表的征询因此永远不会结束`,
      };
    },
  },
  {
    id: 'elicitation-mode-not-refused',
    severity: 'error',
    spec: '2025-11-25/client/elicitation › Error Handling',
    specNote: {
      en: 'an elicitation/create in a mode the client did not declare in its elicitation capability MUST be answered -32602 (Invalid params)',
      zh: '对于使用了客户端未在 elicitation 能力中声明的模式的 elicitation/create，客户端必须回应 -32602（参数无效）',
    },
    title: {
      en: 'Undeclared elicitation mode not refused',
      zh: '没有拒绝未声明模式的信息征询',
    },
    check: (ctx, msg) => {
      if (msg.sender !== 'client' || !judgesUrlElicitation(ctx)) return null;
      const record = answeredRecord(ctx, msg);
      const mode = record?.elicitationMode;
      if (mode === undefined || record?.status === 'answered') return null;
      // A client without elicitation at all has declared no mode; what it answers is not this
      // rule's (capability-not-negotiated judged the request).
      const declared = ctx.capabilities.client;
      if (!isObject(declared) || !isObject(declared.elicitation)) return null;
      if (hasCapability(ctx.capabilities, `client.elicitation.${mode}`)) return null;
      const e = msg.envelope;
      if (e.kind === 'error' && e.error.code === -32602) return null;
      const answered =
        e.kind === 'error'
          ? { en: `error ${e.error.code}`, zh: `错误 ${e.error.code}` }
          : { en: 'a result', zh: '一个结果' };
      return {
        en: `elicitation/create #${show(msg.id)} asks for ${mode} mode, which the client's elicitation capability does not declare, and the client answers with ${answered.en}: a client MUST refuse a mode it did not declare with -32602 (Invalid params)`,
        zh: `elicitation/create #${show(msg.id)} 要求 ${mode} 模式，而客户端的 elicitation 能力没有声明它，客户端却以${answered.zh}作答：客户端必须以 -32602（参数无效）拒绝未声明的模式`,
      };
    },
  },
] as const satisfies readonly RuleRow[];

/** The elicitationIds a message of the server establishes: a URL-mode request's, a -32042 error's. */
export function establishedElicitations(ctx: SessionContext, msg: ModelMessage): string[] {
  // The method or code first: this runs for every request and error of the handshake era.
  const e = msg.envelope;
  if (msg.sender !== 'server') return [];
  if (e.kind === 'request') {
    if (e.method !== 'elicitation/create' || !judgesUrlElicitation(ctx)) return [];
    const params = msg.params;
    return params?.mode === 'url' && typeof params.elicitationId === 'string'
      ? [params.elicitationId]
      : [];
  }
  if (e.kind !== 'error' || e.error.code !== URL_ELICITATION_REQUIRED) return [];
  if (!judgesUrlElicitation(ctx)) return [];
  const data = e.error.data;
  const list = isObject(data) ? data.elicitations : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) =>
    isObject(item) && item.mode === 'url' && typeof item.elicitationId === 'string'
      ? [item.elicitationId]
      : [],
  );
}
