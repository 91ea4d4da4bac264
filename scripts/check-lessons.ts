/**
 * Checks a folder of lessons the way the test suite does, and prints each lesson as Markdown to
 * read it over: `npx tsx scripts/check-lessons.ts [folder] [--print] [--lang en|zh]`.
 */

import { parseArgs } from 'node:util';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { runScenario } from '../src/sim/scenario/engine.js';
import { formatProblem, LESSONS_DIR, loadLessons } from '../src/sim/scenario/load-lessons.js';
import { lessonHandout } from '../src/ui/handout.js';
import { screenSteps } from '../src/ui/screen-step.js';

const { values, positionals } = parseArgs({
  options: { print: { type: 'boolean', default: false }, lang: { type: 'string', default: 'en' } },
  allowPositionals: true,
});
const dir = positionals[0] ?? LESSONS_DIR;
const print = values.print;
const lang = values.lang === 'zh' ? 'zh' : 'en';
const { lessons, problems } = loadLessons(dir);
let failures = problems.length;
for (const p of problems) console.log(`PROBLEM ${formatProblem(p)}`);
for (const lesson of lessons) {
  const played = await runScenario(lesson.scenario);
  if (!played.ok) {
    failures += 1;
    console.log(
      `FAIL ${lesson.file}:${lesson.stepLines[played.error.step] ?? '?'} step ${played.error.step + 1}: ${played.error.message}`,
    );
    continue;
  }
  const issues: string[] = [];
  for (const step of played.value.steps) {
    if (!step.message || !step.verdict) continue;
    const fault = step.notes?.fault ?? null;
    if (!JSONRPCMessageSchema.safeParse(step.message).success && !fault) {
      issues.push(`step ${step.index + 1}: not a valid JSON-RPC message`);
    }
    const rules = step.verdict.violations.map((v) => v.rule);
    if (fault && rules.length === 0)
      issues.push(`step ${step.index + 1}: fault ${fault} broke no rule`);
    if (!fault && rules.length > 0)
      issues.push(`step ${step.index + 1}: breaks ${rules.join(', ')}`);
  }
  failures += issues.length;
  console.log(
    `${issues.length ? 'FAIL' : 'ok  '} ${lesson.id} (${played.value.steps.length} steps)${issues.map((i) => `\n     ${i}`).join('')}`,
  );
  if (print) console.log(lessonHandout(lesson, { steps: screenSteps(played.value.steps) }, lang));
}
process.exitCode = failures > 0 ? 1 : 0;
