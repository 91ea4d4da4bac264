import type { JsonObject } from '../../protocol/index.js';
import { bi, isObject, random } from '../rubrics/common.js';
import { type Answer, envelope, openConnection } from '../rubrics/wire.js';
import type { PlayScenario } from '../scenario.js';

const MODERN = '2026-07-28';

/** What whoami reported, in a line. */
const reported = (answer: Answer) => {
  const who = answer.result?.structuredContent;
  return isObject(who) ? JSON.stringify(who) : JSON.stringify(answer.result ?? answer.error);
};

/** Exercise 8 played: one stdio connection that modern clients share, no initialize at all. */
export const dualEraScenario: PlayScenario = {
  about: bi(
    'One connection, no initialize: the simulated client asks server/discover, then two modern clients take turns calling whoami, each with its own _meta (name, capabilities), and one asks in a version your server does not serve. Your handle(request, connection) answers each; the referee judges every envelope.',
    '一个连接，没有 initialize：模拟客户端先发 server/discover，然后两个现代客户端轮流调用 whoami，各自带着自己的 _meta（名称、能力），其中一个还用你的服务器不支持的版本发出请求。你的 handle(request, connection) 回答每一个请求；裁判评判每一条消息。',
  ),
  learner: 'server',
  async run({ runner, seed, open, note, recap }) {
    const rng = random(seed);
    await runner.reload();
    const session = open({ serverCapabilities: { tools: {} }, handshake: false });
    const conn = openConnection((request) => runner.call('handle', [request, { id: 'stdio' }]), {
      push: session.send,
      steps: session.log,
    });
    const alice = { name: `alice-${rng.word()}`, version: '1.0.0' };
    const bob = { name: `bob-${rng.word()}`, version: '2.0.0' };
    const rich: JsonObject = { elicitation: { form: {} }, sampling: {} };
    const discover = await conn.ask('server/discover', {
      _meta: envelope({ version: MODERN, capabilities: rich, clientInfo: alice }),
    });
    note(
      discover.result
        ? bi(
            `Your server lists the versions it serves: ${JSON.stringify(discover.result.supportedVersions)}.`,
            `你的服务器列出了它支持的版本：${JSON.stringify(discover.result.supportedVersions)}。`,
          )
        : bi(
            'Your server did not answer server/discover with a result.',
            '你的服务器没有用结果回答 server/discover。',
          ),
    );
    const first = await conn.ask('tools/call', {
      name: 'whoami',
      arguments: {},
      _meta: envelope({ version: MODERN, capabilities: rich, clientInfo: alice }),
    });
    note(bi(`whoami reported ${reported(first)}.`, `whoami 报告：${reported(first)}。`));
    const second = await conn.ask('tools/call', {
      name: 'whoami',
      arguments: {},
      _meta: envelope({ version: MODERN, capabilities: {}, clientInfo: bob }),
    });
    note(bi(`whoami reported ${reported(second)}.`, `whoami 报告：${reported(second)}。`));
    const old = await conn.ask('tools/list', {
      _meta: envelope({ version: '1900-01-01', capabilities: {}, clientInfo: bob }),
    });
    note(
      old.error?.code === -32022
        ? bi(
            'Refused with -32022: the client can pick a version from data.supported.',
            '以 -32022 拒绝：客户端可以从 data.supported 中选一个版本。',
          )
        : bi('Not refused with -32022.', '没有以 -32022 拒绝。'),
    );
    const who = second.result?.structuredContent;
    recap(
      isObject(who) &&
        who.client === bob.name &&
        Array.isArray(who.capabilities) &&
        who.capabilities.length === 0
        ? bi(
            `The second whoami named ${bob.name} with no capabilities: each request was served by its own _meta, not by the one before it on the same connection.`,
            `第二次 whoami 报告的是 ${bob.name}，没有任何能力：每个请求都按它自己的 _meta 处理，而不是按同一连接上的前一个请求。`,
          )
        : bi(
            `The second whoami did not report ${bob.name} with no capabilities: a 2026-07-28 server must not carry what one request declared over to the next.`,
            `第二次 whoami 报告的不是没有任何能力的 ${bob.name}：2026-07-28 的服务器不得把一个请求的声明带到下一个请求。`,
          ),
    );
  },
};
