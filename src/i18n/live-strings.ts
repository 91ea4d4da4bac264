import type { Bilingual } from './lang.js';

/**
 * The strings of `serve --http --ui` (the live classroom view), kept apart from the lesson UI's
 * table. Read with `tr(LIVE_STRINGS.key, lang, values)`.
 */
export const LIVE_STRINGS = {
  liveTitle: { en: 'Live: {client} ⇄ mcp-sim', zh: '实时会话：{client} ⇄ mcp-sim' },
  unknownClient: { en: 'a client', zh: '客户端' },
  following: { en: '● live', zh: '● 实时' },
  paused: {
    en: '‖ paused at step {k} · {n} after it · G follows',
    zh: '‖ 暂停于第 {k} 步 · 其后还有 {n} 步 · 按 G 跟随',
  },
  session: { en: 'session {k}/{n} {id}', zh: '会话 {k}/{n} {id}' },
  closed: { en: '(ended)', zh: '（已结束）' },
  waitingTitle: { en: 'mcp-sim · live', zh: 'mcp-sim · 实时' },
  listening: { en: 'Listening on {url}', zh: '正在监听 {url}' },
  waiting: {
    en: 'Waiting for an MCP client to send its first message: initialize, or a 2026-07-28 request such as server/discover (that revision has no handshake). Every envelope will appear here as it crosses the wire, judged by the referee.',
    zh: '等待 MCP 客户端发来第一条消息：initialize，或 server/discover 之类的 2026-07-28 请求（该修订版没有握手）。每条消息经过线路时都会显示在这里，并由裁判检查。',
  },
  tryIt: { en: 'Try, from another terminal:', zh: '可以在另一个终端中运行：' },
  keySession: { en: 'session', zh: '切换会话' },
  server: { en: 'server', zh: '服务器' },
  needsTty: {
    en: '--ui needs an interactive terminal; run without --ui to log the session on stderr (add --trace-file <file> to record it)',
    zh: '--ui 需要交互式终端；去掉 --ui 运行即可在 stderr 上记录会话（加上 --trace-file <文件> 可保存会话记录）',
  },
} as const satisfies Record<string, Bilingual>;

export type LiveStringKey = keyof typeof LIVE_STRINGS;
