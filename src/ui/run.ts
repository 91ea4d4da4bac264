import { render } from 'ink';
import { createElement, type ReactElement } from 'react';
import type { Bilingual, Lang } from '../i18n/lang.js';
import { CtrlCQuits } from './ctrl-c-quits.js';
import { handKeysOver } from './held-keys.js';
import type { LessonOpener, MenuListing, OpenedLesson } from './opened-lesson.js';
import type { ProgressData } from './progress-update.js';
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
  createElement(
    Themed,
    { colour: colourEnabled(process.env) },
    createElement(CtrlCQuits, null, app),
  );

async function show(app: ReactElement): Promise<number> {
  // The keys typed while the command started are the screen's first input.
  await handKeysOver();
  // Ctrl+C unmounts cleanly: raw mode off, cursor back, the last frame left on screen.
  await render(themed(app), { exitOnCtrlC: true }).waitUntilExit();
  return 0;
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
  // Unmounting leaves the last frame on screen, and a spinner would stay: an empty last frame.
  // Ink ends every frame with a line break, so the empty one still holds a line: the cursor goes
  // back up to it, or the next line (the shell's prompt, an error) came under a blank line where
  // the spinner had been.
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    instance.rerender(tree(null));
    instance.unmount();
    if (process.stderr.isTTY) process.stderr.write('\x1b[1A');
  };
}

/** `mcp-sim`: the lesson menu. Resolves with the exit code when the learner quits. */
export async function runMenu<P extends ProgressData>(
  options: RunOptions<P> & { readonly listing: MenuListing; readonly open: LessonOpener },
): Promise<number> {
  // The menu's own code only: the lesson player loads when a lesson opens.
  const { MenuApp } = await import('./menu-app.js');
  const { listing, open, progress, save, lang } = options;
  return show(createElement(MenuApp<P>, { listing, open, progress, save, lang }));
}

/** `mcp-sim lesson <id>`: one lesson, optionally stepping by itself every `autoplay` seconds. */
export async function runLesson<P extends ProgressData>(
  options: RunOptions<P> & {
    readonly lesson: OpenedLesson;
    readonly autoplay?: number;
    /** The course around the lesson: `n` on its last step opens the next one. */
    readonly course?: { readonly listing: MenuListing; readonly open: LessonOpener };
  },
): Promise<number> {
  const { LessonApp } = await import('./lesson-app.js');
  return show(
    createElement(LessonApp<P>, {
      lesson: options.lesson,
      progress: options.progress,
      save: options.save,
      lang: options.lang,
      autoplay: options.autoplay ?? null,
      ...(options.course ? { course: options.course } : {}),
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
  /** Seconds between automatic steps (`play --autoplay`). */
  readonly autoplay?: number;
  /** The step to open at (default the first). */
  readonly startAt?: number;
}): Promise<number> {
  const { LessonApp } = await import('./lesson-app.js');
  return show(
    createElement(LessonApp<ProgressData>, {
      lesson: options.lesson,
      progress: { lessons: {} },
      save: () => {},
      lang: options.lang,
      autoplay: options.autoplay ?? null,
      mode: options.mode,
      ...(options.startAt !== undefined ? { startAt: options.startAt } : {}),
    }),
  );
}

/** `mcp-sim sandbox`: the learner drives one side of a session; nothing is saved. */
export async function runSandbox(options: {
  readonly session: import('./sandbox-driver.js').SandboxDriver;
  readonly lang: Lang;
  readonly lesson: { readonly id: string; readonly title: Bilingual } | null;
}): Promise<number> {
  const [{ SandboxApp }, { InkUiTheme }] = await Promise.all([
    import('./sandbox-app.js'),
    import('./ink-ui-theme.js'),
  ]);
  // The sandbox's forms use @inkjs/ui's text inputs, themed as everything else is.
  return show(
    createElement(
      InkUiTheme,
      null,
      createElement(SandboxApp, {
        session: options.session,
        lang: options.lang,
        lesson: options.lesson,
      }),
    ),
  );
}

/** `mcp-sim compare <topic>`: the two eras' sessions of one task, stepping together. */
export async function runCompare(options: {
  readonly model: import('./compare-model.js').CompareModel;
  readonly lang: Lang;
}): Promise<number> {
  const { CompareApp } = await import('./compare-app.js');
  return show(createElement(CompareApp, { model: options.model, lang: options.lang }));
}
