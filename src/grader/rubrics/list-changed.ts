import { checkServerCapabilities, type JsonObject, type RequestId } from '../../protocol/index.js';
import { lines } from '../diff.js';
import { type CallOutcome, fn, type Runner } from '../runner.js';
import { nameOf, openSession, S2C, type SessionOptions, violationLines } from '../session.js';
import type { CheckContext, Rubric } from '../types.js';
import { bi, isObject, OK, random } from './common.js';

const tool = (name: string) => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: 'object', properties: {} },
});

type Scenario = {
  session: ReturnType<typeof openSession>;
  first: CallOutcome;
  second: CallOutcome;
  added: string;
  /** The server's tools at the first listing (the second lists these and `added`). */
  before: string[];
  /** Notifications sent when the tool was added (or at any other time). */
  notifications: Array<{ message: JsonObject; at: number }>;
};

/** tools/list, a tool added, tools/list again; `open` may hand back a session to record. */
export async function play(
  runner: Runner,
  declared: JsonObject,
  seed: number,
  open: (options: SessionOptions) => ReturnType<typeof openSession> = openSession,
): Promise<Scenario> {
  const rng = random(seed);
  await runner.reload();
  const session = open({ serverCapabilities: declared });
  const notifications: Scenario['notifications'] = [];
  const handlers = {
    notify: (notification: unknown) => {
      const body = isObject(notification) ? notification : { value: notification };
      const sent = session.send(S2C, { jsonrpc: '2.0', ...body } as JsonObject);
      notifications.push({ message: sent.message, at: session.log.length - 1 });
    },
  };
  const names = [`search_${rng.word()}`, `fetch_${rng.word()}`];
  const added = `export_${rng.word()}`;
  const context = (tools: string[]) => ({
    capabilities: declared,
    tools: tools.map(tool),
    notify: fn('notify'),
  });
  const list = async (tools: string[]) => {
    const request = session.fromClient(session.client.request('tools/list'));
    const outcome = await runner.call('listTools', [context(tools)], { handlers });
    session.answer(request.message.id as RequestId, outcome);
    return outcome;
  };
  const first = await list(names);
  await runner.call('onToolAdded', [tool(added), context([...names, added])], { handlers });
  const second = await list([...names, added]);
  return { session, first, second, added, before: names, notifications };
}

function toolNames(outcome: CallOutcome): string[] | null {
  if (!outcome.ok || !isObject(outcome.value) || !Array.isArray(outcome.value.tools)) return null;
  return outcome.value.tools.map((t) => (isObject(t) ? String(t.name) : String(t)));
}

/** The same names, in any order, each once. */
const sameNames = (seen: string[], want: readonly string[]) =>
  seen.length === want.length && want.every((name) => seen.includes(name));

/**
 * Each tools/list answers the server's tools of that moment (ctx.tools), all of them: the second
 * one with the new tool. Checking only that the new tool was there passed a server that listed
 * nothing but its latest tool (ctx.tools.slice(-1)) with 9/9.
 */
function checkVisible(s: Scenario) {
  const seen = toolNames(s.second);
  const want = [...s.before, s.added];
  if (seen && sameNames(seen, want)) {
    const earlier = toolNames(s.first);
    if (earlier && sameNames(earlier, s.before)) return null;
    return bi(
      `expected: the first tools/list lists the server's tools at that moment (ctx.tools), ${JSON.stringify(s.before)}; saw: ${earlier ? JSON.stringify(earlier) : s.first.ok ? 'no {tools: [...]} result' : `an error (${s.first.error})`}`,
      `期望：第一次 tools/list 列出服务器当时的工具（ctx.tools），即 ${JSON.stringify(s.before)}；实际：${earlier ? JSON.stringify(earlier) : s.first.ok ? '不是 {tools: [...]} 形式的结果' : `出错（${s.first.error}）`}`,
    );
  }
  const present = seen?.includes(s.added) ?? false;
  return bi(
    `expected: the second tools/list ${present ? "lists the server's tools now (ctx.tools), each once" : `includes the new tool "${s.added}"`}: ${JSON.stringify(want)}; saw: ${seen ? JSON.stringify(seen) : s.second.ok ? 'no {tools: [...]} result' : `an error (${s.second.error})`}`,
    `期望：第二次 tools/list ${present ? '列出服务器现在的全部工具（ctx.tools），每个一次' : `包含新工具 "${s.added}"`}：${JSON.stringify(want)}；实际：${seen ? JSON.stringify(seen) : s.second.ok ? '不是 {tools: [...]} 形式的结果' : `出错（${s.second.error}）`}`,
  );
}

type Message = ReturnType<typeof bi>;

/** The undeclared case: nothing sent when the tool is added, and the new tool listed. */
function judgeWithout(without: Scenario, capabilities: JsonObject): Array<[string, Message]> {
  const out: Array<[string, Message]> = [];
  const first = without.notifications[0];
  if (first) {
    const sent = without.session.log[first.at];
    const declared = JSON.stringify(capabilities);
    out.push([
      'no-undeclared-notification',
      lines(
        bi(
          `with capabilities ${declared} (ctx.capabilities), expected: nothing sent when the tool was added; saw: ${JSON.stringify(first.message)}`,
          `当 ctx.capabilities 为 ${declared} 时，期望：添加工具时不发送任何消息；实际：${JSON.stringify(first.message)}`,
        ),
        sent
          ? violationLines(without.session.violations().filter((v) => v.at === first.at))
          : bi('', ''),
      ),
    ]);
  } else out.push(['no-undeclared-notification', OK]);
  const broken = without.session.violations();
  const hidden = checkVisible(without);
  if (hidden) out.push(['new-tools-visible', hidden]);
  else if (broken.some((v) => v.violation.rule === 'invalid-result')) {
    out.push([
      'new-tools-visible',
      lines(
        bi(
          'expected: a valid tools/list result; the referee says:',
          '期望：有效的 tools/list 结果；裁判指出：',
        ),
        violationLines(broken.filter((v) => v.violation.rule === 'invalid-result')),
      ),
    ]);
  } else out.push(['new-tools-visible', OK]);
  return out;
}

/** The declared case: exactly one list_changed, the referee content, the new tool listed. */
function judgeWith(withFlag: Scenario): Message {
  const announced = withFlag.notifications.filter(
    (n) => n.message.method === 'notifications/tools/list_changed',
  );
  const wrong = withFlag.session.violations();
  if (announced.length !== 1 || withFlag.notifications.length !== 1) {
    return bi(
      `with capabilities {"tools":{"listChanged":true}} (ctx.capabilities), expected: exactly one {"jsonrpc":"2.0","method":"notifications/tools/list_changed"} when the tool was added; saw: ${JSON.stringify(withFlag.notifications.map((n) => n.message))}`,
      `当 ctx.capabilities 为 {"tools":{"listChanged":true}} 时，期望：添加工具时恰好发送一条 {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}；实际：${JSON.stringify(withFlag.notifications.map((n) => n.message))}`,
    );
  }
  if (wrong.length > 0) {
    const at = wrong[0]?.at ?? 0;
    const sent = withFlag.session.log[at];
    return lines(
      bi(
        `the referee found a problem${sent ? ` in ${nameOf(sent, at)}` : ''}:`,
        `裁判发现了问题${sent ? `（${nameOf(sent, at)}）` : ''}：`,
      ),
      violationLines(wrong),
    );
  }
  return checkVisible(withFlag) ?? OK;
}

export const listChangedRubric: Rubric = {
  id: '02-server-without-list-changed',
  checks: [
    {
      name: 'declares-tools-only',
      requires: 'no-undeclared-notification',
      points: 1,
      about: bi(
        'the server still declares `tools`, but not `tools.listChanged`',
        '服务器仍然声明 `tools`，但不声明 `tools.listChanged`',
      ),
    },
    {
      name: 'no-undeclared-notification',
      // A server that never notifies passes this alone: it counts with the declared case.
      requires: 'announces-when-declared',
      points: 3,
      about: bi(
        'without tools.listChanged, adding a tool sends no notifications/tools/list_changed',
        '没有 tools.listChanged 时，添加工具不发送 notifications/tools/list_changed',
      ),
    },
    {
      name: 'new-tools-visible',
      points: 3,
      about: bi(
        'a client that calls tools/list again sees the new tool: each tools/list lists all the server’s tools of that moment',
        '客户端再次调用 tools/list 时能看到新工具：每次 tools/list 都列出服务器当时的全部工具',
      ),
    },
    {
      name: 'announces-when-declared',
      points: 2,
      about: bi(
        'a server that does declare tools.listChanged still announces the change, once',
        '声明了 tools.listChanged 的服务器仍然会通知变化，且只通知一次',
      ),
    },
  ],
  async run(ctx: CheckContext) {
    const runner = await ctx.runner();
    const declared = await runner.get('capabilities');
    const tools = isObject(declared) ? declared.tools : undefined;
    // What the schema allows first (2025-11-25 ServerCapabilities, the SDK's zod schema the referee
    // judges initialize results with): a truthy non-boolean such as "yes" or 1 is no listChanged
    // flag at all, and passed the check below, which only looked for the value true.
    const invalid = declared === undefined ? null : checkServerCapabilities(declared);
    if (invalid) {
      const at = invalid.pointer === '' ? '' : ` at ${invalid.pointer}`;
      const atZh = invalid.pointer === '' ? '' : `（位置 ${invalid.pointer}）`;
      ctx.record(
        'declares-tools-only',
        false,
        bi(
          `expected: \`export const capabilities = { tools: {} }\`, a ServerCapabilities object the 2025-11-25 schema accepts (listChanged, where present, is a boolean: true or false); saw: ${JSON.stringify(declared)}, which the schema refuses${at}: ${invalid.message}`,
          `期望：\`export const capabilities = { tools: {} }\`，即 2025-11-25 模式认可的 ServerCapabilities 对象（listChanged 出现时必须是布尔值 true 或 false）；实际：${JSON.stringify(declared)}，模式不接受它${atZh}：${invalid.messageZh}`,
        ),
      );
    } else if (!isObject(declared) || !isObject(tools) || tools.listChanged === true) {
      ctx.record(
        'declares-tools-only',
        false,
        bi(
          `expected: \`export const capabilities = { tools: {} }\` (tools.listChanged was removed); saw: ${JSON.stringify(declared ?? null)}`,
          `期望：\`export const capabilities = { tools: {} }\`（tools.listChanged 已被移除）；实际：${JSON.stringify(declared ?? null)}`,
        ),
      );
    } else ctx.record('declares-tools-only', true, OK);

    // Four plays, each without or with tools.listChanged, in an order the seed draws (both kinds
    // at least once): a server that answered by the order of its calls (silent first, announcing
    // second) rather than by ctx.capabilities is caught, wherever it keeps its count.
    const draw = random(ctx.seed ^ 0x5eed);
    let order: Array<'without' | 'with'> = [];
    while (!(order.includes('with') && order.includes('without'))) {
      order = Array.from({ length: 4 }, () => draw.pick(['without', 'with'] as const));
    }
    const verdicts = new Map<string, Message>();
    const record = (name: string, message: Message) => {
      // The first failure of a check is the one reported; a pass counts only if none failed.
      const before = verdicts.get(name);
      if (before === undefined || (before === OK && message !== OK)) verdicts.set(name, message);
    };
    for (const [i, kind] of order.entries()) {
      if (kind === 'without') {
        // Not declared: the flag left out, and the flag set to false, which declares nothing
        // either. A server that looked for the key ('listChanged' in tools) rather than its
        // value announced on the second. That one also declares listChanged: true for prompts
        // and resources, which says nothing of tools: a server that looked for any listChanged
        // (the text "true" in JSON.stringify(ctx.capabilities), or any capability's flag)
        // scored 9/9 while tools was the only capability posed.
        for (const declared of draw.shuffle<JsonObject>([
          { tools: {} },
          {
            tools: { listChanged: false },
            prompts: { listChanged: true },
            resources: { listChanged: true },
          },
        ])) {
          const without = await play(runner, declared, ctx.seed + i);
          for (const [name, message] of judgeWithout(without, declared)) record(name, message);
        }
      } else {
        const withFlag = await play(runner, { tools: { listChanged: true } }, ctx.seed + i);
        record('announces-when-declared', judgeWith(withFlag));
      }
    }
    for (const name of [
      'no-undeclared-notification',
      'new-tools-visible',
      'announces-when-declared',
    ]) {
      const message = verdicts.get(name) ?? OK;
      ctx.record(name, message === OK, message);
    }
  },
};
