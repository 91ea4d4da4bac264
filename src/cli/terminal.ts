import { type Lang, tr } from '../i18n/lang.js';
import { STRINGS } from '../i18n/strings.js';
import { UsageError } from './usage.js';

/** Loads the terminal UI (Ink, React): only interactive views pay for it. */
export function importUi(): Promise<typeof import('../ui/run.js')> {
  return import('../ui/run.js');
}

/** Keys can be read and a screen drawn here (what `requireTty` asks for). */
const interactive = () => Boolean(process.stdin.isTTY && process.stdout.isTTY);

/**
 * On a terminal, starts loading the terminal UI and the module of the screen a command will show,
 * while the command still reads what it shows (lessons, progress): the imports `runMenu` and
 * `runLesson` make then are the same, already under way, and Ink's WebAssembly compiles
 * meanwhile. A failed load is reported where the screen awaits it.
 */
export function prefetchUi(screen: 'menu' | 'lesson'): void {
  if (!interactive()) return;
  const app = screen === 'menu' ? import('../ui/menu-app.js') : import('../ui/lesson-app.js');
  for (const load of [importUi(), app]) load.catch(() => {});
}

/**
 * Interactive views need a terminal that can send keys; otherwise exit 2 with a line that points
 * at what the command offers without one (the menu: `lessons`; a lesson: --plain or --json).
 */
export function requireTty(
  lang: Lang,
  instead: 'needsTty' | 'needsTtyMenu' | 'needsTtyPlayFile' | 'needsTtySandbox' = 'needsTty',
): void {
  if (!interactive()) throw new UsageError(tr(STRINGS[instead], lang));
}
