import { USAGE_STRINGS } from '../../i18n/usage-strings.js';
import { type CommandSpec, LANG_OPTION } from './types.js';

const EXERCISE_ID = {
  en: 'the exercise: its folder name (01-progress), number (1) or title (progress-notifications)',
  zh: '练习：文件夹名（01-progress）、编号（1）或标题（progress-notifications）',
} as const;

export const exercises = {
  summary: {
    en: 'list the graded exercises (--init copies them here)',
    zh: '列出评分练习（--init 把它们复制到当前目录）',
  },
  about: {
    en: 'Lists the graded exercises with their status and points. You edit the files in exercises/<id>/ and run mcp-sim check <id>.',
    zh: '列出评分练习及其状态和得分。你编辑 exercises/<id>/ 中的文件，然后运行 mcp-sim check <id>。',
  },
  positionals: [],
  options: {
    json: {
      kind: 'boolean',
      help: {
        en: '{exercises: [{id, number, title, status, points, maxPoints, files}]}; with --init, {folder, created, kept}: the folder and the entries copied into it or left as they were',
        zh: '以 JSON 输出：{exercises: [{id, number, title, status, points, maxPoints, files}]}；与 --init 同用时输出 {folder, created, kept}：目标文件夹，以及复制进去的和原样保留的条目',
      },
    },
    init: {
      kind: 'boolean',
      help: {
        en: 'copy the exercises into ./exercises (nothing already there is overwritten)',
        zh: '把练习复制到 ./exercises（已有的文件不会被覆盖）',
      },
    },
    lang: LANG_OPTION,
  },
} as const satisfies CommandSpec;

export const check = {
  summary: {
    en: 'grade your exercise code (all exercises without <id>); with --play, run your code’s session in the lesson screen',
    zh: '为你的练习代码评分（省略 <id> 时评全部）；加 --play 时在课程界面中演示你的代码的会话',
  },
  about: {
    en: 'Grades your code for one exercise (or all of them): it runs in a separate process with a time limit, plugged into a simulated peer, and the referee judges every envelope. Each check is all or nothing; a failed one says what was expected and what was seen. Progress goes to .mcp-sim/ in the folder that holds exercises/.',
    zh: '为一个练习（或全部练习）的代码评分：代码在独立进程中限时运行，连接到模拟的对端，由裁判检查每一条消息。每项检查要么全部得分，要么不得分；未通过的检查会说明期望看到什么、实际看到了什么。进度保存在存放 exercises/ 的文件夹的 .mcp-sim/ 中。',
  },
  positionals: [
    {
      name: 'id',
      help: {
        en: `${EXERCISE_ID.en}; without it, every exercise`,
        zh: `${EXERCISE_ID.zh}；省略时检查全部练习`,
      },
    },
  ],
  options: {
    json: {
      kind: 'boolean',
      help: {
        en: '{points, maxPoints, exercises: [{id, title, points, maxPoints, status, checks}]}',
        zh: '以 JSON 输出：{points, maxPoints, exercises: [{id, title, points, maxPoints, status, checks}]}',
      },
    },
    format: {
      kind: 'string',
      choices: ['classroom', 'exercism'],
      once: true,
      help: {
        en: 'classroom: the GitHub Classroom autograding result object\nexercism: an Exercism results.json (version 3)',
        zh: 'classroom：GitHub Classroom 自动评分的结果对象\nexercism：Exercism 的 results.json（第 3 版）',
      },
    },
    output: {
      kind: 'string',
      value: '<file>',
      help: {
        en: 'also write the report (in the format chosen) to this file, once every learner process has been stopped; the terminal gets the text report',
        zh: '同时把报告（按所选格式）写入此文件，在所有学习者进程都已停止之后写入；终端显示文本报告',
      },
    },
    watch: {
      kind: 'boolean',
      help: {
        en: 'check again whenever you save one of the exercise’s files',
        zh: '每次保存练习的某个文件时重新检查',
      },
    },
    seed: {
      kind: 'string',
      help: {
        en: 'the seed of the generated inputs (step counts, the cancelled step, transcripts); the report shows the seed of every run, so --seed <n> reproduces it',
        zh: '生成输入（步数、取消的步、会话记录）所用的种子；报告会显示每次运行的种子，用 --seed <n> 可以重现',
      },
    },
    play: {
      kind: 'boolean',
      help: {
        en: 'run your code against the exercise’s scenario and step through the session in the lesson screen (progress bar, the referee’s callouts); nothing is graded. Exercises 1-4, 8 and 9 have a session to play.',
        zh: '让你的代码按练习的场景运行，并在课程界面中逐条查看这段会话（进度条、裁判的提示）；不评分。练习 1-4、8 和 9 有可演示的会话。',
      },
    },
    plain: {
      kind: 'boolean',
      help: {
        en: 'with --play: print that walkthrough as Markdown (no terminal needed)',
        zh: '与 --play 一起使用：以 Markdown 输出演示（无需终端）',
      },
    },
    lang: LANG_OPTION,
  },
  notes: {
    en: 'Exit 0 when every check passes, else 1.',
    zh: '所有检查都通过时以 0 退出，否则以 1 退出。',
  },
} as const satisfies CommandSpec;

export const hint = {
  summary: { en: 'the next hint for an exercise', zh: '练习的下一条提示' },
  about: {
    en: 'Shows the next hint for an exercise, a little more help each time.',
    zh: '显示练习的下一条提示，每次多给一点帮助。',
  },
  positionals: [{ name: 'id', missing: USAGE_STRINGS.hintNeedsId, help: EXERCISE_ID }],
  options: {
    all: { kind: 'boolean', help: { en: 'show every hint at once', zh: '一次显示全部提示' } },
    lang: LANG_OPTION,
  },
} as const satisfies CommandSpec;

export const solution = {
  summary: {
    en: 'where the reference solutions are, for self-study',
    zh: '参考答案在哪里（供自学）',
  },
  about: {
    en: 'The reference solutions are not in the npm package (a grader whose answers ship with it can be fooled). This says where they are: the folder test/solutions/<id>/ of mcp-sim’s source repository, and its path when you run mcp-sim from a checkout.',
    zh: '参考答案不在 npm 包中（答案随评分器一起发布，评分器就能被骗过）。本命令说明它们在哪里：mcp-sim 源码仓库的 test/solutions/<id>/ 文件夹；在源码目录中运行时还会给出它的路径。',
  },
  positionals: [
    {
      name: 'id',
      help: {
        en: `${EXERCISE_ID.en}; without it, every exercise`,
        zh: `${EXERCISE_ID.zh}；省略时列出全部练习`,
      },
    },
  ],
  options: { lang: LANG_OPTION },
} as const satisfies CommandSpec;
