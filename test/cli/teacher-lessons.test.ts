import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';

// A teacher's folder of lessons through the built CLI: by option, by variable and by path; broken
// files give one located line each and every other lesson still lists and opens.
const BROKEN = join(ROOT, 'test', 'fixtures', 'broken-lessons');
const scratch = mkdtempSync(join(tmpdir(), 'mcp-sim-teacher-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const lines = (text: string) => text.split('\n').filter((l) => l !== '');

describe('teachers’ own lessons', () => {
  it('--lessons adds a folder: its good lessons list after the course, each broken file in one line', async () => {
    const r = await runCli(['lessons', '--lessons', BROKEN, '--lang', 'en']);
    expect(r.code).toBe(1);
    const ids = lines(r.stdout).map((l) => /^\s*\d+\.\s+(\S+)/.exec(l)?.[1]);
    expect(ids.slice(0, 2)).toEqual(['first-session', 'json-rpc-envelopes']);
    expect(ids.slice(-2)).toEqual(['good', 'also-good']);
    const errors = lines(r.stderr);
    // A lesson that cannot be played is a problem of the listing too, not a lesson offered.
    expect(errors).toHaveLength(15);
    expect(errors.at(-1)).toMatch(/16-cannot-play\/lesson\.yaml:4: /);
    expect(errors).toContain(
      `mcp-sim: ${join(BROKEN, '17-loose.yaml')}: not read: a lesson is a folder <number>-<id> holding lesson.yaml; move this file to 17-loose/lesson.yaml`,
    );
    expect(errors).toContain(
      `mcp-sim: ${join(BROKEN, '03-alias-to-nowhere', 'lesson.yaml')}:2:7: YAML: alias *nope refers to no anchor (&nope must be set before it)`,
    );
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  });

  it('MCP_SIM_LESSONS does the same; a good lesson opens, a broken one is its one located line', async () => {
    const env = { MCP_SIM_LESSONS: BROKEN };
    const list = await runCli(['lessons', '--json'], { env });
    const ids = (JSON.parse(list.stdout) as { lessons: { id: string }[] }).lessons.map((l) => l.id);
    expect(ids).toEqual(expect.arrayContaining(['handshake', 'good', 'also-good']));
    const good = await runCli(['lesson', 'also-good', '--json'], { env });
    expect(good.code).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ id: 'also-good', title: 'Also good' });
    const course = await runCli(['lesson', 'handshake', '--plain'], { env });
    expect(course.code).toBe(0);
    const bad = await runCli(['lesson', 'typo-kind', '--plain'], { env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(
      `mcp-sim: ${join(BROKEN, '06-typo-kind', 'lesson.yaml')}:8:10: step 3, do.add-tol: unknown step kind \`add-tol\`; did you mean \`add-tool\`?\n`,
    );
  });

  it('lesson <path> plays a lesson file or folder; a missing path is a usage error', async () => {
    const folder = await runCli(['lesson', 'test/fixtures/broken-lessons/15-also-good', '--json']);
    expect(folder.code).toBe(0);
    expect(JSON.parse(folder.stdout)).toMatchObject({ id: 'also-good' });
    const file = join(BROKEN, '05-wrong-step-kind', 'lesson.yaml');
    const broken = await runCli(['lesson', file, '--plain']);
    expect(broken.code).toBe(1);
    expect(lines(broken.stderr)).toHaveLength(1);
    expect(broken.stderr).toMatch(/:8:20: step 3, do\.add-tool: .*\(in a do: add-tool step\)/);
    const missing = await runCli(['lesson', './no-such-lessons', '--plain']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('mcp-sim: ./no-such-lessons: no such file or folder\n');
    const option = await runCli(['lessons', '--lessons', 'no-such-folder']);
    expect(option.code).toBe(2);
  });

  it('sandbox --lesson opens a teacher’s lesson with --lessons, without MCP_SIM_LESSONS', async () => {
    const dir = join(scratch, 'one');
    mkdirSync(dir, { recursive: true });
    cpSync(join(BROKEN, '01-good'), join(dir, '01-good'), { recursive: true });
    const env = { MCP_SIM_LESSONS: undefined };
    // The lesson is opened before the terminal is asked for: reaching that question means it opened.
    const opened = await runCli(['sandbox', '--lesson', 'good', '--lessons', dir, '--lang', 'en'], {
      env,
    });
    expect(opened.stderr).toMatch(/^mcp-sim: the sandbox needs an interactive terminal/);
    expect(opened.code).toBe(2);
    const without = await runCli(['sandbox', '--lesson', 'good', '--lang', 'en'], { env });
    expect(without.stderr).toMatch(/^mcp-sim: unknown lesson "good"/);
    const missing = await runCli(['sandbox', '--lesson', 'good', '--lessons', join(dir, 'nope')], {
      env,
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).not.toMatch(/unknown option/);
  });

  it('a teacher’s lesson with an id of the course is reported, and the course’s lesson kept', async () => {
    const dir = join(scratch, 'clash');
    mkdirSync(dir, { recursive: true });
    cpSync(join(ROOT, 'lessons', '03-handshake'), join(dir, '07-handshake'), { recursive: true });
    const r = await runCli(['lessons', '--lessons', dir, '--json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as {
      lessons: { id: string }[];
      problems: { file: string; message: string }[];
    };
    expect(out.lessons.filter((l) => l.id === 'handshake')).toHaveLength(1);
    expect(out.problems).toEqual([
      expect.objectContaining({
        file: join(dir, '07-handshake', 'lesson.yaml'),
        message: expect.stringMatching(/^id "handshake" is already taken by .*03-handshake/),
      }),
    ]);
  });
});

describe('lessons --check <folder>', () => {
  it('reports every problem, one located line each, and exits 1', async () => {
    const r = await runCli(['lessons', '--check', BROKEN]);
    expect(r.code).toBe(1);
    const out = lines(r.stdout);
    expect(out).toHaveLength(16);
    expect(out.at(-1)).toBe(`${BROKEN}: 15 problems in 15 files`);
    for (const line of out.slice(0, -1))
      expect(line).toMatch(/^\/.*broken-lessons\/[^:]+(:\d+(:\d+)?)?: /);
  });

  it('exits 0 with a summary for a good folder and for the shipped lessons/', async () => {
    const dir = join(scratch, 'good');
    mkdirSync(dir, { recursive: true });
    cpSync(join(BROKEN, '01-good'), join(dir, '01-good'), { recursive: true });
    const good = await runCli(['lessons', '--check', dir]);
    expect({ code: good.code, stdout: good.stdout }).toEqual({
      code: 0,
      stdout: `${dir}: 1 lesson checked, no problems\n`,
    });
    const course = await runCli(['lessons', '--check', join(ROOT, 'lessons')]);
    expect(course.code).toBe(0);
    expect(course.stdout).toMatch(/: 35 lessons checked, no problems\n$/);
  });
});

describe('lesson-file problems in the learner’s language', () => {
  it('lessons --check --lang zh: each line and the summary in Chinese, located the same way', async () => {
    const r = await runCli(['lessons', '--check', BROKEN, '--lang', 'zh']);
    expect(r.code).toBe(1);
    const out = lines(r.stdout);
    expect(out).toHaveLength(16);
    expect(out).toContain(
      `${join(BROKEN, '06-typo-kind', 'lesson.yaml')}:8:10: 第 3 步 do.add-tol：未知的步骤类型 \`add-tol\`；是不是想写 \`add-tool\`？`,
    );
    expect(out).toContain(
      `${join(BROKEN, '07-missing-field', 'lesson.yaml')}:7:11: 第 2 步 note.zh：缺少中文（zh）文本`,
    );
    expect(out).toContain(
      `${join(BROKEN, '03-alias-to-nowhere', 'lesson.yaml')}:2:7: YAML 错误：别名 *nope 没有对应的锚点（&nope 必须在它之前设置）`,
    );
    expect(out).toContain(
      `${join(BROKEN, '16-cannot-play', 'lesson.yaml')}:4: 第 1 步：server: next，但服务器此刻没有可发送的消息`,
    );
    expect(out.at(-1)).toBe(`${BROKEN}：15 个文件中有 15 个问题`);
  });

  it('the saved choice or the locale decides without --lang; a broken lesson’s line too', async () => {
    const env = { LANG: 'zh_CN.UTF-8', LC_ALL: undefined, LC_MESSAGES: undefined };
    const bad = await runCli(['lesson', 'typo-kind', '--plain', '--lessons', BROKEN], { env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(
      `mcp-sim: ${join(BROKEN, '06-typo-kind', 'lesson.yaml')}:8:10: 第 3 步 do.add-tol：未知的步骤类型 \`add-tol\`；是不是想写 \`add-tool\`？\n`,
    );
    const unplayable = await runCli(['lesson', 'cannot-play', '--plain', '--lessons', BROKEN], {
      env,
    });
    expect(unplayable.stderr).toBe(
      `mcp-sim: ${join(BROKEN, '16-cannot-play', 'lesson.yaml')}:4: 第 1 步：server: next，但服务器此刻没有可发送的消息\n`,
    );
    const listed = await runCli(['lessons', '--lessons', BROKEN], { env });
    expect(lines(listed.stderr)).toContain(
      `mcp-sim: ${join(BROKEN, '13-wrong-id', 'lesson.yaml')}:3:5: id "something-else" 与文件夹名不符（应为 "wrong-id"）`,
    );
  });

  it('--json keeps the English messages, and nothing else, in any language', async () => {
    const r = await runCli(['lessons', '--check', BROKEN, '--json', '--lang', 'zh']);
    const out = JSON.parse(r.stdout) as { problems: Record<string, unknown>[] };
    expect(out.problems).toContainEqual({
      file: join(BROKEN, '06-typo-kind', 'lesson.yaml'),
      line: 8,
      column: 10,
      message: 'step 3, do.add-tol: unknown step kind `add-tol`; did you mean `add-tool`?',
    });
    for (const p of out.problems) expect(Object.keys(p).sort()).not.toContain('zh');
    const listed = await runCli(['lessons', '--lessons', BROKEN, '--json', '--lang', 'zh']);
    const problems = (JSON.parse(listed.stdout) as { problems: Record<string, unknown>[] })
      .problems;
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) expect(p).not.toHaveProperty('zh');
  });
});

describe('lesson --json', () => {
  it('lists the lines a lesson sends with do: {raw} as steps', async () => {
    const r = await runCli(['lesson', 'errors', '--json', '--lang', 'en']);
    const steps = (
      JSON.parse(r.stdout) as { steps: { message: unknown; raw?: unknown; problem?: string }[] }
    ).steps;
    const raw = steps.filter((s) => s.message === null);
    expect(raw.map((s) => s.problem)).toEqual([
      'not valid JSON',
      'a batch (JSON-RPC batches were removed in 2025-06-18)',
    ]);
    expect(raw[0]?.raw).toBe('{"jsonrpc": "2.0", "id": 7, "method": "ping"');
  });

  it('a raw batch in a 2025-03-26 lesson is read and answered as one array; in 2025-11-25 it is one unread line', async () => {
    const lesson = (version: string) => `revision: '${version}'
title: { en: Batches, zh: 批量消息 }
goal: { en: See a batch., zh: 看一个批量消息。 }
server: { name: s, versions: ['${version}'], capabilities: { tools: {} }, tools: [weather_current] }
client: { name: c, versions: ['${version}'], capabilities: {} }
steps:
  - client: initialize
    note: { en: Opening., zh: 开始。 }
  - server: next
    note: { en: Agreed., zh: 已商定。 }
  - client: initialized
    note: { en: Ready., zh: 就绪。 }
  - do: { raw: '[{"jsonrpc": "2.0", "id": "a", "method": "ping"}, {"jsonrpc": "2.0", "id": "b", "method": "tools/list"}]' }
  - server: next
    note: { en: The answers., zh: 回应。 }
recap: { en: Batches., zh: 批量消息。 }
`;
    type Out = { steps: { direction: string; message: { id?: string } | null; note: string }[] };
    const play = async (version: string) => {
      const file = join(scratch, `batch-${version}.yaml`);
      writeFileSync(file, lesson(version));
      const r = await runCli(['lesson', file, '--json']);
      expect(r.code, r.stderr).toBe(0);
      return (JSON.parse(r.stdout) as Out).steps.slice(3);
    };
    const old = await play('2025-03-26');
    expect(old.map((s) => [s.direction, s.message?.id])).toEqual([
      ['client->server', 'a'],
      ['client->server', 'b'],
      ['server->client', 'a'],
      ['server->client', 'b'],
    ]);
    // The batch is narrated once, at its first message.
    expect(old[0]?.note).toMatch(/^The client writes a JSON-RPC batch, 2 messages/);
    expect(old[1]?.note).not.toMatch(/batch/);
    const later = await play('2025-11-25');
    expect(later.map((s) => [s.direction, s.message])).toEqual([
      ['client->server', null],
      [
        'server->client',
        expect.objectContaining({ error: expect.objectContaining({ code: -32600 }) }),
      ],
    ]);
  });
});
