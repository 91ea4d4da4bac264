import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import type { Bilingual } from '../../i18n/lang.js';
import { lines } from '../diff.js';
import { oneLine, RunnerError } from '../runner.js';
import type { CheckContext, Rubric } from '../types.js';
import { bi, isObject } from './common.js';

type Question = {
  readonly key: string;
  readonly points: number;
  readonly about: Bilingual;
  /** Accepted answers, compared after trimming, lower-casing and dropping backticks and quotes. */
  readonly accept: readonly string[];
  readonly expected: string;
  readonly why: Bilingual;
};

const QUESTIONS: readonly Question[] = [
  {
    key: 'q1',
    points: 2,
    about: bi('what changes without tools.listChanged', '没有 tools.listChanged 会有什么变化'),
    accept: ['b'],
    expected: 'b',
    why: bi(
      'Without tools.listChanged the server may still add or remove tools, but it must not send notifications/tools/list_changed (the referee flags capability-not-negotiated). Clients see the new list the next time they call tools/list.',
      '没有 tools.listChanged 时，服务器仍然可以增删工具，但不得发送 notifications/tools/list_changed（裁判会标记 capability-not-negotiated）。客户端下次调用 tools/list 时就能看到新的列表。',
    ),
  },
  {
    key: 'q2',
    points: 2,
    about: bi('the flag most servers do not need', '大多数服务器用不到的标志'),
    accept: [
      'resources.subscribe',
      'server.resources.subscribe',
      'subscribe',
      'resources/subscribe',
    ],
    expected: 'resources.subscribe',
    why: bi(
      'resources.subscribe lets a client ask to hear (notifications/resources/updated) whenever one particular resource changes. Most servers have no resources that change while a client watches, so they leave it out.',
      'resources.subscribe 让客户端可以订阅某个资源，在它变化时收到 notifications/resources/updated。大多数服务器没有会在客户端关注期间变化的资源，所以不声明它。',
    ),
  },
  {
    key: 'q3',
    points: 2,
    about: bi(
      'a tool that needs sampling, with a client that lacks it',
      '需要 sampling 的工具遇到不支持它的客户端',
    ),
    accept: ['c'],
    expected: 'c',
    why: bi(
      'Only negotiated capabilities may be used: the server must not send sampling/createMessage to a client that did not declare sampling. The tool still answers: a result with isError: true that says why (or a fallback), so the model can tell the user.',
      '只能使用协商过的能力：客户端没有声明 sampling，服务器就不能向它发送 sampling/createMessage。工具仍然要回答：一个带 isError: true 并说明原因的结果（或替代结果），模型可以据此告诉用户。',
    ),
  },
  {
    key: 'q4',
    points: 1,
    about: bi('who declares roots', '谁声明 roots'),
    accept: ['client', 'the client', 'client.roots'],
    expected: 'client',
    why: bi(
      'roots is a client capability: the client offers its folders (roots/list), and announces changes with notifications/roots/list_changed if it declared roots.listChanged.',
      'roots 是客户端的能力：客户端提供它的文件夹（roots/list），如果声明了 roots.listChanged，还会用 notifications/roots/list_changed 通知变化。',
    ),
  },
  {
    key: 'q5',
    points: 1,
    about: bi('the message that needs no capability', '不需要任何能力的消息'),
    accept: ['b'],
    expected: 'b',
    why: bi(
      'ping needs no capability: either side may send it at any time, even during initialization. notifications/message needs server.logging, prompts/list needs server.prompts, resources/subscribe needs server.resources.subscribe.',
      'ping 不需要任何能力：任何一方随时都可以发送，甚至在初始化期间。notifications/message 需要 server.logging，prompts/list 需要 server.prompts，resources/subscribe 需要 server.resources.subscribe。',
    ),
  },
  {
    key: 'q6',
    points: 2,
    about: bi('when progress notifications may be sent', '什么时候可以发送进度通知'),
    accept: ['d'],
    expected: 'd',
    why: bi(
      'Progress is opt-in per request: only for a progressToken the requester put in _meta, with progress increasing every time, and only while the request is in progress: nothing after the response or a cancellation.',
      '进度是按请求选择加入的：只针对请求方放在 _meta 里的 progressToken，progress 每次都要增加，而且只能在请求进行中发送：响应或取消之后都不能再发。',
    ),
  },
];

const normalise = (value: unknown) =>
  String(value ?? '')
    .trim()
    .toLowerCase()
    .replace(/[`'"]/g, '')
    .replace(/^\(?([a-d])\)?[.)]?(\s.*)?$/, '$1');

const FILE = 'answers.yaml';

/** The learner's answers, or a RunnerError (`load`) in one line, located when the YAML is bad. */
function readAnswers(dir: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(join(dir, FILE), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw code === 'ENOENT'
      ? new RunnerError('load', `${FILE}: no such file (the quiz reads your answers from it)`, {
          zh: `${FILE}：文件不存在（小测验从这个文件读取你的答案）`,
        })
      : new RunnerError('load', `${FILE}: cannot be read (${code})`, {
          zh: `${FILE}：无法读取（${code}）`,
        });
  }
  let parsed: unknown;
  try {
    parsed = parseYaml(text);
  } catch (error) {
    throw yamlError(text, error);
  }
  if (isObject(parsed)) return parsed;
  if (parsed === null || parsed === undefined) return {};
  throw new RunnerError('load', `${FILE} should be "q1: b" lines`, {
    zh: `${FILE} 应该是 "q1: b" 这样的行`,
  });
}

/**
 * A YAML error on one line, at its true place. The yaml library reports an unclosed `[` or `{`
 * where it gave up (the next key, lines later): the place is the bracket that was never closed.
 */
function yamlError(text: string, error: unknown): RunnerError {
  if (!(error instanceof YAMLParseError)) {
    const why = oneLine(String(error));
    return new RunnerError('load', `${FILE}: ${why}`, { zh: `${FILE}：${why}` });
  }
  const why = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
  const closer = /end with an? ([\]}])/.exec(why)?.[1];
  const opener = closer ? unclosed(text.slice(0, error.pos[0]), closer === ']' ? '[' : '{') : null;
  const at = opener ?? { line: error.linePos?.[0].line ?? 1, col: error.linePos?.[0].col ?? 1 };
  const location = { file: FILE, line: at.line, column: at.col };
  const where = `${FILE}:${at.line}:${at.col}`;
  if (opener && closer) {
    const open = closer === ']' ? '[' : '{';
    return new RunnerError('load', `${where}: this ${open} is never closed with ${closer}`, {
      location,
      zh: `${where}：这里的 ${open} 没有用 ${closer} 闭合`,
    });
  }
  return new RunnerError('load', `${where}: ${why}`, {
    location,
    zh: `${where}：${why}（YAML 格式错误）`,
  });
}

/** The first bracket `open` in `text` never closed (quotes and comments skipped), or null. */
function unclosed(text: string, open: '[' | '{'): { line: number; col: number } | null {
  const close = open === '[' ? ']' : '}';
  const stack: Array<{ line: number; col: number }> = [];
  text.split('\n').forEach((content, i) => {
    let quote: string | null = null;
    for (let j = 0; j < content.length; j++) {
      const ch = content[j];
      if (quote) {
        if (ch === quote) quote = null;
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === '#' && (j === 0 || /\s/.test(content[j - 1] ?? ''))) break;
      else if (ch === open) stack.push({ line: i + 1, col: j + 1 });
      else if (ch === close) stack.pop();
    }
  });
  return stack[0] ?? null;
}

export const quizRubric: Rubric = {
  id: '07-capability-quiz',
  checks: QUESTIONS.map((q) => ({ name: q.key, points: q.points, about: q.about })),
  async run(ctx: CheckContext) {
    // A file that cannot be read is an error of the learner's files, as code that does not load.
    const answers = readAnswers(ctx.dir);
    for (const q of QUESTIONS) {
      const raw = answers[q.key];
      if (raw === undefined || raw === null || String(raw).trim() === '') {
        // The explanation comes only after a try.
        ctx.record(q.key, false, bi('not answered yet', '尚未作答'));
        continue;
      }
      const given = normalise(raw);
      const right = q.accept.includes(given);
      ctx.record(
        q.key,
        right,
        right
          ? lines(bi('right.', '正确。'), q.why)
          : lines(
              bi(
                `expected ${q.expected}, saw ${JSON.stringify(raw)}.`,
                `正确答案是 ${q.expected}，你的答案是 ${JSON.stringify(raw)}。`,
              ),
              q.why,
            ),
      );
    }
  },
};
