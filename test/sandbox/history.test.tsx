import { describe, expect, it } from 'vitest';
import { sandboxDefaults } from '../../src/sim/sandbox/peers.js';
import { SandboxHistory } from '../../src/ui/components/sandbox-history.js';
import { renderAt } from '../ui/render-at.js';

describe('the sandbox’s session list', () => {
  it('counts messages, not the close, and says how many rows are above the ones shown', () => {
    const session = sandboxDefaults('legacy', 'client');
    const initialize = session.offers().find((o) => o.key === 'request:initialize');
    if (!initialize || !('envelope' in initialize)) throw new Error('no initialize offer');
    session.send(initialize.envelope);
    session.act({ type: 'close' });
    const steps = session.log.steps;
    expect(steps.map((s) => s.kind)).toEqual(['message', 'message', 'close']);
    const screen = renderAt(<SandboxHistory steps={steps} height={1} side="client" lang="en" />, {
      columns: 80,
      rows: 10,
    });
    expect(screen.frame()).toContain('The session so far (messages: 2): ↑ 2 above');
    screen.unmount();
  });
});
