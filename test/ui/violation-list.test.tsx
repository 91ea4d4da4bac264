import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../src/i18n/lang.js';
import type { OpenedLesson } from '../../src/ui/opened-lesson.js';
import { openedLesson } from '../helpers/screen.js';
import { ARROW, renderAt, renderPlayer, type Size, until, widest } from './render-at.js';

const lessons = new Map<string, OpenedLesson>();

beforeAll(async () => {
  for (const id of ['first-session', 'handshake', 'json-rpc-envelopes']) {
    lessons.set(id, await openedLesson(id));
  }
});

/** The handshake lesson's step count and how many violations its steps show, read off the lesson. */
function counts(id: string): { total: number; broken: number } {
  const steps = lessons.get(id)?.steps ?? [];
  const broken = steps.reduce((n, step) => n + (step.report?.violations.length ?? 0), 0);
  return { total: steps.length, broken };
}

function play(id: string, size: Size, options: { lang?: Lang; start?: number } = {}) {
  const lesson = lessons.get(id);
  if (!lesson) throw new Error(`no lesson ${id}`);
  const onQuit = vi.fn();
  const screen = renderPlayer(lesson, size, {
    lang: options.lang ?? 'en',
    start: options.start ?? 0,
    onQuit,
  });
  return { ...screen, onQuit };
}

describe.each([
  { columns: 80, rows: 24 },
  { columns: 160, rows: 45 },
])('the violation list at $columns columns', (size) => {
  it('lists every violation with severity mark, step, rule and spec; Enter jumps to it', async () => {
    const screen = play('handshake', size);
    const { total, broken } = counts('handshake');
    const list = `Violations (${broken})`;
    await until(() => expect(screen.frame()).toContain(`step 1/${total}`));
    screen.type('v');
    await until(() => expect(screen.frame()).toContain(list));
    const frame = screen.frame();
    expect(frame).toMatch(/› ✗ error\s+step\s+1\s+initialize-not-first/);
    expect(frame).toMatch(/ {2}! warning\s+step\s+10\s+request-before-initialized/);
    expect(frame).toContain('§ ');
    // The key bar shows the list's own keys, not the lesson's (n does nothing here, q closes).
    const bar = frame.split('\n').at(-1) ?? '';
    expect(bar).toMatch(/^↑\/↓\/j\/k choose · Enter go to its step/);
    expect(bar).not.toContain('next');
    expect(bar).not.toContain('menu');
    for (const line of frame.split('\n')) expect(widest(line)).toBeLessThanOrEqual(size.columns);
    screen.type('j');
    await until(() => expect(screen.frame()).toMatch(/› ! warning\s+step\s+10/));
    screen.type('\r');
    await until(() => {
      expect(screen.frame()).toContain(`step 10/${total}`);
      expect(screen.frame()).not.toContain(list);
    });
    // k and the arrows move too; q closes the list and does not quit.
    screen.type('v');
    await until(() => expect(screen.frame()).toMatch(/› ! warning\s+step\s+10/));
    screen.type(ARROW.up);
    await until(() => expect(screen.frame()).toMatch(/› ✗ error\s+step\s+1 /));
    screen.type('q');
    await until(() => expect(screen.frame()).not.toContain(list));
    expect(screen.frame()).toContain(`step 10/${total}`);
    expect(screen.onQuit).not.toHaveBeenCalled();
    screen.type('v');
    await until(() => expect(screen.frame()).toContain(list));
    screen.type('\u001b');
    await until(() => expect(screen.frame()).not.toContain(list));
    screen.unmount();
  });

  it('says so when the session breaks no rule', async () => {
    const screen = play('first-session', size);
    screen.type('v');
    await until(() => expect(screen.frame()).toContain('No step of this session breaks a rule.'));
    screen.type(']');
    await until(() => expect(screen.frame()).toContain('No step of this session breaks a rule.'));
    screen.unmount();
  });
});

describe('the help', () => {
  it.each([
    ['en', 'v violations', ']/[', 'next / previous step that breaks a rule'],
    ['zh', 'v 违规列表', ']/[', '下一个 / 上一个违反规则的步骤'],
  ] as const)('names v, ] and [ (%s)', async (lang, bar, keys, text) => {
    const screen = play('handshake', { columns: 100, rows: 30 }, { lang });
    await until(() => expect(screen.frame()).toContain(bar));
    screen.type('?');
    await until(() => {
      expect(screen.frame()).toMatch(new RegExp(`\\]/\\[\\s+${text}`));
      expect(screen.frame()).toContain(keys);
    });
    screen.unmount();
  });
});

describe('] and [ between the steps that break a rule', () => {
  it('go to the next / previous one and stop at the ends with a notice', async () => {
    const screen = play('json-rpc-envelopes', { columns: 80, rows: 24 });
    await until(() => expect(screen.frame()).toContain('step 1/13'));
    screen.type(']');
    await until(() => expect(screen.frame()).toContain('step 8/13'));
    screen.type(']]');
    await until(() => expect(screen.frame()).toContain('step 12/13'));
    screen.type(']');
    await until(() => expect(screen.frame()).toContain('step 13/13'));
    screen.type(']');
    await until(() => expect(screen.frame()).toContain('No later step breaks a rule'));
    expect(screen.frame()).toContain('step 13/13');
    // The notice lasts until the next key; the key bar comes back.
    screen.type('[');
    await until(() => expect(screen.frame()).toContain('step 12/13'));
    expect(screen.frame()).not.toContain('No later step');
    screen.type('g');
    await until(() => expect(screen.frame()).toContain('step 1/13'));
    screen.type('[');
    await until(() => expect(screen.frame()).toContain('No earlier step breaks a rule'));
    screen.unmount();
  });

  it('speaks Chinese, with the severity as a mark and a word', async () => {
    const screen = play('handshake', { columns: 80, rows: 24 }, { lang: 'zh' });
    const list = `违规列表（${counts('handshake').broken}）`;
    screen.type('v');
    await until(() => {
      expect(screen.frame()).toContain(list);
      expect(screen.frame()).toMatch(/✗ 错误\s+步骤\s+1/);
      expect(screen.frame()).toMatch(/! 警告\s+步骤\s+10/);
    });
    expect(screen.frame().split('\n').at(-1)).toMatch(
      /^↑\/↓\/j\/k 选择 · .+ 跳到该步骤 · q\/Esc\/v 关闭/,
    );
    screen.type('q');
    await until(() => expect(screen.frame()).not.toContain(list));
    screen.type('[');
    await until(() => expect(screen.frame()).toContain('前面没有违反规则的步骤了'));
    screen.unmount();
  });
});

describe('a violation list longer than its window', () => {
  it('says in its title how many rows are out of sight, above and below', async () => {
    const { ViolationListView } = await import('../../src/ui/components/violation-list-view.js');
    const rows = Array.from({ length: 24 }, (_, step) => ({
      step,
      severity: 'error' as const,
      rule: 'duplicate-request-id' as const,
      violation: {
        rule: 'duplicate-request-id' as const,
        severity: 'error' as const,
        message: 'm',
        messageZh: 'm',
        spec: '2025-11-25/basic/index › Requests',
        specZh: '2025-11-25/basic/index › Requests',
      },
    }));
    const at = (cursor: number, lang: Lang = 'en') =>
      renderAt(<ViolationListView rows={rows} cursor={cursor} lang={lang} height={10} />, {
        // Narrow: the key hints give way, never the title or its count of what is out of sight.
        columns: 60,
        rows: 14,
      });
    const top = at(0);
    expect(top.frame()).toMatch(/Violations \(24\) · ↓ 14 more/);
    top.unmount();
    const middle = at(12);
    expect(middle.frame()).toMatch(/Violations \(24\) · ↑ 7 above · ↓ 7 more/);
    middle.unmount();
    const end = at(23, 'zh');
    expect(end.frame()).toMatch(/（24） · ↑ 上面 14 行/);
    end.unmount();
  });
});
