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
  notYet: { en: 'not yet', zh: '尚未' },
  stale: { en: 'stale', zh: '已过期' },
  envelope: { en: 'envelope', zh: '消息' },
  meaning: { en: 'what the fields mean', zh: '字段含义' },
  narration: { en: 'what happens', zh: '发生了什么' },
  violation: { en: 'rule broken', zh: '违反规则' },
  allowed: { en: 'allowed by the rules', zh: '符合规则' },
  progress: { en: 'progress', zh: '进度' },
  timeline: { en: 'timeline', zh: '时间线' },
  recap: { en: 'Recap', zh: '小结' },
  goal: { en: 'Goal', zh: '目标' },
  spec: { en: 'Spec sections', zh: '规范章节' },
  keys: {
    en: '→/n/space next · ←/p back · g/G first/last · ? help · q quit',
    zh: '→/n/空格 下一步 · ←/p 上一步 · g/G 首/末 · ? 帮助 · q 退出',
  },
  menuKeys: { en: '↑/↓ choose · Enter open · q quit', zh: '↑/↓ 选择 · 回车 打开 · q 退出' },
  statusNew: { en: 'new', zh: '未开始' },
  statusStarted: { en: 'in progress', zh: '进行中' },
  statusDone: { en: 'done', zh: '已完成' },
  help: {
    en: 'Each step sends one JSON-RPC envelope. The referee checks it against the lifecycle and the negotiated capabilities; a red callout names the rule it breaks and the spec section. Progress is saved in .mcp-sim/progress.json.',
    zh: '每一步发送一条 JSON-RPC 消息。裁判根据生命周期和协商好的能力检查它；红色提示会指出违反的规则和规范章节。进度保存在 .mcp-sim/progress.json 中。',
  },
  end: { en: 'End of lesson', zh: '课程结束' },
  tooSmall: { en: 'Terminal too small: need at least 60×16', zh: '终端太小：至少需要 60×16' },
  // Interactive UI (src/ui). `{n}`-style placeholders are filled by src/ui/text.ts.
  stepOf: { en: 'step {k}/{n}', zh: '步骤 {k}/{n}' },
  moreLines: { en: '…{n} more lines', zh: '…还有 {n} 行' },
  moreMeanings: { en: '+{n} meanings hidden', zh: '另有 {n} 条含义未显示' },
  working: { en: 'working', zh: '处理中' },
  subscribed: { en: 'subscribed', zh: '已订阅' },
  token: { en: 'token', zh: '令牌' },
  loading: { en: 'Playing the lesson…', zh: '正在演示课程…' },
  broken: { en: 'cannot be opened', zh: '无法打开' },
  noLessons: { en: 'No lessons found.', zh: '没有找到课程。' },
  helpTitle: { en: 'Keys', zh: '按键' },
  helpClose: { en: '? or Esc closes this help', zh: '按 ? 或 Esc 关闭帮助' },
  helpLegend: {
    en: 'Timeline: ──▶ request or response · ┄┄▶ notification · ✗ error response · ! rule broken. Numbers beside the envelope point at the field meanings below it.',
    zh: '时间线：──▶ 请求或回应 · ┄┄▶ 通知 · ✗ 错误回应 · ! 违反规则。消息左侧的数字对应下方的字段含义。',
  },
  kind_request: { en: 'request', zh: '请求' },
  kind_response: { en: 'response', zh: '回应' },
  kind_error: { en: 'error response', zh: '错误回应' },
  kind_notification: { en: 'notification', zh: '通知' },
  kind_invalid: { en: 'not a JSON-RPC message', zh: '不是 JSON-RPC 消息' },
  fault: { en: 'fault', zh: '故障' },
  keyNext: { en: 'next', zh: '下一步' },
  keyBack: { en: 'back', zh: '上一步' },
  keyFirstLast: { en: 'first/last', zh: '首/末' },
  keyHelp: { en: 'help', zh: '帮助' },
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
} as const satisfies Record<string, Bilingual>;

export type StringKey = keyof typeof STRINGS;

export function s(key: StringKey, lang: Lang): string {
  return STRINGS[key][lang];
}
