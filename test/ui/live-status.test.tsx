import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { LiveStatus, type LiveStatusProps } from '../../src/ui/components/live-status.js';
import { renderAt } from './render-at.js';

// A log line as `serve --http --ui --lang zh` shows it: a wide character falls on the last column.
const NOTICE =
  '会话 245b8819-39cf-4488-915d-0bf85a5f62aa: 客户端在 tools/call #2 的应答之前关闭了它的流；这不是取消（2025-11-25 transports）';

const props = (columns: number): LiveStatusProps => ({
  following: false,
  index: 7,
  count: 14,
  session: { number: 1, of: 1, id: 'fcee472d' },
  closed: true,
  url: 'http://127.0.0.1:38713/mcp',
  notice: NOTICE,
  lang: 'zh',
  columns,
});

/**
 * The live view's two header lines are cut to the terminal with a `…`, in Chinese too: Ink's own
 * truncate-end keeps a wide character that straddles the cut and the `…` falls off the edge, so a
 * cut line looked whole (`…关闭了它的流；这`).
 */
const STATUS =
  '‖ 暂停于第 8 步 · 其后还有 6 步 · 按 G 跟随 · 会话 1/1 fcee472d （已结束） · http://127.0.0.1:38713/mcp';

describe('serve --ui header lines, cut in Chinese', () => {
  it('end with … within the width whenever they are cut, at every width from 40 to 160', () => {
    for (let columns = 40; columns <= 160; columns++) {
      const screen = renderAt(<LiveStatus {...props(columns)} />, { columns, rows: 5 });
      const lines = screen.frame().split('\n');
      expect(lines, `${columns}`).toHaveLength(2);
      [STATUS, `服务器：${NOTICE}`].forEach((whole, at) => {
        const line = lines[at] ?? '';
        expect(stringWidth(line), `${columns}: ${line}`).toBeLessThanOrEqual(columns);
        if (stringWidth(whole) <= columns) expect(line).toBe(whole);
        else {
          expect(line.endsWith('…'), `${columns}: ${line}`).toBe(true);
          expect(whole.startsWith(line.slice(0, -1)), `${columns}: ${line}`).toBe(true);
        }
      });
      screen.unmount();
    }
  });
});
