import type { ErrorCode } from 'yaml';
import type { Bilingual } from './lang.js';

/**
 * What each of the `yaml` library's error codes (yaml 2.9) means, in Chinese: the library words
 * its messages in English only, several to a code, so a Chinese line says the code's sentence and
 * names the code; the English line keeps the library's own message.
 */
const YAML_CODES_ZH = {
  ALIAS_PROPS: '别名（*名字）不能带锚点或标签',
  BAD_ALIAS: '锚点或别名的名字不能为空，也不能以冒号结尾',
  BAD_COLLECTION_TYPE: '标签与集合的类型不符（映射用了序列的标签，或者反过来）',
  BAD_DIRECTIVE: '无法识别这条以 % 开头的指令',
  BAD_DQ_ESCAPE: '双引号字符串里有无效的转义序列（反斜杠 \\ 之后的字符）',
  BAD_INDENT:
    '缩进不对：同一层的键或列表项必须从同一列开始，花括号或方括号写法的续行要比所属的键缩进更深',
  BAD_PROP_ORDER: '锚点和标签必须写在 ? 或 : 这样的指示符之后',
  BAD_SCALAR_START: '不加引号的值不能以这个字符开头；请给这个值加上引号',
  BLOCK_AS_IMPLICIT_KEY: '缩进写法的列表或映射不能用作隐式键（紧凑映射里不能再嵌套映射）',
  BLOCK_IN_FLOW: '花括号或方括号里不能出现缩进写法的列表或映射',
  DUPLICATE_KEY: '同一个映射里的键必须唯一，这个键前面已经出现过',
  IMPOSSIBLE: 'yaml 库遇到了它认为不可能出现的结构（块标量的头部或映射的注释）',
  KEY_OVER_1024_CHARS: '隐式键太长：冒号必须在键开始后的 1024 个字符之内',
  MISSING_CHAR: '少了一个必需的字符：例如结尾的引号或括号、项之间的逗号、冒号后的空格',
  MULTILINE_IMPLICIT_KEY: '隐式键必须写在一行之内（是不是漏了冒号，或者续行缩进不够？）',
  MULTIPLE_ANCHORS: '一个节点最多只能有一个锚点',
  MULTIPLE_DOCS: '一个文件只能有一个 YAML 文档（不要用 --- 再开一个）',
  MULTIPLE_TAGS: '一个节点最多只能有一个标签',
  NON_STRING_KEY: '键必须是字符串',
  RESOURCE_EXHAUSTION: '别名展开得太多，超过了 yaml 库防止资源耗尽的上限',
  TAB_AS_INDENT: '缩进不能用制表符（Tab），请改用空格',
  TAG_RESOLVE_FAILED: '无法解析这个标签（以 ! 开头），或者值不符合标签要求的类型',
  UNEXPECTED_TOKEN: '这里出现了不该出现的符号（例如多余的逗号，或写错位置的字符）',
} as const satisfies Record<ErrorCode, string>;

/**
 * One of the library's errors in both languages: its English message as it is, and in Chinese
 * the sentence of its code, the code named; a code this table does not know (a later version of
 * the library) keeps the English message, quoted, with its code.
 */
export function yamlErrorText(code: string | undefined, message: string): Bilingual {
  const known = code !== undefined && Object.hasOwn(YAML_CODES_ZH, code);
  const zh = known ? YAML_CODES_ZH[code as ErrorCode] : `"${message}"`;
  return { en: message, zh: code === undefined ? zh : `${zh}（${code}）` };
}
