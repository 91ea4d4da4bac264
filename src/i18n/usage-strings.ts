import { type Bilingual, type Fill, filled } from './lang.js';

/**
 * The command line's usage errors (one line on stderr, exit 2), in both languages. What a learner
 * typed (`{word}`, `{file}`, `{value}`), option and command names, and the commands to try are
 * the same in both. The English lines are what tests, docs and graders quote, so they stay as
 * they are. `{near}` is a `nearWord` filled in, or empty.
 */
export const USAGE_STRINGS = {
  /** Inside the parentheses of an unknown word: `did you mean lessons? `. */
  nearWord: { en: 'did you mean {near}? ', zh: '是不是想输入 {near}？' },
  /** After an unknown option: ` (did you mean --json?)`. */
  nearOption: { en: ' (did you mean {near}?)', zh: '（是不是想输入 {near}？）' },
  unknownCommand: {
    en: 'unknown command "{word}" ({near}try: {mcp} help)',
    zh: '未知的命令“{word}”（{near}请看：{mcp} help）',
  },
  noHelpFor: {
    en: 'no help for "{word}": unknown command ({near}try: {mcp} help)',
    zh: '没有“{word}”的帮助：未知的命令（{near}请看：{mcp} help）',
  },
  unknownOption: {
    en: 'unknown option {word}{near} (see: {help})',
    zh: '未知的选项 {word}{near}（请看：{help}）',
  },
  noValueTaken: { en: '{option} does not take a value', zh: '{option} 不接受值' },
  needsValue: { en: '{option} needs a value', zh: '{option} 需要一个值' },
  badChoice: {
    en: '{option} must be {choices}, not "{value}"',
    zh: '{option} 只能是 {choices}，不能是“{value}”',
  },
  /** Joins the last two choices of `badChoice`: `en or zh`. */
  or: { en: ' or ', zh: ' 或 ' },
  /** Joins the other choices: `a, b or c`. */
  listComma: { en: ', ', zh: '、' },
  unexpectedArgument: { en: 'unexpected argument "{word}"', zh: '多余的参数“{word}”' },
  unexpectedBeforeDashes: {
    en: 'unexpected argument "{word}" before --',
    zh: '-- 之前有多余的参数“{word}”',
  },

  // The words a command needs (src/cli/table/).
  lessonNeedsId: {
    en: 'lesson needs an id: {mcp} lesson <id> (see: {mcp} lessons)',
    zh: 'lesson 需要一个课程 id：{mcp} lesson <id>（请看：{mcp} lessons）',
  },
  playNeedsFile: {
    en: 'play needs a transcript file: {mcp} play <file> [--plain]',
    zh: 'play 需要一个记录文件：{mcp} play <file> [--plain]',
  },
  traceNeedsFile: {
    en: 'trace needs a file: {mcp} trace <file> [--json]',
    zh: 'trace 需要一个文件：{mcp} trace <file> [--json]',
  },
  hintNeedsId: {
    en: 'hint needs an exercise id: {mcp} hint <id>',
    zh: 'hint 需要一个练习 id：{mcp} hint <id>',
  },
  connectNeedsCommand: {
    en: 'connect needs a server command or a URL: {mcp} connect [options] -- <command> [args...], or {mcp} connect [options] --url <url>',
    zh: 'connect 需要启动服务器的命令或一个地址：{mcp} connect [options] -- <command> [args...]，或 {mcp} connect [options] --url <url>',
  },
  connectUrlAndCommand: {
    en: 'connect takes --url or a server command after --, not both (--url {url}, command {command})',
    zh: 'connect 只接受 --url 或 -- 之后的服务器命令之一，不能同时给出（--url {url}，命令 {command}）',
  },
  connectUrlInvalid: {
    en: '--url {value} is not an http:// or https:// URL',
    zh: '--url {value} 不是 http:// 或 https:// 地址',
  },

  // Lessons, play, trace, compare.
  unknownLesson: {
    en: 'unknown lesson "{word}" ({near}see: {mcp} lessons)',
    zh: '未知的课程“{word}”（{near}请看：{mcp} lessons）',
  },
  noLessonFolder: {
    en: '{file}: no such folder of lessons',
    zh: '{file}：没有这个课程文件夹',
  },
  exercisesNotFolder: {
    en: '{file} is a file, not a folder: move it away (or run this elsewhere) to copy the exercises into ./exercises',
    zh: '{file} 是一个文件，不是文件夹：把它移开（或换一个文件夹运行），才能把练习复制到 ./exercises',
  },
  cannotCopyExercises: {
    en: 'could not copy the exercises into {folder}: {reason}',
    zh: '无法把练习复制到 {folder}：{reason}',
  },
  /** A failure mcp-sim did not foresee (a bug): its own words, untranslated, after this. */
  internalError: { en: 'internal error: {message}', zh: '内部错误：{message}' },
  fileNotFolder: {
    en: '{file} is a file, not a folder of lessons: give the folder that holds <number>-<id>/lesson.yaml',
    zh: '{file} 是一个文件，不是课程文件夹：请给出包含 <编号>-<id>/lesson.yaml 的文件夹',
  },
  checkTakesFolder: {
    en: '--check takes the folder itself',
    zh: '--check 本身就带着要检查的文件夹',
  },
  givenTwice: {
    en: '{option} given twice ("{first}", then "{value}"): choose one',
    zh: '{option} 给了两次（“{first}”，然后是“{value}”）：只能选一个',
  },
  jsonOrFormat: {
    en: 'choose one of --json and --format {format} (each prints the report as JSON of its own shape)',
    zh: '--json 和 --format {format} 只能选一个（两者各以自己的 JSON 形式输出报告）',
  },
  plainOrJson: {
    en: 'choose one of --plain (a Markdown handout) and --json',
    zh: '--plain（Markdown 讲义）和 --json 只能选一个',
  },
  plainJsonExclusive: {
    en: '--plain and --json exclude each other',
    zh: '--plain 和 --json 不能同时使用',
  },
  noLessonsIn: { en: '{file}: no lessons in it', zh: '{file}：里面没有课程' },
  noMessagesToPlay: { en: '{file}: no messages to play', zh: '{file}：没有可以播放的消息' },
  autoplaySeconds: {
    en: '--autoplay needs a number of seconds, not "{value}"',
    zh: '--autoplay 需要一个秒数，不能是“{value}”',
  },
  noSuchFile: { en: '{file}: no such file', zh: '{file}：没有这个文件' },
  emptyFileName: {
    en: 'an empty file name: name a transcript file, or - to read standard input',
    zh: '文件名为空：请给出一个记录文件，或用 - 读取标准输入',
  },
  utf16File: {
    en: '{file}: is {order} text, not UTF-8 — save it as UTF-8 (PowerShell: Out-File -Encoding utf8) and try again',
    zh: '{file}：这是 {order} 文本，不是 UTF-8 —— 请另存为 UTF-8（PowerShell：Out-File -Encoding utf8）后再试',
  },
  cannotRead: { en: '{file}: cannot read ({code})', zh: '{file}：无法读取（{code}）' },
  isDirectory: {
    en: '{file}: is a directory, not a transcript file',
    zh: '{file}：这是一个文件夹，不是记录文件',
  },

  // Exercises.
  unknownExercise: {
    en: 'unknown exercise "{word}" (see: {mcp} exercises)',
    zh: '未知的练习“{word}”（请看：{mcp} exercises）',
  },
  noExercisesHere: {
    en: 'no exercises here (nor in a parent folder); run {mcp} exercises --init',
    zh: '这里（以及上级文件夹中）没有练习；先运行 {mcp} exercises --init',
  },
  noExerciseFolder: {
    en: '{file}: no such exercise folder (copy the exercises: {mcp} exercises --init)',
    zh: '{file}：没有这个练习文件夹（复制练习：{mcp} exercises --init）',
  },
  cannotWriteReport: {
    en: '{file}: cannot write the report ({error})',
    zh: '{file}：无法写入报告（{error}）',
  },
  watchPrintsText: {
    en: '--watch prints the text report; leave out --json, --format and --output',
    zh: '--watch 打印文字报告；请去掉 --json、--format 和 --output',
  },
  playNeedsExercise: {
    en: '--play needs an exercise: {mcp} check <id> --play',
    zh: '--play 需要指定一个练习：{mcp} check <id> --play',
  },
  playShowsSession: {
    en: '--play shows a session; leave out --json, --format, --output and --watch',
    zh: '--play 展示一次会话；请去掉 --json、--format、--output 和 --watch',
  },
  plainWithPlay: {
    en: '--plain goes with --play: {mcp} check <id> --play --plain',
    zh: '--plain 要和 --play 一起使用：{mcp} check <id> --play --plain',
  },
  seedRange: {
    en: '--seed wants a whole number from 0 to {max}, not "{value}"',
    zh: '--seed 需要 0 到 {max} 之间的整数，不能是“{value}”',
  },
  noSessionCalls: {
    en: '{id} has no session to play: its checks call your code on data, with no client and server talking. Grade it with: {mcp} check {id}',
    zh: '{id} 没有可以演示的会话：它的检查直接用数据调用你的代码，没有客户端和服务器之间的对话。请用 {mcp} check {id} 评分',
  },
  noSessionAnswers: {
    en: '{id} has no session to play: its checks read your answers, no code runs. Grade it with: {mcp} check {id}',
    zh: '{id} 没有可以演示的会话：它的检查只读取你的答案，不运行代码。请用 {mcp} check {id} 评分',
  },

  // serve, connect, sandbox.
  withoutPath: {
    en: '--without: "{word}" is not a server capability path (one of: {paths})',
    zh: '--without：“{word}”不是服务器能力的路径（可用的有：{paths}）',
  },
  versionsEmpty: {
    en: '--versions needs at least one version',
    zh: '--versions 至少需要一个版本',
  },
  versionsNotHandshake: {
    en: '--versions: "{word}" is not a protocol revision with a handshake (one of: {versions})',
    zh: '--versions：“{word}”不是有握手的协议版本（可用的有：{versions}）',
  },
  httpPort: {
    en: '--http needs a port number (0-65535), not "{value}"',
    zh: '--http 需要一个端口号（0-65535），不能是“{value}”',
  },
  hostNeedsHttp: { en: '--host needs --http', zh: '--host 要和 --http 一起使用' },
  idleNeedsHttp: { en: '--idle needs --http', zh: '--idle 要和 --http 一起使用' },
  idleMinutes: {
    en: '--idle needs a number of minutes above 0, not "{value}"',
    zh: '--idle 需要一个大于 0 的分钟数，不能是“{value}”',
  },
  uiNeedsHttp: {
    en: '--ui needs --http (on stdio the terminal is the transport)',
    zh: '--ui 要和 --http 一起使用（用 stdio 时，终端本身就是传输通道）',
  },
  capabilityPath: {
    en: '--capability: "{word}" is not a client capability path (one of: {paths})',
    zh: '--capability：“{word}”不是客户端能力的路径（可用的有：{paths}）',
  },
  capabilityTasks: {
    en: '--capability {word}: the simulated client does not implement tasks (a request it accepted as a task would need a CreateTaskResult, tasks/get and tasks/result), so it cannot declare them',
    zh: '--capability {word}：模拟客户端没有实现任务（tasks）（它接受为任务的请求必须回应 CreateTaskResult，并支持 tasks/get 和 tasks/result），所以不能声明这项能力',
  },
  capabilityNotYet: {
    en: '--capability {word}: {path} does not exist in {version}, the revision this client offers (it came in {since}); leave it out or offer a later --version',
    zh: '--capability {word}：这个客户端提供的版本 {version} 中还没有 {path}（它在 {since} 才出现）；请去掉它，或用 --version 提供更新的版本',
  },
  capabilityGone: {
    en: '--capability {word}: {path} no longer exists in {version}, the revision this client offers (removed in {until})',
    zh: '--capability {word}：这个客户端提供的版本 {version} 中已经没有 {path}（它在 {until} 中被移除）',
  },
  versionFormat: {
    en: '--version needs a protocol revision such as 2025-11-25, not "{value}"',
    zh: '--version 需要一个协议版本，例如 2025-11-25，不能是“{value}”',
  },
  versionModernLegacy: {
    en: '--version {value} is a modern revision, which has no initialize: it cannot be offered with --era legacy',
    zh: '--version {value} 是新时代的版本，没有 initialize：不能和 --era legacy 一起提供',
  },
  eraModernVersion: {
    en: '--era modern needs a modern revision such as 2026-07-28, not --version {value}',
    zh: '--era modern 需要一个新时代的版本，例如 2026-07-28，不能是 --version {value}',
  },
  probeTimeout: {
    en: '--probe-timeout needs a positive number of milliseconds, not "{value}"',
    zh: '--probe-timeout 需要一个大于 0 的毫秒数，不能是“{value}”',
  },
  timeoutMs: {
    en: '--timeout needs a positive number of milliseconds, not "{value}"',
    zh: '--timeout 需要一个大于 0 的毫秒数，不能是“{value}”',
  },
  traceFileUnwritable: {
    en: '--trace-file: cannot write {file}: {reason}',
    zh: '--trace-file：无法写入 {file}：{reason}',
  },
  callNotJson: {
    en: '--call {word}: the arguments are not JSON: {value}{hint}',
    zh: '--call {word}：参数不是 JSON：{value}{hint}',
  },
  /** After callNotJson, when the word is no JSON at all: likely the server command, without --. */
  callServerAfterDashes: {
    en: ' (the server command goes after --: {mcp} connect [options] -- <command> [args...])',
    zh: '（启动服务器的命令要写在 -- 之后：{mcp} connect [options] -- <command> [args...]）',
  },
  callNotObject: {
    en: '--call {word}: the arguments must be a JSON object',
    zh: '--call {word}：参数必须是一个 JSON 对象',
  },
  lessonEraConflict: {
    en: 'lesson {word} ends in {era}, and the sandbox opens there; leave out --era',
    zh: '课程 {word} 结束时处于{era}，沙盒就在那里打开；请去掉 --era',
  },
  eraLegacy: { en: 'the handshake era', zh: '旧时代' },
  eraModern: { en: 'the 2026-07-28 era (no handshake)', zh: '2026-07-28 时代（没有握手）' },
} as const satisfies Record<string, Bilingual>;

/** `did you mean <near>? ` inside an unknown word's parentheses, or nothing. */
export function nearWord(near: string | null): Fill {
  return near ? filled(USAGE_STRINGS.nearWord, { near }) : '';
}
