import { STRINGS } from '../i18n/strings.js';
import { UsageError } from './usage.js';

/** Loads the terminal UI (Ink, React): only interactive views pay for it. */
export function importUi(): Promise<typeof import('../ui/run.js')> {
  return import('../ui/run.js');
}

/**
 * Interactive views need a terminal that can send keys; otherwise exit 2 with a line that points
 * at what the command offers without one (the menu: `lessons`; a lesson: --plain or --json).
 */
export function requireTty(
  instead: 'needsTty' | 'needsTtyMenu' | 'needsTtyPlayFile' | 'needsTtySandbox' = 'needsTty',
): void {
  if (!process.stdin.isTTY || !process.stdout.isTTY) throw new UsageError(STRINGS[instead]);
}
