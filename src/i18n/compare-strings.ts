import type { Bilingual } from './lang.js';

/** The strings of `mcp-sim compare`, read with `tr(COMPARE_STRINGS.key, lang, values)`. */
export const COMPARE_STRINGS = {
  side_legacy: { en: '{revision} · handshake era', zh: '{revision} · 旧时代' },
  side_modern: { en: '{revision} · stateless', zh: '{revision} · 无状态' },
  difference: { en: 'Difference', zh: '区别' },
  row: { en: 'Row {n} of {total}', zh: '第 {n} 行，共 {total} 行' },
  noStep: { en: 'no step on this side', zh: '这一边没有对应的步骤' },
  stepOf: { en: 'step {n}', zh: '第 {n} 步' },
  columns: {
    en: 'Left: the 2025-11-25 session, with its handshake. Right: the same task in 2026-07-28, with none. Each column is refereed by its own era’s rules.',
    zh: '左边：2025-11-25 的会话，有握手。右边：2026-07-28 中的同一个任务，没有握手。每一栏都由它自己时代的规则裁判。',
  },
  unknownTopic: {
    en: 'no compare topic "{id}"; the topics are: {ids}',
    zh: '没有名为“{id}”的对比主题；可用的主题：{ids}',
  },
  noTopics: { en: 'no compare topics found', zh: '没有找到对比主题' },
  // A topic file's problems (a teacher's or a contributor's): the English line is what tests quote.
  notATopic: { en: 'not a topic', zh: '不是一个对比主题' },
  idMismatch: {
    en: 'id "{id}" does not match the file name (expected "{expected}")',
    zh: 'id "{id}" 与文件名不符（应为 "{expected}"）',
  },
  /** `legacy step 3: …`, counted from 1 as the rows count steps. */
  atSideStep: { en: '{side} step {number}: {message}', zh: '{side} 第 {number} 步：{message}' },
  rowNoStep: {
    en: 'rows[{row}].{side}: step {n} does not exist (the {side} session has {count} steps)',
    zh: 'rows[{row}].{side}：第 {n} 步不存在（{side} 一方的会话只有 {count} 步）',
  },
  rowOrder: {
    en: 'rows[{row}].{side}: the {side} steps appear once each, in order: expected {expected}, found {n}',
    zh: 'rows[{row}].{side}：{side} 一方的每一步按顺序各出现一次：应为 {expected}，实际是 {n}',
  },
  rowsLeftOut: {
    en: 'rows: {side} steps {from}–{to} are in no row',
    zh: 'rows：{side} 一方的第 {from}–{to} 步不在任何一行中',
  },
  scrollMore: { en: '↓ {n} more (j)', zh: '↓ 还有 {n} 行（j）' },
  scrollAbove: { en: '↑ {n} above (k)', zh: '↑ 上面 {n} 行（k）' },
  // `n` on the last row, `p` on the first: the lesson's words for its last and first step.
  // The view counts rows ("Row 13 of 13"): its words for where it stands are rows too.
  atLastRow: {
    en: 'This is the last row: g goes back to the first row, q quits.',
    zh: '这是最后一行：g 回到第一行，q 退出。',
  },
  atFirstRow: { en: 'This is the first row: n or → moves on.', zh: '这是第一行：n 或 → 前进。' },
  // Stacked, n and p step through each row's two sides: the last row's last side, its first's first.
  atLastRowStep: {
    en: 'This is the last row’s last step: g goes back to the first row, q quits.',
    zh: '这是最后一行的最后一步：g 回到第一行，q 退出。',
  },
  atFirstRowStep: {
    en: 'This is the first row’s first step: n or → moves on.',
    zh: '这是第一行的第一步：n 或 → 前进。',
  },
  /** On the last row: the lessons that teach the topic, as commands to run ({commands} last). */
  lessonsNext: { en: 'Learn it in a lesson: {commands}', zh: '在课程中学习：{commands}' },
  helpTitle: { en: 'Keys', zh: '按键' },
  keyNext: { en: 'next row', zh: '下一行' },
  keyNextNarrow: { en: 'next step', zh: '下一步' },
  keyBack: { en: 'back', zh: '上一行' },
  keyBackNarrow: { en: 'back', zh: '上一步' },
  keyFirstLast: { en: 'first/last row', zh: '第一行 / 最后一行' },
  keyScroll: { en: 'scroll', zh: '滚动' },
  keyHelp: { en: 'help', zh: '帮助' },
  keyQuit: { en: 'quit', zh: '退出' },
  helpAbout: {
    en: 'Both sessions step together, one row at a time: each column shows its era’s envelope and the referee’s verdict, and the line between them names what changed. Narrower than 100 columns, the two sessions alternate: a row’s 2025-11-25 step, then its 2026-07-28 step.',
    zh: '两个会话一起前进，一次一行：每一栏显示本时代的消息和裁判的判断，两栏之间的一行说明有什么变化。终端窄于 100 列时，两个会话交替显示：先是这一行的 2025-11-25 步骤，再是它的 2026-07-28 步骤。',
  },
  helpClose: { en: 'any key closes this help', zh: '按任意键关闭帮助' },
} as const satisfies Record<string, Bilingual>;
