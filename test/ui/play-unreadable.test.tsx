import { describe, expect, it } from 'vitest';
import { transcriptScreen } from '../../src/cli/commands/play.js';
import { splitLines } from '../../src/session/index.js';
import { lessonHandout } from '../../src/ui/handout.js';
import { renderPlayer, until, widest } from './render-at.js';

const INIT =
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}';
const RESULT =
  '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}';
const FILE = [INIT, 'not json', '{"foo":1}', RESULT].join('\n');

describe('play shows unreadable lines as steps of their own', () => {
  const { timeline, problems } = transcriptScreen(splitLines(FILE));
  /** The play --plain handout of FILE, in English. */
  const handout = () => {
    const frame = {
      title: { en: 't', zh: 't' },
      goal: { en: '', zh: '' },
      recap: { en: '', zh: '' },
      spec: [],
    };
    return lessonHandout({ scenario: frame }, { steps: timeline.steps }, 'en');
  };

  it("with trace's own words for each", () => {
    expect(timeline.steps.map((s) => s.problem?.en ?? null)).toEqual([
      null,
      `line 2: ${problems[0]?.message}`,
      `line 3: ${problems[1]?.message}`,
      null,
    ]);
    // In Chinese too, as `trace --lang zh` says it.
    expect(timeline.steps.map((s) => s.problem?.zh ?? null)).toEqual([
      null,
      `第 2 行：${problems[0]?.messageZh}`,
      `第 3 行：${problems[1]?.messageZh}`,
      null,
    ]);
    expect(problems[0]?.messageZh).toMatch(/^不是有效的 JSON（/);
    expect(problems[1]?.messageZh).toMatch(/^不是 JSON-RPC 消息：/);
    expect(problems.map((p) => p.line)).toEqual([2, 3]);
  });

  it('and in the play --plain handout', () => {
    const text = handout();
    const step2 = text.split('## step 2 · unreadable line')[1]?.split('## step 3')[0] ?? '';
    expect(step2).toContain('mcp-sim trace says: line 2: not valid JSON');
    expect(step2).toContain('✗ not a message: the referee could not judge it');
    expect(step2).not.toContain('allowed');
  });

  it('a line the referee read and found no JSON-RPC message shows its invalid-envelope verdict, as trace counts it', () => {
    const text = handout();
    const step3 = text.split('## step 3 · unreadable line')[1]?.split('## step 4')[0] ?? '';
    expect(step3).toContain('The referee read this line and found no JSON-RPC message');
    expect(step3).toContain('✗ **invalid-envelope** (error)');
    expect(step3).not.toContain('the referee could not judge it');
    expect(timeline.steps[2]?.report?.violations.map((v) => v.rule)).toEqual(['invalid-envelope']);
    // Not JSON at all: the referee never saw it, and there is no verdict.
    expect(timeline.steps[1]?.report).toBeNull();
  });

  it.each([
    { columns: 80, rows: 24 },
    { columns: 160, rows: 45 },
  ])('on the screen at $columns columns', async (size) => {
    const lesson = {
      id: 'play:t',
      title: { en: 'Transcript t', zh: '会话记录 t' },
      goal: { en: '', zh: '' },
      recap: { en: '', zh: '' },
      steps: timeline.steps,
    };
    const screen = renderPlayer(lesson, size, { start: 1, mode: 'recording' });
    await until(() => {
      const frame = screen.frame();
      expect(frame).toContain('step 2/4');
      expect(frame).toContain('unreadable line 2');
      expect(frame).toContain('mcp-sim trace says:');
      expect(frame).toContain("line 2: not valid JSON (Unexpected token 'o'");
      expect(frame).toContain('✗ not a message: the referee could not judge it');
    });
    for (const line of screen.frame().split('\n'))
      expect(widest(line)).toBeLessThanOrEqual(size.columns);
    screen.type('n');
    await until(() => expect(screen.frame()).toContain('line 3: not a JSON-RPC message'));
    // v: the envelope the referee read and found no JSON-RPC message is in the list; the line
    // that is not JSON is not, and the list says why.
    screen.type('v');
    await until(() => {
      expect(screen.frame()).toMatch(/invalid-envelope/);
      expect(screen.frame()).toContain('Not a message (✗ not a message): 1 unreadable line.');
    });
    screen.unmount();
  });

  it('in Chinese too', async () => {
    const lesson = {
      id: 'play:t',
      title: { en: 'Transcript t', zh: '会话记录 t' },
      goal: { en: '', zh: '' },
      recap: { en: '', zh: '' },
      steps: timeline.steps,
    };
    const screen = renderPlayer(
      lesson,
      { columns: 80, rows: 24 },
      { lang: 'zh', start: 1, mode: 'recording' },
    );
    await until(() => {
      expect(screen.frame()).toContain('无法读取的行 2');
      expect(screen.frame()).toContain('mcp-sim trace 的说明');
      expect(screen.frame()).toContain('裁判无法判断它');
    });
    screen.unmount();
  });
});
