import { bi, isObject } from '../rubrics/common.js';
import { play } from '../rubrics/list-changed.js';
import type { PlayScenario } from '../scenario.js';

/** Exercise 2 played: the server without tools.listChanged gains a tool between two listings. */
export const listChangedScenario: PlayScenario = {
  about: bi(
    'Your server declares {"tools":{}} (no listChanged). The simulated client lists the tools, the server gains a new tool (your onToolAdded runs), and the client lists them again. The referee judges every envelope.',
    '你的服务器声明的是 {"tools":{}}（没有 listChanged）。模拟客户端先列出工具，服务器随后新增一个工具（调用你的 onToolAdded），客户端再次列出工具。裁判评判每一条消息。',
  ),
  learner: 'server',
  async run({ runner, seed, open, recap }) {
    const s = await play(runner, { tools: {} }, seed, open);
    const sent = s.notifications.length;
    recap(
      sent === 0
        ? bi(
            `When the tool ${s.added} was added, your server sent nothing: right, as it never declared tools.listChanged.`,
            `新增工具 ${s.added} 时，你的服务器什么也没有发送：正确，因为它没有声明 tools.listChanged。`,
          )
        : bi(
            `When the tool ${s.added} was added, your server sent ${sent === 1 ? 'a notification' : `${sent} notifications`} it never declared.`,
            `新增工具 ${s.added} 时，你的服务器发送了 ${sent} 条它没有声明过的通知。`,
          ),
    );
    const value = s.second.ok ? s.second.value : null;
    const names =
      isObject(value) && Array.isArray(value.tools)
        ? value.tools.map((t) => (isObject(t) ? String(t.name) : String(t)))
        : [];
    recap(
      names.includes(s.added)
        ? bi(
            `The second tools/list shows ${s.added}: the client finds the new tool without being told.`,
            `第二次 tools/list 中有 ${s.added}：客户端无需通知也能发现新工具。`,
          )
        : bi(
            `The second tools/list does not show ${s.added}: a client that asks again still cannot see the new tool.`,
            `第二次 tools/list 中没有 ${s.added}：客户端再次询问也看不到新工具。`,
          ),
    );
  },
};
