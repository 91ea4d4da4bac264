import { describe, expect, it, vi } from 'vitest';
import { sandboxDefaults } from '../../src/sim/sandbox/peers.js';
import { SandboxApp } from '../../src/ui/sandbox-app.js';
import { cursorAfter } from '../../src/ui/sandbox-cursor.js';
import type { OfferRow } from '../../src/ui/sandbox-driver.js';
import { renderAt } from '../ui/render-at.js';
import { pick } from './helpers.js';

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
    const send = (key: string) => session.send(pick(session, key).envelope);
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

  it('cursorAfter: a new situation puts it on the first row; else the offer sent, or its row', () => {
    const blocked = (...keys: string[]) =>
      rows(...keys).map(
        (row) =>
          ({
            ...row,
            blocks: [{ rule: 'initialize-not-first', severity: 'error' }],
          }) as unknown as OfferRow,
      );
    // What the rules allow is the same (a, b): the offer sent, where it is now.
    expect(
      cursorAfter([...rows('a', 'b'), ...blocked('x')], 1, [...rows('b', 'a'), ...blocked('x')]),
    ).toBe(0);
    expect(
      cursorAfter([...rows('a', 'b'), ...blocked('x')], 0, [...rows('b', 'a'), ...blocked('x')]),
    ).toBe(1);
    // Forbidden before and after (sent to see the verdict): it stays on it.
    expect(
      cursorAfter([...rows('a'), ...blocked('x', 'y')], 2, [...rows('a'), ...blocked('y', 'x')]),
    ).toBe(1);
    // The offer's key as the form or the editor held it wins over the row the cursor was on.
    expect(cursorAfter(rows('a', 'b', 'c'), 0, rows('c', 'b', 'a'), 'b')).toBe(1);
    // Gone, what is allowed unchanged: the same row; the last one when the list got shorter.
    expect(
      cursorAfter([...rows('a'), ...blocked('x', 'y')], 1, [...rows('a'), ...blocked('y')]),
    ).toBe(1);
    expect(
      cursorAfter([...rows('a'), ...blocked('x', 'y')], 2, [...rows('a'), ...blocked('x')]),
    ).toBe(1);
    expect(cursorAfter(rows(), 0, [])).toBe(0);
    // What the rules allow changed (the initialize just sent is a duplicate now, the operation's
    // requests are allowed): the first row, not the offer sent.
    expect(
      cursorAfter([...rows('init'), ...blocked('list')], 0, [
        ...rows('initialized', 'list'),
        ...blocked('init'),
      ]),
    ).toBe(0);
    expect(cursorAfter([...rows('a', 'b', 'c')], 2, [...rows('a', 'b', 'c', 'd')])).toBe(0);
  });
});
