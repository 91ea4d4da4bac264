import { relative } from 'node:path';
import { type ExerciseMeta, findExercise, loadExercises, solutionDir } from '../../grader/index.js';
import { type Lang, tr } from '../../i18n/lang.js';
import { USAGE_STRINGS } from '../../i18n/usage-strings.js';
import { suggestCommand } from '../../invocation.js';
import { UsageError } from '../usage.js';

/** Where the reference solutions live in mcp-sim's source repository. */
const REPO_FOLDER = 'test/solutions';

/**
 * `mcp-sim solution [<id>]`: where the reference solutions are. They are not in the npm package,
 * because code the learner's module can import from the grader's own install scores full marks;
 * so this names the repository's folder (and its path when mcp-sim runs from a checkout, where
 * they are on disk) rather than printing them.
 */
export function solutionCommand(options: { id: string | undefined; lang: Lang }): number {
  const all = loadExercises();
  let chosen: readonly ExerciseMeta[] = all;
  if (options.id !== undefined) {
    const found = findExercise(all, options.id);
    if (!found) throw new UsageError(USAGE_STRINGS.unknownExercise, { word: options.id });
    chosen = [found];
  }
  const say = (en: string, zh: string) => process.stdout.write(`${tr({ en, zh }, options.lang)}\n`);
  say(
    'The reference solutions are not part of the installed mcp-sim, so no learner code can borrow them. For self-study, they are in mcp-sim’s source repository (clone it, or open it on its hosting site):',
    '参考答案不在安装的 mcp-sim 中，因此学习者的代码无法借用它们。自学时可以在 mcp-sim 的源码仓库中找到（克隆仓库，或在托管网站上打开）：',
  );
  for (const meta of chosen) {
    const local = solutionDir(meta.id);
    const here = local ? `  (${relative(process.cwd(), local) || local})` : '';
    const files = meta.files.join(', ');
    process.stdout.write(`  ${REPO_FOLDER}/${meta.id}/  ${files}${here}\n`);
  }
  say(
    `Try the exercise first: ${suggestCommand('hint <id>')} gives a little more help each time, and ${suggestCommand('check <id>')} says what it expected and what it saw.`,
    `先自己尝试：${suggestCommand('hint <id>')} 每次多给一点帮助，${suggestCommand('check <id>')} 会说明它期望看到什么、实际看到了什么。`,
  );
  return 0;
}
