import type { Bilingual } from './catalogue.js';
import { describeErrorCode } from './errors.js';
import { EXT_TASK_FIELDS } from './ext-task-fields.js';
import { isObject, ownTable, valueAt } from './json.js';
import { CLIENT_CAPABILITIES_META } from './meta-keys.js';
import { MODERN_FIELDS } from './modern-fields.js';
import { TASK_FIELDS } from './task-fields.js';
import { type KnownVersion, versionAtLeast } from './versions.js';

export type Annotation = { readonly pointer: string; readonly text: Bilingual };

type Where = 'request' | 'result' | 'notification' | 'error';

/**
 * A meaning a revision changed: `before` for the revisions before `since`, `from` for `since` on
 * (and when the revision is not known).
 */
export type ByRevision = {
  readonly since: KnownVersion;
  readonly before: Bilingual;
  readonly from: Bilingual;
};

/** What each field means, by the kind of message and JSON pointer ('*' = any method). */
const FIELDS: Record<string, Bilingual | ByRevision> = ownTable({
  '*|/jsonrpc': {
    en: 'Always "2.0": every MCP message is a JSON-RPC 2.0 message.',
    zh: '固定为 "2.0"：每条 MCP 消息都是 JSON-RPC 2.0 消息。',
  },
  'request *|/id': {
    en: 'Chosen by the sender, never null; the answer carries the same id. Never reused in a handshake-era session; in 2026-07-28, never the id of another of the sender’s requests still waiting for its answer.',
    zh: '由发送方选择，不能为 null；回应会带上同一个 id。旧时代的会话中不能重复使用；在 2026-07-28 中，不能与发送方仍在等待回应的其他请求相同。',
  },
  'result *|/id': {
    en: 'The id of the request this answers, as its sender chose it: the answer goes back to that side.',
    zh: '所回应请求的 id，即请求发送方选定的 id：回应回到发送请求的那一方。',
  },
  'error *|/id': {
    en: 'The id of the failed request (left out only when it could not be read).',
    zh: '失败请求的 id（只有在读不出来时才省略）。',
  },
  'request *|/method': { en: 'What to do: the method name.', zh: '要做什么：方法名。' },
  'notification *|/method': {
    en: 'A notification: no id, so no answer will ever come.',
    zh: '这是通知：没有 id，因此不会有任何回应。',
  },
  'request *|/params/_meta/progressToken': {
    en: 'Opts in to progress: the receiver may send notifications/progress with this token.',
    zh: '请求进度通知：接收方可以用这个令牌发送 notifications/progress。',
  },
  'error *|/error/message': {
    en: 'A short human-readable description of the error.',
    zh: '简短、供人阅读的错误说明。',
  },
  'request initialize|/params/protocolVersion': {
    en: 'The protocol revision the client wants; it must support it and should offer its latest.',
    zh: '客户端希望使用的协议版本；必须是它支持的版本，且应当是它支持的最新版本。',
  },
  'request initialize|/params/capabilities': {
    en: 'What the client can do for the server (roots, sampling, elicitation…); fixed for the session.',
    zh: '客户端能为服务器做什么（roots、sampling、elicitation 等）；整个会话中固定不变。',
  },
  'request initialize|/params/clientInfo': {
    en: 'Who the client is: name and version (required); title is optional from 2025-06-18, description, icons and websiteUrl from 2025-11-25. For logs and display only, never negotiated.',
    zh: '客户端是谁：名称和版本（必填）；自 2025-06-18 起可选 title，自 2025-11-25 起还可选 description、icons 和 websiteUrl。只用于日志和显示，不参与协商。',
  },
  'result initialize|/result/protocolVersion': {
    en: 'The revision the server chose: the client’s if supported, otherwise another it supports.',
    zh: '服务器选定的版本：支持客户端的版本就原样返回，否则给出自己支持的另一个版本。',
  },
  'result initialize|/result/capabilities': {
    en: 'What the server offers (tools, resources, prompts, logging…); only these may be used.',
    zh: '服务器提供的能力（tools、resources、prompts、logging 等）；只能使用这些。',
  },
  'result initialize|/result/serverInfo': {
    en: 'Who the server is: name and version (required); title is optional from 2025-06-18, description, icons and websiteUrl from 2025-11-25. For logs and display only, never negotiated.',
    zh: '服务器是谁：名称和版本（必填）；自 2025-06-18 起可选 title，自 2025-11-25 起还可选 description、icons 和 websiteUrl。只用于日志和显示，不参与协商。',
  },
  'result initialize|/result/instructions': {
    en: 'Optional hints for the model about how to use this server.',
    zh: '可选：告诉模型如何使用这个服务器的提示。',
  },
  'request tools/call|/params/name': {
    en: 'The tool to run, exactly as tools/list named it.',
    zh: '要运行的工具，名称必须与 tools/list 中的一致。',
  },
  // 2025-11-25 changed who hears of bad arguments (changelog, SEP-1303): a meaning by revision.
  'request tools/call|/params/arguments': {
    since: '2025-11-25',
    before: {
      en: 'The tool’s arguments, expected to fit its inputSchema. In revisions before 2025-11-25, as here, arguments that do not fit are a protocol error (a JSON-RPC error such as -32602 Invalid params); from 2025-11-25 they come back as a tool result with isError: true, which the model can read and correct.',
      zh: '工具的参数，应当符合它的 inputSchema。在 2025-11-25 之前的版本中（本会话即是），不符合的参数属于协议错误（JSON-RPC 错误，例如 -32602 Invalid params）；从 2025-11-25 起，它们以 isError: true 的工具结果返回，模型可以读到原因并改正。',
    },
    from: {
      en: 'The tool’s arguments, expected to fit its inputSchema; arguments that do not fit usually come back as a tool result with isError: true, which the model can read and correct.',
      zh: '工具的参数，应当符合它的 inputSchema；不符合时通常以 isError: true 的工具结果返回，模型可以读到原因并改正。',
    },
  },
  // 2026-07-28 moved tasks out of the core (changelog item 6): its Tool has no execution field.
  'result tools/list|/result/tools': {
    since: '2026-07-28',
    before: {
      en: 'Each tool: a name and an inputSchema (the JSON Schema of its arguments); optionally a description for the model, annotations (hints such as readOnlyHint, since 2025-03-26), a title for display and an outputSchema for structuredContent (both since 2025-06-18), and execution.taskSupport: whether it may be called as a task, forbidden (the default), optional or required (since 2025-11-25, experimental).',
      zh: '每个工具包括名称和 inputSchema（描述参数的 JSON Schema）；可选的有给模型看的描述、annotations（如 readOnlyHint 这样的提示，自 2025-03-26 起）、用于显示的 title，描述 structuredContent 的 outputSchema（这两项自 2025-06-18 起），以及 execution.taskSupport：能否以任务方式调用它，取值为 forbidden（默认）、optional 或 required（自 2025-11-25 起，实验性）。',
    },
    from: {
      en: 'Each tool: a name and an inputSchema (the JSON Schema of its arguments); optionally a description for the model, annotations (hints such as readOnlyHint, since 2025-03-26), and a title for display and an outputSchema for structuredContent (both since 2025-06-18). The execution.taskSupport of 2025-11-25 is gone: tasks left the core for the io.modelcontextprotocol/tasks extension.',
      zh: '每个工具包括名称和 inputSchema（描述参数的 JSON Schema）；可选的有给模型看的描述、annotations（如 readOnlyHint 这样的提示，自 2025-03-26 起），以及用于显示的 title 和描述 structuredContent 的 outputSchema（这两项自 2025-06-18 起）。2025-11-25 中的 execution.taskSupport 已经没有了：任务移出了核心协议，成为扩展 io.modelcontextprotocol/tasks。',
    },
  },
  'result tools/call|/result/content': {
    en: 'What the tool produced, as content blocks (text, image, audio, links…).',
    zh: '工具的输出，以内容块表示（文本、图片、音频、链接等）。',
  },
  'result tools/call|/result/isError': {
    en: 'true: the tool itself failed. Still a result, so the model can read why and try again.',
    zh: 'true 表示工具本身失败了。它仍是结果，模型可以读到原因并重试。',
  },
  'result tools/call|/result/structuredContent': {
    en: 'The same output as structured JSON: an object (any JSON value from 2026-07-28) that fits the tool’s outputSchema when it has one.',
    zh: '同样的输出，以结构化 JSON 表示：一个对象（自 2026-07-28 起可为任意 JSON 值）；工具声明了 outputSchema 时须符合它。',
  },
  'notification notifications/progress|/params/progressToken': {
    en: 'The token from the request this progress belongs to.',
    zh: '这条进度所属请求中的令牌。',
  },
  'notification notifications/progress|/params/progress': {
    en: 'How far it has got; must increase with every notification.',
    zh: '当前进度；每次通知都必须增加。',
  },
  'notification notifications/progress|/params/total': {
    en: 'The end value, when known; it may be left out. No rule ties progress to it: a progress above the total breaks nothing, only one that does not increase does.',
    zh: '总量（如果已知），可以省略。没有任何规则把进度与它绑定：进度超过总量并不违规，只有进度没有增加才违规。',
  },
  // Progress moved from basic/utilities/ to basic/patterns/ in 2026-07-28: cite the session's page.
  'notification notifications/progress|/params/message': {
    since: '2026-07-28',
    before: {
      en: 'A human-readable status line, in the sender’s own words: the spec names no language (basic/utilities/progress), so it is shown as sent, in English or Chinese alike.',
      zh: '给人看的状态说明，由发送方自己撰写：规范没有规定它的语言（basic/utilities/progress），所以界面照原样显示它发送的文字，中文界面也不翻译。',
    },
    from: {
      en: 'A human-readable status line, in the sender’s own words: the spec names no language (2026-07-28 basic/patterns/progress), so it is shown as sent, in English or Chinese alike.',
      zh: '给人看的状态说明，由发送方自己撰写：规范没有规定它的语言（2026-07-28 basic/patterns/progress），所以界面照原样显示它发送的文字，中文界面也不翻译。',
    },
  },
  'notification notifications/cancelled|/params/requestId': {
    en: 'The id of the request to cancel. In 2025-11-25 either side cancels its own earlier request, which then should get no answer. In 2026-07-28 the client cancels its own request; a server sends this only to end a client’s subscriptions/listen stream with that id.',
    zh: '要取消的请求的 id。在 2025-11-25 中，任一方都可以取消自己先前发出的请求，之后它不应再得到回应。在 2026-07-28 中，客户端取消自己的请求；服务器只用它来结束客户端以该 id 打开的 subscriptions/listen 流。',
  },
  'notification notifications/cancelled|/params/reason': {
    en: 'Optional: why, for logs.',
    zh: '可选：取消原因，用于日志。',
  },
  'request resources/read|/params/uri': {
    en: 'The resource to read; an unknown URI gets error -32002 (-32602 from 2026-07-28).',
    zh: '要读取的资源；未知 URI 会得到错误 -32002（自 2026-07-28 起为 -32602）。',
  },
  'result resources/read|/result/contents': {
    en: 'The resource’s contents: text, or a base64 blob, with its URI and, optionally, its MIME type.',
    zh: '资源内容：文本或 base64 数据，附带 URI，以及可选的 MIME 类型。',
  },
  'notification notifications/message|/params/level': {
    en: 'Severity, from debug to emergency (RFC 5424 order).',
    zh: '严重级别，从 debug 到 emergency（RFC 5424 顺序）。',
  },
  'notification notifications/message|/params/data': {
    en: 'Any JSON: the log entry itself.',
    zh: '任意 JSON：日志内容本身。',
  },
  'request sampling/createMessage|/params/messages': {
    en: 'The conversation the server wants the client’s model to continue.',
    zh: '服务器希望客户端模型续写的对话。',
  },
  'request sampling/createMessage|/params/maxTokens': {
    en: 'The most tokens the model may produce (required).',
    zh: '模型最多生成的 token 数（必填）。',
  },
  'request elicitation/create|/params/requestedSchema': {
    en: 'A flat JSON Schema of the form the user is asked to fill in.',
    zh: '要求用户填写的表单的扁平 JSON Schema。',
  },
  'result roots/list|/result/roots': {
    en: 'The folders (file:// URIs) the client lets the server work in.',
    zh: '客户端允许服务器工作的目录（file:// URI）。',
  },
  'request *|/params/cursor': {
    en: 'Where to go on: the nextCursor of the page before, sent back unchanged. It is opaque: the client must not parse or modify it; an invalid one should get -32602.',
    zh: '从哪里继续：上一页给出的 nextCursor，原样送回。它是不透明的：客户端不能解析或修改它；无效的游标应当得到 -32602。',
  },
  'result *|/result/nextCursor': {
    en: 'There may be more: send it back as params.cursor for the next page. No nextCursor means the end of the results.',
    zh: '可能还有更多：把它作为 params.cursor 送回，取得下一页。没有 nextCursor 就没有下一页了。',
  },
  'error *|/error/data': {
    en: 'More about the error. JSON-RPC leaves it optional, in a shape the sender chooses (for example the unknown URI), but some MCP errors fix it: -32042 must list data.elicitations (2025-11-25), -32021 and -32022 name capabilities and versions (2026-07-28).',
    zh: '关于这个错误的更多信息。JSON-RPC 规定它可选，格式由发送方决定（例如找不到的 URI），但有些 MCP 错误规定了它的内容：-32042 必须列出 data.elicitations（2025-11-25），-32021 和 -32022 给出能力和版本（2026-07-28）。',
  },
  'error *|/error/data/elicitations': {
    en: 'Required with -32042 (2025-11-25): the URL-mode elicitations the user must complete before the request is retried. Each has mode "url", an elicitationId (which notifications/elicitation/complete quotes), the url the client offers to open, and a message saying why.',
    zh: '-32042 必须带上它（2025-11-25）：在重试请求之前，用户必须先完成的 URL 模式信息征询。每一项的 mode 都是 "url"，并带有 elicitationId（notifications/elicitation/complete 会引用它）、客户端提议打开的 url，以及说明原因的 message。',
  },
  'notification notifications/message|/params/logger': {
    en: 'Optional: the name of the logger that issued the message (a component of the server).',
    zh: '可选：发出这条消息的日志记录器名称（服务器的某个组件）。',
  },
  'request logging/setLevel|/params/level': {
    en: 'The lowest level the client wants: from now on the server should send this level and every more severe one, nothing below. (2026-07-28 removes logging/setLevel: each request names its own level in _meta.)',
    zh: '客户端想要的最低级别：此后服务器应当只发送这个级别及更严重的消息，低于它的都不发。（2026-07-28 删除了 logging/setLevel：每个请求在 _meta 中给出自己的级别。）',
  },
  'request prompts/get|/params/name': {
    en: 'The prompt to fill in, exactly as prompts/list named it; an unknown name should get -32602.',
    zh: '要填写的提示模板，名称与 prompts/list 给出的完全一致；未知的名称应当得到 -32602。',
  },
  'request prompts/get|/params/arguments': {
    en: 'A value for each of the prompt’s arguments, by name; the values are always strings. A missing required one should get -32602.',
    zh: '按名称为提示模板的每个参数给出值，值总是字符串。缺少必填参数应当得到 -32602。',
  },
  'result prompts/get|/result/description': {
    en: 'Optional: what this prompt is for.',
    zh: '可选：这个提示模板是做什么用的。',
  },
  'result prompts/get|/result/messages': {
    en: 'The filled-in messages for the conversation, each with a role (user or assistant) and a content block.',
    zh: '填好的、供放入对话的消息，每条都有角色（user 或 assistant）和一个内容块。',
  },
  'result prompts/list|/result/prompts': {
    en: 'The prompt templates a user can pick, each with a name, an optional title and description, and its arguments (each named, and marked if required).',
    zh: '用户可以挑选的提示模板，每个都有 name、可选的 title 和 description，以及它的参数（各有名称，并标明是否必填）。',
  },
  'request completion/complete|/params/ref': {
    en: 'What is being filled in: a prompt (type ref/prompt, by name) or a resource template (type ref/resource, by uri).',
    zh: '正在填写的对象：提示模板（type 为 ref/prompt，按 name）或资源模板（type 为 ref/resource，按 uri）。',
  },
  'request completion/complete|/params/argument': {
    en: 'The argument being typed: its name, and the value typed so far.',
    zh: '正在输入的参数：参数名，以及目前已输入的值。',
  },
  'request completion/complete|/params/context': {
    en: 'Optional: the arguments already filled in, so suggestions can depend on them (since 2025-06-18).',
    zh: '可选：已经填好的参数，让建议可以依据它们给出（自 2025-06-18 起）。',
  },
  'result completion/complete|/result/completion': {
    en: 'The suggestions: values (at most 100, best first), and optionally total (how many there are) and hasMore (more than were sent).',
    zh: '建议：values（最多 100 个，最合适的在前），以及可选的 total（一共有多少）和 hasMore（是否还有没发来的）。',
  },
  'result resources/list|/result/resources': {
    en: 'The resources, each named by its URI, with a name and optionally a title, description and mimeType; no contents (resources/read brings those).',
    zh: '资源列表，每个资源以 URI 命名，带有 name，以及可选的 title、description 和 mimeType；不含内容（内容由 resources/read 取得）。',
  },
  'result resources/templates/list|/result/resourceTemplates': {
    en: 'URI templates (RFC 6570), each with a name: the client fills in the variables to build a URI it can read.',
    zh: 'URI 模板（RFC 6570），每个都有 name：客户端填入变量，构造出可以读取的 URI。',
  },
  'request resources/subscribe|/params/uri': {
    en: 'The resource to watch: the server will send notifications/resources/updated when it changes.',
    zh: '要关注的资源：它变化时，服务器会发送 notifications/resources/updated。',
  },
  'notification notifications/resources/updated|/params/uri': {
    en: 'The resource that changed (possibly a part of the one subscribed to). The new contents are not included: read it again.',
    zh: '发生变化的资源（可能是所订阅资源的一部分）。通知不带新内容：需要再读一次。',
  },
  'request sampling/createMessage|/params/tools': {
    en: 'Optional (since 2025-11-25): tools the client’s model may call while it answers, each with a name and an inputSchema. Only for a client that declared sampling.tools; a client that did not MUST answer with an error.',
    zh: '可选（自 2025-11-25 起）：客户端的模型作答时可以调用的工具，每个都有 name 和 inputSchema。只能发给声明了 sampling.tools 的客户端；没有声明的客户端必须回应一个错误。',
  },
  'request sampling/createMessage|/params/toolChoice': {
    en: 'Optional (since 2025-11-25): whether the model must use a tool (mode required), must not (none) or may choose (auto, the default).',
    zh: '可选（自 2025-11-25 起）：模型必须使用工具（mode 为 required）、不得使用（none），还是自行决定（auto，默认值）。',
  },
  'request sampling/createMessage|/params/systemPrompt': {
    en: 'Optional: the system prompt the server would like; the client may change it or leave it out.',
    zh: '可选：服务器希望使用的系统提示；客户端可以修改或省略它。',
  },
  'result sampling/createMessage|/result/role': {
    en: 'Who wrote the reply: the model, so normally assistant.',
    zh: '回复由谁写出：模型，所以通常是 assistant。',
  },
  'result sampling/createMessage|/result/content': {
    en: 'The model’s reply, as content (text, image or audio; from 2025-11-25 also tool calls, when the request offered tools).',
    zh: '模型的回复内容（文本、图片或音频；自 2025-11-25 起，请求提供了工具时也可以是工具调用）。',
  },
  'result sampling/createMessage|/result/model': {
    en: 'The name of the model that actually answered; the client picked it, the server only stated preferences.',
    zh: '实际作答的模型名称；模型由客户端选择，服务器只能表达偏好。',
  },
  'result sampling/createMessage|/result/stopReason': {
    en: 'Optional: why the model stopped, such as endTurn, stopSequence or maxTokens (toolUse since 2025-11-25).',
    zh: '可选：模型为什么停下，例如 endTurn、stopSequence 或 maxTokens（自 2025-11-25 起还有 toolUse）。',
  },
  'request elicitation/create|/params/message': {
    en: 'What the user is asked, in words shown to the user.',
    zh: '向用户提出的问题，即展示给用户的文字。',
  },
  'request elicitation/create|/params/mode': {
    en: 'form (the default: fields inside the client) or url (the user opens a web page instead; since 2025-11-25).',
    zh: 'form（默认：在客户端内填写表单）或 url（改为让用户打开一个网页；自 2025-11-25 起）。',
  },
  'request elicitation/create|/params/url': {
    en: 'The page the user should open (URL mode); whatever they enter there never passes through the client.',
    zh: '用户应当打开的网页（URL 模式）；用户在那里输入的内容不会经过客户端。',
  },
  'request elicitation/create|/params/elicitationId': {
    en: 'The server’s id for this URL-mode elicitation, opaque to the client; notifications/elicitation/complete quotes it (2025-11-25; removed in 2026-07-28).',
    zh: '服务器为这次 URL 模式的信息征询取的 id，对客户端是不透明的；notifications/elicitation/complete 会引用它（2025-11-25；2026-07-28 已删除）。',
  },
  'result elicitation/create|/result/action': {
    en: 'What the user did: accept (submitted), decline (said no) or cancel (dismissed without choosing).',
    zh: '用户的选择：accept（已提交）、decline（明确拒绝）或 cancel（未作选择就关闭了）。',
  },
  'result elicitation/create|/result/content': {
    en: 'The user’s answers, fitting requestedSchema; only with action accept in form mode.',
    zh: '用户的回答，符合 requestedSchema；只在 form 模式且 action 为 accept 时出现。',
  },
  'notification notifications/elicitation/complete|/params/elicitationId': {
    en: 'Which URL-mode elicitation is finished: the id from its elicitation/create (2025-11-25; removed in 2026-07-28).',
    zh: '哪一次 URL 模式的信息征询已经完成：即其 elicitation/create 中的 id（2025-11-25；2026-07-28 已删除）。',
  },
  ...TASK_FIELDS,
  // After the 2025-11-25 tasks' (a tasks/get field of both takes its meaning by revision) and before
  // the core's (the first meaning of a pointer wins: a CreateTaskResult's ttlMs is no cache hint).
  ...EXT_TASK_FIELDS,
  ...MODERN_FIELDS,
});

const CAPABILITIES: Record<string, Bilingual> = ownTable({
  tools: { en: 'Offers tools.', zh: '提供工具。' },
  resources: { en: 'Offers resources.', zh: '提供资源。' },
  prompts: { en: 'Offers prompts.', zh: '提供提示词。' },
  logging: { en: 'Sends log messages.', zh: '发送日志消息。' },
  completions: { en: 'Completes arguments.', zh: '提供参数补全。' },
  roots: { en: 'Shares root folders.', zh: '共享根目录。' },
  sampling: { en: 'Lets the server use its model.', zh: '允许服务器使用它的模型。' },
  elicitation: { en: 'Can ask its user for input.', zh: '可以向用户索取信息。' },
  tasks: {
    en: 'Supports tasks (experimental in 2025-11-25; 2026-07-28 moves them to the io.modelcontextprotocol/tasks extension).',
    zh: '支持任务（2025-11-25 中为实验性；2026-07-28 把它移入扩展 io.modelcontextprotocol/tasks）。',
  },
  experimental: { en: 'Non-standard features.', zh: '非标准功能。' },
  extensions: {
    en: 'Extensions it supports, by id (2026-07-28), each with its settings.',
    zh: '它支持的扩展（2026-07-28），按标识列出，各带设置。',
  },
});

/**
 * What a flag inside a capability means: by its own name when it means the same under every
 * capability, else by `<capability>.<flag>` (sampling.tools is not the server's tools).
 */
const FLAGS: Record<string, Bilingual> = ownTable({
  listChanged: { en: 'Will announce changes to the list.', zh: '列表变化时会发出通知。' },
  subscribe: { en: 'Accepts subscriptions to single resources.', zh: '支持订阅单个资源。' },
  'sampling.tools': {
    en: 'Accepts sampling/createMessage with tools: its model may call the tools named in that request (since 2025-11-25).',
    zh: '接受带 tools 的 sampling/createMessage：它的模型可以调用该请求中列出的工具（自 2025-11-25 起）。',
  },
  'elicitation.form': {
    en: 'Accepts form-mode elicitation: the user fills in fields inside the client (2025-11-25; an empty elicitation object means form only).',
    zh: '接受 form 模式的信息征询：用户在客户端内填写表单（2025-11-25；空的 elicitation 对象等于只支持 form）。',
  },
  'elicitation.url': {
    en: 'Accepts URL-mode elicitation: the user is sent to a web page, for what must not pass through the client (since 2025-11-25).',
    zh: '接受 URL 模式的信息征询：让用户打开一个网页，用于不能经过客户端的内容（自 2025-11-25 起）。',
  },
  'sampling.context': {
    en: 'Accepts includeContext values other than "none" (2025-11-25; soft-deprecated, deprecated in 2026-07-28).',
    zh: '接受 "none" 以外的 includeContext 值（2025-11-25；已不推荐使用，2026-07-28 正式弃用）。',
  },
  'tasks.list': {
    en: 'Supports tasks/list (experimental in 2025-11-25).',
    zh: '支持 tasks/list（2025-11-25 中为实验性功能）。',
  },
  'tasks.cancel': {
    en: 'Supports tasks/cancel (experimental in 2025-11-25).',
    zh: '支持 tasks/cancel（2025-11-25 中为实验性功能）。',
  },
  'tasks.requests': {
    en: 'Which requests may be task-augmented, by kind (tools.call for a server; sampling.createMessage, elicitation.create for a client).',
    zh: '哪些请求可以作为任务执行，按类别列出（服务器为 tools.call；客户端为 sampling.createMessage、elicitation.create）。',
  },
  'roots.listChanged': {
    en: 'Will send notifications/roots/list_changed when its roots change (2025-11-25; that notification is removed in 2026-07-28).',
    zh: '根目录变化时会发送 notifications/roots/list_changed（2025-11-25；2026-07-28 已删除该通知）。',
  },
});

function annotateCapabilities(out: Annotation[], base: string, caps: Record<string, unknown>) {
  for (const [name, value] of Object.entries(caps)) {
    // Own keys only: a capability named "constructor" has no meaning, not Object's constructor.
    const meaning = Object.hasOwn(CAPABILITIES, name) ? CAPABILITIES[name] : undefined;
    if (meaning) out.push({ pointer: `${base}/${name}`, text: meaning });
    // An extension's settings are its own; only core capabilities have known flags.
    if (isObject(value) && name !== 'extensions') {
      for (const flag of Object.keys(value)) {
        const sub = FLAGS[`${name}.${flag}`] ?? FLAGS[flag];
        if (sub) out.push({ pointer: `${base}/${name}/${flag}`, text: sub });
      }
    }
  }
}

/** The meaning a field has in the session's revision. */
function meaningIn(text: Bilingual | ByRevision, revision: KnownVersion | undefined): Bilingual {
  if (!('since' in text)) return text;
  return revision === undefined || versionAtLeast(revision, text.since) ? text.from : text.before;
}

/**
 * What each field of a message means, for the fields it actually has. `method` is the request's
 * method for a response (the wire does not repeat it).
 */
export function annotate(
  message: unknown,
  method: string | null,
  revision?: KnownVersion,
): Annotation[] {
  if (!isObject(message)) return [];
  const where: Where =
    'error' in message
      ? 'error'
      : 'result' in message
        ? 'result'
        : 'id' in message
          ? 'request'
          : 'notification';
  const out: Annotation[] = [];
  const seen = new Set<string>();
  for (const [key, text] of Object.entries(FIELDS)) {
    const [scope, pointer] = key.split('|') as [string, string];
    const applies =
      scope === '*' ||
      scope === `${where} *` ||
      (method !== null && scope === `${where} ${method}`);
    if (applies && !seen.has(pointer) && valueAt(message, pointer) !== undefined) {
      seen.add(pointer);
      out.push({ pointer, text: meaningIn(text, revision) });
    }
  }
  const params = isObject(message.params) ? message.params : {};
  const result = isObject(message.result) ? message.result : {};
  const meta = isObject(params._meta) ? params._meta : {};
  const capabilities: [string, unknown][] = [];
  if (method === 'initialize' && where === 'request')
    capabilities.push(['/params/capabilities', params.capabilities]);
  if ((method === 'initialize' || method === 'server/discover') && where === 'result')
    capabilities.push(['/result/capabilities', result.capabilities]);
  // 2026-07-28: the client declares its capabilities in every request's _meta.
  if (where === 'request') {
    const key = CLIENT_CAPABILITIES_META;
    capabilities.push([`/params/_meta/${key.replace('/', '~1')}`, meta[key]]);
  }
  for (const [base, value] of capabilities) {
    if (isObject(value)) annotateCapabilities(out, base, value);
  }
  if (where === 'error' && isObject(message.error) && typeof message.error.code === 'number') {
    const code = describeErrorCode(message.error.code, revision);
    out.push({
      pointer: '/error/code',
      text: { en: `${code.name}: ${code.meaning.en}`, zh: `${code.name}：${code.meaning.zh}` },
    });
  }
  return out;
}
