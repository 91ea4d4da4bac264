import { join, relative } from 'node:path';
import { counted, type Lang, labelColon, tr } from '../i18n/lang.js';
import { suggestCommand } from '../invocation.js';
import { visible } from '../protocol/visible.js';
import type { ExerciseResult } from './types.js';

export type Paint = {
  readonly bold: (s: string) => string;
  readonly dim: (s: string) => string;
  readonly red: (s: string) => string;
  readonly green: (s: string) => string;
  readonly yellow: (s: string) => string;
};

const WORDS = {
  passed: { en: 'passed', zh: '通过' },
  failed: { en: 'failed', zh: '未通过' },
  error: { en: 'could not run', zh: '无法运行' },
  points: { en: 'Points', zh: '得分' },
  hint: { en: 'stuck? {command}', zh: '卡住了？{command}' },
  solution: { en: 'compare notes: {command}', zh: '对照参考答案：{command}' },
  printed: { en: 'your code printed', zh: '你的代码输出了' },
  printedElsewhere: {
    en: 'your code printed {lines}, kept out of this report: {command} shows them (each test’s "output")',
    zh: '你的代码输出了 {lines}，未放入本报告：{command} 会显示它们（每个测试的 "output"）',
  },
  exercises: {
    en: '{passed} of {count} exercises passed',
    zh: '{count} 个练习中通过了 {passed} 个',
  },
  waiting: { en: 'waiting on {name}', zh: '等待 {name}' },
  where: {
    en: 'your code: {files} · the task: {readme}',
    zh: '你要编辑的文件：{files} · 题目说明：{readme}',
  },
  untouched: {
    en: '{files}: still the starter as shipped, not edited yet; the task is in {readme}',
    zh: '{files} 仍是原样的初始代码，还没有改动；题目说明在 {readme}',
  },
  failedChecks: { en: '({n} checks failed for this)', zh: '（{n} 项检查因此失败）' },
  unconfined: {
    en: 'ran unconfined: this Node has no permission model, so the code could read, write and start anything',
    zh: '未受限运行：此 Node 没有权限模型，代码可以读写任何文件、启动任何进程',
  },
} as const;

/**
 * The terminal report of a check: per exercise, each check with ✓/✗ (◌ for one that is right but
 * waits on another check, and earns nothing until that one passes), what failed, and why.
 */
export function textReport(results: readonly ExerciseResult[], lang: Lang, paint: Paint): string {
  const out: string[] = [];
  for (const r of results) {
    const status =
      r.status === 'passed'
        ? paint.green(tr(WORDS.passed, lang))
        : r.status === 'error'
          ? paint.red(tr(WORDS.error, lang))
          : paint.yellow(tr(WORDS.failed, lang));
    out.push(
      `${paint.bold(`${r.id}  ${tr(r.title, lang)}`)}  ${r.points}/${r.maxPoints}  ${status}`,
    );
    if (r.unconfined) out.push(`  ${paint.red(tr(WORDS.unconfined, lang))}`);
    // What the learner's code printed or sent is quoted here: shown, never obeyed by the terminal.
    for (const line of r.display) out.push(`    ${visible(line)}`);
    // When the code could not run (or crashed), most checks failed for the same reason: say it
    // once, up top, with how many checks it cost, and leave it off each of them.
    const failing = r.checks.filter((c) => !c.passed).map((c) => tr(c.message, lang));
    const once = r.status === 'error' ? sharedReason(failing) : null;
    if (once) {
      const lines = once.text.split('\n');
      if (once.count < failing.length) {
        lines[0] = `${lines[0]} ${tr(WORDS.failedChecks, lang).replace('{n}', String(once.count))}`;
      }
      for (const line of lines) out.push(`  ${paint.red(visible(line))}`);
    }
    const width = Math.max(...r.checks.map((c) => c.name.length));
    for (const c of r.checks) {
      const mark = c.passed
        ? paint.green('✓')
        : c.waitingOn !== undefined
          ? paint.yellow('◌')
          : paint.red('✗');
      out.push(
        `  ${mark} ${c.name.padEnd(width)}  ${c.points}/${c.maxPoints}  ${paint.dim(tr(c.about, lang))}`,
      );
      const show = c.passed ? r.id.endsWith('quiz') : tr(c.message, lang) !== once?.text;
      if (show && tr(c.message, lang) !== tr(WORDS.passed, lang)) {
        const text = tr(c.message, lang)
          .split('\n')
          .map((line) => visible(line));
        // A check that waits says so first, in the mark's colour: it is not wrong, only not counted.
        if (c.waitingOn !== undefined) {
          const waiting = tr(WORDS.waiting, lang, { name: c.waitingOn });
          text[0] = `${paint.yellow(waiting)}${labelColon(lang)}${text[0] ?? ''}`;
        }
        for (const line of text) out.push(`      ${line}`);
      }
    }
    // What the code printed is shown above only when it could not run ("it printed: …"); else
    // say where it is, so a learner's console.log does not seem to vanish.
    const printed = r.output.trim();
    if (printed !== '' && !r.checks.some((c) => c.message.en.includes('it printed:'))) {
      const n = printed.split('\n').length;
      const command = suggestCommand(`check ${r.id} --format exercism`);
      const text = tr(WORDS.printedElsewhere, lang, {
        lines: { en: counted(n, 'line'), zh: `${n} 行` },
        command,
      });
      out.push(`  ${paint.dim(text)}`);
    }
    const where = r.status === 'passed' ? null : whereLine(r, lang);
    if (where) out.push(`  ${where}`);
    const next = r.status === 'passed' ? 'solution' : 'hint';
    const command = suggestCommand(`${next} ${r.id}`);
    out.push(`  ${paint.dim(tr(WORDS[next], lang, { command }))}`);
    out.push('');
  }
  const points = results.reduce((sum, r) => sum + r.points, 0);
  const max = results.reduce((sum, r) => sum + r.maxPoints, 0);
  const passed = results.filter((r) => r.status === 'passed').length;
  out.push(
    paint.bold(
      `${tr(WORDS.points, lang)} ${points}/${max} · ${tr(WORDS.exercises, lang, { passed, count: results.length })}`,
    ),
  );
  return `${out.join('\n')}\n`;
}

/**
 * The files the learner edits and the exercise's README, relative to where the command runs
 * (`exercises/01-progress/long-task.ts`), saying so when they are still the untouched starter.
 */
function whereLine(r: ExerciseResult, lang: Lang): string | null {
  if (r.where === undefined) return null;
  const { dir, files } = r.where;
  const path = (file: string) => visible(relative(process.cwd(), join(dir, file)) || file);
  const values = {
    files: files.map(path).join(', '),
    readme: path(lang === 'zh' ? 'README.zh.md' : 'README.md'),
  };
  return tr(r.untouched ? WORDS.untouched : WORDS.where, lang, values);
}

/** The reason most failed checks share, when more than one does. */
function sharedReason(messages: readonly string[]): { text: string; count: number } | null {
  const counts = new Map<string, number>();
  for (const m of messages) counts.set(m, (counts.get(m) ?? 0) + 1);
  let best: { text: string; count: number } | null = null;
  for (const [text, count] of counts)
    if (count > 1 && count > (best?.count ?? 0)) best = { text, count };
  return best;
}
