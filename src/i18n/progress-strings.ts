import { ownTable } from '../protocol/json.js';
import type { Bilingual } from './lang.js';

/**
 * What mcp-sim says about the learner's progress file (.mcp-sim/progress.json) on stderr, in both
 * languages: read through `tr` in the run's language (src/cli/progress.ts). File names, JSON
 * pointers and the system's own reasons (`{reason}`) are the same in both.
 */
export const PROGRESS_STRINGS = {
  unreadable: {
    en: 'mcp-sim: {file}: cannot read it ({why}); progress is not saved until it can be, so nothing in it is lost',
    zh: 'mcp-sim: {file}：无法读取（{why}）；在它能读取之前不会保存进度，所以其中的内容不会丢失',
  },
  broken: {
    en: 'mcp-sim: {file}: {why}; starting fresh{kept}',
    zh: 'mcp-sim: {file}：{why}；进度从头开始{kept}',
  },
  /** After `broken`, when the file could be moved aside: ` (kept as progress.json.bad)`. */
  keptAs: { en: ' (kept as {name})', zh: '（原文件保留为 {name}）' },
  setAside: {
    en: 'mcp-sim: {file}: {first}{more}; set aside (kept as {name}), the rest is used',
    zh: 'mcp-sim: {file}：{first}{more}；这些条目已移出（保存在 {name}），其余照常使用',
  },
  notSetAside: {
    en: 'mcp-sim: {file}: {first}{more}; ignored, the rest is used (could not set it aside: {error})',
    zh: 'mcp-sim: {file}：{first}{more}；这些条目被忽略，其余照常使用（无法把它们移出：{error}）',
  },
  /** After the first bad entry, when there are more: ` (and 2 more entries)`. */
  moreEntries: { en: ' (and {n} more entries)', zh: '（另有 {n} 个条目）' },
  notSaved: { en: 'mcp-sim: could not save {file}: {why}', zh: 'mcp-sim: 无法保存 {file}：{why}' },

  // Why: what is wrong with the file, or why it could not be read or written.
  permissionDenied: { en: 'permission denied', zh: '没有权限' },
  permissionDeniedIn: { en: 'permission denied (in {folder})', zh: '没有权限（在 {folder} 中）' },
  isFolder: { en: 'it is a folder', zh: '它是一个文件夹' },
  folderIsFile: {
    en: '{folder} (or a folder above it) is a file',
    zh: '{folder}（或它的某个上级文件夹）是一个文件，不是文件夹',
  },
  readOnly: { en: 'the file system is read-only', zh: '文件系统是只读的' },
  diskFull: { en: 'the disk is full', zh: '磁盘已满' },
  tooManyAsides: { en: 'too many set-aside files', zh: '已移出的文件太多' },
  /** `{at}` is `jsonPlace`, `{reason}` the JSON parser's own message. */
  notJsonAt: { en: '{at}: not valid JSON ({reason})', zh: '{at}：不是有效的 JSON（{reason}）' },
  notJson: { en: 'not valid JSON ({reason})', zh: '不是有效的 JSON（{reason}）' },
  jsonPlace: { en: 'line {line}, column {column}', zh: '第 {line} 行第 {column} 列' },
  notObject: { en: 'not a JSON object', zh: '不是 JSON 对象' },

  // Why one entry does not validate. The English is zod's own message (`{message}`), which the
  // set-aside file keeps; the Chinese is said here.
  expectedType: { en: '{pointer}: {message}', zh: '{pointer}：应为{expected}，实际是{received}' },
  missingField: { en: '{pointer}: {message}', zh: '{pointer}：缺少这个字段（应为{expected}）' },
  tooSmall: { en: '{pointer}: {message}', zh: '{pointer}：太小了，应 {op} {minimum}' },
  oneOf: { en: '{pointer}: {message}', zh: '{pointer}：只能是 {values} 之一' },
  invalid: { en: '{pointer}: {message}', zh: '{pointer}：无效（{message}）' },
  /** Said by mcp-sim itself, not zod. */
  expectedBoolean: { en: '{pointer}: expected a boolean', zh: '{pointer}：应为布尔值' },
  expectedObject: { en: '{pointer}: expected an object', zh: '{pointer}：应为对象' },
} as const satisfies Record<string, Bilingual>;

/** The kinds of JSON value the entries' checks name, in each language. */
export const PROGRESS_TYPES: Readonly<Record<string, Bilingual>> = ownTable({
  boolean: { en: 'a boolean', zh: '布尔值' },
  number: { en: 'a number', zh: '数字' },
  int: { en: 'a whole number', zh: '整数' },
  object: { en: 'an object', zh: '对象' },
  string: { en: 'a string', zh: '字符串' },
  array: { en: 'an array', zh: '数组' },
  null: { en: 'null', zh: 'null' },
});
