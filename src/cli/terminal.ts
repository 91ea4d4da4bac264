import { type Lang, tr } from '../i18n/lang.js';
import { STRINGS } from '../i18n/strings.js';
import type { Progress } from './progress.js';
import { UsageError } from './usage.js';

/**
 * Loads the terminal UI. Ink's layout engine (yoga, WebAssembly) probes `typeof fetch` while it
 * loads, and that first touch makes Node load its whole HTTP client (undici), a noticeable part of
 * the first frame. With fetch hidden for the moment of the import, yoga takes its synchronous
 * path; the global is put back untouched right after.
 */
export async function importUi(): Promise<typeof import('../ui/run.js')> {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  if (descriptor?.configurable) {
    Object.defineProperty(globalThis, 'fetch', {
      value: undefined,
      configurable: true,
      writable: true,
    });
  }
  try {
    return await import('../ui/run.js');
  } finally {
    if (descriptor?.configurable) Object.defineProperty(globalThis, 'fetch', descriptor);
  }
}

/**
 * Interactive views need a terminal that can send keys; otherwise exit 2 with a line that points
 * at what the command offers without one (the menu: `lessons`; a lesson: --plain or --json).
 */
export function requireTty(
  lang: Lang,
  instead: 'needsTty' | 'needsTtyMenu' | 'needsTtyPlayFile' = 'needsTty',
): void {
  if (!process.stdin.isTTY || !process.stdout.isTTY)
    throw new UsageError(tr(STRINGS[instead], lang));
}

/**
 * The menu and a lesson open Ink: their first frame, remembered from the last start with the same
 * inputs, is shown before Ink has loaded (src/ui/remembered-frame.ts; loaded here, on these two
 * paths only).
 */
export async function showFrameOf(
  argv: readonly string[],
  lang: Lang,
  progress: Progress,
): Promise<void> {
  const [{ frameView }, { showRememberedFrame }] = await Promise.all([
    import('../ui/frame-key.js'),
    import('../ui/remembered-frame.js'),
  ]);
  showRememberedFrame({
    argv,
    view: frameView(lang, progress),
    env: process.env,
    cwd: process.cwd(),
    stdin: process.stdin,
    stdout: process.stdout,
  });
}
