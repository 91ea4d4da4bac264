import type { Bilingual, Lang } from './lang.js';

/** Every fixed string of the interface, in both languages. */
export const STRINGS = {
  appTitle: {
    en: 'mcp-sim — learn MCP one envelope at a time',
    zh: 'mcp-sim — 一条一条消息地学习 MCP',
  },
  lessons: { en: 'Lessons', zh: '课程' },
  step: { en: 'step', zh: '步骤' },
  client: { en: 'client', zh: '客户端' },
  server: { en: 'server', zh: '服务器' },
  phase_initialization: { en: 'initialization', zh: '初始化' },
  phase_operation: { en: 'operation', zh: '操作' },
  phase_shutdown: { en: 'shutdown', zh: '关闭' },
  capabilities: { en: 'capabilities', zh: '能力' },
  version: { en: 'version', zh: '版本' },
  tools: { en: 'tools', zh: '工具' },
  pending: { en: 'pending', zh: '待回应' },
  none: { en: 'none', zh: '无' },
  notYet: { en: 'not yet', zh: '尚未协商' },
  notListed: { en: 'not listed yet', zh: '尚未列出' },
  stale: { en: 'stale', zh: '已过期' },
  envelope: { en: 'envelope', zh: '消息' },
  meaning: { en: 'what the fields mean', zh: '字段含义' },
  narration: { en: 'what happens', zh: '发生了什么' },
  violation: { en: 'rule broken', zh: '违反规则' },
  violationWarning: { en: 'warning', zh: '警告' },
  allowed: { en: 'allowed by the rules', zh: '符合规则' },
  severity_error: { en: 'error', zh: '错误' },
  severity_warning: { en: 'warning', zh: '警告' },
  progress: { en: 'progress', zh: '进度' },
  timeline: { en: 'timeline', zh: '时间线' },
  recap: { en: 'Recap', zh: '小结' },
  goal: { en: 'Goal', zh: '目标' },
  lessonRevision: { en: 'Revision', zh: '协议修订版' },
  spec: { en: 'Spec sections', zh: '规范章节' },
  statusNew: { en: 'new', zh: '未开始' },
  statusStarted: { en: 'in progress', zh: '进行中' },
  statusDone: { en: 'done', zh: '已完成' },
  help: {
    en: 'Each step sends one JSON-RPC envelope. The referee checks it against the lifecycle and the negotiated capabilities; a red callout names the rule it breaks and the spec section.',
    zh: '每一步发送一条 JSON-RPC 消息。裁判根据生命周期和协商好的能力检查它；红色提示会指出违反的规则和规范章节。',
  },
  /** The same for a session of the stateless era, which has no lifecycle and negotiates nothing. */
  helpModern: {
    en: 'Each step sends one JSON-RPC envelope. The referee checks it against the rules of 2026-07-28: what its own _meta declares (revision, capabilities), the server’s answers and the requests in flight; a red callout names the rule it breaks and the spec section.',
    zh: '每一步发送一条 JSON-RPC 消息。裁判按 2026-07-28 的规则检查它：它自己的 _meta 声明的内容（版本、能力）、服务器的回答以及尚未完成的请求；红色提示会指出违反的规则和规范章节。',
  },
  helpSaved: {
    en: 'Progress is saved in .mcp-sim/progress.json in the current folder.',
    zh: '进度保存在当前文件夹的 .mcp-sim/progress.json 中。',
  },
  endLesson: { en: 'End of lesson', zh: '课程结束' },
  endSession: { en: 'End of the session', zh: '会话结束' },
  endYourSession: { en: 'End of your session', zh: '你的会话结束' },
  tooSmall: { en: 'Terminal too small: need at least 60×16', zh: '终端太小：至少需要 60×16' },
  // Interactive UI (src/ui). `{n}`-style placeholders are filled by src/ui/text.ts.
  stepOf: { en: 'step {k}/{n}', zh: '步骤 {k}/{n}' },
  versionShort: { en: 'v', zh: 'v' },
  capsShort: { en: 'caps', zh: '能力' },
  working: { en: 'working', zh: '处理中' },
  era_modern: { en: 'no lifecycle', zh: '无生命周期' },
  era_modernNote: {
    en: 'each request declares its revision and capabilities',
    zh: '每个请求各自声明版本与能力',
  },
  revision: { en: 'declares', zh: '声明版本' },
  revisionShort: { en: 'v', zh: 'v' },
  perRequest: { en: 'per request', zh: '逐个请求' },
  clientInfo: { en: 'info', zh: '信息' },
  supports: { en: 'supports', zh: '支持版本' },
  notDiscovered: { en: 'not discovered', zh: '尚未发现' },
  notDeclared: { en: 'not declared', zh: '尚未声明' },
  /** What the server has not said yet (not discovered, not declared), told short on a narrow line. */
  unknown: { en: 'unknown', zh: '未知' },
  /** What a modern client's request left out of its _meta, told short on a narrow line. */
  missing: { en: 'missing', zh: '缺失' },
  subscribed: { en: 'subscribed', zh: '已订阅' },
  token: { en: 'token', zh: '令牌' },
  loading: { en: 'Playing the lesson…', zh: '正在演示课程…' },
  broken: { en: 'cannot be opened', zh: '无法打开' },
  moreBroken: {
    en: '{count} more lesson files cannot be opened; {mcp} lessons names each one',
    zh: '另有 {count} 个课程文件无法打开；{mcp} lessons 会逐一列出',
  },
  noLessons: { en: 'No lessons found.', zh: '没有找到课程。' },
  helpTitle: { en: 'Keys', zh: '按键' },
  helpClose: { en: '?, Esc or q closes this help', zh: '按 ?、Esc 或 q 关闭帮助' },
  // The timeline's legend, an item at a time so that no symbol is parted from its meaning.
  legendTimeline: { en: 'Timeline:', zh: '时间线：' },
  legendRequest: { en: 'request or response', zh: '请求或回应' },
  legendNotification: { en: 'notification', zh: '通知' },
  legendError: { en: 'error response', zh: '错误回应' },
  legendClosed: { en: 'transport closed', zh: '传输已关闭' },
  legendAbandoned: {
    en: 'the client closed a request’s HTTP response stream',
    zh: '客户端关闭了某个请求的 HTTP 响应流',
  },
  streamClosedTitle: {
    en: 'the client closes the HTTP response stream of {request}',
    zh: '客户端关闭了 {request} 的 HTTP 响应流',
  },
  /** An envelope's place in the JSON-RPC batch it came in (2025-03-26 basic/index › Batching). */
  inBatch: { en: 'batch {n}/{size}', zh: '批量消息 {n}/{size}' },
  streamClosedRow: { en: 'closes the stream of {request}', zh: '关闭 {request} 的流' },
  abandonCancelled: { en: 'cancelled', zh: '已取消' },
  abandonWaiting: { en: 'not cancelled', zh: '未取消' },
  abandonNone: { en: 'nothing in flight', zh: '无进行中的请求' },
  legendCurrent: { en: 'current step', zh: '当前步骤' },
  legendRuleError: { en: 'rule broken', zh: '违反规则' },
  legendRuleWarning: { en: 'warning only', zh: '仅有警告' },
  legendUnknownRequest: { en: 'answers no request sent', zh: '回应了未发出的请求' },
  legendTime: { en: 'since the first message', zh: '距第一条消息的时间' },
  legendSummary: { en: 'one-word summary', zh: '一词摘要' },
  /** Between the legend's items: not "·", which the summary column itself starts with. */
  legendSeparator: { en: '; ', zh: '；' },
  /** The server's own requests the client has not answered yet (roots/list, sampling…). */
  waitingForClient: { en: 'waiting for the client', zh: '等待客户端回应' },
  waitingShort: { en: 'asked', zh: '已请求' },
  legendPeers: {
    en: 'The one-line client and server summaries on a short screen: v is the version; caps tools.* is tools with its sub-capabilities (tools.listChanged…); a list told short is its first items and how many more (weather_current +2), or only how many (+2); asked is the server’s own request the client has not answered yet; … means more than the line holds. A taller screen shows each in full.',
    zh: '屏幕较矮时，客户端和服务器各占一行摘要：v 是版本；能力 tools.* 表示 tools 及其子能力（tools.listChanged 等）；缩写的列表只显示前几项和其余的数量（weather_current +2），或者只显示数量（+2）；已请求是服务器自己发出、客户端尚未回应的请求；… 表示一行放不下的内容。屏幕更高时会完整显示。',
  },
  legendNumbers: {
    en: 'Numbers beside the envelope point at the field meanings in its pane: the step’s own above the JSON, the rest below it.',
    zh: '消息左侧的数字对应同一窗格中的字段含义：本步骤特有的在 JSON 上方，其余在下方。',
  },
  kind_request: { en: 'request', zh: '请求' },
  kind_response: { en: 'response', zh: '回应' },
  kind_error: { en: 'error response', zh: '错误回应' },
  kind_notification: { en: 'notification', zh: '通知' },
  kind_invalid: { en: 'not a JSON-RPC message', zh: '不是 JSON-RPC 消息' },
  /** Valid JSON-RPC 2.0 that MCP forbids: a null id, an id on a notification… */
  kind_invalid_mcp: { en: 'not a valid MCP message', zh: '不是有效的 MCP 消息' },
  closedBy: { en: 'the {side} closes the transport', zh: '{side}关闭了传输' },
  noEnvelope: { en: 'no envelope', zh: '没有消息' },
  fault: { en: 'fault', zh: '故障' },
  keyNext: { en: 'next', zh: '下一步' },
  keyBack: { en: 'back', zh: '上一步' },
  keyFirstLast: { en: 'first/last', zh: '首/末' },
  keyScroll: { en: 'scroll the focused pane; {page} a page', zh: '滚动当前窗格；{page} 翻一页' },
  // The panes and the field tree (issue 17 › Inspect).
  keyFocus: { en: 'pane', zh: '切换窗格' },
  keyFocusHelp: {
    en: 'focus the next pane (▶): narration, envelope, timeline',
    zh: '切换到下一个窗格（▶）：说明、消息、时间线',
  },
  keyInspect: { en: 'fields', zh: '字段树' },
  keyInspectHelp: {
    en: 'the envelope as a field tree, with every field’s meaning',
    zh: '以字段树查看消息，每个字段附含义',
  },
  paneText: { en: 'narration', zh: '说明' },
  paneBelow: { en: '↓ {n} more', zh: '↓ 还有 {n} 行' },
  paneAbove: { en: '↑ {n} above', zh: '↑ 上面 {n} 行' },
  treeTitle: { en: 'fields', zh: '字段' },
  treeKeys: {
    // The way back first: a narrow terminal cuts the end of the line.
    // n is the next match of /, not the lesson's next step: said so.
    en: 'q/Esc back · ↑/↓ move · ←/→ fold/open · Enter toggle · / find · n next match',
    zh: 'q/Esc 返回 · ↑/↓ 移动 · ←/→ 折叠/展开 · 回车 切换 · / 查找 · n 下一处匹配',
  },
  treeFind: {
    en: 'Find: {typed}▏ (Enter find, Esc cancel)',
    zh: '查找：{typed}▏（回车 查找，Esc 取消）',
  },
  treeMatch: {
    en: '{at} of {of}: “{query}” · n next match · q/Esc back',
    zh: '第 {at} 个，共 {of} 个：“{query}” · n 下一处匹配 · q/Esc 返回',
  },
  treeOnlyMatch: {
    en: 'The only match: “{query}” · q/Esc back',
    zh: '唯一的匹配：“{query}” · q/Esc 返回',
  },
  treeMissed: { en: 'No field holds “{query}”.', zh: '没有字段包含“{query}”。' },
  treeRoot: {
    en: 'The whole envelope: each of its fields, below, says what it means.',
    zh: '整条消息：下面的每个字段都说明了自己的含义。',
  },
  treeNoMeaning: {
    en: 'No note for this field: the field that holds it may say more.',
    zh: '这个字段没有说明：包含它的上层字段也许有更多说明。',
  },
  treeNoMeaningObject: {
    en: 'No note for this field as a whole: the fields inside it, below, say what it holds.',
    zh: '这个字段整体没有说明：它下面包含的各个字段说明了它装着什么。',
  },
  treeNoMeaningArray: {
    en: 'No note for this list as a whole: the items inside it, below, say what it holds.',
    zh: '这个列表整体没有说明：它下面包含的各项说明了它装着什么。',
  },
  treeNoMeaningFolded: {
    en: 'No note for this field as a whole: it is folded; → or Enter opens it, and the fields inside it say what it holds.',
    zh: '这个字段整体没有说明：它已折叠，按 → 或回车展开，里面的各个字段说明了它装着什么。',
  },
  treeNoMeaningArrayFolded: {
    en: 'No note for this list as a whole: it is folded; → or Enter opens it, and the items inside it say what it holds.',
    zh: '这个列表整体没有说明：它已折叠，按 → 或回车展开，里面的各项说明了它装着什么。',
  },
  keyHelp: { en: 'help', zh: '帮助' },
  keyViolations: { en: 'violations', zh: '违规列表' },
  keyBroken: {
    en: 'next / previous step that breaks a rule',
    zh: '下一个 / 上一个违反规则的步骤',
  },
  keyGoTo: { en: 'go to its step', zh: '跳到该步骤' },
  keyClose: { en: 'close', zh: '关闭' },
  violationsTitle: { en: 'Violations ({count})', zh: '违规列表（{count}）' },
  violationsNone: {
    en: 'No step of this session breaks a rule.',
    zh: '这段会话中没有违反规则的步骤。',
  },
  violationsUnreadable: {
    en: 'Not a message (✗ not a message): {lines}. No rule judged them; trace says why each could not be read.',
    zh: '{lines}不是消息（✗ 不是消息）：没有规则评判它们；trace 会说明每一行为什么无法读取。',
  },
  noLaterBroken: {
    en: 'No later step breaks a rule (] stops at the last one).',
    zh: '后面没有违反规则的步骤了（] 停在最后一个）。',
  },
  noEarlierBroken: {
    en: 'No earlier step breaks a rule ([ stops at the first one).',
    zh: '前面没有违反规则的步骤了（[ 停在第一个）。',
  },
  noBroken: { en: 'No step of this session breaks a rule.', zh: '这段会话中没有违反规则的步骤。' },
  atLastStep: {
    en: 'This is the last step: g goes back to the first, q quits.',
    zh: '这是最后一步：g 回到第一步，q 退出。',
  },
  atFirstStep: {
    en: 'This is the first step: n or → moves on.',
    zh: '这是第一步：n 或 → 前进。',
  },
  jumpPastEnd: {
    en: 'Only {count} steps: went to the last.',
    zh: '只有 {count} 步：已到最后一步。',
  },
  jumpBeforeStart: {
    en: 'Steps start at 1: went to the first.',
    zh: '步骤从 1 开始：已到第一步。',
  },
  nothingToInspect: {
    en: 'No envelope at this step: e opens a message’s fields.',
    zh: '这一步没有消息：e 用来打开消息的字段。',
  },
  // Flow through the course (issue 17 › Flow).
  resumeNotice: {
    en: 'Resuming at step {step} of {count} — g to start over',
    zh: '从第 {step} 步继续（共 {count} 步）—— 按 g 从头开始',
  },
  nextLesson: { en: 'n: next lesson — {title}', zh: 'n：下一课——{title}' },
  courseEnd: {
    en: 'This is the last lesson of the course: well done!',
    zh: '这是本课程的最后一课：恭喜学完！',
  },
  autoplayCountdown: {
    en: '▶ next step in {seconds} s · space pause · : go to step',
    zh: '▶ {seconds} 秒后下一步 · 空格 暂停 · : 跳到某步',
  },
  autoplayPaused: {
    en: '⏸ paused · space play on · n/p step by hand',
    zh: '⏸ 已暂停 · 空格 继续播放 · n/p 手动逐步',
  },
  jumpPrompt: {
    en: 'Go to step: {typed}▏ (1–{count}, Enter go, Esc cancel)',
    zh: '跳到第几步：{typed}▏（1–{count}，回车 跳转，Esc 取消）',
  },
  keyJump: { en: 'go to step number N', zh: '跳到第 N 步' },
  keyPause: { en: 'pause / play on (autoplay)', zh: '暂停 / 继续播放（自动播放时）' },
  menuDone: { en: '{done}/{count} done', zh: '已完成 {done}/{count}' },
  continueHere: { en: '◂ continue here', zh: '◂ 从这里继续' },
  recapExercise: {
    en: 'Exercise: {title} ({mcp} check {id}).',
    zh: '练习：{title}（{mcp} check {id}）。',
  },
  unreadableLine: { en: 'unreadable line', zh: '无法读取的行' },
  unreadableBody: { en: 'unreadable POST body', zh: '无法读取的 POST 正文' },
  notJudged: {
    en: 'not a message: the referee could not judge it',
    zh: '不是消息：裁判无法判断它',
  },
  judgedLater: {
    en: 'no rule broken yet: the referee can judge this fault only at the next step',
    zh: '暂未违反规则：裁判要到下一步才能判定这个故障',
  },
  legendUnreadable: { en: 'not a message', zh: '不是消息' },
  keyQuit: { en: 'quit', zh: '退出' },
  keyMenu: { en: 'menu', zh: '菜单' },
  keyChoose: { en: 'choose', zh: '选择' },
  keyOpen: { en: 'open', zh: '打开' },
  keySpace: { en: 'space', zh: '空格' },
  keyEnter: { en: 'Enter', zh: '回车' },
  needsTty: {
    en: 'this view needs an interactive terminal; use --plain for a Markdown handout (or --json)',
    zh: '该视图需要交互式终端；请使用 --plain 输出 Markdown 讲义（或 --json）',
  },
  needsTtyMenu: {
    en: 'the lesson menu needs an interactive terminal; list the lessons with {mcp} lessons, and print one with {mcp} lesson <id> --plain',
    zh: '课程菜单需要交互式终端；可用 {mcp} lessons 列出课程，用 {mcp} lesson <id> --plain 输出其中一课',
  },
  needsTtyPlayFile: {
    en: 'this view needs an interactive terminal; use --plain for the session as Markdown',
    zh: '该视图需要交互式终端；请使用 --plain 以 Markdown 形式输出这段会话',
  },
  needsTtySandbox: {
    en: 'the sandbox needs an interactive terminal: you choose each message with the keys ({mcp} lesson <id> --plain prints a walkthrough instead)',
    zh: '沙盒需要交互式终端：每条消息都要用按键选择（可改用 {mcp} lesson <id> --plain 输出一份演示）',
  },
  recapTryIt: {
    en: 'Try it yourself: {mcp} sandbox --lesson {id}',
    zh: '自己试一试：{mcp} sandbox --lesson {id}',
  },
  needsTtyPlay: {
    en: 'this view needs an interactive terminal; use --play --plain for the walkthrough as Markdown',
    zh: '该视图需要交互式终端；请使用 --play --plain 以 Markdown 形式输出演示',
  },
} as const satisfies Record<string, Bilingual>;

export type StringKey = keyof typeof STRINGS;

/**
 * Sentences as one paragraph: a space between English sentences, none between Chinese ones (a
 * Chinese sentence ends in its own full-width stop).
 */
export function sentences(lang: Lang, ...parts: readonly string[]): string {
  return parts.filter((p) => p !== '').join(lang === 'zh' ? '' : ' ');
}
