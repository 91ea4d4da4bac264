import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  type ExerciseMeta,
  findExercise,
  loadExercises,
  type PlayScenario,
  type Recording,
  recordScenario,
  scenarioFor,
} from '../../grader/index.js';
import { type Bilingual, counted, type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import { USAGE_STRINGS } from '../../i18n/usage-strings.js';
import { suggestCommand } from '../../invocation.js';
import { visible } from '../../protocol/visible.js';
import { lessonHandout } from '../../ui/handout.js';
import { inkSeesCi } from '../../ui/in-ci.js';
import type { OpenedLesson } from '../../ui/opened-lesson.js';
import { screenStep, withEvents } from '../../ui/screen-step.js';
import { UsageError } from '../usage.js';
import { requireWorkspace } from './exercises.js';

export type CheckPlayOptions = {
  readonly id: string;
  readonly plain: boolean;
  readonly lang: Lang;
  /** The seed of the scenario's generated inputs (--seed), for a session that plays the same twice. */
  readonly seed?: number;
  /** Opens the lesson screen (loaded only when needed: Ink is heavy). */
  readonly show: (lesson: OpenedLesson) => Promise<number>;
  /** Shows a spinner beside the text until the function it gives back is called. */
  readonly busy: (text: string) => Promise<() => void>;
};

export type RunNotice = {
  readonly stderr: { readonly isTTY?: boolean; write(text: string): unknown };
  readonly env: NodeJS.ProcessEnv;
  readonly busy: (text: string) => Promise<() => void>;
};

/**
 * Says that the learner's code is running: a spinner beside the text where frames show as they
 * come (stderr a terminal, not CI), else the text as one line. Gives back what ends the notice.
 */
export async function announceRun(text: string, io: RunNotice): Promise<() => void> {
  // Under CI Ink holds every frame until exit, so a spinner would show nothing.
  if (io.stderr.isTTY === true && !inkSeesCi(io.env)) return io.busy(text);
  io.stderr.write(`${text}\n`);
  return () => {};
}

const bi = (en: string, zh: string): Bilingual => ({ en, zh });

/** The exercise and its scenario, or a one-line usage error (unknown, or nothing to play). */
function playable(query: string): { meta: ExerciseMeta; scenario: PlayScenario } {
  const meta = findExercise(loadExercises(), query);
  if (!meta) throw new UsageError(USAGE_STRINGS.unknownExercise, { word: query });
  const scenario = scenarioFor(meta.id);
  if (!scenario) {
    throw new UsageError(
      meta.module ? USAGE_STRINGS.noSessionCalls : USAGE_STRINGS.noSessionAnswers,
      { id: meta.id },
    );
  }
  return { meta, scenario };
}

/** A failure as a sentence of the recap: a capital first letter, a full stop. */
const sentence = (text: string) =>
  `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.。?？)）]$/.test(text) ? '' : '.'}`;

/** "3 broken rules: progress-after-completion ×2, capability-not-negotiated". */
function brokenRules(steps: OpenedLesson['steps']): { count: number; list: string } {
  const counts = new Map<string, number>();
  for (const step of steps) {
    for (const v of step.report?.violations ?? [])
      counts.set(v.rule, (counts.get(v.rule) ?? 0) + 1);
  }
  const list = [...counts].map(([rule, n]) => (n > 1 ? `${rule} ×${n}` : rule)).join(', ');
  return { count: [...counts.values()].reduce((a, b) => a + b, 0), list };
}

/**
 * The recorded session in the lesson shape: the grader session's own steps, as the referee judged
 * them while the code ran. An envelope that is not JSON-RPC at all is not a step of the screen (as
 * in `play`), but it is not dropped silently: the step before it says what it was.
 */
export function recordedLesson(meta: ExerciseMeta, rec: Recording): OpenedLesson {
  const steps: OpenedLesson['steps'][number][] = [];
  rec.envelopes.forEach((envelope) => {
    if (envelope.step.verdict.kind === 'invalid') {
      const text = JSON.stringify(envelope.message).slice(0, 200);
      const what = bi(
        `✗ Then this was sent, which is not a JSON-RPC message: ${text}`,
        `✗ 随后发出了这条内容，它不是 JSON-RPC 消息：${text}`,
      );
      const last = steps.at(-1);
      if (last) steps[steps.length - 1] = withEvents(last, [what]);
      return;
    }
    steps.push(withEvents(screenStep(envelope.step, steps.length), envelope.notes));
  });
  const last = steps.at(-1);
  if (rec.failure && last) {
    steps[steps.length - 1] = withEvents(last, [bi(`✗ ${rec.failure.en}`, `✗ ${rec.failure.zh}`)]);
  }
  const mine = rec.envelopes.filter((e) => e.mine);
  const broken = brokenRules(steps);
  const summary = [
    bi(
      `${counted(steps.length, 'envelope')}${mine.length > 0 ? `, ${mine.length} of them sent by your code` : ''}; the referee found ${broken.count === 0 ? 'no broken rule' : `${counted(broken.count, 'broken rule')}: ${broken.list}`}.`,
      `共 ${steps.length} 条消息${mine.length > 0 ? `，其中 ${mine.length} 条由你的代码发出` : ''}；裁判${broken.count === 0 ? '没有发现违规' : `发现 ${broken.count} 处违规：${broken.list}`}。`,
    ),
    ...rec.recap,
    ...(rec.failure ? [bi(sentence(rec.failure.en), sentence(rec.failure.zh))] : []),
    ...printedLines(rec).map((lines) =>
      bi(
        `Your code printed ${counted(lines.length, 'line')}, which ${lines.length === 1 ? 'is' : 'are'} not part of the session: ${lines.length === 1 ? 'it is' : 'they are'} written out after it.`,
        `你的代码输出了 ${lines.length} 行，这些输出不属于会话本身，会在会话结束后显示。`,
      ),
    ),
    bi(
      `Grade it with: ${suggestCommand(`check ${meta.id}`)}`,
      `评分：${suggestCommand(`check ${meta.id}`)}`,
    ),
  ];
  return {
    id: `check:${meta.id}`,
    title: bi(`${meta.title.en} — your code, played`, `${meta.title.zh} —— 运行你的代码`),
    goal: rec.about,
    recap: bi(summary.map((l) => l.en).join(' '), summary.map((l) => l.zh).join('')),
    steps,
  };
}

/** The lines the learner's code printed, as one list; none when it printed nothing. */
function printedLines(rec: Recording): string[][] {
  const printed = rec.output.replace(/\s+$/, '');
  return printed === '' ? [] : [printed.split(/\r?\n/)];
}

/**
 * What the learner's code printed, for stderr once the session has been shown (the recap says
 * so): quoted, each line indented and escaped, never obeyed by the terminal. '' when none.
 */
export function printedByCode(rec: Recording, lang: Lang): string {
  const [lines] = printedLines(rec);
  if (!lines) return '';
  const head = tr(bi('mcp-sim: your code printed:', 'mcp-sim: 你的代码输出了：'), lang);
  return `${[head, ...lines.map((line) => `  ${visible(line)}`)].join('\n')}\n`;
}

/**
 * `mcp-sim check <id> --play [--plain]`: runs the learner's code against the exercise's scenario
 * (isolated and time-limited, as `check` runs it) and shows the session in the lesson screen, or
 * prints it as Markdown. Nothing is graded or saved. Exit 1 when the code could not run through.
 */
export async function checkPlayCommand(options: CheckPlayOptions): Promise<number> {
  const { lang } = options;
  const { meta, scenario } = playable(options.id);
  const dir = join(requireWorkspace().exercises, meta.id);
  if (!existsSync(dir)) {
    throw new UsageError(USAGE_STRINGS.noExerciseFolder, { file: dir });
  }
  let done = () => {};
  if (!options.plain) {
    // As `play`: without a terminal that can send keys, point at --plain (before running anything).
    if (!process.stdin.isTTY || !process.stdout.isTTY) throw new UsageError(STRINGS.needsTtyPlay);
    const file = relative(process.cwd(), join(dir, meta.module ?? '')) || meta.module;
    done = await announceRun(
      tr(bi(`Running your code (${file})…`, `正在运行你的代码（${file}）……`), lang),
      { stderr: process.stderr, env: process.env, busy: options.busy },
    );
  }
  const rec = await recordScenario(meta, scenario, {
    dir,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
  }).finally(done);
  const failed = () => {
    process.stderr.write(printedByCode(rec, lang));
    if (rec.failure) process.stderr.write(`mcp-sim: ${tr(rec.failure, lang)}\n`);
    return rec.failure ? 1 : 0;
  };
  if (rec.envelopes.length === 0) return failed();
  const lesson = recordedLesson(meta, rec);
  if (!options.plain) {
    await options.show(lesson);
    // After the screen is gone, where the learner will read it (the recap says it too).
    return failed();
  }
  const frame = { title: lesson.title, goal: lesson.goal, recap: lesson.recap, spec: [] };
  process.stdout.write(lessonHandout({ scenario: frame }, { steps: lesson.steps }, lang));
  return failed();
}
