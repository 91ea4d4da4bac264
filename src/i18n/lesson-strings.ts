import { type Bilingual, type Fill, filled } from './lang.js';

/** A problem's message in both languages: `message` the English line (stable), `zh` the Chinese. */
export type Said = { readonly message: string; readonly zh: string };

/** A line of LESSON_STRINGS (or any bilingual text) filled in, as a problem carries it. */
export function said(text: Bilingual, values?: Readonly<Record<string, Fill>>): Said {
  const { en, zh } = filled(text, values);
  return { message: en, zh };
}

/**
 * The problems of a lesson file (loading it, validating it, `lessons --check`), in both languages.
 * A problem keeps its English line as `message` (what `--json`, tests and docs quote) and its
 * Chinese one beside it; the text output says the learner's. Keys, values, paths and file names
 * quoted from the file are the same in both.
 */
export const LESSON_STRINGS = {
  // Words named in the messages below.
  wordKey: { en: 'key', zh: '键' },
  wordStepKind: { en: 'step kind', zh: '步骤类型' },
  wordFault: { en: 'fault', zh: '故障' },
  wordExercise: { en: 'exercise', zh: '练习' },
  /** `client action`, `server action`. */
  wordAction: { en: '{kind} action', zh: ' {kind} 动作' },

  unknownNear: {
    en: 'unknown {what} `{word}`; did you mean `{near}`?',
    zh: '未知的{what} `{word}`；是不是想写 `{near}`？',
  },
  unknownOneOf: {
    en: 'unknown {what} `{word}` (one of: {list})',
    zh: '未知的{what} `{word}`（可选：{list}）',
  },
  unknownWord: { en: 'unknown {what} `{word}`', zh: '未知的{what} `{word}`' },
  stepOneOf: { en: 'a {kind} step is one of: {list}', zh: '{kind} 步骤只能是以下之一：{list}' },
  stepMapping: {
    en: 'a step is a mapping with one of: {list}',
    zh: '一个步骤是一个映射，含以下之一：{list}',
  },
  stepNeeds: { en: 'a step needs one of: {list}', zh: '一个步骤需要以下之一：{list}' },
  stepTwoKinds: {
    en: 'a step has one kind; this one has both {kind} and {second}',
    zh: '一个步骤只有一种类型；这个步骤同时有 {kind} 和 {second}',
  },
  /** After a problem inside an action: ` (in a do: add-tool step)`. */
  inStep: { en: '{message} (in {named})', zh: '{message}（在 {named} 步骤中）' },

  yaml: { en: 'YAML: {message}', zh: 'YAML 错误：{message}' },
  unknownCapability: {
    en: '{path}: no revision has this {side} capability{near} (the capabilities: {list}; a non-standard one goes under experimental)',
    zh: '{path}：没有任何版本有这个 {side} 能力{near}（已有的能力：{list}；非标准的能力应放在 experimental 之下）',
  },
  /** A required key left out. */
  missingZh: { en: 'missing Chinese (zh) text', zh: '缺少中文（zh）文本' },
  missingEn: { en: 'missing English (en) text', zh: '缺少英文（en）文本' },
  emptyZh: { en: 'empty Chinese (zh) text', zh: '中文（zh）文本是空的' },
  emptyEn: { en: 'empty English (en) text', zh: '英文（en）文本是空的' },
  missingKey: { en: 'missing required key `{key}`', zh: '缺少必需的键 `{key}`' },
  /** A line indented with a tab: YAML indents with spaces only. */
  yamlTab: {
    en: 'YAML: this line is indented with a tab; YAML indents with spaces only, so replace the tab with spaces',
    zh: 'YAML 错误：这一行用制表符（Tab）缩进；YAML 只能用空格缩进，请把制表符换成空格',
  },
  /** A line indented unlike its neighbours: the parser's several errors, said once. */
  yamlIndent: {
    en: 'YAML: this line is indented {here} spaces, the line above {above} and the line below {below}; the keys of one mapping start in the same column, and the keys inside a value deeper than its key',
    zh: 'YAML 错误：这一行缩进了 {here} 个空格，上一行是 {above} 个，下一行是 {below} 个；同一个映射的键必须从同一列开始，值里面的键要比它所属的键缩进更深',
  },
  aliasNowhere: {
    en: 'YAML: alias *{name} refers to no anchor (&{name} must be set before it)',
    zh: 'YAML 错误：别名 *{name} 没有对应的锚点（&{name} 必须在它之前设置）',
  },
  tooManyAliases: {
    en: "YAML: too many aliases: *{name} expands past the yaml library's limit of {max} (maxAliasCount, a guard against resource exhaustion); write the text out instead of reusing the anchor",
    zh: 'YAML 错误：别名过多：*{name} 展开后超过了 yaml 库的上限 {max}（maxAliasCount，防止资源耗尽）；请把文字直接写出来，不要重复使用这个锚点',
  },
  // The words the lesson schema's own checks write (a regex's, a refine's); zod's own are
  // translated by its zh-CN locale.
  schemaFileId: {
    en: 'lowercase letters, digits and dashes',
    zh: '只能由小写字母、数字和连字符组成',
  },
  schemaExerciseId: {
    en: 'an exercise id: lowercase letters, digits and dashes',
    zh: '应是一个练习 id：只能由小写字母、数字和连字符组成',
  },
  schemaPointer: {
    en: 'a JSON pointer such as /params/protocolVersion',
    zh: '应是一个 JSON 指针，例如 /params/protocolVersion',
  },
  schemaRevisionShape: {
    en: 'a revision such as 2025-11-25',
    zh: '应是一个规范版本，例如 2025-11-25',
  },
  schemaRevisionKnown: {
    en: 'a revision of the specification: {list}',
    zh: '应是规范已有的版本之一：{list}',
  },
  schemaVersionKnown: {
    en: 'a revision of the specification ({list}), or a date after the last one for a revision yet to come',
    zh: '应是规范已有的版本之一（{list}），或是晚于最新版本的日期，表示尚未发布的版本',
  },
  schemaRowStep: {
    en: 'a row names a step of one side at least',
    zh: '每一行至少要指向其中一方的某一步',
  },
  schemaTaskListId: {
    en: 'tasks/list names no task: taskId goes with get, result or cancel',
    zh: 'tasks/list 不指向任何任务：taskId 只能与 get、result 或 cancel 一起使用',
  },

  tooDeep: { en: 'nested too deeply to read', zh: '嵌套太深，无法读取' },
  cannotRead: { en: 'cannot read: {why}', zh: '无法读取：{why}' },
  noSuchFile: { en: 'no such file', zh: '没有这个文件' },
  isFolder: { en: 'it is a folder, not a file', zh: '这是一个文件夹，不是文件' },
  permissionDenied: { en: 'permission denied', zh: '没有读取权限' },
  notUtf8: {
    en: 'the file is not UTF-8 (byte 0x{byte} here): it was saved in another encoding (GBK, Latin-1, UTF-16…); save it as UTF-8',
    zh: '文件不是 UTF-8 编码（此处的字节 0x{byte}）：它是用别的编码（GBK、Latin-1、UTF-16 等）保存的；请另存为 UTF-8',
  },
  emptyLesson: {
    en: 'the file is empty: a lesson is a mapping with title, goal, steps and recap',
    zh: '文件是空的：一课是一个映射，含 title、goal、steps 和 recap',
  },
  // spec: a citation the specification does not have (`{at}` is `spec[1]`, `{revision}` the one cited).
  specNoRevision: {
    en: '{at}: {cite}: no revision {revision} of the specification (one of: {list})',
    zh: '{at}：{cite}：规范没有 {revision} 这个版本（可选：{list}）',
  },
  specNoPage: {
    en: '{at}: {cite}: revision {revision} has no page {page}{near}',
    zh: '{at}：{cite}：{revision} 版本没有 {page} 这一页{near}',
  },
  specNoSection: {
    en: '{at}: {cite}: {page} of {revision} has no section "{section}"{near}',
    zh: '{at}：{cite}：{revision} 版本的 {page} 没有 "{section}" 这一节{near}',
  },
  /** What a misspelt word most likely meant (a spec page or section, a method). */
  specNear: { en: '; did you mean `{near}`?', zh: '；是不是想写 `{near}`？' },
  specSections: { en: ' (its sections: {list})', zh: '（这一页的小节：{list}）' },
  idMismatch: {
    en: 'id "{id}" does not match the folder name (expected "{expected}")',
    zh: 'id "{id}" 与文件夹名不符（应为 "{expected}"）',
  },
  folderName: {
    en: 'a lesson folder is named <number>-<id>, e.g. 01-first-session',
    zh: '课程文件夹应命名为 <编号>-<id>，例如 01-first-session',
  },
  folderNameAs: {
    en: 'a lesson folder is named <number>-<id>: rename it, e.g. to {name} (the number orders your lessons)',
    zh: '课程文件夹应命名为 <编号>-<id>：请给它改名，例如改为 {name}（编号决定课程的顺序）',
  },
  duplicateId: {
    en: 'duplicate id "{id}": {file} has it too; rename one folder',
    zh: 'id "{id}" 重复：{file} 也用了它；请给其中一个文件夹改名',
  },
  looseFile: {
    en: 'not read: a lesson is a folder <number>-<id> holding lesson.yaml; move this file to {folder}/lesson.yaml',
    zh: '未读取：一课是一个名为 <编号>-<id> 的文件夹，里面放 lesson.yaml；请把这个文件移到 {folder}/lesson.yaml',
  },
  noLessonsFolder: { en: 'no lessons folder', zh: '没有课程文件夹' },
  noSuchPath: { en: 'no such file or folder', zh: '没有这个文件或文件夹' },
  idTaken: {
    en: `id "{id}" is already taken by {file}; rename this lesson's folder (its id is the part after the number)`,
    zh: 'id "{id}" 已被 {file} 占用；请给这一课的文件夹改名（id 是编号之后的部分）',
  },

  // Playing a lesson's steps (the engine): a step the peers' state cannot perform.
  serverNothing: {
    en: 'server: next, but the server has nothing to send now',
    zh: 'server: next，但服务器此刻没有可发送的消息',
  },
  clientNothing: {
    en: 'client: next, but the client has no answer to send',
    zh: 'client: next，但客户端没有可发送的回答',
  },
  noTask: {
    en: 'client: {task: …}, but the server has created no task for the client yet (call a tool with params.task first)',
    zh: 'client: {task: …}，但服务器还没有为客户端创建任何任务（先以 params.task 调用工具）',
  },
  noNextPage: {
    en: 'client: next-page, but no list the client fetched has a nextCursor',
    zh: 'client: next-page，但客户端获取过的列表都没有 nextCursor',
  },
  noListenStream: {
    en: 'client: end-listen, but the client has no open listen stream',
    zh: 'client: end-listen，但客户端没有打开的 listen 流',
  },
  revealMissing: {
    en: 'fault {fault} is judged at a later message it plays after its own (its reveal): give the step a reveal: {note: {en, zh}} that narrates it',
    zh: '故障 {fault} 要到它随后发出的另一条消息（揭示它的消息）才能被裁判判定：请为该步骤加上 reveal: {note: {en, zh}}，为那条消息写旁白',
  },
  revealUnused: {
    en: 'fault {fault} plays no later message to reveal it: remove the step’s reveal:',
    zh: '故障 {fault} 不会随后发出揭示它的消息：请删除该步骤的 reveal:',
  },
  abandonNothing: {
    en: 'client: abandon {id}, but the client is not waiting for such a request (answered, cancelled or never sent)',
    zh: 'client: abandon {id}，但客户端并没有在等待这样的请求（已回应、已取消或从未发送）',
  },
  noPending: {
    en: 'client: cancel, but the client has no pending request',
    zh: 'client: cancel，但客户端没有未完成的请求',
  },
  silentEnd: {
    en: 'the last steps are silent actions; end with a step that sends a message',
    zh: '最后几步都是不发消息的动作；请以一个发送消息的步骤结尾',
  },
  /** Where a play problem is: `step 4: …`, counted from 1 as the screen and handouts count. */
  atStepIndex: { en: 'step {number}: {message}', zh: '第 {number} 步：{message}' },
  atStepNumber: { en: 'step {number}: {message}', zh: '第 {number} 步：{message}' },

  // lessons --check: what playing a lesson shows.
  breaksRules: {
    en: '{path}: breaks {rules}; only a fault step may break a rule{near}',
    zh: '{path}：违反了 {rules}；只有 fault 步骤可以违反规则{near}',
  },
  faultBreaksNone: {
    en: "{path}: fault {fault} breaks no rule here (the referee allows it), so the lesson would show it as allowed; choose a fault that this session's state makes a violation",
    zh: '{path}：故障 {fault} 在这里没有违反任何规则（裁判允许它），课程会把它显示为允许；请选择一个在此会话状态下构成违规的故障',
  },
  faultOtherRule: {
    en: '{path}: fault {fault} is named for the rule {rule}, but here it breaks {rules} instead, so the lesson would show that under its name; move it to where the session makes it break {rule}',
    zh: '{path}：故障 {fault} 对应的规则是 {rule}，但在这里它违反的是 {rules}，课程会以它的名义展示别的规则；请把它移到会话状态使其违反 {rule} 的位置',
  },
  yamlMultipleDocs: {
    en: 'YAML: a lesson file holds one YAML document, and this `---` starts a second one; remove it (and what follows, if it is not part of the lesson)',
    zh: 'YAML 错误：一个课程文件只能有一个 YAML 文档，这一行的 `---` 又开始了第二个；请删掉它（如果后面的内容不属于这一课，也一并删掉）',
  },
  yamlTooDeep: {
    en: 'YAML: nested too deeply to read (the brackets or indentation open more levels than the parser can follow); a lesson needs only a few',
    zh: 'YAML 错误：嵌套太深，无法读取（括号或缩进打开的层数超出了解析器能处理的范围）；一节课只需要几层',
  },
  /** A `{`, `[` or quote never closed: said where it opens, not where the parser gave up. */
  yamlUnclosed: {
    en: 'YAML: this `{open}` is never closed; add the `{close}` that ends it (the parser looked for it up to line {end})',
    zh: 'YAML 错误：这里的 `{open}` 没有闭合；请补上与它配对的 `{close}`（解析器一直找到第 {end} 行也没找到）',
  },
  yamlUnderIndented: {
    en: 'YAML: this `{open}` is closed at line {end}, but a line inside it is indented no deeper than its key; indent the lines inside it further, or keep it on one line',
    zh: 'YAML 错误：这里的 `{open}` 在第 {end} 行闭合，但里面有一行的缩进没有比它所属的键更深；请把里面的行缩进得更深，或者写在一行之内',
  },
  yamlUnclosedToEnd: {
    en: 'YAML: this `{open}` is never closed; add the `{close}` that ends it (the parser looked for it up to the end of the file)',
    zh: 'YAML 错误：这里的 `{open}` 没有闭合；请补上与它配对的 `{close}`（解析器一直找到文件末尾也没找到）',
  },
  /** A line meant as `key: value` written without its colon (the parser's "implicit keys"). */
  yamlNoColon: {
    en: 'YAML: `{text}` has no colon; a key is followed by a colon and a space (`key: value`)',
    zh: 'YAML 错误：`{text}` 缺少冒号；键后面要跟一个冒号和一个空格（`key: value`）',
  },
  yamlDuplicateKey: {
    en: 'YAML: the key `{key}` is set twice in one mapping (first at line {first}); keep one',
    zh: 'YAML 错误：同一个映射里键 `{key}` 出现了两次（第一次在第 {first} 行）；只保留一个',
  },
  revisionEra: {
    en: "revision: {revision} is a revision of the {named}, but the lesson's session is in the {era}",
    zh: 'revision：{revision} 是{named}的版本，但这一课的会话处于{era}',
  },
  revisionDefaultEra: {
    en: "the lesson names no revision:, so it is headed {revision} (the default, of the handshake era), but its session is in the {era}; add revision: '{latest}'",
    zh: "这一课没有写 revision:，所以标题下显示的是 {revision}（默认值，属于旧时代），但它的会话处于{era}；请加上 revision: '{latest}'",
  },
  eraModernNamed: { en: '2026-07-28 era (no handshake)', zh: ' 2026-07-28 时代（没有握手）' },
  eraModern: { en: '2026-07-28 era', zh: ' 2026-07-28 时代' },
  eraLegacy: { en: 'handshake era', zh: '旧时代' },
  annotationNowhere: {
    en: "{path}: annotations: {pointer} names no field of this step's envelope",
    zh: '{path}：annotations：{pointer} 不是这一步消息中的字段',
  },
  checkedNone: {
    en: '{dir}: {count} lesson{s} checked, no problems',
    zh: '{dir}：检查了 {count} 课，没有问题',
  },
  checkedProblems: {
    en: '{dir}: {count} problem{s} in {files} file{fs}',
    zh: '{dir}：{files} 个文件中有 {count} 个问题',
  },
  /** The menu's line for a broken file: `line 2: …`. */
  atLine: { en: 'line {line}: {message}', zh: '第 {line} 行：{message}' },
  moreProblems: {
    en: ' ({more} more: {mcp} lessons --check {folder})',
    zh: '（还有 {more} 个：{mcp} lessons --check {folder}）',
  },
} as const satisfies Record<string, Bilingual>;
