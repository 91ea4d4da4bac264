import { type CommandSpec, LANG_OPTION } from './types.js';

export const compare = {
  summary: {
    en: 'the same task in both eras, side by side; without a topic, lists the topics',
    zh: '同一个任务在两个时代的并排对比；不给主题时列出所有主题',
  },
  about: {
    en: 'Plays a 2025-11-25 session (with its handshake) and a 2026-07-28 session (stateless) of the same task in two columns that step together, each refereed by its own era’s rules, with the difference for the current step named between them. At fewer than 100 columns the two sessions alternate instead. Without a topic, lists the topics, one per line, id first.',
    zh: '把同一个任务的 2025-11-25 会话（有握手）和 2026-07-28 会话（无状态）放在两栏中一起逐步演示，每一栏由它自己时代的规则裁判，两栏之间说明当前这一步的区别。终端窄于 100 列时，两个会话改为交替显示。不给主题时，列出所有主题，每行一个，id 在前。',
  },
  positionals: [
    {
      name: 'topic',
      help: {
        en: 'the topic’s id (mcp-sim compare lists them)',
        zh: '主题的 id（mcp-sim compare 会列出它们）',
      },
    },
  ],
  options: {
    plain: {
      kind: 'boolean',
      help: {
        en: 'print the comparison as a two-column Markdown handout and exit',
        zh: '把对比输出为两栏的 Markdown 讲义，然后退出',
      },
    },
    json: {
      kind: 'boolean',
      help: {
        en: 'print the comparison as JSON: {id, title, rows: [{difference, legacy, modern}]}, each side {step, direction, message, allowed, violations}; without a topic, the topics: {topics: [{id, title, lessons}]}',
        zh: '以 JSON 输出对比：{id, title, rows: [{difference, legacy, modern}]}，每一边为 {step, direction, message, allowed, violations}；不给主题时列出主题：{topics: [{id, title, lessons}]}',
      },
    },
    lang: LANG_OPTION,
  },
  notes: {
    en: 'Keys: → n space next row · ← p back · g/G first/last · j/k scroll · ? help · q quit. The view needs an interactive terminal; --plain and --json do not.',
    zh: '按键：→ n 空格 下一行 · ← p 上一行 · g/G 首/末 · j/k 滚动 · ? 帮助 · q 退出。该视图需要交互式终端；--plain 和 --json 不需要。',
  },
} as const satisfies CommandSpec;
