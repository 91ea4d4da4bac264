import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { transcriptScreen } from '../../src/cli/commands/play.js';
import { splitLines } from '../../src/session/index.js';
import { TimelineView } from '../../src/ui/components/timeline-view.js';
import { peerFacts } from '../../src/ui/peer-facts.js';
import { formatTime, rowSummary } from '../../src/ui/row-summary.js';
import type { ScreenStep } from '../../src/ui/screen-step.js';
import { sequenceRow, sequenceRows } from '../../src/ui/sequence-rows.js';
import { SEVERITY_MARK } from '../../src/ui/violation-list.js';
import { playLesson } from '../helpers/screen.js';
import { REAL } from '../helpers/trace.js';
import { renderAt, until, widest } from './render-at.js';

const C2S = 'client->server';
const S2C = 'server->client';
const line = (direction: string, message: object, tMs?: number) =>
  JSON.stringify({ direction, message, ...(tMs === undefined ? {} : { t_ms: tMs }) });
const rpc = (body: object) => ({ jsonrpc: '2.0', ...body });

/** A recording with `t_ms` (shape 2) that shows every kind of summary and both severities. */
const TRANSCRIPT = [
  line(
    C2S,
    rpc({
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      },
    }),
    100,
  ),
  line(
    S2C,
    rpc({
      id: 0,
      result: {
        protocolVersion: '2025-11-25',
        capabilities: { tools: {}, prompts: {}, resources: { subscribe: true } },
        serverInfo: { name: 's', version: '1' },
      },
    }),
    220,
  ),
  line(C2S, rpc({ method: 'notifications/initialized' }), 230),
  line(
    C2S,
    rpc({
      id: 1,
      method: 'tools/call',
      params: { name: 'add', arguments: { a: 1, b: 2 }, _meta: { progressToken: 't1' } },
    }),
    1350,
  ),
  line(
    S2C,
    rpc({
      method: 'notifications/progress',
      params: { progressToken: 't1', progress: 2, total: 4 },
    }),
    1400,
  ),
  line(S2C, rpc({ id: 1, result: { content: [{ type: 'text', text: '3' }] } }), 1500),
  line(C2S, rpc({ id: 2, method: 'prompts/get', params: { name: 'greet' } }), 1600),
  line(S2C, rpc({ id: 2, error: { code: -32602, message: 'Invalid params' } }), 1700),
  line(C2S, rpc({ id: 3, method: 'resources/read', params: { uri: 'file:///a' } }), 1800),
  // Only a warning: the client never subscribed to it.
  line(S2C, rpc({ method: 'notifications/resources/updated', params: { uri: 'file:///a' } }), 1900),
  // An error: no request #999 was ever sent.
  line(S2C, rpc({ id: 999, result: {} }), 2000),
  // No t_ms on this line: no time on its row.
  line(C2S, rpc({ method: 'notifications/cancelled', params: { requestId: 3 } })),
].join('\n');

const recorded = (text: string) => transcriptScreen(splitLines(text)).timeline.steps;

let steps: readonly ScreenStep[] = [];
beforeAll(() => {
  steps = recorded(TRANSCRIPT);
});
const at = (i: number): ScreenStep => {
  const step = steps[i];
  if (!step) throw new Error(`no step ${i}`);
  return step;
};
const row = (i: number) => sequenceRow(at(i), steps);

describe('a timeline row: time, summary, mark', () => {
  it('reads the time off t_ms, counted from the first message', () => {
    expect(steps.map((s) => s.time)).toEqual([
      0,
      120,
      130,
      1250,
      1300,
      1400,
      1500,
      1600,
      1700,
      1800,
      1900,
      null,
    ]);
    expect(row(1).time).toBe('+120ms');
    expect(row(3).time).toBe('+1.25s');
    expect(row(11).time).toBeNull();
    expect([0, 999.4, 9994, 12_340, 125_000, 3_600_000].map(formatTime)).toEqual([
      '+0ms',
      '+999ms',
      '+9.99s',
      '+12.3s',
      '+125s',
      '+60m',
    ]);
    // Past 99 minutes hours, past 99 hours days; never wider than six columns, whatever t_ms says.
    const long = [90_000_000, 1_500 * 60_000, 400 * 86_400_000, 1e308, Number.NaN, -5];
    expect(long.map(formatTime)).toEqual(['+25h', '+25h', '+400d', '>9999d', '+0ms', '+0ms']);
  });

  it('a real recording keeps its clock too (test/fixtures/real)', () => {
    const real = recorded(readFileSync(join(REAL, 'everything-roots.jsonl'), 'utf8'));
    expect(real[0]?.time).toBe(0);
    expect(real[1]?.time).toBe(575);
  });

  it('a lesson has no clock to show: its rows have no time', async () => {
    const lesson = (await playLesson('first-session')).timeline.steps;
    expect(lesson.every((s) => s.time === null)).toBe(true);
    expect(lesson[0] && sequenceRow(lesson[0], lesson).time).toBeNull();
  });

  it('sums each kind up in one word', () => {
    expect(row(3)).toMatchObject({ label: 'tools/call #1', summary: 'add' });
    expect(row(4)).toMatchObject({ label: 'notifications/progress', summary: '2/4' });
    // The result names the tool its request called.
    expect(row(5)).toMatchObject({ label: 'tools/call #1', summary: 'add' });
    expect(row(6)).toMatchObject({ label: 'prompts/get #2', summary: 'greet' });
    expect(row(7)).toMatchObject({ label: 'prompts/get #2', summary: '-32602', style: 'error' });
    expect(row(8)).toMatchObject({ label: 'resources/read #3', summary: 'file:///a' });
    expect(row(9).summary).toBe('file:///a');
    expect(row(10)).toMatchObject({ label: '? #999', summary: '' });
    expect(row(11).summary).toBe('#3');
    expect(row(0).summary).toBe('');
    // A modern round that asks the client for more.
    const round = {
      ...at(5),
      message: rpc({ id: 1, result: { resultType: 'input_required', inputRequests: {} } }),
    };
    expect(rowSummary(round, steps)).toBe('input_required');
    // A CreateTaskResult of the tasks extension: a task instead of the tool's result.
    const task = {
      ...at(5),
      message: rpc({ id: 1, result: { resultType: 'task', taskId: 't', status: 'working' } }),
    };
    expect(rowSummary(task, steps)).toBe('task');
  });

  it('names the status of a task the tasks extension pushes (notifications/tasks)', () => {
    const pushed = {
      ...at(4),
      report: {
        ...(at(4).report as NonNullable<ScreenStep['report']>),
        method: 'notifications/tasks',
        progress: null,
      },
      message: rpc({
        method: 'notifications/tasks',
        params: { taskId: 't', status: 'input_required' },
      }),
    };
    expect(rowSummary(pushed, steps)).toBe('input_required');
  });

  it('tells an error from a warning by its mark, not by colour', () => {
    expect(row(10).severity).toBe('error');
    expect(row(9).severity).toBe('warning');
    expect(row(8).severity).toBeNull();
    expect(SEVERITY_MARK.error).not.toBe(SEVERITY_MARK.warning);
  });
});

describe('the timeline drawn at 60, 80, 100 and 160 columns (no colour)', () => {
  it.each([60, 80, 100, 160])('%i columns: one line a row, lifelines aligned', async (columns) => {
    const rows = sequenceRows(steps, 11, 20);
    const screen = renderAt(<TimelineView rows={rows} current={11} lang="en" />, {
      columns,
      rows: 24,
    });
    await until(() => expect(screen.frame()).toContain('#3'));
    const lines = screen.frame().split('\n');
    expect(lines).toHaveLength(rows.length + 1);
    expect(widest(screen.frame())).toBeLessThanOrEqual(columns);
    for (const l of lines.slice(1)) {
      expect(l[1]).toBe('│');
      expect(l[10]).toBe('│');
    }
    // ✗ beside S for an error, ! for a warning only, nothing for a clean row.
    expect(lines[11]?.slice(11)).toMatch(/^ ✗ \+1\.90s \? #999$/);
    expect(lines[10]?.slice(11, 14)).toBe(' ! ');
    expect(lines[9]?.slice(11, 14)).toBe('   ');
    expect(lines[4]).toBe(' │───────▶│   +1.25s tools/call #1 · add');
    expect(lines[12]).toBe('›│┄┄┄┄┄┄┄▶│          notifications/cancelled · #3');
    const updated = lines[10] ?? '';
    if (columns === 60) expect(updated.endsWith('…')).toBe(true);
    else expect(updated).toContain('notifications/resources/updated · file:///a');
    screen.unmount();
  });

  it('keeps CJK within its columns', async () => {
    const closed = { ...at(11), message: null, report: null, closedBy: 'server' as const };
    for (const columns of [30, 40, 60]) {
      const screen = renderAt(
        <TimelineView
          rows={[...sequenceRows(steps, 10, 3), sequenceRow(closed)]}
          current={11}
          lang="zh"
        />,
        { columns, rows: 24 },
      );
      await until(() => expect(screen.frame()).toContain('›│'));
      expect(widest(screen.frame())).toBeLessThanOrEqual(columns);
      screen.unmount();
    }
  });
});

describe('what the server is working on', () => {
  it('play: its own pending request reads as waiting for the client, not as a client request', () => {
    const real = recorded(readFileSync(join(REAL, 'everything-roots.jsonl'), 'utf8'));
    const asking = real[5];
    if (!asking) throw new Error('no step 6');
    expect(asking.peers.server.asked).toEqual([{ method: 'roots/list', id: '0' }]);
    const waiting = (lang: 'en' | 'zh') => {
      const f = peerFacts(asking.peers, 'server', lang, (id) => `tools/call #${id}`).at(-1);
      return `${f?.label} ${f?.value}`;
    };
    expect(waiting('en')).toBe('waiting for the client roots/list #0');
    expect(waiting('zh')).toBe('等待客户端回应 roots/list #0');
    // Answered on the next step: nothing left.
    expect(real[6]?.peers.server.asked).toEqual([]);
  });

  it('play: a client request not answered yet is what the server works on', () => {
    const calling = at(3);
    expect(calling.peers.server.working).toEqual(['1']);
    expect(at(5).peers.server.working).toEqual([]);
  });

  it('a lesson: the simulated server’s own requests show until the client answers', async () => {
    const lesson = (await playLesson('client-primitives')).timeline.steps;
    const asks = lesson.findIndex((s) => s.report?.method === 'roots/list');
    const asking = lesson[asks];
    if (!asking) throw new Error('no roots/list');
    expect(asking.peers.server.asked).toEqual([
      { method: 'roots/list', id: String(asking.report?.id) },
    ]);
    const facts = peerFacts(asking.peers, 'server', 'en', (id) => `tools/call #${id}`);
    expect(facts.at(-2)).toMatchObject({
      label: 'working',
      value: expect.stringMatching(/^tools\/call #\d+$/),
    });
    expect(facts.at(-1)).toMatchObject({
      label: 'waiting for the client',
      value: expect.stringMatching(/^roots\/list #\d+$/),
    });
    expect(lesson[asks + 1]?.peers.server.asked).toEqual([]);
  });

  it('a lesson: a request a fault makes the server send waits too, until the client answers it', async () => {
    const lesson = (await playLesson('faults-gallery')).timeline.steps;
    const asks = lesson.findIndex((s) => s.report?.method === 'sampling/createMessage');
    const id = lesson[asks]?.report?.id;
    const name = { method: 'sampling/createMessage', id: String(id) };
    expect(lesson[asks]?.peers.server.asked).toEqual([name]);
    // The client answers it later in the lesson (with -32601): from that step on it waits no more.
    const answered = lesson.findIndex(
      (s, i) =>
        i > asks &&
        s.direction === 'client->server' &&
        s.message?.id === id &&
        s.message?.method === undefined,
    );
    expect(answered).toBeGreaterThan(asks);
    for (const step of lesson.slice(asks, answered))
      expect(step.peers.server.asked).toContainEqual(name);
    expect(lesson[answered]?.peers.server.asked).not.toContainEqual(name);
  });
});

describe('a summary from a hostile peer', () => {
  it('writes control characters out and cuts a name that is a whole file', () => {
    const call = (name: string) =>
      recorded(line(C2S, rpc({ id: 1, method: 'tools/call', params: { name, arguments: {} } }), 0));
    const [evil] = call('a\u001b[2Jb');
    const [long] = call('x'.repeat(5000));
    if (!evil || !long) throw new Error('no step');
    expect(sequenceRow(evil).summary).toBe('a\\x1b[2Jb');
    expect(sequenceRow(long).summary).toHaveLength(60);
    expect(sequenceRow(long).summary.endsWith('…')).toBe(true);
  });
});
