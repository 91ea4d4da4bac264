import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { Bilingual } from '../../i18n/lang.js';
import { lines } from '../diff.js';
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

export const quizRubric: Rubric = {
  id: '07-capability-quiz',
  checks: QUESTIONS.map((q) => ({ name: q.key, points: q.points, about: q.about })),
  async run(ctx: CheckContext) {
    let answers: Record<string, unknown> = {};
    let problem: Bilingual | null = null;
    try {
      const parsed: unknown = parseYaml(readFileSync(join(ctx.dir, 'answers.yaml'), 'utf8'));
      if (isObject(parsed)) answers = parsed;
      else if (parsed !== null && parsed !== undefined) {
        problem = bi(
          'answers.yaml should be "q1: b" lines',
          'answers.yaml 应该是 "q1: b" 这样的行',
        );
      }
    } catch (error) {
      const why = (error as Error).message.split('\n')[0] ?? '';
      problem = bi(`answers.yaml cannot be read: ${why}`, `无法读取 answers.yaml：${why}`);
    }
    for (const q of QUESTIONS) {
      const raw = answers[q.key];
      if (problem) {
        ctx.record(q.key, false, problem);
        continue;
      }
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
