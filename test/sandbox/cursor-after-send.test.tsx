import { describe, expect, it, vi } from 'vitest';
import { sandboxDefaults } from '../../src/sim/sandbox/peers.js';
import { SandboxApp } from '../../src/ui/sandbox-app.js';
import { cursorAfter } from '../../src/ui/sandbox-cursor.js';
import type { OfferRow } from '../../src/ui/sandbox-driver.js';
import { renderAt } from '../ui/render-at.js';

const ENTER = '\r';
const DOWN = '\u001B[B';

const rows = (...keys: string[]) =>
  keys.map(
    (key) => ({ key, kind: 'transport', act: { type: 'wait' }, blocks: [] }) as unknown as OfferRow,
  );

/** The row the cursor (›) is on. */
const chosenRow = (frame: string) => frame.split('\n').find((l) => l.startsWith('› ')) ?? '';

describe('the sandbox cursor after a send', () => {
  it('stays on the offer just sent, where it is in the new list', async () => {
    const session = sandboxDefaults('legacy', 'client');
    const send = (key: string) => {
      const offer = session.offers().find((o) => o.key === key);
      if (!offer || !('envelope' in offer)) throw new Error(`no offer ${key}`);
      session.send(offer.envelope);
    };
    send('request:initialize');
    send('notification:notifications/initialized');
    const screen = renderAt(<SandboxApp session={session} lang="en" />, { columns: 80, rows: 24 });
    await vi.waitFor(() => expect(chosenRow(screen.frame())).toMatch(/✓ ping$/));
    // ping is first; the next allowed offers follow it. Choose the second one down and send it.
    screen.type(DOWN);
    await vi.waitFor(() => expect(chosenRow(screen.frame())).not.toMatch(/✓ ping$/));
    const before = chosenRow(screen.frame());
    const method = before.replace(/^› [✓!✗?] /, '').replace(/ — .*$/, '');
    const steps = session.log.steps.length;
    screen.type(ENTER);
    // A form first when the offer has fields: Enter sends it as it is.
    await vi.waitFor(() =>
      expect(session.log.steps.length > steps || !screen.frame().includes('› ✓')).toBe(true),
    );
    if (session.log.steps.length === steps) screen.type(ENTER);
    await vi.waitFor(() => expect(session.log.steps.length).toBeGreaterThan(steps));
    await vi.waitFor(() => expect(screen.frame()).toContain('Your last message'));
    expect(chosenRow(screen.frame())).toContain(method);
    expect(chosenRow(screen.frame())).not.toMatch(/✓ ping$/);
    screen.unmount();
  });

  it('stays on the same row when the offer sent is gone (the answer to the next request, not close)', async () => {
    // A 2026-07-28 server: the client's server/discover is answered; its result offer is gone,
    // and the same row offers the result of the client's next request (tools/list).
    const session = sandboxDefaults('modern', 'server');
    const screen = renderAt(<SandboxApp session={session} lang="en" />, { columns: 80, rows: 24 });
    await vi.waitFor(() => expect(chosenRow(screen.frame())).toMatch(/server\/discover/));
    screen.type(ENTER);
    await vi.waitFor(() => expect(screen.frame()).toContain('tools/list #1'));
    await vi.waitFor(() => expect(chosenRow(screen.frame())).toMatch(/tools\/list #1/));
    expect(chosenRow(screen.frame())).not.toMatch(/close/);
    screen.unmount();
  });

  it('cursorAfter: the offer sent where it is now, else the same row within the new list', () => {
    // Still there: where it is now.
    expect(cursorAfter(rows('a', 'b', 'c'), 1, rows('c', 'b'))).toBe(1);
    // Gone: the same row.
    expect(cursorAfter(rows('a', 'b', 'c', 'd'), 1, rows('x', 'a', 'd', 'c'))).toBe(1);
    // Gone, and the new list is shorter: its last row.
    expect(cursorAfter(rows('a', 'b', 'c', 'd'), 3, rows('x', 'y'))).toBe(1);
    expect(cursorAfter(rows('a'), 0, [])).toBe(0);
    // The offer's key as the form or the editor held it wins over the row the cursor was on.
    expect(cursorAfter(rows('a', 'b', 'c'), 0, rows('c', 'b', 'a'), 'b')).toBe(1);
    // Sent while allowed and now forbidden (a second initialize): the same row, not the offer.
    const blocked = (row: OfferRow) =>
      ({
        ...row,
        blocks: [{ rule: 'duplicate-initialize', severity: 'error' }],
      }) as unknown as OfferRow;
    const [x, a, y] = rows('x', 'a', 'y');
    expect(cursorAfter([a!, x!, y!], 0, [x!, y!, blocked(a!)])).toBe(0);
    // Forbidden before and after (sent to see the verdict): it stays on it.
    expect(cursorAfter([blocked(a!), x!], 0, [x!, blocked(a!)])).toBe(1);
  });
});
