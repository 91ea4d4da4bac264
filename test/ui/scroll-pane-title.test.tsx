import { Box } from 'ink';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { ScrollPane } from '../../src/ui/components/scroll-pane.js';
import { renderAt } from './render-at.js';

const TITLE = '没有消息 · 第 4 行：批量消息（JSON-RPC 批量消息在 2025-06-18 中已被移除）';

/** The title line of a pane `width` columns wide, with a tail of `tail`. */
function titleLine(width: number, tail = '') {
  const app = renderAt(
    <Box width={width}>
      <ScrollPane
        title={TITLE}
        {...(tail ? { tail: { text: tail, role: 'error' as const } } : {})}
        fit={{ width }}
        focused={false}
        height={3}
        above={0}
        below={4}
        shift={0}
        lang="zh"
      >
        {null}
      </ScrollPane>
    </Box>,
    { columns: 100, rows: 10 },
  );
  const line = app.frame().split('\n')[0] ?? '';
  app.unmount();
  return line;
}

describe('a pane title of Chinese text, cut', () => {
  it.each([30, 41, 52, 67])(
    'at %i columns ends with … before the scroll note, within the width',
    (width) => {
      const line = titleLine(width).trimEnd();
      expect(stringWidth(line)).toBeLessThanOrEqual(width);
      expect(line).toMatch(/… ↓ 还有 4 行$/);
    },
  );

  it('leaves room for a tail', () => {
    const line = titleLine(50, ' · 故障：x').trimEnd();
    expect(stringWidth(line)).toBeLessThanOrEqual(50);
    expect(line).toMatch(/… · 故障：x ↓ 还有 4 行$/);
  });

  it('cuts a tail too long for the line to its …, before the scroll note', () => {
    const line = titleLine(30, ` · 故障：${'x'.repeat(40)}`).trimEnd();
    expect(stringWidth(line)).toBeLessThanOrEqual(30);
    expect(line).toMatch(/ · 故障：x+… ↓ 还有 4 行$/);
  });
});
