import { describe, expect, it } from 'vitest';
import { COMPARE_STRINGS } from '../../src/i18n/compare-strings.js';
import { openTopic, topicIds } from '../../src/sim/compare/topics.js';
import { compareHandout, compareJson } from '../../src/ui/compare-handout.js';
import { compareModel } from '../../src/ui/compare-model.js';
import { englishPhrases } from '../helpers/english-in-zh.js';

const played = async (id: string) => {
  const p = await openTopic(id);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};

describe('compare --plain: a two-column Markdown handout', () => {
  for (const id of topicIds()) {
    it(`${id}: a table per row, legacy | modern, every envelope and the difference`, async () => {
      const topic = await played(id);
      for (const lang of ['en', 'zh'] as const) {
        const model = compareModel(topic, lang);
        const md = compareHandout(model, lang);
        const tables = md
          .split('\n')
          .filter((l) => l === `| ${model.sides.legacy} | ${model.sides.modern} |`);
        expect(tables.length).toBe(topic.rows.length);
        // Every row of every table has exactly two cells (no stray | inside a cell).
        for (const line of md.split('\n').filter((l) => l.startsWith('| '))) {
          expect(line.replace(/\\\|/g, '').split('|').length).toBe(4);
        }
        // Every envelope of both sessions is printed in full, once (a closed stream has none).
        const fenced = [...md.matchAll(/```json\n(.*)\n```/g)].map((m) => JSON.parse(m[1] ?? ''));
        expect(fenced).toEqual(
          [...topic.legacy, ...topic.modern]
            .flatMap((s) => (s.message === null ? [] : [s.message]))
            .sort(byRow(fenced)),
        );
        expect(
          md.match(lang === 'en' ? /> \*\*Difference:\*\*/g : /> \*\*区别\*\*：/g)?.length,
        ).toBe(topic.rows.length);
      }
    });
  }

  it('two-eras in English: the verdicts and headings of the first row', async () => {
    const md = compareHandout(compareModel(await played('two-eras'), 'en'), 'en');
    expect(md).toContain('# The same task in both eras');
    expect(md).toContain(
      '| **step 1** · client → server · initialize #1 (request) | **step 1** · client → server · server/discover #server-discover-probe-1 (request) |',
    );
    expect(md).toContain(
      '| ✓ allowed by the rules (client initialization, server initialization) | ✓ allowed by the rules (2026-07-28 · no lifecycle) |',
    );
    expect(md).toContain('*no step on this side*');
    // An underscore in prose would open emphasis in a renderer: it is escaped.
    expect(md).toContain('params.\\_meta');
    expect(md).toContain('## Spec sections');
  });

  it('the Chinese handout and strings carry no English prose', async () => {
    for (const id of topicIds()) {
      const md = compareHandout(compareModel(await played(id), 'zh'), 'zh');
      // Spec citations are section names, identifiers of the English spec.
      const prose = md.split('## 规范章节')[0] ?? '';
      expect(englishPhrases(prose), id).toEqual([]);
    }
    for (const text of Object.values(COMPARE_STRINGS)) expect(englishPhrases(text.zh)).toEqual([]);
  });

  it('--json holds the same rows as data', async () => {
    const topic = await played('versions');
    const json = compareJson(compareModel(topic, 'en')) as {
      rows: Array<{
        legacy: { step: number; allowed: boolean } | null;
        modern: { message: { error?: { code: number } } } | null;
      }>;
    };
    expect(json.rows.length).toBe(topic.rows.length);
    expect(json.rows[1]?.modern?.message.error?.code).toBe(-32022);
    expect(json.rows.every((r) => r.legacy === null || r.legacy.allowed)).toBe(true);
  });

  it('ends with the lessons that teach the topic, as commands; --json names them', async () => {
    const topic = await played('versions');
    const en = compareHandout(compareModel(topic, 'en'), 'en');
    expect(en.trimEnd().split('\n').at(-1)).toBe(
      'Learn it in a lesson: `mcp-sim lesson version-negotiation` · `mcp-sim lesson versions-without-negotiation`',
    );
    const zh = compareHandout(compareModel(topic, 'zh'), 'zh');
    expect(zh).toContain('在课程中学习：`mcp-sim lesson version-negotiation`');
    const json = compareJson(compareModel(topic, 'en')) as { lessons: string[] };
    expect(json.lessons).toEqual(['version-negotiation', 'versions-without-negotiation']);
  });
});

/** The handout prints a row's legacy envelope, then its modern one: the expected order. */
function byRow(fenced: unknown[]) {
  const order = new Map(fenced.map((m, i) => [JSON.stringify(m), i]));
  return (a: unknown, b: unknown) =>
    (order.get(JSON.stringify(a)) ?? -1) - (order.get(JSON.stringify(b)) ?? -1);
}
