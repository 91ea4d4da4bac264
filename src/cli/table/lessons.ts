import { USAGE_STRINGS } from '../../i18n/usage-strings.js';
import { MAX_DEPTH } from '../../session/depth.js';
import { type CommandSpec, LANG_OPTION, LESSONS_OPTION } from './types.js';

/** `mcp-sim` alone (or with options only): the lesson menu. `menu` is its hidden alias. */
/** `--autoplay <seconds>` of `lesson` and `play`: one step every <seconds>, with a countdown. */
const AUTOPLAY_OPTION = {
  kind: 'string',
  value: '<seconds>',
  help: {
    en: 'advance by itself every <seconds> seconds, with a countdown (for a projector); space pauses and plays on',
    zh: '每隔 <seconds> 秒自动前进一步，并显示倒计时（适合投影演示）；空格 暂停 / 继续播放',
  },
} as const;

export const menu = {
  summary: { en: 'the lesson menu (interactive)', zh: '课程菜单（交互式）' },
  positionals: [],
  options: {
    lang: LANG_OPTION,
    lessons: LESSONS_OPTION,
    version: {
      kind: 'boolean',
      short: 'v',
      standalone: true,
      help: { en: 'print the version of mcp-sim', zh: '输出 mcp-sim 的版本号' },
    },
  },
} as const satisfies CommandSpec;

export const lessons = {
  summary: { en: 'list the lessons with their status', zh: '列出课程及其状态' },
  about: {
    en: 'Lists the lessons in order with their status (new, in progress, done), kept in .mcp-sim/progress.json in the current folder. A lesson file that cannot be loaded is reported in one line with its file and line; the others are still listed, and the exit code is 1.\nWith --check <folder>, checks every lesson in a folder (yours, or the course’s lessons/) and reports every problem, one line each with its file and line: exit 1 if there is any, 0 with a summary if none. How to write a lesson: docs/authoring-lessons.md in the package.',
    zh: '按顺序列出课程及其状态（未开始、进行中、已完成），状态保存在当前文件夹的 .mcp-sim/progress.json 中。无法加载的课程文件会用一行报告，并给出文件名和行号；其余课程照常列出，退出码为 1。\n加上 --check <folder> 时，检查一个文件夹（你自己的，或课程自带的 lessons/）里的每一课，逐行报告每个问题及其文件名和行号：有问题时退出码为 1，没有问题时输出汇总，退出码为 0。如何编写课程：见软件包中的 docs/authoring-lessons.md。',
  },
  positionals: [],
  options: {
    json: {
      kind: 'boolean',
      help: {
        en: 'the list as JSON: {lessons: [{id, number, title, goal, steps, status}], problems}',
        zh: '以 JSON 输出列表：{lessons: [{id, number, title, goal, steps, status}], problems}',
      },
    },
    lang: LANG_OPTION,
    lessons: LESSONS_OPTION,
    check: {
      kind: 'string',
      value: '<folder>',
      help: {
        en: 'check every lesson in <folder> and report every problem (file:line:column: …); with --json: {dir, lessons, problems}',
        zh: '检查 <folder> 中的每一课并报告所有问题（文件:行:列: …）；加 --json 时输出 {dir, lessons, problems}',
      },
    },
  },
} as const satisfies CommandSpec;

export const lesson = {
  summary: {
    en: 'play a lesson; --plain prints a Markdown handout',
    zh: '演示一课；--plain 输出 Markdown 讲义',
  },
  about: {
    en: 'Plays a lesson one envelope at a time in the terminal. Instead of an id, give the path of a lesson file or folder of your own (mcp-sim lesson ./my-lessons/01-hammer); a folder of lessons plays its first one.',
    zh: '在终端中一条一条消息地演示一课。也可以不写 id，而给出你自己的课程文件或文件夹的路径（mcp-sim lesson ./my-lessons/01-hammer）；给出一个课程文件夹时演示其中的第一课。',
  },
  positionals: [
    {
      name: 'id',
      missing: USAGE_STRINGS.lessonNeedsId,
      help: {
        en: 'the lesson’s id, its number in the menu (mcp-sim lesson 3) or its folder’s name (03-handshake), or the path of a lesson file or folder (with a / or ending in .yaml)',
        zh: '课程的 id、它在菜单中的编号（mcp-sim lesson 3）或它的文件夹名（03-handshake），或课程文件、文件夹的路径（含 / 或以 .yaml 结尾）',
      },
    },
  ],
  options: {
    plain: {
      kind: 'boolean',
      help: {
        en: 'print the whole walkthrough as a Markdown handout and exit',
        zh: '把整个演示输出为 Markdown 讲义，然后退出',
      },
    },
    json: {
      kind: 'boolean',
      help: {
        en: 'print the run as JSON: {id, title, steps: [{direction, message, note, violations}]}; a line sent with do: {raw} is a step with message null, raw and problem',
        zh: '以 JSON 输出这次演示：{id, title, steps: [{direction, message, note, violations}]}；用 do: {raw} 发出的一行也是一步，其 message 为 null，并带有 raw 和 problem',
      },
    },
    lang: LANG_OPTION,
    lessons: LESSONS_OPTION,
    autoplay: AUTOPLAY_OPTION,
  },
  notes: {
    en: 'Keys: → n space next (on the last step, n opens the next lesson) · ← p back · g/G first/last · : + a number + Enter go to that step · ? help · q quit (progress saved; a lesson is done once you step onto its last step, G alone does not count).',
    zh: '按键：→ n 空格 下一步（在最后一步按 n 打开下一课）· ← p 上一步 · g/G 首/末 · : 加数字再按回车 跳到该步 · ? 帮助 · q 退出（进度会保存；按“下一步”走到最后一步即算学完，直接按 G 跳过去不算）。',
  },
} as const satisfies CommandSpec;

export const play = {
  summary: {
    en: 'step through a transcript in the lesson screen',
    zh: '在课程界面中逐条查看一段会话记录',
  },
  about: {
    en: 'Steps through a recorded session (any format trace reads) in the lesson screen: every envelope, what its fields mean, each side’s phase (in a 2026-07-28 session, which has no lifecycle: the revision, capabilities and info its requests declared), and the referee’s verdict.',
    zh: '在课程界面中逐条查看一段录制的会话（trace 能读的任何格式）：每条消息、各字段的含义、双方所处的阶段（2026-07-28 的会话没有生命周期：改为显示请求声明的版本、能力和信息），以及裁判的判断。',
  },
  positionals: [
    {
      name: 'file',
      missing: USAGE_STRINGS.playNeedsFile,
      help: {
        en: 'the transcript; - reads standard input',
        zh: '会话记录文件；- 表示从标准输入读取',
      },
    },
  ],
  options: {
    plain: {
      kind: 'boolean',
      help: {
        en: 'print the walkthrough as Markdown instead (no terminal needed)',
        zh: '改为以 Markdown 输出演示（无需终端）',
      },
    },
    lang: LANG_OPTION,
    autoplay: AUTOPLAY_OPTION,
  },
} as const satisfies CommandSpec;

export const trace = {
  summary: { en: 'label every message of a transcript', zh: '为会话记录中的每条消息加上标签' },
  about: {
    en: `Labels every message of a transcript with its direction, era (legacy or modern), kind, method, primitive, phase (— for a modern message: 2026-07-28 has no lifecycle), gating capability and the rules it breaks, then prints a summary with the session's era (legacy, modern, or dual: both eras on one connection, initialize after a server/discover probe or a modern request). A message nested deeper than ${MAX_DEPTH} levels is reported as an unreadable line; control characters from the file are printed as escapes such as \\x1b.`,
    zh: `为会话记录中的每条消息标出方向、时代（legacy 或 modern）、类型、方法、原语、阶段（modern 消息显示为 —：2026-07-28 没有生命周期）、所需的能力以及它违反的规则，最后输出汇总，其中包括会话的时代（legacy、modern，或 dual：同一连接上有两个时代，在 server/discover 探测或现代请求之后回退到 initialize）。嵌套超过 ${MAX_DEPTH} 层的消息作为无法读取的行报告；文件中的控制字符以转义形式（如 \\x1b）显示。`,
  },
  positionals: [
    {
      name: 'file',
      missing: USAGE_STRINGS.traceNeedsFile,
      help: {
        en: 'the transcript; - reads standard input',
        zh: '会话记录文件；- 表示从标准输入读取',
      },
    },
  ],
  options: {
    json: {
      kind: 'boolean',
      help: {
        en: 'machine-readable output: {messages, summary, problems}',
        zh: '机器可读的输出：{messages, summary, problems}',
      },
    },
    strict: {
      kind: 'boolean',
      help: {
        en: 'exit 1 when any message breaks a rule (default: only unreadable lines do)',
        zh: '有消息违反规则时以 1 退出（默认只有无法读取的行才会这样）',
      },
    },
    lang: LANG_OPTION,
  },
} as const satisfies CommandSpec;

export const diagram = {
  summary: {
    en: 'print the lifecycle model (from the machine itself)',
    zh: '输出生命周期模型（由状态机本身生成）',
  },
  about: {
    en: 'Prints the session lifecycle model, generated from the XState machine definition.',
    zh: '输出会话的生命周期模型，由 XState 状态机的定义生成。',
  },
  positionals: [],
  options: {
    format: {
      kind: 'string',
      choices: ['mermaid', 'json'],
      once: true,
      help: {
        en: 'mermaid: a Mermaid stateDiagram-v2 (default)\njson: the states, their descriptions (in English, as every --json output of mcp-sim) and transitions as JSON',
        zh: 'mermaid：Mermaid stateDiagram-v2 图（默认）\njson：以 JSON 输出各个状态、状态说明（英文，与 mcp-sim 其他 --json 输出一样）和状态转换',
      },
    },
    lang: LANG_OPTION,
  },
} as const satisfies CommandSpec;
