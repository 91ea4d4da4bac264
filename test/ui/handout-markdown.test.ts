import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { loadLessonFile, loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { lessonHandout } from '../../src/ui/handout.js';
import { screenSteps } from '../../src/ui/screen-step.js';

const { lessons } = loadLessons();

const space = (c: string) => c === '' || /\s/u.test(c);
// CommonMark 0.31: a Unicode punctuation character is one of the general categories P or S.
const punct = (c: string) => /[\p{P}\p{S}]/u.test(c);

/**
 * The text a line's first `**…**` renders in bold by CommonMark's emphasis rules (§6.2, delimiter
 * runs: a run opens only when left-flanking, closes only when right-flanking), or null when the
 * asterisks would print as they are.
 */
function strongOf(line: string): string | null {
  const runs = [...line.matchAll(/(?<!\*)\*\*(?!\*)/g)].map((m) => m.index);
  const [open, close] = runs;
  if (open === undefined || close === undefined) return null;
  const around = (i: number) => [
    [...line.slice(0, i)].at(-1) ?? '',
    [...line.slice(i + 2)][0] ?? '',
  ];
  const [b1 = '', a1 = ''] = around(open);
  const [b2 = '', a2 = ''] = around(close);
  const left = !space(a1) && (!punct(a1) || space(b1) || punct(b1));
  const right = !space(b2) && (!punct(b2) || space(a2) || punct(a2));
  return left && right ? line.slice(open + 2, close) : null;
}

describe('handouts: the goal line renders as Markdown, in both languages', () => {
  it('the rule the check follows: a closing ** after punctuation needs a space or punctuation next', () => {
    expect(strongOf('**目标：**看客户端')).toBeNull();
    expect(strongOf('**目标**：看客户端')).toBe('目标');
    expect(strongOf('**Goal:** watch')).toBe('Goal:');
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`${lang}: every lesson's goal label is bold, no asterisk printed`, () => {
      expect(lessons.length).toBeGreaterThanOrEqual(20);
      for (const lesson of lessons) {
        const goal = lessonHandout(lesson, { steps: [] }, lang).split('\n')[2] ?? '';
        expect(strongOf(goal), `${lesson.id}: ${goal}`).toBe(lang === 'zh' ? '目标' : 'Goal:');
        expect(goal.slice(goal.lastIndexOf('**') + 2)).toMatch(lang === 'zh' ? /^：\S/ : /^ \S/);
        // The revision the lesson teaches, bold the same way, under the goal.
        const revision = lessonHandout(lesson, { steps: [] }, lang).split('\n')[4] ?? '';
        expect(strongOf(revision), `${lesson.id}: ${revision}`).toBe(
          lang === 'zh' ? '协议修订版' : 'Revision:',
        );
        expect(revision).toMatch(new RegExp(`${lesson.scenario.revision}$`));
      }
    });
  }
});

describe('the handout’s recap names the lesson’s exercise, as the screen’s recap does', () => {
  it('in both languages, after the recap; without an exercise, no such line', async () => {
    const { exerciseNamed } = await import('../../src/cli/lesson-source.js');
    const lesson = lessons.find((l) => l.scenario.exercise !== undefined);
    expect(lesson, 'a shipped lesson names an exercise').toBeDefined();
    if (!lesson) return;
    const named = exerciseNamed(String(lesson.scenario.exercise));
    expect(named).not.toBeNull();
    for (const lang of ['en', 'zh'] as const) {
      const text = lessonHandout(lesson, { steps: [] }, lang, named);
      const recap = text.slice(text.lastIndexOf(lang === 'en' ? '## Recap' : '## 小结'));
      const label = lang === 'en' ? 'Exercise: ' : '练习：';
      expect(recap).toContain(`${label}${named?.title[lang]}`);
      expect(recap).toContain(`mcp-sim check ${lesson.scenario.exercise}`);
      expect(lessonHandout(lesson, { steps: [] }, lang)).not.toContain(label);
    }
  });
});

describe('a line a lesson sends with do: {raw} reads in the handout as it was written', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'mcp-sim-raw-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const RAW = '*a* _b_ `c` <d> |e| [f](g) &amp; ~~h~~ x\\ snake_case ';

  /** The handout line that tells the raw line (its own step's narration). */
  async function rawLine(lang: 'en' | 'zh'): Promise<string> {
    const file = join(scratch, 'lesson.yaml');
    const yaml = [
      'title: {en: Raw, zh: 原样}',
      'goal: {en: G, zh: 目标}',
      'steps:',
      '  - client: initialize',
      '    note: {en: N, zh: 注}',
      '  - server: next',
      '    note: {en: N, zh: 注}',
      '  - client: initialized',
      '    note: {en: N, zh: 注}',
      `  - do: {raw: ${JSON.stringify(RAW)}}`,
      '  - server: next',
      '    note: {en: N, zh: 注}',
      'recap: {en: R, zh: 回顾}',
    ];
    writeFileSync(file, `${yaml.join('\n')}\n`);
    const loaded = loadLessonFile(file, 'raw', true);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    const played = await runScenario(loaded.value.scenario);
    if (!played.ok) throw new Error(played.error.message);
    const text = lessonHandout(loaded.value, { steps: screenSteps(played.value.steps) }, lang);
    return text.split('\n').find((l) => l.includes('(g)')) ?? '';
  }

  it('every inline mark escaped, the spaces at its end kept', async () => {
    const escaped =
      '\\*a\\* \\_b\\_ \\`c\\` \\<d> \\|e\\| \\[f\\](g) \\&amp; \\~\\~h\\~\\~ x\\\\ snake_case&#32;';
    expect(await rawLine('en')).toBe(
      `The client writes a line that is not a proper message: ${escaped}`,
    );
    expect(await rawLine('zh')).toBe(`客户端写出了一行不合规的内容：${escaped}`);
  });

  it('by CommonMark: no mark left unescaped in the line', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const inner = await rawLine(lang);
      // Take out the backslash escapes (§2.4) and the character reference: nothing may be left
      // that opens a code span, emphasis, link, autolink/HTML, entity, strikethrough or cell.
      const bare = inner.replace(/\\[!-/:-@[-`{-~]/g, '').replace(/&#32;$/, '');
      expect(bare).not.toMatch(/[\\`*[\]<&~|]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/u);
      // A space at a line's end is dropped (§4.8): the character reference keeps it.
      expect(inner).not.toMatch(/\s$/);
    }
  });
});

describe('the handout marks a warning as the screen does, not as an error', () => {
  it('lesson 28: method-removed is a warning (!), an error keeps ✗', async () => {
    const lesson = lessons.find((l) => l.id === 'removed-and-deprecated');
    expect(lesson).toBeDefined();
    if (!lesson) return;
    const played = await runScenario(lesson.scenario);
    if (!played.ok) throw new Error(played.error.message);
    for (const lang of ['en', 'zh'] as const) {
      const text = lessonHandout(lesson, { steps: screenSteps(played.value.steps) }, lang);
      const marks = text.split('\n').filter((l) => /^> [✗!] \*\*/.test(l));
      const warning = marks.find((l) => l.includes('**method-removed**'));
      expect(warning, lang).toMatch(/^> ! \*\*method-removed\*\*/);
      for (const line of marks) {
        const isWarning = line.includes(lang === 'en' ? '(warning)' : '（警告）');
        expect(line.startsWith(isWarning ? '> ! ' : '> ✗ '), line).toBe(true);
      }
    }
  });
});

describe('the handout lists a step’s field meanings as the envelope pane does', () => {
  /** The pointers of the meaning table under a step's heading. */
  function tableOf(handout: string, heading: string): string[] {
    const start = handout.indexOf(heading);
    const rest = handout.slice(start);
    const end = rest.indexOf('\n## ', 1);
    return [...(end < 0 ? rest : rest.slice(0, end)).matchAll(/^\| `([^`]+)` \|/gm)].map(
      (m) => m[1] ?? '',
    );
  }

  it('lesson 3: the error’s code before its message, as the envelope has them', async () => {
    const lesson = lessons.find((l) => l.id === 'handshake');
    if (!lesson) throw new Error('no handshake lesson');
    const played = await runScenario(lesson.scenario);
    if (!played.ok) throw new Error(played.error.message);
    const steps = { steps: screenSteps(played.value.steps) };
    for (const lang of ['en', 'zh'] as const) {
      const text = lessonHandout(lesson, steps, lang);
      const step2 = lang === 'en' ? '## step 2 ·' : '## 步骤 2 ·';
      expect(tableOf(text, step2)).toEqual(['/jsonrpc', '/id', '/error/code', '/error/message']);
      // The lesson's own meaning (clientInfo, annotated in lesson.yaml) comes first, as on screen.
      const step3 = lang === 'en' ? '## step 3 ·' : '## 步骤 3 ·';
      expect(tableOf(text, step3)[0]).toBe('/params/clientInfo');
    }
  });
});

describe('handouts: a revealed fault’s own step is not "allowed by the rules"', () => {
  it('lesson 31’s early tasks/result answer says the referee judges it at the next step', async () => {
    const lesson = lessons.find((l) => l.id === 'tasks');
    if (!lesson) throw new Error('lesson tasks not found');
    const played = await runScenario(lesson.scenario);
    if (!played.ok) throw new Error(played.error.message);
    const shown = screenSteps(played.value.steps);
    const early = shown.findIndex((s) => s.fault === 'early-task-result');
    expect(shown[early]?.judgedLater).toBe(true);
    expect(shown[early + 1]?.judgedLater).toBe(false);
    for (const [lang, said] of [
      ['en', '> … no rule broken yet: the referee can judge this fault only at the next step'],
      ['zh', '> … 暂未违反规则：裁判要到下一步才能判定这个故障'],
    ] as const) {
      const handout = lessonHandout(lesson, { steps: shown }, lang);
      expect(handout.split('\n').filter((l) => l === said)).toHaveLength(1);
    }
  });
});

describe('play --plain: what a peer sent is printed as sent, never read as Markdown', () => {
  // A recorded session whose peers put Markdown in a tool name and a method name: the handout's
  // verdict lines and narration quote them, and a renderer must not turn them into a link, bold
  // or italics (a transcript from anywhere is projected and handed out).
  const NAME = 'a_*b*_[click](http://evil.example)';
  const METHOD = 'x/**bold**_[y](http://evil.example)';
  const lines = [
    '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}',
    '{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}',
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [{ name: NAME, inputSchema: { type: 'object' } }] },
    }),
    JSON.stringify({ jsonrpc: '2.0', id: 2, method: METHOD }),
  ];
  /** The handout's prose: its lines outside code fences, code spans taken out. */
  async function prose(lang: 'en' | 'zh'): Promise<string[]> {
    const { transcriptScreen } = await import('../../src/cli/commands/play.js');
    const { splitLines } = await import('../../src/session/index.js');
    const { timeline } = transcriptScreen(splitLines(lines.join('\n')));
    const frame = {
      title: { en: 't', zh: 't' },
      goal: { en: '', zh: '' },
      recap: { en: '', zh: '' },
      spec: [],
    };
    const text = lessonHandout({ scenario: frame }, { steps: timeline.steps }, lang);
    let fenced = false;
    return text.split('\n').flatMap((line) => {
      if (line.startsWith('```')) fenced = !fenced;
      return fenced || line.startsWith('```') ? [] : [line.replace(/`[^`]*`/g, '')];
    });
  }

  for (const lang of ['en', 'zh'] as const) {
    it(`${lang}: the tool name in tool-name-format and the method in unknown-method stay text`, async () => {
      const text = await prose(lang);
      const quoting = text.filter((l) => l.includes('evil.example'));
      // The narration of the request (not a method MCP defines) and both verdicts quote them.
      expect(quoting.length, quoting.join('\n')).toBeGreaterThanOrEqual(3);
      for (const line of quoting) {
        // Backslash escapes taken out, nothing may be left that opens a link or emphasis.
        const bare = line.replace(/\\[!-/:-@[-`{-~]/g, '');
        const inner = bare.replace(/^> [✗!] \*\*[a-z-]+\*\*/, '').replace(/ — \*(.*)\*$/, ' — $1');
        expect(inner, line).not.toMatch(/[[\]*]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/u);
      }
    });
  }

  it('zh: the rule text of tool-name-format (A-Z、a-z、0-9、_、- 和 .) opens no italics', async () => {
    const line = (await prose('zh')).find((l) => l.includes('tool-name-format')) ?? '';
    // The underscore between two ideographic commas is an emphasis mark to CommonMark (§6.2).
    expect(line).toContain('0-9、\\_、-');
    expect(line).not.toMatch(/0-9、_、-/);
  });
});

describe('handouts: a URL quoted from a message stays text, never a link', () => {
  // GFM makes a link of http://…, https://…, ftp://… and www.… (extended autolinks) up to the next
  // space: in Chinese, `"https://…"（位置 …` became one link running into the sentence, and in any
  // language a backslash escape inside it (`?a=1\&b=2`) printed its backslash.
  it('literalInline escapes what starts an autolink, and only that', async () => {
    const { literalInline } = await import('../../src/ui/markdown-text.js');
    expect(literalInline('"https://a.example/x?a=1&b=2"（位置 /u）')).toBe(
      '"https\\://a.example/x?a=1\\&b=2"（位置 /u）',
    );
    expect(literalInline('see www.example.com, ftp://f, newwww.x and a:b')).toBe(
      'see www\\.example.com, ftp\\://f, newwww.x and a:b',
    );
  });

  for (const [id, url] of [
    ['multi-round-trip', 'github.com/learner/weather-desk'],
    ['client-primitives', 'accounts.example.com/connect'],
  ] as const) {
    it(`${id}: the verdicts quoting ${url} open no link, in both languages`, async () => {
      const lesson = lessons.find((l) => l.id === id);
      if (!lesson) throw new Error(`lesson ${id} not found`);
      const played = await runScenario(lesson.scenario);
      if (!played.ok) throw new Error(played.error.message);
      for (const lang of ['en', 'zh'] as const) {
        const text = lessonHandout(lesson, { steps: screenSteps(played.value.steps) }, lang);
        const verdicts = text.split('\n').filter((l) => /^> [✗!] \*\*/.test(l) && l.includes(url));
        expect(verdicts.length, lang).toBeGreaterThan(0);
        for (const line of verdicts) {
          const bare = line.replace(/\\[!-/:-@[-`{-~]/g, '');
          expect(bare, line).not.toMatch(/:\/\/|(?<![\p{L}\p{N}])www\./iu);
        }
      }
    });
  }
});
