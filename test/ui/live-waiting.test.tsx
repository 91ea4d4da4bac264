import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { LiveWaiting } from '../../src/ui/components/live-waiting.js';
import { renderAt } from './render-at.js';

const URL = 'http://127.0.0.1:3000/mcp';
const COMMAND = `npx @modelcontextprotocol/inspector --cli ${URL} --method tools/list`;

const waiting = (columns: number) =>
  renderAt(<LiveWaiting url={URL} lang="en" columns={columns} rows={24} hints={[]} idle={[]} />, {
    columns,
    rows: 24,
  });

/**
 * The command the waiting screen offers is meant to be typed or copied from a projected terminal:
 * at 80 columns (where it is 88 wide) it was cut with `…`; it now breaks after --cli with a shell
 * line continuation, so every word of it shows.
 */
describe('serve --ui waiting screen: the Inspector command', () => {
  it('breaks over two lines with a continuation when it does not fit in 80 columns', () => {
    const screen = waiting(80);
    const frame = screen.frame();
    expect(frame).toContain('  npx @modelcontextprotocol/inspector --cli \\\n');
    expect(frame).toContain(`    ${URL} --method tools/list\n`);
    expect(frame).not.toContain('…');
    for (const line of frame.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(80);
    screen.unmount();
  });

  it('stays one line where it fits', () => {
    const screen = waiting(100);
    expect(screen.frame()).toContain(`  ${COMMAND}\n`);
    screen.unmount();
  });
});

describe('serve --ui waiting screen: what a client sends first', () => {
  // serve speaks both eras by default: a 2026-07-28 client (the SDK v2 client's auto mode) opens
  // with server/discover or any request, never initialize; the screen said only "send initialize".
  for (const [lang, words] of [
    ['en', ['initialize', 'server/discover', '2026-07-28']],
    ['zh', ['initialize', 'server/discover', '2026-07-28', '没有握手']],
  ] as const) {
    it(`${lang}: names initialize and a 2026-07-28 request`, () => {
      const screen = renderAt(
        <LiveWaiting url={URL} lang={lang} columns={100} rows={24} hints={[]} idle={[]} />,
        { columns: 100, rows: 24 },
      );
      const frame = screen.frame().replace(/\n/g, '');
      for (const word of words) expect(frame).toContain(word);
      screen.unmount();
    });
  }
});
