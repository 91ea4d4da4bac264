import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { discovered, modernRequest } from './modern-builder.js';
import { rpc, session } from './session-builder.js';
import {
  ack,
  CONFIRM_REQUEST,
  CONFIRMED,
  deploy,
  inputRequired,
  listen,
  listenEnd,
  onStream,
  retry,
  TOOLS_CHANGED,
  toolDone,
} from './stream-builder.js';

const rules = (violations: readonly { rule: string }[]) => violations.map((v) => v.rule);
const all = (reports: readonly { violations: readonly { rule: string }[] }[]) =>
  reports.flatMap((r) => rules(r.violations));
const cancelled = (requestId: string | number) =>
  rpc.notification('notifications/cancelled', { requestId });
const UPDATED = 'notifications/resources/updated';
const URI = 'file:///project/config.json';

describe('MRTR rounds (2026-07-28 basic/patterns/mrtr)', () => {
  it('a retry uses up its round: a second retry with the same state answers no round', () => {
    const { reports, last } = discovered()
      .client(deploy(1))
      .server(inputRequired(1))
      .client(retry(2))
      .server(toolDone(2))
      .client(retry(3))
      .run();
    expect(rules(last.violations)).toEqual(['retry-without-round']);
    expect(all(reports.slice(0, -1))).toEqual([]);
  });

  it('input_required on tools/list is one fault, named once: not also a ListToolsResult without tools', () => {
    const { reports, last } = discovered()
      .client(modernRequest(1, 'tools/list'))
      .server(inputRequired(1))
      .run();
    expect(rules(last.violations)).toEqual(['input-required-not-allowed']);
    expect(all(reports.slice(0, -1))).toEqual([]);
  });

  it('the server may ask again: a second round is retried on its own', () => {
    const { reports } = discovered()
      .client(deploy(1))
      .server(inputRequired(1))
      .client(retry(2))
      .server(inputRequired(2, { requestState: 'deploy:v2' }))
      .client(deploy(3, { requestState: 'deploy:v2' }))
      .server(toolDone(3))
      .run();
    expect(all(reports)).toEqual([]);
  });

  it('requestState: none in the round means none in the retry; one in the round must come back', () => {
    const noState = discovered()
      .client(deploy(1))
      .server(inputRequired(1, { inputRequests: {} }))
      .client(deploy(2, { inputResponses: {}, requestState: 'made-up' }))
      .run();
    expect(rules(noState.last.violations)).toEqual(['request-state-altered']);
    const dropped = discovered()
      .client(deploy(1))
      .server(inputRequired(1))
      .client(retry(2, { requestState: undefined }))
      .run();
    expect(rules(dropped.last.violations)).toEqual(['request-state-altered']);
    const left = discovered()
      .client(deploy(1))
      .server(inputRequired(1))
      .client(deploy(2, { inputResponses: CONFIRMED }))
      .run();
    expect(rules(left.last.violations)).toEqual(['request-state-altered']);
  });

  it('a long state changed in its middle: the message quotes the two where they differ, not only their same start and end', () => {
    const state = `${'A'.repeat(40)}.exp=600000.${'B'.repeat(40)}`;
    const changed = state.replace('600000', '900000');
    const { last } = discovered()
      .client(deploy(1))
      .server(
        inputRequired(1, { inputRequests: { confirm: CONFIRM_REQUEST }, requestState: state }),
      )
      .client(retry(2, { requestState: changed }))
      .run();
    const [found] = last.violations;
    expect(found?.rule).toBe('request-state-altered');
    expect(found?.message).toContain(
      '(they differ from character 46: the retry has …"AAA.exp=900000.B"… where the round had …"AAA.exp=600000.B"…)',
    );
    expect(found?.messageZh).toContain(
      '（从第 46 个字符起不同：重试中是 …"AAA.exp=900000.B"…，那一轮给出的是 …"AAA.exp=600000.B"…）',
    );
  });

  it('the round belongs to its target: a retry of another tool answers no round', () => {
    const { last } = discovered()
      .client(deploy(1))
      .server(inputRequired(1))
      .client(modernRequest(2, 'tools/call', { name: 'other', requestState: 'deploy:v1' }))
      .run();
    expect(rules(last.violations)).toEqual(['retry-without-round']);
  });

  it('the round belongs to its request: the same tool with other arguments answers no round, and the round stays for its own retry', () => {
    const { reports, last } = discovered()
      .client(deploy(1))
      .server(inputRequired(1))
      .client(retry(2, { arguments: { env: 'staging' } }))
      .client(retry(3, { arguments: { env: 'prod' } }))
      .run();
    const other = reports.at(-2)?.violations ?? [];
    expect(rules(other)).toEqual(['retry-without-round']);
    expect(other[0]?.message).toMatch(
      /arguments are not those of the request that got the input_required round \(#1\)/,
    );
    expect(rules(last.violations)).toEqual([]);
  });

  it('parallel calls of one tool each hold their own round: each retry echoes its own state', () => {
    const round = (id: number, state: string) =>
      inputRequired(id, { inputRequests: { confirm: CONFIRM_REQUEST }, requestState: state });
    const { reports } = discovered()
      .client(deploy(1))
      .client(deploy(2))
      .server(round(1, 'A'))
      .server(round(2, 'B'))
      .client(retry(3, { requestState: 'A' }))
      .client(retry(4, { requestState: 'B' }))
      .server(toolDone(3))
      .server(toolDone(4))
      .run();
    expect(all(reports)).toEqual([]);
    // In the other order too; and with other arguments each retry finds the round of its own call.
    const crossed = discovered()
      .client(deploy(1))
      .client(deploy(2, { arguments: { env: 'staging' } }))
      .server(round(1, 'A'))
      .server(round(2, 'B'))
      .client(retry(4, { requestState: 'B', arguments: { env: 'staging' } }))
      .client(retry(3, { requestState: 'A' }))
      .run();
    expect(all(crossed.reports)).toEqual([]);
    // Each round is used once: a third retry with A's state answers nothing any more.
    const again = discovered()
      .client(deploy(1))
      .client(deploy(2))
      .server(round(1, 'A'))
      .server(round(2, 'B'))
      .client(retry(3, { requestState: 'A' }))
      .client(retry(4, { requestState: 'A' }))
      .run();
    expect(rules(again.last.violations)).toEqual(['request-state-altered']);
  });

  it('a retry may write its arguments in another order: the same arguments, the same request', () => {
    const { last } = discovered()
      .client(deploy(1, { arguments: { env: 'prod', region: 'eu' } }))
      .server(inputRequired(1))
      .client(retry(2, { arguments: { region: 'eu', env: 'prod' } }))
      .run();
    expect(rules(last.violations)).toEqual([]);
  });

  it('a bad inputResponses value is judged against the result its request asked for (invalid-params)', () => {
    const summary = {
      method: 'sampling/createMessage',
      params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 9 },
    };
    const { last } = discovered()
      .client(deploy(1))
      .server(inputRequired(1, { inputRequests: { summary }, requestState: 'deploy:v1' }))
      .client(retry(2, { inputResponses: { summary: { foo: 1 } } }))
      .run();
    expect(rules(last.violations)).toEqual(['invalid-params']);
    // Not what the last alternative of the union (ListRootsResult) lacks: what a sampling result lacks.
    expect(last.violations[0]?.message).toMatch(
      /^\/params\/inputResponses\/summary.*required property '(content|role|model)'/,
    );
    expect(last.violations[0]?.message).not.toMatch(/roots/);
  });

  it('a fresh request without inputResponses is no retry (the client may start over)', () => {
    const { reports } = discovered()
      .client(deploy(1))
      .server(inputRequired(1))
      .client(deploy(2))
      .run();
    expect(all(reports)).toEqual([]);
  });
});

describe('listen streams (2026-07-28 basic/patterns/subscriptions)', () => {
  it('the client cancels a stream: a notification on it afterwards is the cancellation race, a warning', () => {
    const { reports, last } = discovered()
      .client(listen('l1'))
      .server(ack('l1'))
      .client(cancelled('l1'))
      .server(onStream(TOOLS_CHANGED, 'l1'))
      .run();
    // stdio › Cancellation: nothing more once the cancellation has arrived; one already on its
    // way is the race cancellation › Timing Considerations names, as for an answer.
    expect(last.violations.map((v) => `${v.severity} ${v.rule}`)).toEqual([
      'warning response-after-cancellation',
    ]);
    expect(last.violations[0]?.message).toContain('on listen "l1", which the client cancelled');
    expect(all(reports.slice(0, -1))).toEqual([]);
  });

  it('the server ends a stream with a complete result: nothing may follow on it', () => {
    const { reports, last } = discovered()
      .client(listen('l1'))
      .server(ack('l1'))
      .server(listenEnd('l1'))
      .server(onStream(TOOLS_CHANGED, 'l1'))
      .run();
    expect(rules(last.violations)).toEqual(['unsolicited-notification']);
    expect(all(reports.slice(0, -1))).toEqual([]);
  });

  it('a graceful end must name its stream in _meta: without any _meta it breaks the schema too', () => {
    // SubscriptionsListenResult requires _meta and, in it, the subscriptionId (2026-07-28 schema;
    // subscriptions › Graceful Closure: "the response carries io.modelcontextprotocol/subscriptionId").
    // The id missing from a _meta that names the server was already an invalid-result; a result
    // with no _meta at all drew only the serverInfo warning.
    const end = (result: Record<string, unknown>) =>
      discovered().client(listen('l1')).server(ack('l1')).server(rpc.result('l1', result)).run();
    const bare = end({ resultType: 'complete' });
    expect(bare.last.violations.map((v) => `${v.severity} ${v.rule}`)).toEqual([
      'error invalid-result',
      'warning server-info-missing',
    ]);
    expect(bare.last.violations[0]?.message).toMatch(/^\/result\/_meta: /);
    const named = end({
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } },
    });
    expect(rules(named.last.violations)).toEqual(['invalid-result']);
    expect(all(bare.reports.slice(0, -1))).toEqual([]);
  });

  it('a graceful end names its own stream: a subscriptionId other than its id is flagged', () => {
    // SubscriptionsListenResultMetaObject: the subscriptionId "is the JSON-RPC ID of the
    // subscriptions/listen request that opened the stream (and equals this response's id)";
    // subscriptions › Graceful Closure: "The value matches the JSON-RPC id".
    const end = (named: string | number) =>
      discovered()
        .client(listen('l1'))
        .server(ack('l1'))
        .server(
          rpc.result('l1', {
            resultType: 'complete',
            _meta: {
              'io.modelcontextprotocol/subscriptionId': named,
              'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' },
            },
          }),
        )
        .run();
    const wrong = end('l2');
    expect(rules(wrong.last.violations)).toEqual(['invalid-result']);
    expect(wrong.last.violations[0]?.message).toContain('"l1"');
    expect(all(wrong.reports.slice(0, -1))).toEqual([]);
    expect(all(end('l1').reports)).toEqual([]);
  });

  it('the server tears a stream down once: a second cancellation names no open stream', () => {
    const { reports, last } = discovered()
      .client(listen('l1'))
      .server(ack('l1'))
      .server(cancelled('l1'))
      .server(cancelled('l1'))
      .run();
    expect(rules(last.violations)).toEqual(['server-cancel-not-listen']);
    expect(all(reports.slice(0, -1))).toEqual([]);
  });

  it('resources/updated only for the URIs the filter named and the acknowledgment kept', () => {
    const base = () =>
      discovered()
        .client(listen('l1', { resourceSubscriptions: [URI] }))
        .server(ack('l1', { resourceSubscriptions: [URI] }));
    expect(
      all(
        base()
          .server(onStream(UPDATED, 'l1', { uri: URI }))
          .run().reports,
      ),
    ).toEqual([]);
    const other = base()
      .server(onStream(UPDATED, 'l1', { uri: 'file:///other' }))
      .run();
    expect(rules(other.last.violations)).toEqual(['notification-not-subscribed']);
    // The schema: the URI "might be a sub-resource of the one that the client actually subscribed
    // to". Under the subscribed URI, yes; a URI that merely starts with the same characters, no.
    const folder = () =>
      discovered()
        .client(listen('l1', { resourceSubscriptions: ['file:///project'] }))
        .server(ack('l1', { resourceSubscriptions: ['file:///project'] }));
    expect(
      all(
        folder()
          .server(onStream(UPDATED, 'l1', { uri: URI }))
          .run().reports,
      ),
    ).toEqual([]);
    const sibling = folder()
      .server(onStream(UPDATED, 'l1', { uri: 'file:///project-old/config.json' }))
      .run();
    expect(rules(sibling.last.violations)).toEqual(['notification-not-subscribed']);
    const dropped = discovered()
      .client(listen('l1', { resourceSubscriptions: [URI] }))
      .server(ack('l1', {}))
      .server(onStream(UPDATED, 'l1', { uri: URI }))
      .run();
    expect(rules(dropped.last.violations)).toEqual(['notification-not-subscribed']);
  });

  it('each subscription has its own acknowledgment: other streams may interleave before it', () => {
    const { reports } = discovered()
      .client(listen('a'))
      .client(listen('b'))
      .server(ack('b'))
      .server(onStream(TOOLS_CHANGED, 'b'))
      .server(ack('a'))
      .server(onStream(TOOLS_CHANGED, 'a'))
      .run();
    expect(all(reports)).toEqual([]);
  });

  it('an acknowledgment of no listen is flagged', () => {
    const { last } = discovered().server(ack('nobody')).run();
    expect(rules(last.violations)).toEqual(['ack-beyond-filter']);
  });

  it('the handshake era keeps its unsolicited list_changed (the rules are modern only)', () => {
    const { reports } = session().handshake().server(rpc.notification(TOOLS_CHANGED)).run();
    expect(all(reports)).toEqual([]);
  });
});

describe('the real SDK v2 recording (test/fixtures/real/v2-modern.jsonl)', () => {
  type Row = { direction: string; message: Record<string, unknown> };
  const rows: Row[] = readFileSync('test/fixtures/real/v2-modern.jsonl', 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Row);
  const replay = (edit: (row: Row, index: number) => Row = (row) => row) => {
    const s = session();
    rows.forEach((row, i) => {
      const { direction, message } = edit(row, i);
      if (direction === 'client->server') s.client(message);
      else s.server(message);
    });
    return s.run();
  };

  it('three rounds, a listen stream and its cancellation: no violation', () => {
    expect(all(replay().reports)).toEqual([]);
  });

  it('the same recording with the requestState changed in a retry is flagged', () => {
    const at = rows.findIndex(
      (row) => (row.message.params as Record<string, unknown> | undefined)?.requestState,
    );
    expect(at).toBeGreaterThan(0);
    const { reports } = replay((row, i) => {
      if (i !== at) return row;
      const params = row.message.params as Record<string, unknown>;
      return { ...row, message: { ...row.message, params: { ...params, requestState: 'x' } } };
    });
    expect(rules(reports[at]?.violations ?? [])).toEqual(['request-state-altered']);
  });
});
