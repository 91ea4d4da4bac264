import { describe, expect, it } from 'vitest';
import type { RequestId } from '../../src/protocol/index.js';
import { abandonNote, SessionLog, type Step } from '../../src/session/index.js';
import { discovered, modernRequest, modernResult } from './modern-builder.js';
import { rpc, session } from './session-builder.js';
import { ack, listen, onStream, TOOLS_CHANGED } from './stream-builder.js';

const rules = (violations: readonly { rule: string }[]) => violations.map((v) => v.rule);
const all = (reports: readonly { violations: readonly { rule: string }[] }[]) =>
  reports.flatMap((r) => rules(r.violations));
const PROGRESS = 'notifications/progress';
const slow = (id: RequestId) =>
  modernRequest(id, 'tools/call', {
    name: 'long_running_task',
    arguments: {},
    _meta: {
      progressToken: `t${String(id)}`,
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  });
const progress = (id: RequestId, n: number) =>
  rpc.notification(PROGRESS, { progressToken: `t${String(id)}`, progress: n, total: 4 });

describe('the client closes a request’s HTTP response stream (2026-07-28: the cancellation)', () => {
  it('frees the request’s id: the same id again is no reused id', () => {
    const { reports } = discovered().client(slow(5)).abandon(5).client(slow(5)).run();
    expect(all(reports)).toEqual([]);
    // Without the close, the id is still in flight: the check that passed above can fail.
    const kept = discovered().client(slow(5)).client(slow(5)).run();
    expect(rules(kept.last.violations)).toEqual([
      'duplicate-request-id',
      'duplicate-progress-token',
    ]);
  });

  it('cancels the request: its progress and its answer after the close are errors', () => {
    const { reports } = discovered()
      .client(slow(5))
      .server(progress(5, 1))
      .abandon(5)
      .server(progress(5, 2))
      .server(modernResult(5, { content: [] }))
      .run();
    // After server/discover and its result.
    const errors = reports.at(-1)?.violations.map((v) => [v.rule, v.severity, v.spec]);
    expect(errors).toEqual([
      [
        'message-after-stream-closed',
        'error',
        '2026-07-28/basic/transports/streamable-http › Cancellation (the server MUST NOT send any further messages for a request whose stream the client closed)',
      ],
    ]);
    expect(reports.slice(2).map((r) => rules(r.violations))).toEqual([
      [],
      [],
      // A MUST NOT, not the SHOULD of a notifications/cancelled (streamable-http › Cancellation).
      ['message-after-stream-closed'],
      ['message-after-stream-closed'],
    ]);
  });

  it('ends a subscriptions/listen: a notification on its stream afterwards is unsolicited', () => {
    const { reports, last } = discovered()
      .client(listen('l1'))
      .server(ack('l1'))
      .abandon('l1')
      .server(onStream(TOOLS_CHANGED, 'l1'))
      .run();
    expect(rules(last.violations)).toEqual(['unsolicited-notification']);
    expect(all(reports.slice(0, -1))).toEqual([]);
  });
});

describe('the handshake era: a closed stream is not a cancellation (2025-11-25)', () => {
  it('the request still waits: its answer is fine, and its id stays taken', () => {
    const answered = session()
      .handshake()
      .client(rpc.request(2, 'tools/list'))
      .abandon(2)
      .server(rpc.result(2, { tools: [] }))
      .run();
    expect(all(answered.reports)).toEqual([]);
    const reused = session()
      .handshake()
      .client(rpc.request(2, 'tools/list'))
      .abandon(2)
      .client(rpc.request(2, 'tools/list'))
      .run();
    expect(rules(reused.last.violations)).toEqual(['duplicate-request-id']);
  });
});

describe('the session log’s abandon step', () => {
  const C2S = 'client->server' as const;
  const S2C = 'server->client' as const;

  it('names the request and says whether the close cancelled it, in each era', () => {
    const modern = new SessionLog();
    modern.push({ type: 'message', direction: C2S, message: slow(5) });
    const step = modern.push({ type: 'abandon', id: 5 });
    expect(step.kind).toBe('abandon');
    expect(step.direction).toBe(C2S);
    expect(step.verdict).toBeNull();
    expect(step.abandoned).toEqual({ id: 5, method: 'tools/call', cancelled: true });
    expect(step.session.pending).toEqual([]);
    expect(modern.requestPending('client', 5)).toBe(false);

    const legacy = new SessionLog();
    for (const message of session().handshake().steps) {
      if (message.kind === 'message') legacy.push({ type: 'message', ...message });
    }
    legacy.push({ type: 'message', direction: C2S, message: rpc.request(2, 'tools/list') });
    const kept = legacy.push({ type: 'abandon', id: 2 });
    expect(kept.abandoned).toEqual({ id: 2, method: 'tools/list', cancelled: false });
    expect(legacy.requestPending('client', 2)).toBe(true);
    expect(kept.session.pending.map((p) => p.id)).toEqual([2]);
    expect(
      legacy.push({ type: 'message', direction: S2C, message: rpc.result(2, { tools: [] }) })
        .verdict,
    ).toMatchObject({ violations: [] });
  });

  it('a stream of a request that is not in flight: nothing to cancel', () => {
    const log = new SessionLog();
    log.push({ type: 'message', direction: C2S, message: slow(5) });
    log.push({ type: 'message', direction: S2C, message: modernResult(5, { content: [] }) });
    expect(log.push({ type: 'abandon', id: 5 }).abandoned).toEqual({
      id: 5,
      method: null,
      cancelled: false,
    });
  });
});

describe('abandonNote: the words every observer uses', () => {
  it('says cancelled in 2026-07-28, still waiting in the handshake era, nothing when none', () => {
    const modern = new SessionLog();
    modern.push({ type: 'message', direction: 'client->server', message: slow(5) });
    expect(abandonNote(modern.push({ type: 'abandon', id: 5 }))?.en).toMatch(
      /tools\/call #5\. In 2026-07-28 that is the cancellation/,
    );
    expect(abandonNote(modern.push({ type: 'abandon', id: 'x' }))?.zh).toMatch(
      /没有正在进行的请求 #x/,
    );
    const legacy = new SessionLog();
    for (const m of session().handshake().client(rpc.request(2, 'tools/list')).steps) {
      if (m.kind === 'message') legacy.push({ type: 'message', ...m });
    }
    const kept = legacy.push({ type: 'abandon', id: 2 });
    expect(abandonNote(kept)?.en).toMatch(/tools\/list #2\. In the handshake era that is not/);
    expect(abandonNote(legacy.steps[0] as Step)).toBeNull();
  });
});
