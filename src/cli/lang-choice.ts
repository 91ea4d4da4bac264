import { chosenLang, isLang } from '../i18n/lang.js';
import { PROGRESS_FILE, type Progress, saveProgress } from './progress.js';

/**
 * The progress an interactive screen (the menu, a lesson) starts from: a `--lang` given here is
 * the learner's choice and is remembered (`langChosen: true`), so later runs without it keep it.
 * A run that did not choose saves no language at all; the printing commands (`--plain`, `--json`,
 * listings, help) use their `--lang` for that run only, so a teacher printing the handouts in both
 * languages changes nobody's choice.
 */
export async function remembered(
  progress: Progress,
  option: string | undefined,
  file: string = PROGRESS_FILE,
): Promise<Progress> {
  if (!isLang(option) || chosenLang(progress) === option) return progress;
  const chosen: Progress = { ...progress, lang: option, langChosen: true };
  await saveProgress(chosen, file);
  return chosen;
}
