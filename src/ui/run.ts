import { render } from 'ink';
import { createElement, type ReactElement } from 'react';
import type { Lang } from '../i18n/lang.js';
import { frameView } from './frame-key.js';
import type { LessonOpener, MenuListing, OpenedLesson } from './opened-lesson.js';
import type { ProgressData } from './progress-update.js';
import { drawFirstFrame, rememberNextStart } from './remembered-frame.js';
import type { ScreenMode } from './screen-mode.js';
import { colourEnabled } from './theme.js';
import { Themed } from './themed.js';

export type RunOptions<P extends ProgressData> = {
  readonly lang: Lang;
  readonly progress: P;
  /** Persists progress (the CLI passes `saveProgress`, which owns .mcp-sim/progress.json). */
  readonly save: (progress: P) => void;
};

const themed = (app: ReactElement) =>
  createElement(Themed, { colour: colourEnabled(process.env) }, app);

async function show(app: ReactElement, afterwards?: () => void): Promise<number> {
  // Ctrl+C unmounts cleanly: raw mode off, cursor back, the last frame left on screen.
  // MCP_SIM_FIRST_FRAME_EXIT=1 quits right after the first frame: `npm run bench` times start-up.
  const firstFrameExit = process.env.MCP_SIM_FIRST_FRAME_EXIT === '1';
  let rendered = false;
  // Ink draws the first frame before render returns; a frame remembered from the last start may
  // already be on screen (remembered-frame.ts).
  const instance = drawFirstFrame(() =>
    render(themed(app), {
      exitOnCtrlC: true,
      onRender: () => {
        if (!firstFrameExit || rendered) return;
        rendered = true;
        setTimeout(() => instance.unmount(), 0);
      },
    }),
  );
  await instance.waitUntilExit();
  afterwards?.();
  return 0;
}

/**
 * A view that saves progress, drawn with `app`. When the learner leaves it with progress changed,
 * the same command's next start opens on a different frame: it is drawn off screen then and
 * remembered (remembered-frame.ts), so that the next start shows it at once as well.
 */
function showSaving<P extends ProgressData>(
  options: RunOptions<P>,
  app: (progress: P, save: (progress: P) => void) => ReactElement,
): Promise<number> {
  let latest = options.progress;
  const save = (progress: P) => {
    latest = progress;
    options.save(progress);
  };
  return show(app(options.progress, save), () => {
    if (latest === options.progress) return;
    rememberNextStart(frameView(options.lang, latest), ({ stdout, stdin }) =>
      render(themed(app(latest, () => {})), {
        stdout,
        stdin,
        exitOnCtrlC: true,
        patchConsole: false,
      }),
    );
  });
}

/**
 * A spinner beside `text` on stderr, until the returned function clears it (before the next
 * screen opens). It reads no keys: keys typed meanwhile wait for that screen.
 */
export async function showBusy(text: string): Promise<() => void> {
  const { BusyLine } = await import('./components/busy-line.js');
  const tree = (busy: ReactElement | null) =>
    createElement(Themed, { colour: colourEnabled(process.env) }, busy);
  const instance = render(tree(createElement(BusyLine, { text })), {
    stdout: process.stderr,
    patchConsole: false,
  });
  // An empty last frame: unmounting leaves the last frame on screen, and a spinner would stay.
  return () => {
    instance.rerender(tree(null));
    instance.unmount();
  };
}

/** `mcp-sim`: the lesson menu. Resolves with the exit code when the learner quits. */
export async function runMenu<P extends ProgressData>(
  options: RunOptions<P> & { readonly listing: MenuListing; readonly open: LessonOpener },
): Promise<number> {
  // The menu's own code only: the lesson player loads when a lesson opens.
  const { MenuApp } = await import('./menu-app.js');
  const { listing, open } = options;
  return showSaving(options, (progress, save) =>
    createElement(MenuApp<P>, { listing, open, progress, save, lang: options.lang }),
  );
}

/** `mcp-sim lesson <id>`: one lesson, optionally stepping by itself every `autoplay` seconds. */
export async function runLesson<P extends ProgressData>(
  options: RunOptions<P> & { readonly lesson: OpenedLesson; readonly autoplay?: number },
): Promise<number> {
  const { LessonApp } = await import('./lesson-app.js');
  return showSaving(options, (progress, save) =>
    createElement(LessonApp<P>, {
      lesson: options.lesson,
      progress,
      save,
      lang: options.lang,
      autoplay: options.autoplay ?? null,
    }),
  );
}

/**
 * `mcp-sim play <file>`, `connect`, `check <id> --play`: a recorded session in the lesson screen;
 * nothing is saved. `mode` says whose session it was (the recap names it).
 */
export async function runPlay(options: {
  readonly lesson: OpenedLesson;
  readonly lang: Lang;
  readonly mode: Extract<ScreenMode, 'recording' | 'exercise'>;
}): Promise<number> {
  const { LessonApp } = await import('./lesson-app.js');
  return show(
    createElement(LessonApp<ProgressData>, {
      lesson: options.lesson,
      progress: { lessons: {} },
      save: () => {},
      lang: options.lang,
      autoplay: null,
      mode: options.mode,
    }),
  );
}
