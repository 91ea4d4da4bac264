import type { Bilingual } from './lang.js';

/** The strings of `mcp-sim sandbox`, read with `tr(SANDBOX_STRINGS.key, lang, values)`. */
export const SANDBOX_STRINGS = {
  title: { en: 'mcp-sim sandbox', zh: 'mcp-sim 沙盒' },
  youAre: { en: 'you are the {side}', zh: '你是{side}' },
  eraLegacy: { en: 'handshake era {version}', zh: '旧时代 {version}' },
  eraModern: { en: 'modern era {version}', zh: '新时代 {version}' },
  modernNote: {
    en: 'no handshake: each request declares its revision and capabilities',
    zh: '没有握手：每个请求各自声明版本与能力',
  },
  /** The lesson the sandbox opened at (`--lesson`), by its title; the id follows when it fits. */
  fromLesson: { en: 'from the lesson “{title}”', zh: '接续课程“{title}”' },
  fromLessonId: { en: 'from the lesson “{title}” ({id})', zh: '接续课程“{title}”（{id}）' },
  clientRejectsVersion: {
    en: 'The client closes the connection: the server answered with version {version}, which this client does not support (it speaks {versions}). 2025-11-25 basic/lifecycle › Version Negotiation: if the client does not support the version in the server’s response, it SHOULD disconnect.',
    zh: '客户端关闭连接：服务器回应的版本 {version} 这个客户端不支持（它支持 {versions}）。2025-11-25 basic/lifecycle › Version Negotiation：如果客户端不支持服务器回应中的版本，它应当（SHOULD）断开连接。',
  },
  clientListens: {
    en: 'The client has nothing more to ask: it listens on subscriptions/listen #{id} for the changes it asked for. Acknowledge the stream first, then tell it what changed on it; a result to the listen ends the stream (2026-07-28 basic/patterns/subscriptions).',
    zh: '客户端没有更多要问的了：它在 subscriptions/listen #{id} 上等待它请求的变更通知。请先确认这个流，再在流上告诉它哪些内容变了；回应这个 listen 的结果会结束该流（2026-07-28 basic/patterns/subscriptions）。',
  },
  clientListensAcknowledged: {
    en: 'The client has nothing more to ask: it listens on subscriptions/listen #{id}, which your server acknowledged. Tell it what changed, on the stream; a result to the listen ends the stream (2026-07-28 basic/patterns/subscriptions).',
    zh: '客户端没有更多要问的了：它在 subscriptions/listen #{id} 上等待通知，你的服务器已确认这个流。请在流上告诉它哪些内容变了；回应这个 listen 的结果会结束该流（2026-07-28 basic/patterns/subscriptions）。',
  },
  clientInitializeRefused: {
    en: 'The client closes the connection: the server refused initialize (error {code}). 2025-11-25 basic/lifecycle › Initialization: the handshake must come first, so without it the client may ask nothing else; this client does not try again.',
    zh: '客户端关闭连接：服务器拒绝了 initialize（错误 {code}）。2025-11-25 basic/lifecycle › Initialization：握手必须最先进行，没有握手客户端什么也不能再请求；这个客户端不会重试。',
  },
  clientLeavesLegacy: {
    en: 'The client closes the connection: server/discover got the error {code}, not -32022, so by 2026-07-28 basic/transports/stdio › Backward Compatibility this is a legacy server. A dual-era client would fall back to initialize; this client speaks only 2026-07-28, so it stops.',
    zh: '客户端关闭连接：server/discover 得到的是错误 {code}，不是 -32022，按 2026-07-28 basic/transports/stdio › Backward Compatibility，对方是旧时代的服务器。双时代客户端会退回 initialize；这个客户端只支持 2026-07-28，所以停止。',
  },
  offersTitle: {
    en: 'What your {side} may send now ({allowed} allowed, {blocked} not):',
    zh: '你的{side}现在可以发送什么（{allowed} 条允许，{blocked} 条不允许）：',
  },
  /** The title when the server would or may refuse some allowed requests (marked ?). */
  offersTitleUnsure: {
    en: 'What your {side} may send now ({allowed} allowed, {unsure} in doubt, {blocked} not):',
    zh: '你的{side}现在可以发送什么（{allowed} 条允许，{unsure} 条存疑，{blocked} 条不允许）：',
  },
  allowedMark: { en: '✓', zh: '✓' },
  forbids: { en: 'the referee will flag', zh: '裁判会判定违反' },
  noMessage: {
    en: '(no message: this acts on the transport itself)',
    zh: '（不发送消息：这是对传输本身的操作）',
  },
  noMessageWait: {
    en: '(no message: time passes, and what the server holds for then goes out)',
    zh: '（不发送消息：时间流逝，服务器留到那时的消息随之发出）',
  },
  historyTitle: { en: 'The session so far (messages: {n}):', zh: '目前的会话（{n} 条消息）：' },
  historyEmpty: {
    en: 'Nothing sent yet: choose a message above and press Enter.',
    zh: '还没有发送任何消息：在上面选择一条消息，按回车发送。',
  },
  lastVerdict: { en: 'Your last message:', zh: '你上一条消息：' },
  /** The verdict box while the history has the focus: the chosen step's. */
  stepVerdict: { en: 'Step {n}: {what}', zh: '第 {n} 步：{what}' },
  /** Under a verdict cut to one line a rule: where the whole of it is read. */
  verdictWhole: {
    en: '… the whole verdict, with its sections: h (history)',
    zh: '……完整的判定及其规范章节：按 h（历史）',
  },
  /** Under a verdict cut even in the history: how many rules are out of sight. */
  verdictHidden: {
    en: '… {n} more (a taller terminal shows them)',
    zh: '……还有 {n} 条（终端更高时可见）',
  },
  /** Under a verdict whose every rule shows, each cut to one line: its section and the rest. */
  verdictRest: {
    en: '… cut short: a taller terminal shows the whole verdict',
    zh: '……判定未完整显示：终端更高时可见全部（含规范章节）',
  },
  stepNotJudged: {
    en: 'An act on the transport: no message, so no rule judges it.',
    zh: '对传输本身的操作：没有消息，所以没有规则评判它。',
  },
  formTitle: {
    en: 'Params of {method} (each value is JSON; plain text is sent as a string):',
    zh: '{method} 的参数（每个值都是 JSON；普通文字按字符串发送）：',
  },
  formKeys: {
    en: '↑/↓ another field · Enter send · Esc back to the list (your edits are kept)',
    zh: '↑/↓ 换一项 · 回车 发送 · Esc 回到列表（保留已输入的内容）',
  },
  formError: {
    en: '{name}: not JSON at column {column}: {error}',
    zh: '{name} 不是 JSON（第 {column} 列）：{error}',
  },
  editTitle: {
    en: 'The envelope as JSON, line {line} of {lines} (arrows move, Enter sends it, Esc goes back):',
    zh: '以 JSON 表示的消息，第 {line} 行，共 {lines} 行（方向键移动，回车发送，Esc 返回）：',
  },
  editPlace: { en: 'line {line}, column {column}', zh: '第 {line} 行第 {column} 列' },
  editError: { en: 'Not JSON: {error}', zh: '不是 JSON：{error}' },
  editErrorAt: { en: 'Not JSON at {at}: {error}', zh: '不是 JSON（{at}）：{error}' },
  editHidden: {
    en: 'The text holds a control character the screen cannot show: {code} at {at} (pasted, or a key taken as text); delete it.',
    zh: '文本里有一个屏幕显示不出来的控制字符：{code}，在{at}（粘贴进来的，或被当作文字的按键）；请删掉它。',
  },
  editKeys: {
    en: '←/→/↑/↓ move · Home/End · Backspace delete · Enter send · Esc keep & back',
    zh: '←/→/↑/↓ 移动 · Home/End · 退格 删除 · 回车 发送 · Esc 保留并返回',
  },
  /** `i` on an offer: the field tree's title starts with this (the envelope is not sent yet). */
  previewTitle: { en: 'not sent yet', zh: '尚未发送' },
  /** Under an offer's field tree: what the referee would say of it. */
  previewVerdict: {
    en: 'If you send it now (Enter in the list):',
    zh: '如果现在发送（在列表中按回车）：',
  },
  keyMove: { en: 'choose', zh: '选择' },
  keySend: { en: 'send', zh: '发送' },
  keyEdit: { en: 'edit JSON', zh: '编辑 JSON' },
  keyHelp: { en: 'help', zh: '帮助' },
  keyInspect: { en: 'inspect', zh: '查看' },
  keyHistory: { en: 'history', zh: '历史' },
  keyMoveHistory: { en: 'choose a message', zh: '选择消息' },
  keyBackToList: { en: 'back to the list', zh: '回到列表' },
  keyQuit: { en: 'quit', zh: '退出' },
  peerAnswered: { en: 'the {side} answered', zh: '{side}回应了' },
  helpTitle: { en: 'The sandbox', zh: '沙盒' },
  helpText: {
    en: "You play one side of an MCP session; the simulator plays the other. The list shows every message your side could send now: those the rules allow first (✓), then the ones the referee would flag (! a warning, ✗ an error), each with the rule and the spec section. A request the rules allow that the server would or may refuse is marked ? (in doubt), with why: as a 2026-07-28 client, one the server has not advertised (no handshake told you: call server/discover first, or risk -32601); a task request before any task (-32602). Choose one with ↑/↓ and press Enter: a request first shows its params, one per line, with defaults you may change; e edits the whole envelope as JSON. The referee judges what you send, and the simulated peer answers as a real one would. The list also holds acts on the transport itself: close the connection, and as a 2026-07-28 client close one request's HTTP response stream, which cancels it; and, while the simulated server holds a message for later (a task's end, a long tool's progress), wait: its clock runs to that message.",
    zh: '你扮演 MCP 会话的一方，模拟器扮演另一方。列表显示你这一方现在可以发送的每条消息：先是规则允许的（✓），然后是裁判会判定违规的（! 警告，✗ 错误），并注明规则和规范章节。规则允许、但服务器会或可能拒绝的请求标为 ?（存疑），并说明原因：作为 2026-07-28 的客户端，服务器没有公布的请求（没有握手告诉你：请先调用 server/discover，否则可能得到 -32601）；还没有任何任务时的任务请求（-32602）。用 ↑/↓ 选择，按回车：请求会先逐行列出参数及默认值，你可以修改；按 e 可以把整条消息当作 JSON 编辑。裁判会判断你发送的消息，模拟的对方会像真实的对端一样回应。列表中还有对传输本身的操作：关闭连接；作为 2026-07-28 的客户端，还可以关闭某个请求的 HTTP 响应流，这就是取消该请求；模拟的服务器有留到稍后发送的消息（任务结束、长时间工具的进度）时，还可以等待：它的时钟走到那条消息到时。',
  },
  helpKeys: {
    en: '↑/↓ or k/j choose · Enter send · e edit the JSON · i the chosen offer as a field tree before it is sent: each field and its meaning, and the referee’s verdict (q/Esc back) · h or Tab the history, from its newest step: ↑/↓ choose a step, its verdict (rules, why) shows below, Enter or i opens it as a field tree, h/Tab/q/Esc back to the list · in a request’s form: ↑/↓ or Tab another field, Home/End (Ctrl-A/Ctrl-E) start/end, Backspace, Enter send, Esc back (kept) · in the editor: arrows, PgUp/PgDn, Tab two spaces, the rest as in the form · Ctrl-C quits anywhere · ?, Esc or q close this help; q in the list quits',
    zh: '↑/↓ 或 k/j 选择 · 回车 发送 · e 编辑 JSON · i 在发送之前以字段树查看选中的条目：每个字段及其含义，以及裁判的判定（q/Esc 返回） · h 或 Tab 进入历史，从最新的一步开始：↑/↓ 选择一步，下方显示它的裁决（规则、严重程度、规范章节、原因），回车或 i 以字段树打开它，h/Tab/q/Esc 回到列表 · 请求的参数表单里：↑/↓ 或 Tab 换一项，Home/End（Ctrl-A/Ctrl-E）移到开头/结尾，退格 删除，回车 发送，Esc 返回（保留输入） · 编辑器里：方向键移动，PgUp/PgDn 翻页，Tab 插入两个空格，其余同表单 · 任何地方按 Ctrl-C 退出 · ?、Esc 或 q 关闭帮助；在列表中按 q 退出',
  },
} as const satisfies Record<string, Bilingual>;
