import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  formatTopicProblem,
  loadTopicFile,
  openTopic,
  playTopic,
  rowsProblem,
  SIDES,
  TOPICS_DIR,
  topicIds,
} from '../../src/sim/compare/topics.js';
import { loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { englishPhrases, englishProse } from '../helpers/english-in-zh.js';

const ids = topicIds();

describe('compare topics (compare/<id>.yaml)', () => {
  it('ships the six topics, two-eras first (a lesson points at it)', () => {
    expect(ids[0]).toBe('two-eras');
    expect([...ids].sort()).toEqual(
      [
        'cancellation',
        'capabilities',
        'notifications',
        'server-questions',
        'two-eras',
        'versions',
      ].sort(),
    );
  });

  it('each topic names the bundled lessons that teach it: the view’s last row offers them', () => {
    const lessons = new Set(loadLessons().lessons.map((l) => l.id));
    for (const id of ids) {
      const loaded = loadTopicFile(join(TOPICS_DIR, `${id}.yaml`), id);
      if (!loaded.ok) throw new Error(formatTopicProblem(loaded.error));
      const named = loaded.value.topic.lessons;
      expect(named.length, id).toBeGreaterThan(0);
      for (const lesson of named) expect(lessons.has(lesson), `${id}: ${lesson}`).toBe(true);
    }
  });

  for (const id of ids) {
    describe(id, () => {
      it('parses, plays both sides, and its rows pair every step of each side once, in order', async () => {
        const played = await openTopic(id);
        if (!played.ok) throw new Error(formatTopicProblem(played.error));
        const { legacy, modern, rows } = played.value;
        expect(legacy.length).toBeGreaterThan(0);
        expect(modern.length).toBeGreaterThan(0);
        for (const side of SIDES) {
          const named = rows.map((r) => r[side]).filter((n) => n !== null);
          expect(named).toEqual(played.value[side].map((_, i) => i + 1));
        }
      });

      it('each column is refereed by its own era and free of violations (faults excepted)', async () => {
        const played = await openTopic(id);
        if (!played.ok) throw new Error(formatTopicProblem(played.error));
        const { legacy, modern } = played.value;
        // The legacy column is judged with the handshake, the modern one as 2026-07-28.
        expect(legacy.some((s) => (s.message as { method?: string }).method === 'initialize')).toBe(
          true,
        );
        expect(legacy.every((s) => s.session.era !== 'modern')).toBe(true);
        expect(modern.every((s) => s.session.era === 'modern')).toBe(true);
        for (const side of [legacy, modern]) {
          const unexpected = side.flatMap((s) =>
            s.notes?.fault
              ? []
              : (s.verdict?.violations ?? []).map((v) => `${s.index + 1}: ${v.rule}`),
          );
          expect(unexpected).toEqual([]);
        }
      });

      it('each column numbers the client’s requests 1, 2, 3… with no id left unsent', async () => {
        // A learner follows a column by its ids: a gap (tools/list #1, then #3) means a request
        // the simulated client queued (its retry after -32022) but the topic never sent.
        const played = await openTopic(id);
        if (!played.ok) throw new Error(formatTopicProblem(played.error));
        for (const side of SIDES) {
          const ids = played.value[side].flatMap((s) => {
            const m = (s.message ?? {}) as { id?: unknown; method?: unknown };
            return s.direction === 'client->server' &&
              typeof m.method === 'string' &&
              typeof m.id === 'number'
              ? [m.id]
              : [];
          });
          expect({ side, ids }, id).toEqual({ side, ids: ids.map((_, i) => i + 1) });
        }
      });

      it('every difference is written in both languages, the Chinese without English prose', async () => {
        const played = await openTopic(id);
        if (!played.ok) throw new Error(formatTopicProblem(played.error));
        const { topic } = played.value;
        for (const text of [topic.title, topic.summary, ...topic.rows.map((r) => r.difference)]) {
          expect(text.en.length).toBeGreaterThan(0);
          expect(englishPhrases(text.zh, ['no lifecycle'])).toEqual([]);
        }
      });
    });
  }
});

describe('a topic that is wrong says where, in one line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-compare-'));
  const write = (name: string, text: string) => {
    const file = join(dir, `${name}.yaml`);
    writeFileSync(file, text);
    return file;
  };

  it('a YAML error names the file and the line', () => {
    const file = write('broken', 'title: {en: a, zh: 乙}\nsummary: [\n');
    const loaded = loadTopicFile(file, 'broken');
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(formatTopicProblem(loaded.error)).toMatch(/broken\.yaml:\d+:\d+: YAML/);
  });

  it('a field that does not validate is named with its line', () => {
    const file = write(
      'badrow',
      [
        'title: {en: a, zh: 甲}',
        'summary: {en: b, zh: 乙}',
        'legacy: {revision: 2025-11-25, steps: [{client: initialize}]}',
        'modern: {revision: 2026-07-28, steps: [{client: discover}]}',
        'rows:',
        '  - {legacy: 1, modern: 1, difference: {en: c}}',
      ].join('\n'),
    );
    const loaded = loadTopicFile(file, 'badrow');
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) {
      expect(loaded.error.line).toBe(6);
      expect(formatTopicProblem(loaded.error)).toMatch(
        /badrow\.yaml:6:\d+: rows\[0\]\.difference\.zh/,
      );
    }
  });

  it('rows must name existing steps, each once and in order, and leave none out', () => {
    const d = { en: 'x', zh: '叉' };
    expect(
      rowsProblem([{ legacy: 1, modern: 3, difference: d }], { legacy: 1, modern: 2 })?.message,
    ).toMatch(/modern: step 3 does not exist/);
    expect(
      rowsProblem(
        [
          { legacy: 2, modern: 1, difference: d },
          { legacy: 1, modern: null, difference: d },
        ],
        { legacy: 2, modern: 1 },
      )?.message,
    ).toMatch(/expected 1, found 2/);
    expect(
      rowsProblem([{ legacy: 1, modern: 1, difference: d }], { legacy: 2, modern: 1 })?.message,
    ).toMatch(/legacy steps 2–2 are in no row/);
  });
});

describe('a topic’s problems in Chinese (as a lesson file’s)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-compare-zh-'));
  const HEAD = ['title: {en: a, zh: 甲}', 'summary: {en: b, zh: 乙}'];
  const SIDE_LINES = [
    'legacy: {revision: 2025-11-25, steps: [{client: initialize}, {server: next}]}',
    'modern: {revision: 2026-07-28, steps: [{client: discover}, {server: next}]}',
  ];
  /** The Chinese line of the problem of a topic file of `lines` (file name left out). */
  async function chineseLine(name: string, lines: readonly string[]): Promise<string> {
    const file = join(dir, `${name}.yaml`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    const loaded = loadTopicFile(file, name);
    const problem = loaded.ok ? await openTopicProblem(loaded.value) : loaded.error;
    const line = formatTopicProblem(problem, 'zh').slice(dir.length + 1);
    expect(englishProse(line), line).toBeUndefined();
    return line;
  }
  async function openTopicProblem(loaded: Parameters<typeof playTopic>[0]) {
    const played = await playTopic(loaded);
    if (played.ok) throw new Error('the topic played');
    return played.error;
  }

  it('a YAML syntax error, a schema rule’s words, an id, a row', async () => {
    expect(await chineseLine('yaml', [...HEAD, 'rows: [1, 2'])).toMatch(
      /^yaml\.yaml:3:7: YAML 错误：这里的 `\[` 没有闭合；请补上与它配对的 `\]`（解析器一直找到文件末尾也没找到）$/,
    );
    expect(
      await chineseLine('row', [
        ...HEAD,
        ...SIDE_LINES,
        'rows:',
        '  - {legacy: null, modern: null, difference: {en: c, zh: 丙}}',
      ]),
    ).toBe('row.yaml:6:5: rows[0]：每一行至少要指向其中一方的某一步');
    expect(
      await chineseLine('named', [
        'id: other',
        ...HEAD,
        ...SIDE_LINES,
        'rows: [{legacy: 1, modern: 1, difference: {en: c, zh: 丙}}]',
      ]),
    ).toBe('named.yaml:1:5: id "other" 与文件名不符（应为 "named"）');
  });

  it('rows that do not pair the sessions, and a step that cannot be played', async () => {
    expect(
      await chineseLine('pairs', [
        ...HEAD,
        ...SIDE_LINES,
        'rows: [{legacy: 1, modern: 1, difference: {en: c, zh: 丙}}]',
      ]),
    ).toBe('pairs.yaml: rows：legacy 一方的第 2–2 步不在任何一行中');
    expect(
      await chineseLine('fault', [
        ...HEAD,
        'legacy: {revision: 2025-11-25, steps: [{fault: cancel-initialize}]}',
        'modern: {revision: 2026-07-28, steps: [{client: discover}]}',
        'rows: [{legacy: 1, modern: 1, difference: {en: c, zh: 丙}}]',
      ]),
    ).toBe(
      'fault.yaml:3: legacy 第 1 步：cancel-initialize 需要一个尚未得到回答的 initialize 请求',
    );
  });
});
