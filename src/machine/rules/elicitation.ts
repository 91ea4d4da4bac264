import { elicitedContentIssue } from '../../protocol/elicitation-content.js';
import { type SecretField, type SecretKind, secretFields } from '../../protocol/form-secrets.js';
import {
  type Bilingual,
  checkUrlElicitationData,
  hasCapability,
  isObject,
  versionAtLeast,
} from '../../protocol/index.js';
import { type JsonObject, pointerToken } from '../../protocol/json.js';
import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { answeredRecord, resultOrigin } from '../facts.js';
import { retriedRound } from '../records-streams.js';
import { type Finding, type RuleRow, show } from './rule.js';

/** The revision that brought URL-mode elicitation, its -32042 error and its completion notice. */
export const URL_ELICITATION_REVISION = '2025-11-25';

/** -32042, URLElicitationRequiredError (2025-11-25 only: 2026-07-28 retired it). */
export const URL_ELICITATION_REQUIRED = -32042;

const judgesUrlElicitation = (ctx: SessionContext) =>
  ctx.era === 'legacy' && versionAtLeast(ctx.ruleVersion, URL_ELICITATION_REVISION);

/**
 * An elicitation mode as the course names it (URL mode, 表单模式), not by its wire value. The
 * Chinese follows Chinese text, so one that begins with Latin begins with a space.
 */
export function elicitationModeName(mode: string): Bilingual {
  if (mode === 'url') return { en: 'URL mode', zh: ' URL 模式' };
  if (mode === 'form') return { en: 'form mode', zh: '表单模式' };
  return { en: `${mode} mode`, zh: ` ${mode} 模式` };
}

/**
 * client/elicitation. 2025-11-25: a URL-mode elicitation is named by its elicitationId, which the
 * server establishes in an elicitation/create request or a -32042 error, and which its completion
 * notice names again. In 2026-07-28 the code and the notification are gone (error-code-not-in-revision
 * and method-removed judge them there), and an elicitation travels inside an input_required round.
 * Both eras: a URL-mode url SHOULD be HTTPS (› Safe URL Handling), and accepted form content
 * SHOULD fit the requestedSchema (› Form Mode Security); in 2025-11-25 an elicitation the client
 * ran as a task (basic/utilities/tasks) is accepted in its answer to the server's tasks/result.
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
        pointer: issue.pointer,
        en: `-32042 error #${show(msg.id)}: ${issue.message} (at ${issue.pointer}); the client can only retry after completing the URL-mode elicitations the error lists, so it must list them, each with mode "url", message, elicitationId and url`,
        zh: `-32042 错误 #${show(msg.id)}：${issue.messageZh}（位置 ${issue.pointer}）；客户端只有完成错误中列出的 URL 模式信息征询之后才能重试，所以必须列出它们，每一项都要有值为 "url" 的 mode，以及 message、elicitationId 和 url`,
      };
    },
  },
  {
    id: 'url-elicitation-error-undeclared',
    severity: 'error',
    spec: '2025-11-25/client/elicitation › Capabilities',
    specNote: {
      en: 'servers MUST NOT send elicitation requests with modes the client does not support: the URL-mode elicitations a -32042 error lists need elicitation.url',
      zh: '服务器不得发送客户端不支持的模式的信息征询：-32042 错误列出的 URL 模式征询需要客户端声明 elicitation.url',
    },
    title: {
      en: 'URL elicitation error to a client without URL mode',
      zh: '向不支持 URL 模式的客户端发送 URL 信息征询错误',
    },
    check: (ctx, msg) => {
      const e = msg.envelope;
      if (e.kind !== 'error' || e.error.code !== URL_ELICITATION_REQUIRED) return null;
      if (!judgesUrlElicitation(ctx) || ctx.capabilities.client === null) return null;
      if (hasCapability(ctx.capabilities, 'client.elicitation.url')) return null;
      const declared = isObject(ctx.capabilities.client) ? ctx.capabilities.client : {};
      const form = isObject(declared.elicitation)
        ? {
            en: 'its elicitation capability names form mode only',
            zh: '它的 elicitation 能力只包含表单模式',
          }
        : { en: 'it declared no elicitation at all', zh: '它根本没有声明 elicitation' };
      return {
        en: `-32042 error #${show(msg.id)} asks the client to complete URL-mode elicitations, but ${form.en} (no elicitation.url at initialize): a server MUST NOT send elicitations in a mode the client does not support, and this client has no way to open the URLs, so the request can never be retried`,
        zh: `-32042 错误 #${show(msg.id)} 要求客户端完成 URL 模式的信息征询，但${form.zh}（initialize 时没有 elicitation.url）：服务器不得发送客户端不支持的模式的信息征询，这个客户端无法打开这些 URL，因此该请求永远无法重试`,
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
      // One established long ago may have been forgotten: unknown is then no evidence.
      if (!ctx.ledger.knowsEveryElicitation()) return null;
      return {
        pointer: '/params/elicitationId',
        en: `notifications/elicitation/complete names elicitationId ${show(id)}, which no URL-mode elicitation/create request and no -32042 error of the server established; the client ignores a completion it cannot match, so the elicitation it stands for never ends`,
        zh: `notifications/elicitation/complete 指向 elicitationId ${show(id)}，但服务器从未在 URL 模式的 elicitation/create 请求或 -32042 错误中确立过它；客户端会忽略无法对应的完成通知，它所代表的征询因此永远不会结束`,
      };
    },
  },
  {
    id: 'elicitation-id-reused',
    severity: 'error',
    spec: '2025-11-25/client/elicitation › URL Mode Elicitation Requests',
    specNote: {
      en: 'elicitationId is a unique identifier for the elicitation (the schema: unique within the context of the server), and clients MUST ignore completions of an already-completed ID',
      zh: 'elicitationId 是该信息征询的唯一标识（协议模式：在服务器范围内唯一），而客户端必须忽略对已完成 ID 的完成通知',
    },
    title: {
      en: 'A completed elicitation’s ID given to a new one',
      zh: '已完成的信息征询的 ID 被用于新的征询',
    },
    check: (ctx, msg) => {
      if (ctx.ledger.elicitations.size === 0) return null;
      const reused = urlModeElicitations(ctx, msg).flatMap(({ params, at }) => {
        const id = params.elicitationId;
        return typeof id === 'string' && ctx.ledger.elicitations.get(id) === 'completed'
          ? [{ id, at: `${at}/elicitationId` }]
          : [];
      });
      const first = reused[0];
      if (first === undefined) return null;
      const ids = reused.map(({ id }) => show(id)).join(', ');
      const what =
        msg.envelope.kind === 'error'
          ? { en: `-32042 error #${show(msg.id)}`, zh: `-32042 错误 #${show(msg.id)}` }
          : {
              en: `URL-mode elicitation/create #${show(msg.id)}`,
              zh: `URL 模式的 elicitation/create #${show(msg.id)}`,
            };
      return {
        pointer: first.at,
        en: `${what.en} names elicitationId ${ids}, whose elicitation the server already completed with notifications/elicitation/complete; an elicitationId identifies one elicitation, and a client MUST ignore a completion naming an already-completed ID, so it would never learn that this new one completed`,
        zh: `${what.zh} 使用的 elicitationId ${ids} 所对应的征询，服务器已经用 notifications/elicitation/complete 宣告完成；一个 elicitationId 只标识一次征询，而客户端必须忽略指向已完成 ID 的完成通知，因此它永远无法得知这次新的征询已经完成`,
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
        zh: `elicitation/create #${show(msg.id)} 要求${elicitationModeName(mode).zh}，而客户端的 elicitation 能力没有声明它，客户端却以${answered.zh}作答：客户端必须以 -32602（参数无效）拒绝未声明的模式`,
      };
    },
  },
  {
    id: 'elicitation-url-not-https',
    // A SHOULD, and only outside development: a loopback host is taken for development.
    severity: 'warning',
    spec: '2025-11-25/client/elicitation › Safe URL Handling',
    specNote: {
      en: 'servers requesting URL-mode elicitation SHOULD use HTTPS URLs for non-development environments',
      zh: '发起 URL 模式信息征询的服务器在非开发环境中应当使用 HTTPS 协议的 URL',
    },
    modern: { spec: '2026-07-28/client/elicitation › Safe URL Handling' },
    title: { en: 'Elicitation URL not HTTPS', zh: '信息征询的 URL 不是 HTTPS' },
    check: (ctx, msg) => {
      const findings: Finding[] = [];
      for (const { url, at } of elicitationUrls(ctx, msg)) {
        const scheme = plainScheme(url);
        if (scheme === null) continue;
        findings.push({
          pointer: at,
          en: `the URL-mode elicitation's url ${show(url)} (at ${at}) uses ${scheme}, not https, on a host that is not this machine; outside development a server should send HTTPS URLs, since the user is asked to open the page and, often, to sign in or pay there`,
          zh: `URL 模式信息征询的 url ${show(url)}（位置 ${at}）使用的是 ${scheme} 而不是 https，主机也不是本机；在开发环境之外，服务器应当发送 HTTPS 协议的 URL，因为用户要打开这个页面，而且常常要在那里登录或付款`,
        });
      }
      return findings.length > 0 ? findings : null;
    },
  },
  {
    id: 'elicitation-content-mismatch',
    // Form Mode Security words both sides' validation as a SHOULD, and nothing else in the page
    // or the schema makes fitting content a MUST ("Contains values matching the requested schema"
    // describes ElicitResult.content): a warning.
    severity: 'warning',
    spec: '2025-11-25/client/elicitation › Form Mode Security',
    specNote: {
      en: 'clients SHOULD validate the answers of a form-mode elicitation against its requestedSchema before sending them; servers SHOULD validate what they receive against it',
      zh: '客户端应当在发送之前按 requestedSchema 校验表单模式信息征询的回答；服务器也应当按它校验收到的数据',
    },
    modern: { spec: '2026-07-28/client/elicitation › Form Mode Security' },
    title: {
      en: 'Accepted form content does not fit the requestedSchema',
      zh: '接受时提交的表单内容不符合 requestedSchema',
    },
    check: (ctx, msg) => {
      if (msg.sender !== 'client') return null;
      if (ctx.era === 'modern') return retryFindings(ctx, msg);
      if (msg.envelope.kind !== 'response') return null;
      const origin = resultOrigin(ctx, msg);
      const record = origin?.record;
      const schema = record?.requestedSchema;
      if (record?.method !== 'elicitation/create' || schema === undefined) return null;
      // An elicitation the client ran as a task: its ElicitResult is the client's answer to the
      // server's tasks/result for that task (basic/utilities/tasks › Result Retrieval).
      const task = origin?.task;
      const asked =
        task === undefined
          ? { en: `elicitation/create #${show(msg.id)}`, zh: `elicitation/create #${show(msg.id)}` }
          : {
              en: `elicitation/create #${show(record.id)}, run as task ${show(task)} and answered through tasks/result #${show(msg.id)},`,
              zh: `以任务 ${show(task)} 运行、通过 tasks/result #${show(msg.id)} 作答的 elicitation/create #${show(record.id)}`,
            };
      const finding = contentFinding(schema, msg.envelope.result, '/result', asked);
      // 2025-06-18, elicitation's first revision, says it once for both sides.
      if (!finding || ctx.ruleVersion !== '2025-06-18') return finding;
      return { ...finding, cite: FIRST_ELICITATION_CITE };
    },
  },
  {
    id: 'elicitation-form-asks-secret',
    // A MUST NOT, but nothing on the wire says a field is secret: the referee reads the fields'
    // names, titles and descriptions as a user would (src/protocol/form-secrets.ts), and says so.
    severity: 'warning',
    spec: '2025-11-25/client/elicitation › Form Mode Security',
    specNote: {
      en: 'servers MUST NOT request sensitive information (passwords, API keys, access tokens, payment credentials) via form mode; they MUST use URL mode for it',
      zh: '服务器不得通过表单模式索取敏感信息（密码、API 密钥、访问令牌、支付凭证）；这类交互必须使用 URL 模式',
    },
    modern: { spec: '2026-07-28/client/elicitation › Form Mode Security' },
    title: {
      en: 'Form-mode elicitation asks for a secret',
      zh: '表单模式的信息征询索取机密信息',
    },
    check: (ctx, msg) => {
      const findings: Finding[] = [];
      for (const { schema, at, asked } of formElicitations(ctx, msg)) {
        for (const field of secretFields(schema)) {
          const kind = SECRET_KINDS[field.kind];
          const by = SECRET_SOURCES[field.source];
          findings.push({
            pointer: `${at}/requestedSchema${field.pointer}`,
            en: `${asked.en} asks in form mode for ${show(field.key)} (at ${at}/requestedSchema${field.pointer}), which by its ${by.en} is ${kind.en}: a form's answers pass through the client, so a server must not ask for passwords, API keys, access tokens or payment credentials this way, but send the user to a page of its own with a URL-mode elicitation; the referee judges by the field's name, title and description, so this is a warning`,
            zh: `${asked.zh} 以表单模式索取 ${show(field.key)}（位置 ${at}/requestedSchema${field.pointer}），从它的${by.zh}看是${kind.zh}：表单的回答会经过客户端，所以服务器不能用这种方式索取密码、API 密钥、访问令牌或支付凭证，而应当用 URL 模式的信息征询把用户带到它自己的页面；裁判只能根据字段的名称、标题和说明来判断，所以这是一条警告`,
          });
        }
      }
      if (findings.length === 0) return null;
      // 2025-06-18, elicitation's first revision, had one sentence for it, with no form mode yet.
      if (ctx.era === 'legacy' && ctx.ruleVersion === '2025-06-18')
        return findings.map((f) => ({ ...f, cite: FIRST_SECRET_CITE }));
      return findings;
    },
  },
  {
    id: 'elicitation-form-url',
    // A SHOULD NOT, about URLs "intended to be clickable": the referee cannot read intent, so
    // every http(s) URL in the form's text counts.
    severity: 'warning',
    spec: '2025-11-25/client/elicitation › Safe URL Handling',
    specNote: {
      en: 'servers requesting elicitation SHOULD NOT include URLs intended to be clickable in any field of a form mode elicitation request',
      zh: '发起信息征询的服务器不应在表单模式信息征询请求的任何字段中放入供用户点击的 URL',
    },
    modern: { spec: '2026-07-28/client/elicitation › Safe URL Handling' },
    title: { en: 'URL in a form-mode elicitation', zh: '表单模式的信息征询中带有 URL' },
    check: (ctx, msg) => {
      // Safe URL Handling came with URL mode, in 2025-11-25.
      if (ctx.era === 'legacy' && !versionAtLeast(ctx.ruleVersion, URL_ELICITATION_REVISION))
        return null;
      const findings: Finding[] = [];
      for (const { params, schema, at, asked } of formElicitations(ctx, msg)) {
        for (const text of formTexts(params, schema, at)) {
          const url = text.value.match(WEB_URL)?.[0];
          if (url === undefined) continue;
          findings.push({
            pointer: text.at,
            en: `${asked.en} holds the URL ${show(url)} in its ${text.what.en} (at ${text.at}); a form-mode elicitation should carry no URL meant to be clicked, and a client should not render one as a link: to send the user to a page, use a URL-mode elicitation, whose url the client shows in full and opens only with the user's consent`,
            zh: `${asked.zh} 的${text.what.zh}中带有 URL ${show(url)}（位置 ${text.at}）；表单模式的信息征询不应带有供用户点击的 URL，客户端也不应把它显示成链接：要把用户带到某个页面，请使用 URL 模式的信息征询，客户端会完整显示它的 url，并且只在用户同意后才打开`,
          });
        }
      }
      return findings.length > 0 ? findings : null;
    },
  },
] as const satisfies readonly RuleRow[];

/** An http(s) URL in a text, as a client that turns URLs into links would find it. */
const WEB_URL = /\bhttps?:\/\/[^\s"'<>]+/i;

/**
 * The texts of a form-mode elicitation the user reads, with their JSON pointers: its message, and
 * the titles and descriptions of its requestedSchema (the form's, each field's, each option's:
 * oneOf / anyOf titles and the legacy enumNames). Values (const, enum, default) are data.
 */
function formTexts(
  params: JsonObject,
  schema: unknown,
  at: string,
): { readonly value: string; readonly at: string; readonly what: Bilingual }[] {
  const texts: { value: string; at: string; what: Bilingual }[] = [];
  if (typeof params.message === 'string')
    texts.push({
      value: params.message,
      at: `${at}/message`,
      what: { en: 'message', zh: ' message ' },
    });
  const walk = (node: unknown, where: string) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        walk(item, `${where}/${i}`);
      });
      return;
    }
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      const path = `${where}/${pointerToken(key)}`;
      if ((key === 'title' || key === 'description') && typeof value === 'string')
        texts.push({ value, at: path, what: { en: key, zh: ` ${key} ` } });
      else if (key === 'enumNames' && Array.isArray(value))
        value.forEach((name, i) => {
          if (typeof name === 'string')
            texts.push({
              value: name,
              at: `${path}/${i}`,
              what: { en: 'enumNames', zh: ' enumNames ' },
            });
        });
      else if (key === 'properties' || key === 'items' || key === 'oneOf' || key === 'anyOf')
        walk(value, path);
      else if (isObject(value) && where.endsWith('/properties')) walk(value, path);
    }
  };
  walk(schema, `${at}/requestedSchema`);
  return texts;
}

/** The kinds of secret the page names, as the findings name them. */
const SECRET_KINDS: Readonly<Record<SecretKind, Bilingual>> = {
  password: { en: 'a password', zh: '密码' },
  'api key': { en: 'an API key or other secret key', zh: ' API 密钥或其他密钥' },
  'access token': { en: 'an access token or credential', zh: '访问令牌或凭据' },
  'payment credential': { en: 'a payment credential', zh: '支付凭证' },
};

/** What the referee read a field's secret in, as the findings name it. */
const SECRET_SOURCES: Readonly<Record<SecretField['source'], Bilingual>> = {
  key: { en: 'name', zh: '名称' },
  title: { en: 'title', zh: '标题' },
  description: { en: 'description', zh: '说明' },
};

/** Where 2025-06-18 forbade it, before there was a URL mode to send the user to instead. */
const FIRST_SECRET_CITE = {
  spec: '2025-06-18/client/elicitation › User Interaction Model',
  specNote: {
    en: 'servers MUST NOT use elicitation to request sensitive information',
    zh: '服务器不得使用信息征询来索取敏感信息',
  },
} as const;

/**
 * The form-mode elicitations a server's message carries (a `mode` of "form", or none: › Form Mode
 * Elicitation Requests), each with its requestedSchema and the JSON pointer of its params: a
 * handshake-era elicitation/create (2025-06-18 on), an input_required result's elicitation input
 * requests (2026-07-28).
 */
function formElicitations(
  ctx: SessionContext,
  msg: ModelMessage,
): {
  readonly params: JsonObject;
  readonly schema: unknown;
  readonly at: string;
  readonly asked: Bilingual;
}[] {
  if (msg.sender !== 'server') return [];
  const e = msg.envelope;
  const isForm = (params: unknown): params is JsonObject =>
    isObject(params) && (params.mode === undefined || params.mode === 'form');
  if (ctx.era !== 'modern') {
    if (e.kind !== 'request' || e.method !== 'elicitation/create') return [];
    if (!versionAtLeast(ctx.ruleVersion, '2025-06-18') || !isForm(msg.params)) return [];
    const asked = `elicitation/create #${show(msg.id)}`;
    return [
      {
        params: msg.params,
        schema: msg.params.requestedSchema,
        at: '/params',
        asked: { en: asked, zh: asked },
      },
    ];
  }
  return inputElicitations(msg).flatMap(({ key, params, at }) =>
    isForm(params)
      ? [
          {
            params,
            schema: params.requestedSchema,
            at,
            asked: {
              en: `the elicitation/create under ${show(key)} of the input_required result #${show(msg.id)}`,
              zh: `input_required 结果 #${show(msg.id)} 中 ${show(key)} 下的 elicitation/create`,
            },
          },
        ]
      : [],
  );
}

/**
 * The elicitation/create input requests of a 2026-07-28 input_required result (basic/patterns/mrtr),
 * each with its key and the JSON pointer of its params.
 */
function inputElicitations(
  msg: ModelMessage,
): { readonly key: string; readonly params: unknown; readonly at: string }[] {
  const e = msg.envelope;
  if (e.kind !== 'response' || e.result.resultType !== 'input_required') return [];
  const requests = e.result.inputRequests;
  if (!isObject(requests)) return [];
  return Object.entries(requests).flatMap(([key, request]) =>
    isObject(request) && request.method === 'elicitation/create'
      ? [{ key, params: request.params, at: `/result/inputRequests/${pointerToken(key)}/params` }]
      : [],
  );
}

/** Where 2025-06-18, which had no Form Mode Security section yet, asks for the validation. */
const FIRST_ELICITATION_CITE = {
  spec: '2025-06-18/client/elicitation › Security Considerations',
  specNote: {
    en: 'both parties SHOULD validate elicitation content against the provided schema',
    zh: '双方都应当按所提供的模式校验信息征询的内容',
  },
} as const;

/**
 * A 2026-07-28 retry's answers to the form-mode elicitations of the input_required round it
 * answers (basic/patterns/mrtr: each under its key in `inputResponses`). A key left out is
 * input-responses-missing's.
 */
function retryFindings(ctx: SessionContext, msg: ModelMessage): Finding[] | null {
  const { round } = retriedRound(ctx, msg);
  if (!round) return null;
  const given = msg.params?.inputResponses;
  if (!isObject(given)) return null;
  const findings: Finding[] = [];
  for (const [key, schema] of Object.entries(round.forms)) {
    const at = `/params/inputResponses/${pointerToken(key)}`;
    const finding = contentFinding(schema, given[key], at, {
      en: `the elicitation/create asked under ${show(key)} by the input_required round #${show(round.id)}`,
      zh: `input_required 轮次 #${show(round.id)} 以 ${show(key)} 请求的 elicitation/create`,
    });
    if (finding) findings.push(finding);
  }
  return findings.length > 0 ? findings : null;
}

/**
 * An ElicitResult (`answer`, found at `at`) that accepts a form whose content does not fit
 * `schema`. An accept without content is judged as if it were empty: in form mode an accept
 * carries the submitted data (client/elicitation › Response Actions). Content that is not an
 * object is invalid-result's (or invalid-params') to name; decline and cancel carry none to judge
 * (the page says only that their content is "typically omitted").
 */
function contentFinding(
  schema: JsonObject,
  answer: unknown,
  at: string,
  asked: Bilingual,
): Finding | null {
  if (!isObject(answer) || answer.action !== 'accept') return null;
  const given = 'content' in answer;
  if (given && !isObject(answer.content)) return null;
  const issue = elicitedContentIssue(schema, given ? answer.content : {});
  if (!issue) return null;
  const where = `${at}/content${issue.pointer}`;
  if (!given) {
    return {
      pointer: where,
      en: `${asked.en} is accepted without content, but its requestedSchema asks for more: ${issue.message} (at ${where}); in form mode an accept carries the user's answers, and a client should check them against the schema before sending`,
      zh: `${asked.zh} 被接受了，却没有 content，而它的 requestedSchema 要求更多：${issue.messageZh}（位置 ${where}）；在表单模式下，接受时应当带上用户的回答，客户端应当在发送之前按模式校验它们`,
    };
  }
  return {
    pointer: where,
    en: `${asked.en} is accepted with content that does not fit its requestedSchema: ${issue.message} (at ${where}); a client should validate the user's answers against the schema before sending them, and a server that validates what it receives, as it should, rejects them`,
    zh: `${asked.zh} 被接受了，但提交的 content 不符合它的 requestedSchema：${issue.messageZh}（位置 ${where}）；客户端应当在发送之前按模式校验用户的回答，按规范校验收到数据的服务器会拒绝它们`,
  };
}

/**
 * The URL-mode elicitations a server's handshake-era message carries, each with its JSON pointer:
 * a URL-mode elicitation/create's params, a -32042 error's data.elicitations.
 */
function urlModeElicitations(
  ctx: SessionContext,
  msg: ModelMessage,
): { readonly params: JsonObject; readonly at: string }[] {
  // The method or code first: this runs for every request and error of the handshake era.
  const e = msg.envelope;
  if (msg.sender !== 'server') return [];
  if (e.kind === 'request') {
    if (e.method !== 'elicitation/create' || !judgesUrlElicitation(ctx)) return [];
    const params = msg.params;
    return params?.mode === 'url' ? [{ params, at: '/params' }] : [];
  }
  if (e.kind !== 'error' || e.error.code !== URL_ELICITATION_REQUIRED) return [];
  if (!judgesUrlElicitation(ctx)) return [];
  const data = e.error.data;
  const list = isObject(data) ? data.elicitations : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item, i) =>
    isObject(item) && item.mode === 'url'
      ? [{ params: item, at: `/error/data/elicitations/${i}` }]
      : [],
  );
}

/** The elicitationIds a message of the server establishes: a URL-mode request's, a -32042 error's. */
export function establishedElicitations(ctx: SessionContext, msg: ModelMessage): string[] {
  return urlModeElicitations(ctx, msg).flatMap(({ params }) =>
    typeof params.elicitationId === 'string' ? [params.elicitationId] : [],
  );
}

/**
 * The url of each URL-mode elicitation a server's message carries, with its JSON pointer: a
 * URL-mode elicitation/create and a -32042 error's data.elicitations (2025-11-25), an
 * input_required result's URL-mode elicitation input requests (2026-07-28).
 */
export function elicitationUrls(
  ctx: SessionContext,
  msg: ModelMessage,
): { readonly url: string; readonly at: string }[] {
  if (msg.sender !== 'server') return [];
  const found: { url: string; at: string }[] = [];
  const add = (params: unknown, at: string) => {
    if (isObject(params) && params.mode === 'url' && typeof params.url === 'string')
      found.push({ url: params.url, at: `${at}/url` });
  };
  if (ctx.era !== 'modern') {
    for (const { params, at } of urlModeElicitations(ctx, msg)) add(params, at);
    return found;
  }
  for (const { params, at } of inputElicitations(msg)) add(params, at);
  return found;
}

/**
 * The scheme of a URL that is not HTTPS and leads off this machine (`http:`…), or null: for an
 * https URL, one whose host is loopback (localhost, 127.0.0.0/8, ::1: a development server), and
 * one that is not a URL at all (invalid-params and url-elicitation-error-invalid name that).
 */
function plainScheme(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol === 'https:') return null;
  const host = parsed.hostname;
  const loopback =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127(?:\.\d{1,3}){3}$/.test(host);
  return loopback ? null : parsed.protocol;
}
