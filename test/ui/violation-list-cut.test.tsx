import { describe, expect, it, vi } from 'vitest';
import { specText } from '../../src/machine/spec-text.js';
import { violationRows } from '../../src/ui/violation-list.js';
import { openedLesson } from '../helpers/screen.js';
import { renderPlayer, until, widest } from './render-at.js';

describe('the violation list cuts a row that does not fit with …', () => {
  it.each([
    ['zh', 80],
    ['en', 80],
    ['zh', 61],
  ] as const)('%s at %i columns: every row is whole, or ends with …', async (lang, columns) => {
    const lesson = await openedLesson('faults-gallery');
    const rows = violationRows(lesson.steps);
    const screen = renderPlayer(lesson, { columns, rows: 45 }, { lang, start: 0, onQuit: vi.fn() });
    screen.type('v');
    const title = lang === 'zh' ? `违规列表（${rows.length}）` : `Violations (${rows.length})`;
    await until(() => expect(screen.frame()).toContain(title));
    const lines = screen
      .frame()
      .split('\n')
      .filter((l) => / (步骤|step)\s+\d+ /.test(l));
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) {
      expect(widest(line)).toBeLessThanOrEqual(columns);
      const inner = line.replace(/^│ /, '').replace(/ *│$/, '');
      const step = Number(/(?:步骤|step)\s+(\d+)/.exec(inner)?.[1]) - 1;
      const row = rows.find((r) => r.step === step && inner.includes(r.rule));
      expect(row, inner).toBeDefined();
      if (!row) continue;
      const spec = specText(row.violation, lang);
      // Whole: it ends with the spec; cut: it ends with … (never mid-text, with nothing to say so).
      if (!inner.endsWith(spec)) expect(inner, inner).toMatch(/…$/);
    }
    screen.unmount();
  });
});
