import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli } from '../helpers/cli.js';

const noStack = (text: string) => expect(text).not.toMatch(/^\s+at /m);

beforeAll(async () => {
  await ensureBuilt();
});

describe('lesson commands of the built CLI', () => {
  it('lessons --json lists id, title and status in order', async () => {
    const r = await runCli(['lessons', '--json', '--lang', 'en']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      lessons: Array<{ id: string; title: string; status: string }>;
    };
    expect(out.lessons[0]).toMatchObject({ id: 'first-session', title: 'The first session' });
    // The status comes from .mcp-sim/progress.json of the working directory (other tests play).
    for (const lesson of out.lessons) expect(['new', 'started', 'done']).toContain(lesson.status);
  });

  it('lesson --json gives every envelope as on the wire, deterministically', async () => {
    const a = await runCli(['lesson', 'first-session', '--json']);
    const b = await runCli(['lesson', 'first-session', '--json']);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    const run = JSON.parse(a.stdout) as {
      steps: Array<{ direction: string; message: { jsonrpc: string } }>;
    };
    expect(run.steps[0]?.message.jsonrpc).toBe('2.0');
    expect(run.steps[0]?.direction).toBe('client->server');
  });

  it('every lesson plays in the built bundle (tools that load sql.js and mathjs included)', async () => {
    const list = JSON.parse((await runCli(['lessons', '--json'])).stdout) as {
      lessons: Array<{ id: string }>;
    };
    for (const id of ['errors', 'tools', 'cancellation']) {
      expect(list.lessons.map((l) => l.id)).toContain(id);
      const r = await runCli(['lesson', id, '--json']);
      expect(r.code, `${id}: ${r.stderr}`).toBe(0);
      noStack(r.stderr);
    }
  });

  it('lesson --plain --lang zh prints a Chinese Markdown handout', async () => {
    const r = await runCli(['lesson', 'progress', '--plain', '--lang', 'zh']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^# 进度通知/);
    expect(r.stdout).toContain('progress-after-completion');
    // Step headings name the kind of message in Chinese too.
    const headings = r.stdout.split('\n').filter((line) => line.startsWith('## '));
    expect(headings.some((h) => h.endsWith('（通知）'))).toBe(true);
    for (const h of headings) expect(h).not.toMatch(/\((?:request|response|notification|error)\)$/);
  });

  it('an unknown lesson, an unknown help topic and a bad --lang are usage errors: exit 2, one line', async () => {
    for (const args of [
      ['lesson', 'nope', '--plain'],
      ['help', 'nope'],
      ['lesson', 'progress', '--plain', '--lang', 'fr'],
    ]) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      noStack(r.stderr);
    }
  });

  it('a typo gets the nearest command, lesson or option; a lesson opens by its number too', async () => {
    const cases = [
      [['lesons'], 'unknown command "lesons" (did you mean lessons?'],
      // Two neighbours swapped is one edit.
      [['tarce', 'x'], 'unknown command "tarce" (did you mean trace?'],
      [['lesson', 'handshkae', '--plain'], 'unknown lesson "handshkae" (did you mean handshake?'],
      [['lesson', 'handshak', '--plain'], 'unknown lesson "handshak" (did you mean handshake?'],
      [['lesson', 'handshake', '--jsn'], 'unknown option --jsn (did you mean --json?)'],
      [['lesson', 'xyz', '--plain'], 'unknown lesson "xyz" (see: mcp-sim lessons)'],
      [['lesson', 'handshake', '--plain', '--json'], 'choose one of --plain'],
    ] as const;
    // Side by side: each is a CLI process of its own, and one after another they took most of
    // the test's 30 s on the 2-core machine under a full run's load.
    const runs = await Promise.all(cases.map(([args]) => runCli([...args])));
    for (const [i, [args, message]] of cases.entries()) {
      const r = runs[i] as Awaited<ReturnType<typeof runCli>>;
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(message);
    }
    // The same lesson by its number, zero-padded as the folders are numbered (03-handshake), and by
    // its folder's name as `ls lessons` shows it (a path with a slash opens a lesson file); 0 is
    // no lesson's number. The sandbox takes a lesson the same way: without a terminal it gets as
    // far as asking for one. Side by side, as above.
    const [byId, byNumber, padded, byFolder, ninetyNine, zero, folderTypo, sandbox] =
      await Promise.all(
        [
          ['lesson', 'handshake', '--json', '--lang', 'en'],
          ['lesson', '3', '--json', '--lang', 'en'],
          ['lesson', '03', '--json', '--lang', 'en'],
          ['lesson', '03-handshake', '--json', '--lang', 'en'],
          ['lesson', '99', '--plain'],
          ['lesson', '00', '--plain'],
          ['lesson', '03-handshak', '--plain'],
          ['sandbox', '--lesson', '03'],
        ].map((args) => runCli(args)),
      );
    expect(byId?.code).toBe(0);
    for (const same of [byNumber, padded, byFolder]) {
      expect(same?.code).toBe(0);
      expect(same?.stdout).toBe(byId?.stdout);
    }
    expect(ninetyNine?.code).toBe(2);
    expect(zero?.stderr).toContain('unknown lesson "00"');
    expect(folderTypo?.stderr).toContain('did you mean 03-handshake?');
    expect(sandbox?.stderr).not.toContain('unknown lesson');
    // Fifteen processes: a full run's load on two cores once took this test past 30 s.
  }, 60_000);

  it('interactive views without a terminal exit 2 and point at what works without one', async () => {
    for (const [args, instead, not] of [
      [[], 'mcp-sim lessons', null],
      [['lesson', 'first-session'], '--plain', null],
      [['play', 'test/fixtures/samples/first-session.jsonl'], '--plain', '--json'],
    ] as const) {
      const r = await runCli([...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(instead);
      if (not) expect(r.stderr).not.toContain(not);
    }
    // A file that is not there is reported as such before any talk of terminals.
    const missing = await runCli(['play', 'no/such/file.jsonl']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no/such/file.jsonl: no such file');
  });

  it("play's recap counts and lists the unreadable lines, and names the file as it was given", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-play-'));
    const file = join(dir, 'bad.jsonl');
    writeFileSync(
      file,
      [
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}',
        'not json',
        '',
        '{"foo":1}',
      ].join('\n'),
    );
    const r = await runCli(['play', file, '--plain']);
    expect(r.code).toBe(1); // unreadable lines: exit 1, as trace does (DESIGN › exit codes)
    expect(r.stdout).toContain('2 unreadable lines (lines 2, 4)');
    expect(r.stdout).toContain(`mcp-sim trace ${file} for the labelled table`);
    expect(r.stderr).toMatch(
      new RegExp(`^mcp-sim: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2: `, 'm'),
    );
    // In Chinese, as trace --lang zh says it.
    const zh = await runCli(['play', file, '--plain', '--lang', 'zh']);
    expect(zh.stderr).toContain(`mcp-sim: ${file} 第 2 行：`);
    expect(zh.stderr).not.toMatch(/not a JSON-RPC message|not JSON/);
  });

  it("play's message count is trace's: a closed stream (an abandon line) is a step but no message", async () => {
    const file = 'test/fixtures/inspector/inspector-2.12-http-modern.jsonl';
    const traced = JSON.parse((await runCli(['trace', file, '--json'])).stdout) as {
      summary: Record<'requests' | 'responses' | 'errors' | 'notifications', number>;
    };
    const { requests, responses, errors, notifications } = traced.summary;
    // 55 lines, 5 of them closed listen streams
    expect(requests + responses + errors + notifications).toBe(50);
    const r = await runCli(['play', file, '--plain']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('a recorded session of 50 messages');
    expect(r.stdout).toContain('50 messages, no rule violations, no unreadable lines');
    const zh = await runCli(['play', file, '--plain', '--lang', 'zh']);
    expect(zh.stdout).toContain('共 50 条消息');
  });

  it('play --plain counts one message in the singular', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcp-sim-one-')), 'one.jsonl');
    writeFileSync(file, '{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    const r = await runCli(['play', file, '--plain']);
    expect(r.stdout).toContain('a recorded session of 1 message, as the referee sees it');
    expect(r.stdout).toMatch(/\n1 message, \d+ rule violation/);
  });

  it('play --plain walks through a real recording', async () => {
    const r = await runCli(['play', 'test/fixtures/real/everything-cancel.jsonl', '--plain']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('progress-after-cancellation');
    expect(r.stdout).toContain('"method": "notifications/cancelled"');
  });
});
