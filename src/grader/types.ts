import type { Bilingual } from '../i18n/lang.js';
import type { Location, Runner } from './runner.js';

/** An exercise as its folder describes it (`exercise.json`), plus where the folder is. */
export type ExerciseMeta = {
  readonly id: string;
  readonly number: number;
  readonly title: Bilingual;
  readonly points: number;
  /** The files the learner edits, relative to the exercise folder. */
  readonly files: readonly string[];
  /** The TypeScript module whose exports the checks call; absent for an answers-only exercise. */
  readonly module?: string | undefined;
};

export type Hint = Bilingual;

/** One check of a rubric: all or nothing. */
export type CheckSpec = {
  readonly name: string;
  readonly points: number;
  /** What the check tests, in a sentence: the "test code" the Classroom and Exercism formats show. */
  readonly about: Bilingual;
  /**
   * The learner's functions the check's verdict depends on; absent: all of them. When one of them
   * runs out of time, crashes or is missing, the check fails with why, and the others keep theirs.
   */
  readonly calls?: readonly string[];
  /**
   * Another check of the rubric this one counts only with: the untouched starter (or code that
   * does nothing) passes this one by accident, so it earns its points only once the work is done.
   */
  readonly requires?: string;
};

export type CheckResult = {
  readonly name: string;
  readonly passed: boolean;
  /** Points earned: all of `maxPoints` or none. */
  readonly points: number;
  readonly maxPoints: number;
  readonly message: Bilingual;
  readonly about: Bilingual;
  /** Where in the learner's files the error that failed it is, when known. */
  readonly location?: Location;
  /**
   * Set when the check's own behaviour is right but it is held back by its `requires` (this
   * names that check): it fails and earns nothing, and the text report marks it as waiting.
   */
  readonly waitingOn?: string;
};

/** `error`: the learner's code could not be run to the end (did not load, crashed, timed out). */
export type ExerciseStatus = 'passed' | 'failed' | 'error';

export type ExerciseResult = {
  readonly id: string;
  readonly title: Bilingual;
  readonly points: number;
  readonly maxPoints: number;
  readonly status: ExerciseStatus;
  readonly checks: readonly CheckResult[];
  /** Extra lines the text report shows (the learner's progress bar, say). */
  readonly display: readonly string[];
  /** What the learner's code printed, for the text report (never mixed into --json). */
  readonly output: string;
  readonly durationMs: number;
  /** Set when the learner's code ran without Node's permission model (this Node has none). */
  readonly unconfined?: true;
  /** The learner's folder for this exercise and the files they edit in it (for the text report). */
  readonly where?: { readonly dir: string; readonly files: readonly string[] };
  /** Set when every file the learner edits is still the starter the package ships. */
  readonly untouched?: true;
};

/** What a rubric's run gets: the learner's code behind a runner, and the learner's folder. */
export type CheckContext = {
  readonly dir: string;
  /** The learner's module, started on first use; throws RunnerError when it cannot run. */
  readonly runner: () => Promise<Runner>;
  /** Seed for generated inputs (fixed in tests, random in real checks). */
  readonly seed: number;
  /**
   * Records a check's outcome; a check that is never recorded fails with the run's error.
   * `behaves` (default: `passed`): what the check is about works, though it failed on something
   * else (a referee warning on an envelope): the checks that require it count all the same.
   */
  readonly record: (name: string, passed: boolean, message: Bilingual, behaves?: boolean) => void;
  /** Adds a line to the text report. */
  readonly show: (line: string) => void;
};

export type Rubric = {
  readonly id: string;
  readonly checks: readonly CheckSpec[];
  readonly run: (ctx: CheckContext) => Promise<void>;
};
