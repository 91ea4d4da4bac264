import { type CommandSpec, LANG_OPTION, LESSONS_OPTION } from './types.js';

export const sandbox = {
  summary: {
    en: 'drive a session yourself: the model offers what your side may send now, the referee judges it, the simulated peer answers',
    zh: '亲自驱动一次会话：模型列出你这一方现在可以发送的消息，裁判判断，模拟的对方回应',
  },
  about: {
    en: 'You play the client (or the server) of an MCP session; the simulator plays the other side. At each turn the list shows every message your side could send now: the allowed ones first, then those the rules allow but the server would or may refuse (?, with why), then those the referee would flag, each with its rule and spec section. Choose one (a request first shows its params, with defaults you may change; e edits the whole envelope as JSON; i shows it as a field tree before it is sent), and see the verdict and the peer’s answer. --lesson opens the sandbox at the end of a lesson.',
    zh: '你扮演 MCP 会话的客户端（或服务器），模拟器扮演另一方。每一轮，列表显示你这一方现在可以发送的每条消息：先是允许的，然后是规则允许、但服务器会或可能拒绝的（标为 ?，并说明原因），最后是裁判会判定违规的，并注明规则和规范章节。选择一条（请求会先列出参数及默认值，可以修改；按 e 可把整条消息当作 JSON 编辑；按 i 可在发送前以字段树查看它），然后查看裁判的判断和对方的回应。--lesson 会在某一课结束时的状态打开沙盒。',
  },
  positionals: [],
  options: {
    era: {
      kind: 'string',
      choices: ['legacy', 'modern'],
      help: {
        en: 'legacy (default): the handshake era, initialize first; modern: 2026-07-28, no handshake, every request carries its _meta envelope',
        zh: 'legacy（默认）：旧时代，先发 initialize；modern：2026-07-28，没有握手，每个请求都带 _meta 信封',
      },
    },
    as: {
      kind: 'string',
      choices: ['client', 'server'],
      help: {
        en: 'your side (default client); as the server, the simulated client asks you things one request at a time',
        zh: '你扮演的一方（默认 client）；扮演服务器时，模拟客户端会一个一个地向你发请求',
      },
    },
    lesson: {
      kind: 'string',
      value: '<id>',
      help: {
        en: 'start where a lesson ends (its id, number or folder name): its envelopes replayed, its peers’ configuration, in the era its connection ends in; just before its close, unless the spec required it',
        zh: '从某一课结束的地方开始（课程 id、编号或文件夹名）：重放该课的消息，使用该课的双方配置，时代与该课连接结束时的时代相同；停在关闭连接之前，除非规范要求那次关闭',
      },
    },
    lessons: LESSONS_OPTION,
    lang: LANG_OPTION,
  },
  notes: {
    en: 'Needs an interactive terminal. Nothing is saved.',
    zh: '需要交互式终端。不保存任何内容。',
  },
} as const satisfies CommandSpec;
