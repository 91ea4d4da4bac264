import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLessonFolder } from '../../src/sim/scenario/check-folder.js';
import { FAULT_NAMES, FAULT_RULES } from '../../src/sim/scenario/faults.js';
import { formatProblem, loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { openLesson } from '../../src/sim/scenario/open-lesson.js';

// Mistakes a teacher makes writing her own lessons, found by writing some (fix-author).

const scratch = mkdtempSync(join(tmpdir(), 'mcp-sim-author-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let folders = 0;

/** A folder holding one lesson, `01-<id>/lesson.yaml`, with these bytes. */
function folderWith(content: string | Buffer, id = 'mine'): string {
  const dir = join(scratch, `f${++folders}`);
  mkdirSync(join(dir, `01-${id}`), { recursive: true });
  writeFileSync(join(dir, `01-${id}`, 'lesson.yaml'), content);
  return dir;
}

const LESSON = `title: { en: A reused id, zh: 重复的 id }
goal: { en: See the referee catch it., zh: 看裁判发现它。 }
server: { capabilities: { tools: {} } }
steps:
  - client: initialize
    note: { en: Open., zh: 开启。 }
  - server: next
    note: { en: Answer., zh: 回复。 }
  - client: initialized
    note: { en: Done., zh: 完成。 }
  - client: { request: tools/list }
    note: { en: List., zh: 列出。 }
  - fault: reuse-id
    note: { en: The id again., zh: 又是这个 id。 }
recap: { en: Ids are unique., zh: id 唯一。 }
`;

describe('a lesson file that is not UTF-8', () => {
  it('is one located line, not a lesson whose Chinese is U+FFFD', () => {
    const gbk = Buffer.concat([
      Buffer.from('title: { en: A, zh: '),
      Buffer.from([0xce, 0xd2]), // 我 in GBK
      Buffer.from(' }\n'),
    ]);
    const dir = folderWith(gbk);
    const listing = loadLessons(dir);
    expect(listing.lessons).toEqual([]);
    expect(listing.problems.map(formatProblem)).toEqual([
      `${join(dir, '01-mine', 'lesson.yaml')}:1:21: the file is not UTF-8 (byte 0xCE here): it was saved in another encoding (GBK, Latin-1, UTF-16…); save it as UTF-8`,
    ]);
    expect(listing.problems[0]?.zh).toMatch(/^文件不是 UTF-8 编码/);
  });

  it('UTF-16 (with its byte-order mark) is refused at 1:1; a UTF-8 BOM is fine', () => {
    const utf16 = folderWith(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(LESSON, 'utf16le')]),
    );
    expect(loadLessons(utf16).problems.map((p) => [p.line, p.column])).toEqual([[1, 1]]);
    const bom = folderWith(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(LESSON)]));
    expect(loadLessons(bom).problems).toEqual([]);
  });
});

describe('a fault step must break the rule it is named for', () => {
  it('every fault names its rule, as the tables of docs/authoring-lessons.md say', () => {
    expect(Object.keys(FAULT_RULES).sort()).toEqual([...FAULT_NAMES].sort());
    const doc = readFileSync(
      join(import.meta.dirname, '..', '..', 'docs', 'authoring-lessons.md'),
      'utf8',
    );
    const tables = doc.slice(doc.indexOf('## Faults'), doc.indexOf('## Checking a lesson'));
    const documented = Object.fromEntries(
      [...tables.matchAll(/^\| `([a-z-]+)` \|.*\| `([a-z-]+)`[^|]*\|$/gm)]
        .filter((m) => (FAULT_NAMES as readonly string[]).includes(m[1] ?? ''))
        .map((m) => [m[1], m[2]]),
    );
    expect(documented).toEqual(FAULT_RULES);
  });

  it('a fault that breaks another rule where it stands is a located problem', async () => {
    const dir = folderWith(
      LESSON.replace(
        'steps:\n',
        'steps:\n  - fault: undeclared-notification\n    params: { method: notifications/message }\n    note: { en: Too early., zh: 太早了。 }\n',
      ),
    );
    const check = await checkLessonFolder(dir);
    expect(check.problems.map(formatProblem)).toEqual([
      `${join(dir, '01-mine', 'lesson.yaml')}:5: step 1: fault undeclared-notification is named for the rule capability-not-negotiated, but here it breaks invalid-params, initialize-not-first instead, so the lesson would show that under its name; move it to where the session makes it break capability-not-negotiated`,
    ]);
    expect(check.problems[0]?.zh).toMatch(/^第 1 步：故障 undeclared-notification 对应的规则是/);
  });

  it('the same fault where it breaks its rule, and the reused id, are fine', async () => {
    expect((await checkLessonFolder(folderWith(LESSON))).problems).toEqual([]);
  });
});

describe('a lesson folder without its number', () => {
  it('says the name it wants, and `lesson <id>` prints that line, not "unknown lesson"', async () => {
    const dir = join(scratch, `f${++folders}`);
    mkdirSync(join(dir, 'first-call'), { recursive: true });
    writeFileSync(join(dir, 'first-call', 'lesson.yaml'), LESSON);
    const listing = loadLessons(dir);
    const line = `${join(dir, 'first-call')}: a lesson folder is named <number>-<id>: rename it, e.g. to 01-first-call (the number orders your lessons)`;
    expect(listing.problems.map(formatProblem)).toEqual([line]);
    expect(await openLesson('first-call', listing)).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 1, message: line }),
    });
  });

  it('a broken file is found by its whole id, not by the end of another', async () => {
    const dir = folderWith('title: [', 'first-call');
    const opened = await openLesson('call', loadLessons(dir));
    expect(opened).toEqual({ ok: false, error: expect.objectContaining({ code: 2 }) });
  });
});

describe('a 2026-07-28 lesson that names no revision', () => {
  it('is told to add revision:, not told its (unwritten) revision: is wrong', async () => {
    const dir = folderWith(`title: { en: Stateless, zh: 无状态 }
goal: { en: Discover., zh: 发现。 }
server: { era: modern, versions: ['2026-07-28'], capabilities: { tools: {} } }
client: { era: modern, versions: ['2026-07-28'] }
steps:
  - client: discover
    note: { en: Ask., zh: 询问。 }
  - server: next
    note: { en: Answer., zh: 回答。 }
recap: { en: No handshake., zh: 没有握手。 }
`);
    const check = await checkLessonFolder(dir);
    expect(check.problems.map(formatProblem)).toEqual([
      `${join(dir, '01-mine', 'lesson.yaml')}:1: the lesson names no revision:, so it is headed 2025-11-25 (the default, of the handshake era), but its session is in the 2026-07-28 era; add revision: '2026-07-28'`,
    ]);
    const fixed = folderWith(
      `revision: '2026-07-28'\n${readFileSync(join(dir, '01-mine', 'lesson.yaml'), 'utf8')}`,
    );
    expect((await checkLessonFolder(fixed)).problems).toEqual([]);
  });
});

describe('a key set twice', () => {
  it('is named, with the line where it was first set, in both languages', () => {
    const dir = folderWith(
      LESSON.replace(
        '  - client: initialize\n',
        '  - client: initialize\n    note: { en: A, zh: 甲 }\n',
      ),
    );
    const [problem] = loadLessons(dir).problems;
    expect(problem && formatProblem(problem)).toBe(
      `${join(dir, '01-mine', 'lesson.yaml')}:7:5: YAML: the key \`note\` is set twice in one mapping (first at line 6); keep one`,
    );
    expect(problem?.zh).toBe(
      'YAML 错误：同一个映射里键 `note` 出现了两次（第一次在第 6 行）；只保留一个',
    );
  });
});
