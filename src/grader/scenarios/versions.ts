import {
  clientAccepts,
  type JsonObject,
  negotiateVersion,
  type RequestId,
} from '../../protocol/index.js';
import { bi, isObject, random } from '../rubrics/common.js';
import type { PlayScenario } from '../scenario.js';
import { S2C } from '../session.js';

/** A newer client meets an older server: the case where both halves of the negotiation matter. */
const CLIENT = ['2025-11-25', '2025-06-18'];
const SERVER = ['2025-06-18', '2025-03-26', '2024-11-05'];

const list = (versions: readonly string[]) => versions.join(', ');

/**
 * Exercise 4 played: one handshake in which the learner's chooseVersion writes the server's
 * answer and the learner's acceptVersion decides whether the client carries on.
 */
export const versionsScenario: PlayScenario = {
  about: bi(
    `One handshake between a newer client (supports ${list(CLIENT)}) and an older server (supports ${list(SERVER)}). Your chooseVersion writes the protocolVersion of the server's initialize result; your acceptVersion decides whether the client carries on (notifications/initialized, then a ping) or disconnects.`,
    `一次握手：较新的客户端（支持 ${list(CLIENT)}）遇到较旧的服务器（支持 ${list(SERVER)}）。你的 chooseVersion 决定服务器 initialize 结果中的 protocolVersion；你的 acceptVersion 决定客户端继续（发送 notifications/initialized，然后 ping）还是断开。`,
  ),
  learner: null,
  async run({ runner, seed, open, note, recap }) {
    // The exercise promises the supported list in no particular order.
    const serverSupports = random(seed).shuffle(SERVER);
    const session = open({
      serverCapabilities: { tools: {} },
      clientVersions: CLIENT,
      serverVersions: serverSupports,
      handshake: false,
    });
    const init = session.fromClient(session.client.initialize());
    const id = init.message.id as RequestId;
    const offered = String((init.message.params as JsonObject).protocolVersion);
    session.server.receive(init.message, 0);
    const simulated = session.server.next()?.message as JsonObject | undefined;
    const chosen = await runner.call('chooseVersion', [offered, serverSupports]);
    if (!chosen.ok || typeof chosen.value !== 'string') {
      session.answer(
        id,
        chosen.ok ? { ok: false, error: 'chooseVersion returned no string' } : chosen,
      );
      recap(
        bi(
          'Your chooseVersion did not return a version, so the server could not answer initialize.',
          '你的 chooseVersion 没有返回版本，服务器无法回答 initialize。',
        ),
      );
      return;
    }
    const answered = chosen.value;
    const result = isObject(simulated?.result) ? simulated.result : {};
    const message = { jsonrpc: '2.0', id, result: { ...result, protocolVersion: answered } };
    session.send(S2C, message);
    session.client.receive(message, 0);
    const expected = negotiateVersion(offered, serverSupports);
    const serverOk = answered === expected;
    const call = `chooseVersion("${offered}", [${list(serverSupports)}])`;
    note(
      serverOk
        ? bi(
            `Your ${call} returned "${answered}": the server does not support the offer, so it answers with the latest version it does support.`,
            `你的 ${call} 返回了 "${answered}"：服务器不支持客户端提出的版本，所以回答它支持的最新版本。`,
          )
        : SERVER.includes(answered)
          ? bi(
              `Your ${call} returned "${answered}": this server supports it, but it is not the latest version the server supports.`,
              `你的 ${call} 返回了 "${answered}"：服务器支持它，但它不是服务器支持的最新版本。`,
            )
          : bi(
              `Your ${call} returned "${answered}", which this server does not support: it promised a revision it cannot speak.`,
              `你的 ${call} 返回了 "${answered}"，但服务器并不支持它：服务器承诺了一个它不会说的版本。`,
            ),
    );
    const accepted = await runner.call('acceptVersion', [answered, CLIENT]);
    const carriesOn = accepted.ok && accepted.value === true;
    const clientOk = clientAccepts(answered, CLIENT) === carriesOn;
    const verdict = clientOk
      ? bi('as it should.', '这是正确的。')
      : bi(
          `but the client supports ${list(CLIENT)}: it should ${carriesOn ? 'have disconnected' : 'have carried on'}.`,
          `但客户端支持的是 ${list(CLIENT)}：它应该${carriesOn ? '断开' : '继续'}。`,
        );
    if (!carriesOn) {
      note(
        bi(
          `Your acceptVersion("${answered}", [${list(CLIENT)}]) ${accepted.ok ? `returned ${JSON.stringify(accepted.value)}` : 'threw'}: the client disconnects, ${verdict.en}`,
          `你的 acceptVersion("${answered}", [${list(CLIENT)}]) ${accepted.ok ? `返回了 ${JSON.stringify(accepted.value)}` : '抛出了错误'}：客户端断开连接，${verdict.zh}`,
        ),
      );
    } else {
      session.fromClient(session.client.initialized());
      note(
        bi(
          `Your acceptVersion("${answered}", [${list(CLIENT)}]) returned true: the client carries on, ${verdict.en}`,
          `你的 acceptVersion("${answered}", [${list(CLIENT)}]) 返回了 true：客户端继续，${verdict.zh}`,
        ),
      );
      const ping = session.fromClient(session.client.request('ping'));
      session.send(S2C, { jsonrpc: '2.0', id: ping.message.id as RequestId, result: {} });
    }
    recap(
      serverOk && clientOk
        ? bi(
            `Both halves agree on "${answered}": the session runs on a revision both sides speak.`,
            `双方在 "${answered}" 上达成一致：会话使用双方都支持的版本。`,
          )
        : bi(
            'The handshake went wrong on the version (see the notes on the initialize result); mcp-sim check tries many more pairs.',
            '握手在版本上出了问题（见 initialize 结果上的说明）；mcp-sim check 会检查更多组合。',
          ),
    );
  },
};
