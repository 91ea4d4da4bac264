import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { type Bilingual, filled } from '../../i18n/lang.js';
import { LESSON_STRINGS, said } from '../../i18n/lesson-strings.js';
import { packageRoot } from '../../package-root.js';
import { CAPABILITY_PATHS } from '../../protocol/capabilities.js';
import { METHOD_NAMES } from '../../protocol/catalogue.js';
import { ownTable, valueAt } from '../../protocol/json.js';
import { citeIssue, parseCite } from '../../protocol/spec-cite.js';
import { isStatelessVersion, KNOWN_VERSIONS } from '../../protocol/versions.js';
import type { Step as SessionStep } from '../../session/index.js';
import { runScenario, type Timeline } from './engine.js';
import { FAULT_RULES, type FaultName } from './faults.js';
import { closest } from './find-lesson.js';
import { LESSONS_DIR } from './lesson-index.js';
import { mergeListings } from './lesson-sources.js';
import {
  type LessonListing,
  type LessonProblem,
  type LoadedLesson,
  loadLessons,
} from './load-lessons.js';
import type { Scenario } from './schema.js';

/** The latest 2026-07-28-era revision: what a modern lesson without `revision:` should name. */
const STATELESS_LATEST =
  [...KNOWN_VERSIONS].filter(isStatelessVersion).sort().at(-1) ?? '2026-07-28';

export type FolderCheck = {
  readonly dir: string;
  /** Lesson files that loaded. */
  readonly lessons: number;
  readonly problems: readonly LessonProblem[];
};

/**
 * The scenario step behind each step of the session log: every step but a silent `do:` pushes one,
 * and so does `do: {raw}` (its line is on the wire); a fault with a `reveal:` pushes two.
 */
function logStepSources(scenario: Scenario): number[] {
  return scenario.steps.flatMap((step, i) => {
    if ('fault' in step && step.reveal) return [i, i];
    return !('do' in step) || (typeof step.do === 'object' && 'raw' in step.do) ? [i] : [];
  });
}

/**
 * The lessons of a folder of lessons, or of one lesson's own folder (`02-my-lesson/`, holding
 * lesson.yaml): that lesson alone, loaded with its neighbours as the menu loads it (the folder's
 * name gives its number and id).
 */
function ownLessons(dir: string): LessonListing {
  if (!existsSync(join(dir, 'lesson.yaml'))) return loadLessons(dir);
  const folder = resolve(dir);
  const inFolder = (file: string) => resolve(file).startsWith(`${folder}${sep}`);
  // Its parent as the teacher would write it: a relative folder keeps its files relative, as a
  // folder of lessons given the same way does (`./02-my-lesson` and `.` included).
  const parent = isAbsolute(dir)
    ? dirname(folder)
    : relative(process.cwd(), dirname(folder)) || '.';
  const all = loadLessons(parent);
  return {
    lessons: all.lessons.filter((l) => inFolder(l.file)),
    problems: all.problems.filter((p) => inFolder(p.file)),
  };
}

/** The line of the first top-level line matching `key` (1 when the file has none). */
function lineOf(file: string, key: RegExp): number {
  const at = readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((l) => key.test(l));
  return at < 0 ? 1 : at + 1;
}

/**
 * `lessons --check <folder>`: every problem of every lesson in it, each located — files that do not
 * load, ids the course already has, scenarios that cannot be played, and envelopes that break a
 * rule outside a fault step (a lesson shows a broken rule only on purpose). Reads YAML, never the
 * build's index, so it checks the files as they are now.
 */
export async function checkLessonFolder(dir: string): Promise<FolderCheck> {
  const own = ownLessons(dir);
  // A teacher's folder is checked against the course too: an id the course has is a problem.
  const root = existsSync(join(dir, 'lesson.yaml')) ? dirname(resolve(dir)) : resolve(dir);
  const course = root === resolve(LESSONS_DIR) ? null : loadLessons(LESSONS_DIR);
  const listing = course ? mergeListings(course, [own]) : own;
  const problems = listing.problems.filter((p) => !course?.problems.includes(p));
  const mine = own.lessons.filter((l) => listing.lessons.includes(l));
  for (const lesson of mine) {
    const played = await runScenario(lesson.scenario);
    // A typo in a capability first: a step's broken rule further down is often its consequence.
    problems.push(
      ...capabilityProblems(lesson),
      ...(played.ok ? playedProblems(lesson, played.value) : [playProblem(lesson, played.error)]),
      ...exerciseProblems(lesson),
    );
  }
  return { dir, lessons: own.lessons.length, problems };
}

/** A scenario that cannot be played, at its step's line. */
function playProblem(
  lesson: LoadedLesson,
  error: { readonly step: number; readonly message: string; readonly zh?: string },
): LessonProblem {
  const { step: index, message, zh = message } = error;
  return {
    file: lesson.file,
    line: lesson.stepLines[index] ?? null,
    ...said(LESSON_STRINGS.atStepIndex, { number: index + 1, message: { en: message, zh } }),
  };
}

/**
 * What playing a lesson shows that the lesson did not mean (and the `spec:` citations the
 * specification lacks): a revision of the other era, field
 * notes on fields the envelope lacks, a fault that breaks no rule (the class would see a bug as
 * "allowed"), an ordinary step that breaks one. `lessons --check` reports them all; opening or
 * listing a teacher's lesson refuses it on the first.
 */
export function playedProblems(lesson: LoadedLesson, timeline: Timeline): LessonProblem[] {
  const out: LessonProblem[] = [...specProblems(lesson)];
  const played = { value: timeline };
  // The revision the lesson names must be of the era its session is in: a handshake-era lesson
  // headed 2026-07-28 would tell the learner the wrong revision on every screen.
  const era = played.value.steps.find((s) => s.verdict)?.verdict?.era;
  const named = isStatelessVersion(lesson.scenario.revision) ? 'modern' : 'legacy';
  const written = readFileSync(lesson.file, 'utf8')
    .split('\n')
    .some((l) => /^revision\s*:/.test(l));
  if (era !== undefined && era !== named && !written && era === 'modern') {
    // No `revision:` at all: the default heads a 2026-07-28 session; say what to add.
    out.push({
      file: lesson.file,
      line: 1,
      ...said(LESSON_STRINGS.revisionDefaultEra, {
        revision: lesson.scenario.revision,
        era: LESSON_STRINGS.eraModern,
        latest: STATELESS_LATEST,
      }),
    });
  } else if (era !== undefined && era !== named) {
    out.push({
      file: lesson.file,
      line: lineOf(lesson.file, /^revision\s*:/),
      ...said(LESSON_STRINGS.revisionEra, {
        revision: lesson.scenario.revision,
        named: named === 'modern' ? LESSON_STRINGS.eraModernNamed : LESSON_STRINGS.eraLegacy,
        era: era === 'modern' ? LESSON_STRINGS.eraModern : LESSON_STRINGS.eraLegacy,
      }),
    });
  }
  const sources = logStepSources(lesson.scenario);
  for (const [i, step] of played.value.steps.entries()) {
    const rules = (step.verdict?.violations ?? []).map((v) => v.rule);
    const fault = step.notes?.fault;
    // A field note on a field the envelope does not have would be shown as if it had it.
    if (step.kind === 'message') {
      for (const { pointer } of step.notes?.annotations ?? []) {
        if (valueAt(step.message, pointer) !== undefined) continue;
        const source = sources[i] ?? null;
        out.push({
          file: lesson.file,
          line: source !== null ? (lesson.stepLines[source] ?? null) : null,
          ...said(LESSON_STRINGS.annotationNowhere, { path: stepNamed(source), pointer }),
        });
      }
    }
    // A fault shows a broken rule on purpose; one that breaks none (a notification the peer did
    // declare, say) would show the learner a bug as "allowed by the rules".
    const source = sources[i] ?? null;
    const meant = fault ? FAULT_RULES[fault as FaultName] : undefined;
    // A fault that breaks only other rules here teaches them under its name.
    if (
      step.kind === 'message' &&
      meant !== undefined &&
      rules.length > 0 &&
      !rules.includes(meant)
    ) {
      out.push({
        file: lesson.file,
        line: source !== null ? (lesson.stepLines[source] ?? null) : null,
        ...said(LESSON_STRINGS.faultOtherRule, {
          path: stepNamed(source),
          fault: fault ?? '',
          rule: meant,
          rules: rules.join(', '),
        }),
      });
      continue;
    }
    if (fault ? step.kind !== 'message' || rules.length > 0 : rules.length === 0) continue;
    // A revealed fault's own message: the referee judges it at the reveal, the next step (which
    // is held to the fault's rule as every fault step is).
    if (fault && step.notes?.revealedNext) continue;
    out.push({
      file: lesson.file,
      line: source !== null ? (lesson.stepLines[source] ?? null) : null,
      ...(fault
        ? said(LESSON_STRINGS.faultBreaksNone, { path: stepNamed(source), fault })
        : said(LESSON_STRINGS.breaksRules, {
            path: stepNamed(source),
            rules: rules.join(', '),
            near: methodMeant(step, rules),
          })),
    });
  }

  return out;
}

/**
 * The `spec:` citations the specification does not have, in the revision each names (else the
 * lesson's): a handout would send the learner to a page or section that is not there.
 */
function specProblems(lesson: LoadedLesson): LessonProblem[] {
  const { file, scenario } = lesson;
  return scenario.spec.flatMap((cite, i): LessonProblem[] => {
    const issue = citeIssue(cite, scenario.revision);
    if (!issue) return [];
    const base = {
      at: `spec[${i}]`,
      cite,
      revision: parseCite(cite).revision ?? scenario.revision,
    };
    const near = (word: string, known: readonly string[]) => {
      const meant = closest(word, known);
      return meant !== null
        ? filled(LESSON_STRINGS.specNear, { near: meant })
        : issue.kind === 'section'
          ? filled(LESSON_STRINGS.specSections, { list: known.join(', ') })
          : { en: '', zh: '' };
    };
    const text =
      issue.kind === 'revision'
        ? said(LESSON_STRINGS.specNoRevision, { ...base, list: issue.known.join(', ') })
        : issue.kind === 'page'
          ? said(LESSON_STRINGS.specNoPage, {
              ...base,
              page: issue.page,
              near: near(issue.page, issue.known),
            })
          : said(LESSON_STRINGS.specNoSection, {
              ...base,
              page: parseCite(cite).page,
              section: issue.section,
              near: near(issue.section, issue.known),
            });
    return [{ file, line: lesson.specLines?.[i] ?? null, ...text }];
  });
}

/**
 * A listing with the teachers' lessons played: one that plays wrongly moves to the problems (the
 * menu and `lessons` then show its first problem, as they do for a file that does not load). The
 * course's own lessons are held to this by the project's tests and are not played here.
 */
export async function vetListing(listing: LessonListing): Promise<LessonListing> {
  const lessons: LoadedLesson[] = [];
  const problems = [...listing.problems];
  for (const lesson of listing.lessons) {
    if (inCourse(lesson.file)) {
      lessons.push(lesson);
      continue;
    }
    const played = await runScenario(lesson.scenario);
    const found = played.ok
      ? playedProblems(lesson, played.value)
      : [playProblem(lesson, played.error)];
    if (found.length === 0) lessons.push(lesson);
    else problems.push(...found);
  }
  return { lessons, problems };
}

/** A lesson of the course (held to `lessons --check` by the project's tests), not a teacher's. */
export const inCourse = (file: string) => resolve(file).startsWith(`${resolve(LESSONS_DIR)}${sep}`);

/**
 * For a step whose method the catalogue does not have (`tools/invoke`), the method it most likely
 * meant, as a misspelled key or fault gets: "; did you mean tools/call?".
 */
function methodMeant(step: SessionStep, rules: readonly string[]): Bilingual {
  const method = step.verdict?.method;
  const meant =
    rules.includes('unknown-method') && typeof method === 'string' ? methodNear(method) : null;
  return meant === null ? { en: '', zh: '' } : filled(LESSON_STRINGS.specNear, { near: meant });
}

/** Verbs other RPC conventions use, and MCP's word for each (`tools/invoke` is tools/call). */
const VERBS: Readonly<Record<string, readonly string[]>> = ownTable({
  call: ['invoke', 'run', 'execute', 'exec', 'call', 'use'],
  get: ['fetch', 'retrieve', 'load', 'get', 'read'],
  read: ['fetch', 'retrieve', 'load', 'get', 'open', 'read'],
  list: ['all', 'ls', 'index', 'enumerate', 'list'],
});

/**
 * The catalogued method a misspelt one most likely meant: the closest by spelling, else the method
 * of its namespace whose verb the word is a synonym of (`tools/invoke` → tools/call).
 */
function methodNear(method: string): string | null {
  const spelt = closest(method, METHOD_NAMES);
  if (spelt !== null) return spelt;
  const cut = method.lastIndexOf('/');
  const [space, verb] = [method.slice(0, cut + 1), method.slice(cut + 1).toLowerCase()];
  const same = METHOD_NAMES.filter(
    (m) => m.startsWith(space) && VERBS[m.slice(space.length)]?.includes(verb),
  );
  return same.length === 1 ? (same[0] ?? null) : null;
}

/**
 * An `exercise:` this installation does not have. Opening the lesson stays quiet about it (the recap
 * then names none: a teacher's lesson may name an exercise of a later version), but the teacher
 * checking the folder is told, with the exercises there are.
 */
function exerciseProblems(lesson: LoadedLesson): LessonProblem[] {
  const id = lesson.scenario.exercise;
  const dir = join(packageRoot(), 'exercises');
  if (id === undefined || existsSync(join(dir, id, 'exercise.json'))) return [];
  const known = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, 'exercise.json')))
    .map((e) => e.name)
    .sort();
  const near = closest(id, known);
  return [
    {
      file: lesson.file,
      line: lineOf(lesson.file, /^exercise\s*:/),
      ...(near !== null
        ? said(LESSON_STRINGS.unknownNear, { what: LESSON_STRINGS.wordExercise, word: id, near })
        : said(LESSON_STRINGS.unknownOneOf, {
            what: LESSON_STRINGS.wordExercise,
            word: id,
            list: known.join(', '),
          })),
    },
  ];
}

/**
 * A capability key no revision has (`capabilities: { tool: {} }`). The JSON Schema lets an object
 * carry more keys, so the lesson still plays (a peer ignores what it does not know), but a
 * non-standard capability belongs under `experimental` (ServerCapabilities, ClientCapabilities):
 * a key beside the standard ones is all but surely a typo, and the lesson would teach it.
 */
function capabilityProblems(lesson: LoadedLesson): LessonProblem[] {
  const text = readFileSync(lesson.file, 'utf8').split('\n');
  return (['server', 'client'] as const).flatMap((side) => {
    const known = [
      ...new Set([
        ...CAPABILITY_PATHS.filter((p) => p.startsWith(`${side}.`)).map(
          (p) => p.split('.')[1] ?? '',
        ),
        'experimental',
      ]),
    ].sort();
    const declared = lesson.scenario[side].capabilities;
    return Object.keys(declared)
      .filter((key) => !known.includes(key))
      .map((key) => {
        const start = text.findIndex((l) => new RegExp(`^${side}\\s*:`).test(l));
        const at = text.findIndex(
          (l, i) => i > start && new RegExp(`(^|[\\s{,])${key}\\s*:`).test(l),
        );
        const near = closest(key, known);
        return {
          file: lesson.file,
          line: at < 0 ? null : at + 1,
          ...said(LESSON_STRINGS.unknownCapability, {
            path: `${side}.capabilities.${key}`,
            side,
            near: near === null ? '' : filled(LESSON_STRINGS.specNear, { near }),
            list: known.join(', '),
          }),
        };
      });
  });
}

/** A step as a person reads it: `step 4` / `第 4 步`, counted from 1 as the screen counts. */
const stepNamed = (source: number | null): Bilingual =>
  source === null
    ? { en: 'a step', zh: '某一步' }
    : { en: `step ${source + 1}`, zh: `第 ${source + 1} 步` };
