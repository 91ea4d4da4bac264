import { basename } from 'node:path';
import { counted, type Lang } from '../../i18n/lang.js';
import { USAGE_STRINGS } from '../../i18n/usage-strings.js';
import { suggestCommand } from '../../invocation.js';
import { visible } from '../../protocol/visible.js';
import {
  type RawLine,
  readLines,
  readTranscript,
  SessionLog,
  type TraceProblem,
  traceProblemOf,
} from '../../session/index.js';
import { lessonHandout } from '../../ui/handout.js';
import type { OpenedLesson } from '../../ui/opened-lesson.js';
import { type ScreenStep, screenSteps } from '../../ui/screen-step.js';
import { UsageError } from '../usage.js';
import { checkReadable, transcriptSource } from './trace.js';

/**
 * A transcript through the session log, as the screen shows it: its messages and closes as steps,
 * and each line `trace` would report as a problem as a step of its own, with trace's words (the
 * recap lists them too).
 */
export function transcriptScreen(lines: Iterable<RawLine>): {
  timeline: { steps: ScreenStep[] };
  problems: TraceProblem[];
} {
  const log = new SessionLog();
  readTranscript(lines, log);
  const problems: TraceProblem[] = [];
  for (const step of log.steps) {
    const problem = traceProblemOf(step);
    if (problem !== null) problems.push(problem);
  }
  return { timeline: { steps: screenSteps(log.steps, { invalid: 'problem' }) }, problems };
}

/** A transcript read into the lesson shape: problems are reported on stderr, one line each. */
export async function loadTranscript(file: string, lang: Lang = 'en'): Promise<OpenedLesson> {
  return (await readTranscriptFile(file, lang)).lesson;
}

/** A transcript file as a lesson, and how many of its lines could not be read. */
export async function readTranscriptFile(
  file: string,
  lang: Lang,
): Promise<{ lesson: OpenedLesson; problems: number }> {
  await checkReadable(file);
  const lines = [];
  for await (const line of readLines(await transcriptSource(file))) lines.push(line);
  const { timeline, problems } = transcriptScreen(lines);
  // A problem may quote the line (JSON.parse does): its control characters are shown, not obeyed.
  // In the learner's language, as `trace --lang` reports the same lines.
  for (const p of problems) {
    const where =
      lang === 'zh' ? `${visible(file)} 第 ${p.line} 行：` : `${visible(file)}:${p.line}: `;
    process.stderr.write(
      `mcp-sim: ${where}${visible(lang === 'zh' ? (p.messageZh ?? p.message) : p.message)}\n`,
    );
  }
  const name = file === '-' ? 'stdin' : basename(file);
  // The command as the learner would type it again, from where they typed this one.
  const again = suggestCommand(file === '-' ? 'trace - < <file>' : `trace ${shellWord(file)}`);
  const shown = problems.slice(0, 8).map((p) => p.line);
  const more = problems.length > shown.length ? ', …' : '';
  const unreadable = {
    en: shown.length > 0 ? ` (line${shown.length > 1 ? 's' : ''} ${shown.join(', ')}${more})` : '',
    zh: shown.length > 0 ? `（第 ${shown.join('、')}${more} 行）` : '',
  };
  // Messages as trace counts them: an unreadable line, a closed stream (abandon) or a close is a
  // step of its own but no message.
  const messages = timeline.steps.filter((s) => s.problem === null && s.message !== null).length;
  const violations = timeline.steps.reduce((n, s) => n + (s.report?.violations.length ?? 0), 0);
  const count = counted(messages, 'message');
  const lesson = {
    id: `play:${name}`,
    title: { en: `Transcript ${name}`, zh: `会话记录 ${name}` },
    goal: {
      en: `Step through a recorded session of ${count}, as the referee sees it.`,
      zh: `逐条查看一段共 ${messages} 条消息的会话记录，以及裁判对每条消息的判断。`,
    },
    recap: {
      en: `${count}, ${violations === 0 ? 'no rule violations' : counted(violations, 'rule violation')}, ${problems.length === 0 ? 'no unreadable lines' : counted(problems.length, 'unreadable line')}${unreadable.en}. Run ${again} for the labelled table.`,
      zh: `共 ${messages} 条消息，${violations} 处违规，${problems.length} 行无法读取${unreadable.zh}。运行 ${again} 可查看带标签的表格。`,
    },
    steps: timeline.steps,
  };
  return { lesson, problems: problems.length };
}

/**
 * The walkthrough as Markdown; exit 1 when lines could not be read, as `trace` does. A file with
 * no line at all (empty, or blank lines only) has nothing to play: the one-line usage error the
 * screen gives too (exit 2), not a handout of 0 messages.
 */
export async function playPlainCommand(file: string, lang: Lang): Promise<number> {
  const { lesson, problems } = await readTranscriptFile(file, lang);
  if (lesson.steps.length === 0) throw new UsageError(USAGE_STRINGS.noMessagesToPlay, { file });
  const frame = { title: lesson.title, goal: lesson.goal, recap: lesson.recap, spec: [] };
  process.stdout.write(lessonHandout({ scenario: frame }, { steps: lesson.steps }, lang));
  return problems > 0 ? 1 : 0;
}

/** A path as one shell word: quoted when it holds anything a shell would split or expand. */
function shellWord(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}
