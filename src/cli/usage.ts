import { type Bilingual, type Fill, filled, type Lang, tr } from '../i18n/lang.js';
import { suggestCommand } from '../invocation.js';
import { visible } from '../protocol/visible.js';

/**
 * A usage error: one line on stderr, exit code 2 (the command line itself is in ./table/). It
 * carries its line in both languages (USAGE_STRINGS, filled); `message` is the English one. The
 * CLI prints it in the language the run would have used (its `--lang`, the saved choice, the
 * locale). A plain string is a line that is the same in both (or already in the run's language).
 */
export class UsageError extends Error {
  override name = 'UsageError';
  readonly text: Bilingual;

  constructor(text: Bilingual | string, values?: Readonly<Record<string, Fill>>) {
    // `{mcp}`: how the learner runs mcp-sim, in the commands the line suggests (`{mcp} help`).
    const both =
      typeof text === 'string'
        ? { en: text, zh: text }
        : filled(filled(text, values), { mcp: suggestCommand('') });
    super(both.en);
    this.text = both;
  }
}

/**
 * A usage (or lesson) error's line as the CLI prints it on stderr, in `lang`: a message may quote a
 * file or an argument, so its control characters are shown, not obeyed.
 */
export function errorLine(text: Bilingual, lang: Lang): string {
  return `mcp-sim: ${visible(tr(text, lang))}\n`;
}
