import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import stringWidth from 'string-width';
import { vi } from 'vitest';
import { LessonPlayer, type LessonPlayerProps } from '../../src/ui/lesson-player.js';
import type { OpenedLesson } from '../../src/ui/opened-lesson.js';
import { Themed } from '../../src/ui/themed.js';

export type Size = { readonly columns: number; readonly rows: number };

/**
 * Renders with ink-testing-library, then gives its fake stdout a size and announces a resize, the
 * way a terminal does: Ink lays out at `columns`, and useTerminalSize reads both. The fake stdout's
 * `columns` is a getter fixed at 100, so it is redefined on the instance.
 */
export function renderAt(tree: ReactElement, size: Size, colour = false) {
  const instance = render(<Themed colour={colour}>{tree}</Themed>);
  const { stdout } = instance;
  const resize = (next: Size) => {
    Object.defineProperty(stdout, 'columns', { value: next.columns, configurable: true });
    Object.defineProperty(stdout, 'rows', { value: next.rows, configurable: true });
    stdout.emit('resize');
  };
  resize(size);
  const from = { frame: instance.frames.length };
  /** The latest frame as plain text. */
  const frame = () => stripVTControlCharacters(instance.lastFrame() ?? '');
  /** Every frame drawn since the last resize, as plain text. */
  const framesSinceResize = () =>
    instance.frames.slice(from.frame).map((f) => stripVTControlCharacters(f));
  return {
    ...instance,
    frame,
    framesSinceResize,
    resize: (next: Size) => {
      from.frame = instance.frames.length;
      resize(next);
    },
    /** Types keys, as one chunk (a burst). */
    type: (keys: string) => instance.stdin.write(keys),
  };
}

/** The widest line of a frame, in terminal columns (as Ink measures: string-width). */
export function widest(frame: string): number {
  return Math.max(0, ...frame.split('\n').map((line) => stringWidth(line)));
}

/** Waits until the frame satisfies `check` (retrying its assertions), never sleeping blindly. */
export async function until(check: () => void, timeout = 5000): Promise<void> {
  await vi.waitFor(check, { timeout, interval: 10 });
}

export const ARROW = {
  right: '\u001b[C',
  left: '\u001b[D',
  up: '\u001b[A',
  down: '\u001b[B',
} as const;

/**
 * The lesson screen at `size`: `lesson` opened at its first step, in English, nothing autoplayed,
 * quitting with `q`; `props` change any of that.
 */
export function renderPlayer(
  lesson: OpenedLesson,
  size: Size,
  props: Partial<Omit<LessonPlayerProps, 'lesson'>> = {},
) {
  return renderAt(
    <LessonPlayer
      lesson={lesson}
      lang="en"
      start={0}
      autoplay={null}
      onStep={vi.fn()}
      onQuit={vi.fn()}
      quitHint="keyQuit"
      {...props}
    />,
    size,
  );
}
