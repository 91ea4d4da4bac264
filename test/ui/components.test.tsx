import { beforeAll, describe, expect, it } from 'vitest';
import { BusyLine } from '../../src/ui/components/busy-line.js';
import { JsonLineView } from '../../src/ui/components/json-line-view.js';
import { KeyBar } from '../../src/ui/components/key-bar.js';
import { PeerPanels } from '../../src/ui/components/peer-panels.js';
import { PhaseStrip } from '../../src/ui/components/phase-strip.js';
import { ProgressLine, progressBarWidth } from '../../src/ui/components/progress-line.js';
import { TimelineView } from '../../src/ui/components/timeline-view.js';
import { VerdictLine } from '../../src/ui/components/verdict-line.js';
import { keyHints, LESSON_KEYS } from '../../src/ui/keymap.js';
import { PANEL_HEIGHT } from '../../src/ui/layout.js';
import type { ScreenStep as TimelineStep } from '../../src/ui/screen-step.js';
import { sequenceRow } from '../../src/ui/sequence-rows.js';
import { playLesson } from '../helpers/screen.js';
import { renderAt, until, widest } from './render-at.js';

const size = { columns: 60, rows: 24 };
let first: readonly TimelineStep[] = [];
let removal: readonly TimelineStep[] = [];
let progress: readonly TimelineStep[] = [];

beforeAll(async () => {
  first = (await playLesson('first-session')).timeline.steps;
  removal = (await playLesson('capability-removal')).timeline.steps;
  progress = (await playLesson('progress')).timeline.steps;
});

const at = (steps: readonly TimelineStep[], i: number): TimelineStep => {
  const step = steps[i];
  if (!step) throw new Error(`no step ${i}`);
  return step;
};

/** A step's verdict (every step of these lessons sends an envelope). */
const reportOf = (step: TimelineStep) => {
  if (!step.report) throw new Error(`step ${step.index} has no envelope`);
  return step.report;
};

describe('components', () => {
  it('TimelineView: lifelines, arrows, labels, the current row marked, errors with ✗', async () => {
    const failed = {
      ...at(first, 6),
      report: { ...reportOf(at(first, 6)), kind: 'error' as const },
    };
    const rows = [...first.slice(0, 6).map((s) => sequenceRow(s, first)), sequenceRow(failed)];
    const screen = renderAt(<TimelineView rows={rows.slice(-4)} current={6} lang="en" />, size);
    await until(() => {
      const lines = screen.frame().split('\n');
      expect(lines[0]).toBe(' C        S timeline');
      expect(lines[1]).toBe(' │───────▶│   tools/list #2');
      expect(lines[2]).toBe(' │◀───────│   tools/list #2');
      expect(lines[3]).toBe(' │───────▶│   tools/call #3 · weather_current');
      expect(lines[4]).toBe('›│◀───✗───│   tools/call #3');
    });
    screen.unmount();
  });

  it('TimelineView: a closed transport, with no message', async () => {
    const closed = { ...at(first, 9), message: null, report: null, closedBy: 'server' as const };
    const screen = renderAt(
      <TimelineView rows={[sequenceRow(closed)]} current={9} lang="en" />,
      size,
    );
    await until(() =>
      expect(screen.frame()).toContain('›│       ✕│   the server closes the transport'),
    );
    screen.unmount();
  });

  it('TimelineView: marks a message that broke a rule', async () => {
    const screen = renderAt(
      <TimelineView rows={[sequenceRow(at(removal, 7))]} current={7} lang="en" />,
      size,
    );
    await until(() =>
      expect(screen.frame()).toContain('›│◀┄┄┄┄┄┄┄│ ✗ notifications/tools/list_changed'),
    );
    screen.unmount();
  });

  it('VerdictLine: the rule, the message in the learner language, the spec section', async () => {
    const violations = reportOf(at(removal, 7)).violations;
    const en = renderAt(
      <VerdictLine violations={violations} lang="en" width={size.columns} />,
      size,
    );
    await until(() => {
      expect(en.frame()).toContain('✗ rule broken: capability-not-negotiated');
      expect(en.frame()).toContain('§ 2025-11-25/basic/lifecycle › Operation');
    });
    const zh = renderAt(
      <VerdictLine violations={violations} lang="zh" width={size.columns} />,
      size,
    );
    await until(() => {
      expect(zh.frame()).toContain('✗ 违反规则：capability-not-negotiated');
      // The section is an identifier; what it asks for is in Chinese (the frame wraps at 60).
      expect(zh.frame().replace(/\n┃ /g, '')).toContain(
        '§ 2025-11-25/basic/lifecycle › Operation（只使用协商好的能力）',
      );
    });
    expect(zh.frame()).not.toContain('negotiated capabilities');
    expect(widest(zh.frame())).toBeLessThanOrEqual(60);
    const ok = renderAt(<VerdictLine violations={[]} lang="en" width={size.columns} />, size);
    await until(() => expect(ok.frame()).toBe('✓ allowed by the rules'));
  });

  it('VerdictLine: a warning says so in words, not only in colour', async () => {
    const [error] = reportOf(at(removal, 7)).violations;
    if (!error) throw new Error('lesson step without a violation');
    const warning = {
      ...error,
      rule: 'progress-after-cancellation' as const,
      severity: 'warning' as const,
    };
    const en = renderAt(
      <VerdictLine violations={[warning]} lang="en" width={size.columns} />,
      size,
    );
    await until(() => expect(en.frame()).toContain('! warning: progress-after-cancellation'));
    expect(en.frame()).not.toContain('rule broken');
    const zh = renderAt(
      <VerdictLine violations={[warning]} lang="zh" width={size.columns} />,
      size,
    );
    await until(() => expect(zh.frame()).toContain('! 警告：progress-after-cancellation'));
  });

  it('PeerPanels: version, capabilities, stale tools after list_changed, pending requests', async () => {
    const step = at(first, 8);
    const compact = renderAt(
      <PeerPanels peers={step.peers} mode="compact" lang="en" nameRequest={(id) => `#${id}`} />,
      {
        columns: 120,
        rows: 24,
      },
    );
    await until(() => {
      expect(compact.frame()).toMatch(
        /^client v 2025-11-25 · caps elicitation · tools weather_current \(stale\) · pending tools\/list #4$/m,
      );
      expect(compact.frame()).toMatch(
        /^server v 2025-11-25 · caps tools\.listChanged · tools weather_current, calculator_arithmetic/m,
      );
    });
    const full = renderAt(
      <PeerPanels peers={step.peers} mode="full" lang="en" nameRequest={(id) => `#${id}`} />,
      size,
    );
    await until(() => {
      expect(full.frame()).toContain('╭');
      expect(full.frame()).toContain('capabilities');
      expect(full.frame().split('\n')).toHaveLength(PANEL_HEIGHT);
    });
    expect(widest(full.frame())).toBeLessThanOrEqual(60);
  });

  it('PhaseStrip: each side separately', async () => {
    const screen = renderAt(
      <PhaseStrip phases={at(first, 1).phases} lang="en" full={false} />,
      size,
    );
    await until(() =>
      expect(screen.frame()).toMatch(/^client ● operation +server ● initialization$/),
    );
  });

  it('ProgressLine: token, bar, value/total and message', async () => {
    const report = reportOf(at(progress, 5)).progress;
    if (!report) throw new Error('step 6 of the progress lesson reports progress');
    const screen = renderAt(<ProgressLine progress={report} lang="en" width={60} />, size);
    await until(() =>
      expect(screen.frame()).toMatch(/^progress token "progress-2" █+░+ 2\/4 step 2 of 4$/),
    );
    expect(widest(screen.frame())).toBe(60);
  });

  it('ProgressLine: the bar is as wide as the layout leaves it, whatever the words around it', async () => {
    const reports = [
      { token: 'progress-2', progress: 2, total: 4, message: 'step 2 of 4' },
      { token: 7, progress: 0, total: 3 },
      { token: 'p', progress: 5, total: 5, message: 'done' },
      {
        token: 'long',
        progress: 1,
        total: 3,
        message: 'a message far too long to leave the bar any room at all, so it gives way',
      },
      { token: '令牌', progress: 2, total: 3, message: '第二步，共三步' },
    ];
    for (const lang of ['en', 'zh'] as const)
      for (const progress of reports)
        for (const columns of [40, 61, 80, 117]) {
          const screen = renderAt(
            <ProgressLine progress={progress} lang={lang} width={columns} />,
            {
              columns,
              rows: 24,
            },
          );
          await until(() => expect(screen.frame()).toMatch(/[█░] \d/));
          const bar = screen.frame().match(/[█░]+/)?.[0] ?? '';
          expect(bar.length).toBe(progressBarWidth(progress, lang, columns));
          expect(widest(screen.frame())).toBeLessThanOrEqual(columns);
          screen.unmount();
        }
  });

  it('BusyLine: a spinner frame, then the text, on one line (in Chinese too)', async () => {
    for (const text of [
      'Running your code (exercises/01-progress/long-task.ts)…',
      '正在运行你的代码（exercises/01-progress/long-task.ts）……',
    ]) {
      const screen = renderAt(<BusyLine text={text} />, { columns: 80, rows: 24 });
      // Braille dots (cli-spinners "dots"), whichever frame is up, then a space and the text.
      await until(() => {
        expect(screen.frame()).toMatch(/^[\u2800-\u28ff] /);
        expect(screen.frame().slice(2)).toBe(text);
      });
      screen.unmount();
    }
  });

  it('KeyBar: one line from the key table, fitting the width', async () => {
    const screen = renderAt(
      <KeyBar hints={keyHints(LESSON_KEYS, 'zh')} idle={['prev', 'first']} width={40} />,
      {
        columns: 40,
        rows: 24,
      },
    );
    await until(() => expect(screen.frame()).toMatch(/^→\/n\/空格 下一步 · ←\/p 上一步 · \? 帮助/));
    expect(widest(screen.frame())).toBeLessThanOrEqual(40);
  });

  it('JsonLineView and TimelineView: a line cut on a wide character stays within the width', async () => {
    const line = {
      pointers: ['/note'],
      depth: 1,
      tokens: [
        { kind: 'key' as const, text: '"note"' },
        { kind: 'punct' as const, text: ': ' },
        { kind: 'string' as const, text: '"每个会话都以同样的方式开始，先协商版本与能力"' },
      ],
    };
    const closed = { ...at(first, 9), message: null, report: null, closedBy: 'server' as const };
    for (const columns of [30, 31, 32, 33]) {
      const json = renderAt(<JsonLineView line={line} mark={1} gutter={2} width={columns} />, {
        columns,
        rows: 24,
      });
      await until(() => expect(json.frame().replace(/\s+/g, ' ')).toMatch(/"note": "每个/));
      expect(widest(json.frame())).toBeLessThanOrEqual(columns);
      json.unmount();
      const row = renderAt(<TimelineView rows={[sequenceRow(closed)]} current={9} lang="zh" />, {
        columns: columns - 12,
        rows: 24,
      });
      await until(() => expect(row.frame()).toContain('›│'));
      expect(widest(row.frame())).toBeLessThanOrEqual(columns - 12);
      row.unmount();
    }
  });
});
