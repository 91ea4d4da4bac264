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
  /**
   * For a wrong answer: the idea the chosen option misses (by letter; `other` for anything else),
   * never which option is right, so a wrong try teaches without handing over the answer.
   */
  readonly wrong: Readonly<Record<string, Bilingual>> & { readonly other: Bilingual };
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
    wrong: {
      a: bi(
        'The tools a server offers may change during a session whatever it declared; the capability is about whether it may tell the client so.',
        '无论声明了什么，服务器提供的工具在会话中都可以变化；这个能力关系到的是它能否通知客户端。',
      ),
      c: bi(
        'No capability limits how often a client lists tools: tools/list is a plain request it may repeat.',
        '没有任何能力限制客户端列出工具的次数：tools/list 是可以重复发送的普通请求。',
      ),
      d: bi(
        'Capabilities are promises negotiated at initialize: a message behind one that was not declared breaks the protocol.',
        '能力是在 initialize 时协商的承诺：发送依赖未声明能力的消息就违反了协议。',
      ),
      other: bi(
        'Think about what listChanged promises: what may the server send, and how does a client learn of a change without it?',
        '想想 listChanged 承诺了什么：服务器可以发送什么？没有它时客户端怎样得知变化？',
      ),
    },
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
    wrong: {
      other: bi(
        'Look at the flags of the resources capability: one is about the whole list, another about a single resource a client asked to watch.',
        '看看 resources 能力下的标志：一个关于整个列表，另一个关于客户端要求关注的单个资源。',
      ),
    },
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
    wrong: {
      a: bi(
        'A capability the client did not declare must not be used at all, not even to see it fail.',
        '客户端没有声明的能力根本不能使用，连试一下看它失败也不行。',
      ),
      b: bi(
        'A protocol error says the request itself was wrong; here the tool exists and was called correctly, so the answer is a tool result.',
        '协议错误表示请求本身有问题；这里工具存在且调用正确，所以回答应该是工具结果。',
      ),
      d: bi(
        'A missing optional capability is normal, not a reason to end the session.',
        '缺少一个可选能力很正常，不是结束会话的理由。',
      ),
      other: bi(
        'Only negotiated capabilities may be used, and a tool still owes its caller an answer.',
        '只能使用协商过的能力，而且工具仍然要给调用方一个回答。',
      ),
    },
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
    wrong: {
      other: bi(
        'roots are folders on the machine where the user works: which side has them to offer?',
        'roots 是用户工作所在机器上的文件夹：哪一方拥有并提供它们？',
      ),
    },
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
    wrong: {
      a: bi(
        'Log messages are something a server offers only once it declared the matching capability.',
        '日志消息只有在服务器声明了相应能力之后才能发送。',
      ),
      c: bi(
        'Listing prompts needs the server to have declared the prompts capability.',
        '列出提示需要服务器声明了 prompts 能力。',
      ),
      d: bi(
        'Subscribing to one resource needs a flag under the resources capability.',
        '订阅单个资源需要 resources 能力下的一个标志。',
      ),
      other: bi(
        'Which message only checks that the other side is alive, and may be sent even during initialization?',
        '哪条消息只是确认对方还在，甚至在初始化期间也可以发送？',
      ),
    },
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
    wrong: {
      a: bi(
        'Progress is opt-in: the requester chooses the token; a server cannot make one up.',
        '进度是选择加入的：令牌由请求方决定，服务器不能自己生成。',
      ),
      b: bi(
        'There is no progress capability: whether progress may be sent is decided per request.',
        '没有 progress 这个能力：能否发送进度是按请求决定的。',
      ),
      c: bi(
        'Once the response is sent the request is over: nothing may report on it any more.',
        '响应发出后请求就结束了：之后不能再报告它的进度。',
      ),
      other: bi(
        'Think about who asks for progress, what the numbers must do, and until when the request is in progress.',
        '想想是谁要求进度、数字必须怎样变化，以及请求进行到什么时候为止。',
      ),
    },
  },
];

const normalise = (value: unknown) =>
  String(value ?? '')
    .trim()
    .toLowerCase()
    .replace(/[`'"]/g, '');

/** A letter as learners write one: `b`, `B`, `(b)`, `b)`, `b.`; null for anything else. */
const letterOf = (text: string) => /^\(?([a-z])\)?\.?$/.exec(text)?.[1] ?? null;

/** A multiple-choice question: its accepted answers are single letters. */
const isChoice = (q: Question) => q.accept.every((a) => /^[a-z]$/.test(a));

const ONE_LETTER = (raw: unknown) =>
  bi(
    `give one letter (a, b, c or d); saw ${JSON.stringify(raw)}: one answer per question`,
    `请只写一个字母（a、b、c 或 d）；你的答案是 ${JSON.stringify(raw)}：每题只能有一个答案`,
  );

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
      const text = normalise(raw);
      const given = isChoice(q) ? letterOf(text) : text;
      if (given === null) {
        // "b or c", "b, c", "bc": naming several options is not an answer.
        ctx.record(q.key, false, ONE_LETTER(raw));
        continue;
      }
      const right = q.accept.includes(given);
      ctx.record(
        q.key,
        right,
        right
          ? lines(bi('right.', '正确。'), q.why)
          : lines(
              bi(`not right: ${JSON.stringify(raw)}.`, `不正确：${JSON.stringify(raw)}。`),
              q.wrong[given] ?? q.wrong.other,
            ),
      );
    }
  },
};
