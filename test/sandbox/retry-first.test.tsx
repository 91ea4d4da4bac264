import { describe, expect, it, vi } from 'vitest';
import { sandboxDefaults } from '../../src/sim/sandbox/peers.js';
import { SandboxApp } from '../../src/ui/sandbox-app.js';
import { renderAt } from '../ui/render-at.js';
import { pick } from './helpers.js';

const ENTER = '\r';

/** The row the cursor (›) is on. */
const chosenRow = (frame: string) => frame.split('\n').find((l) => l.startsWith('› ')) ?? '';

// 2026-07-28 basic/patterns/mrtr: an input_required result is answered by retrying the request
// with the inputResponses. That retry is the client's next move, so it leads the list and the
// cursor is on it; it used to come after every other request, out of sight on 80×24, with the
// cursor on server/discover.
describe('the sandbox after an input_required round (2026-07-28 mrtr)', () => {
  it('the retry leads the offers', () => {
    const s = sandboxDefaults('modern', 'client');
    const call = pick(s, 'request:tools/call');
    const params = call.envelope.params as Record<string, unknown>;
    const steps = s.send({
      ...call.envelope,
      params: { ...params, name: 'collect_feedback', arguments: { topic: 'the sandbox' } },
    });
    expect(steps.at(-1)?.message).toMatchObject({ result: { resultType: 'input_required' } });
    expect(s.offers()[0]?.key).toMatch(/^retry:/);
  });

  it('on 80×24 the cursor is on the retry, in sight: Enter opens its form, Enter sends it', async () => {
    const session = sandboxDefaults('modern', 'client');
    const call = pick(session, 'request:tools/call');
    const params = call.envelope.params as Record<string, unknown>;
    session.send({
      ...call.envelope,
      params: { ...params, name: 'collect_feedback', arguments: { topic: 'the sandbox' } },
    });
    const screen = renderAt(<SandboxApp session={session} lang="en" />, { columns: 80, rows: 24 });
    await vi.waitFor(() => expect(chosenRow(screen.frame())).toContain('retry tools/call #1'));
    screen.type(ENTER);
    await vi.waitFor(() => expect(screen.frame()).toContain('inputResponses:'));
    screen.type(ENTER);
    await vi.waitFor(() => expect(session.log.steps.length).toBe(4));
    expect(session.log.steps.at(-1)?.message).toMatchObject({ result: { resultType: 'complete' } });
    screen.unmount();
  });
});
