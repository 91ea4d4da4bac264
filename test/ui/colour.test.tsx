import { describe, expect, it, vi } from 'vitest';
import { BusyLine } from '../../src/ui/components/busy-line.js';
import { HeaderBar } from '../../src/ui/components/header-bar.js';
import { ProgressLine } from '../../src/ui/components/progress-line.js';
import { Prose } from '../../src/ui/components/prose.js';
import { colourEnabled } from '../../src/ui/theme.js';
import { renderAt, until } from './render-at.js';

// Before Ink (and its chalk) load: colour even though the test's stdout is not a terminal.
vi.hoisted(() => {
  process.env.FORCE_COLOR = '1';
});

/** SGR colour codes (30–37, 90–97 foreground; 40–47 background), not bold or dim. */
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[(?:3[0-7]|9[0-7]|4[0-7])m`);

describe('colour', () => {
  it('NO_COLOR turns colour off; an empty NO_COLOR does not', () => {
    expect(colourEnabled({})).toBe(true);
    expect(colourEnabled({ NO_COLOR: '' })).toBe(true);
    expect(colourEnabled({ NO_COLOR: '1' })).toBe(false);
  });

  it('the views use no colour code when colour is off (the progress bar and spinner too)', async () => {
    const views = (
      <>
        <BusyLine text="Running your code…" />
        <HeaderBar title="The first session" index={0} count={10} lang="en" columns={80} />
        <ProgressLine
          progress={{ token: 'progress-2', progress: 2, total: 4, message: 'step 2 of 4' }}
          lang="en"
          width={80}
        />
      </>
    );
    const off = renderAt(views, { columns: 80, rows: 24 }, false);
    await until(() => expect(off.frame()).toMatch(/█+░+ 2\/4/));
    expect(off.lastFrame()).not.toMatch(COLOUR);
    const on = renderAt(views, { columns: 80, rows: 24 }, true);
    await until(() => expect(on.frame()).toMatch(/█+░+ 2\/4/));
    expect(on.lastFrame()).toMatch(COLOUR);
  });
});

describe('prose', () => {
  it('never starts a wrapped line with the space Ink carried over', async () => {
    // "…Look at the phase" ends exactly at column 80, so Ink puts the next space first on line 2.
    const note =
      'The client confirms with a notification (no id, so no answer). Look at the phase strip: the client has been operating since it read the result.';
    const screen = renderAt(<Prose>{note}</Prose>, { columns: 80, rows: 24 });
    await until(() => expect(screen.frame().split('\n')[1]).toMatch(/^strip: the client/));
  });
});
