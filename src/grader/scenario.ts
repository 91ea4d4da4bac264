import { join } from 'node:path';
import type { Bilingual } from '../i18n/lang.js';
import type { Direction, JsonObject } from '../protocol/index.js';
import { createChildRunner } from './child-runner.js';
import { runnerError, withinExerciseTime } from './grade.js';
import { createInlineRunner, oneLine, type Runner, RunnerError } from './runner.js';
import { openSession, S2C, type Sent, type Session, type SessionOptions } from './session.js';
import type { ExerciseMeta } from './types.js';

/** What a scenario gets: the learner's code, and the one session the learner will watch. */
export type ScenarioContext = {
  readonly runner: Runner;
  readonly seed: number;
  /** Opens the recorded session; a scenario opens one and may hand it out again. */
  readonly open: (options: SessionOptions) => Session;
  /** A line of narration on the envelope sent last (what the learner's code decided, say). */
  readonly note: (text: Bilingual) => void;
  /** A line for the walkthrough's recap (what the learner should take away from this run). */
  readonly recap: (text: Bilingual) => void;
};

/**
 * An exercise's scenario played once for the learner to watch (`check <id> --play`): the same
 * simulated peers and learner code as the checks, one session, nothing graded.
 */
export type PlayScenario = {
  /** What the scenario does, for the walkthrough's goal line. */
  readonly about: Bilingual;
  /** The side the learner's code plays once the handshake is done: those envelopes are theirs. */
  readonly learner: 'server' | null;
  readonly run: (ctx: ScenarioContext) => Promise<void>;
};

export type RecordedEnvelope = {
  /** The session log's step: the envelope and the referee's verdict on it. */
  readonly step: Sent;
  readonly direction: Direction;
  readonly message: JsonObject;
  /** Sent by the learner's code (not by a simulated peer). */
  readonly mine: boolean;
  /** Narration the scenario added to this envelope ("sent by your code", its decisions). */
  readonly notes: readonly Bilingual[];
};

export type Recording = {
  readonly about: Bilingual;
  readonly envelopes: readonly RecordedEnvelope[];
  readonly recap: readonly Bilingual[];
  /** One line: the learner's code did not load, crashed or ran out of time; null when it ran. */
  readonly failure: Bilingual | null;
  /** What the learner's code printed (console.log…): not on the wire, so in no envelope. */
  readonly output: string;
};

const YOURS: Bilingual = { en: 'Sent by your code.', zh: '这条消息由你的代码发出。' };

/**
 * Runs the learner's module against an exercise's scenario, isolated as `check` runs it (a child
 * process with time limits), and keeps every envelope exchanged, also when the code crashed or
 * ran out of time part-way.
 */
export async function recordScenario(
  meta: ExerciseMeta,
  scenario: PlayScenario,
  options: { dir: string; isolation?: 'child' | 'inline'; seed?: number },
): Promise<Recording> {
  if (!meta.module) throw new Error(`${meta.id} has no module to run`); // programmer error
  const file = join(options.dir, meta.module);
  const held: { session?: Session; handshake: number } = { handshake: 0 };
  const notes = new Map<number, Bilingual[]>();
  const recap: Bilingual[] = [];
  let runner: Runner | undefined;
  let failure: Bilingual | null = null;
  let output = '';
  try {
    runner =
      options.isolation === 'inline'
        ? await createInlineRunner(file)
        : await createChildRunner(file, { cwd: options.dir });
    const context: ScenarioContext = {
      runner,
      seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
      open: (sessionOptions) => {
        if (!held.session) {
          held.session = openSession(sessionOptions);
          held.handshake = held.session.log.length;
        }
        return held.session;
      },
      note: (text) => {
        const at = (held.session?.log.length ?? 0) - 1;
        if (at >= 0) notes.set(at, [...(notes.get(at) ?? []), text]);
      },
      recap: (text) => recap.push(text),
    };
    await withinExerciseTime(scenario.run(context), { en: 'the scenario', zh: '演示会话' });
  } catch (error) {
    if (!(error instanceof RunnerError)) throw error;
    const why = runnerError(error);
    failure = { en: oneLine(why.en), zh: oneLine(why.zh) };
    // A module that failed to load left no runner to ask: what it printed came with the error.
    output = error.output ?? '';
  } finally {
    if (runner) output = runner.output();
    runner?.close();
  }
  // A copy: after a time-out the scenario may still be running, and must not change what is shown.
  const log = [...(held.session?.log ?? [])];
  const envelopes = log.map((sent, at) => {
    const mine = scenario.learner === 'server' && at >= held.handshake && sent.direction === S2C;
    return {
      step: sent,
      direction: sent.direction,
      message: sent.message,
      mine,
      notes: [...(mine ? [YOURS] : []), ...(notes.get(at) ?? [])],
    };
  });
  return { about: scenario.about, envelopes, recap, failure, output };
}
