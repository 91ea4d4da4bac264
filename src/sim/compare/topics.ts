import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { COMPARE_STRINGS } from '../../i18n/compare-strings.js';
import type { Lang } from '../../i18n/lang.js';
import { type Said, said } from '../../i18n/lesson-strings.js';
import { packageRoot } from '../../package-root.js';
import type { Step } from '../../session/index.js';
import { runScenario } from '../scenario/engine.js';
import { positionOf } from '../scenario/read-yaml.js';
import { readYamlFile } from '../scenario/yaml-file.js';
import { sideScenario, type Topic, type TopicRow, topicSchema } from './topic-schema.js';

/** The topics shipped with the package: `compare/<id>.yaml`. */
export const TOPICS_DIR = join(packageRoot(), 'compare');

export const SIDES = ['legacy', 'modern'] as const;
export type Side = (typeof SIDES)[number];

/** What is wrong with a topic file, one line: `file:line:column: message`, in both languages. */
export type TopicProblem = {
  readonly file: string;
  readonly line: number | null;
  readonly column: number | null;
  /** In English: what tests quote. */
  readonly message: string;
  readonly zh: string;
};

export type LoadedTopic = {
  readonly id: string;
  readonly file: string;
  readonly topic: Topic;
  /** The line of each row, and of each side's steps, for problems found when the topic plays. */
  readonly lines: {
    readonly rows: readonly (number | null)[];
    readonly legacy: readonly (number | null)[];
    readonly modern: readonly (number | null)[];
  };
};

/** A topic played: each side's session log, refereed by its own era, and the rows pairing them. */
export type PlayedTopic = LoadedTopic & {
  readonly legacy: readonly Step[];
  readonly modern: readonly Step[];
  readonly rows: readonly TopicRow[];
};

type Result<T> = { ok: true; value: T } | { ok: false; error: TopicProblem };

/** A problem's one line in `lang` (English by default); the `file:line:column:` prefix is ASCII. */
export function formatTopicProblem(p: TopicProblem, lang: Lang = 'en'): string {
  const where = p.line === null ? '' : `:${p.line}${p.column !== null ? `:${p.column}` : ''}`;
  return `${p.file}${where}: ${lang === 'zh' ? p.zh : p.message}`;
}

/**
 * The order the listing teaches in: the overview first, then the handshake's two negotiations,
 * then what changed most (server requests, notifications, cancellation over HTTP). A topic not
 * named here follows, by id.
 */
const TEACHING_ORDER = [
  'two-eras',
  'versions',
  'capabilities',
  'server-questions',
  'notifications',
  'cancellation',
];

/** The ids of the topics in `dir`, in teaching order. */
export function topicIds(dir: string = TOPICS_DIR): string[] {
  if (!existsSync(dir)) return [];
  const ids = readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => basename(name, '.yaml'))
    .sort();
  const rank = (id: string) => {
    const at = TEACHING_ORDER.indexOf(id);
    return at === -1 ? TEACHING_ORDER.length : at;
  };
  return ids.sort((a, b) => rank(a) - rank(b));
}

/** Reads and validates one topic file; the first problem, with its line, when it does not. */
export function loadTopicFile(file: string, id: string): Result<LoadedTopic> {
  const read = readYamlFile(file, topicSchema, { what: 'topic' });
  if (!read.ok) {
    const first = read.problems[0];
    return {
      ok: false,
      error: {
        file,
        line: first?.line ?? null,
        column: first?.column ?? null,
        ...(first
          ? { message: first.message, zh: first.zh ?? first.message }
          : said(COMPARE_STRINGS.notATopic)),
      },
    };
  }
  const { doc, counter } = read.source;
  if (read.value.id !== undefined && read.value.id !== id) {
    const where = positionOf(doc, counter, ['id']);
    return {
      ok: false,
      error: {
        file,
        line: where?.line ?? 1,
        column: where?.column ?? 1,
        ...said(COMPARE_STRINGS.idMismatch, { id: read.value.id, expected: id }),
      },
    };
  }
  const lineOf = (path: PropertyKey[]) => positionOf(doc, counter, path)?.line ?? null;
  const lines = {
    rows: read.value.rows.map((_, i) => lineOf(['rows', i])),
    legacy: read.value.legacy.steps.map((_, i) => lineOf(['legacy', 'steps', i])),
    modern: read.value.modern.steps.map((_, i) => lineOf(['modern', 'steps', i])),
  };
  return { ok: true, value: { id, file, topic: read.value, lines } };
}

/**
 * Plays both sides with the lesson engine and checks the rows against what was played: every row
 * names steps that exist, each side's steps appear once each and in order.
 */
export async function playTopic(loaded: LoadedTopic): Promise<Result<PlayedTopic>> {
  const { topic, file } = loaded;
  const played: Partial<Record<Side, readonly Step[]>> = {};
  for (const side of SIDES) {
    const run = await runScenario(sideScenario(topic, topic[side]));
    if (!run.ok) {
      const { step: index, message, zh = message } = run.error;
      const text = said(COMPARE_STRINGS.atSideStep, {
        side,
        number: index + 1,
        message: { en: message, zh },
      });
      const line = loaded.lines[side][index] ?? null;
      return { ok: false, error: { file, line, column: null, ...text } };
    }
    played[side] = run.value.steps;
  }
  const legacy = played.legacy ?? [];
  const modern = played.modern ?? [];
  const problem = rowsProblem(topic.rows, { legacy: legacy.length, modern: modern.length });
  if (problem !== null) {
    const line = problem.row === null ? null : (loaded.lines.rows[problem.row] ?? null);
    return {
      ok: false,
      error: { file, line, column: null, message: problem.message, zh: problem.zh },
    };
  }
  return { ok: true, value: { ...loaded, legacy, modern, rows: topic.rows } };
}

/** Why the rows do not pair the two sessions step by step (and the row at fault), or null. */
export function rowsProblem(
  rows: readonly TopicRow[],
  counts: Readonly<Record<Side, number>>,
): ({ readonly row: number | null } & Said) | null {
  for (const side of SIDES) {
    let expected = 1;
    for (const [row, r] of rows.entries()) {
      const n = r[side];
      if (n === null) continue;
      if (n > counts[side])
        return { row, ...said(COMPARE_STRINGS.rowNoStep, { row, side, n, count: counts[side] }) };
      if (n !== expected)
        return { row, ...said(COMPARE_STRINGS.rowOrder, { row, side, n, expected }) };
      expected += 1;
    }
    if (expected <= counts[side])
      return {
        row: null,
        ...said(COMPARE_STRINGS.rowsLeftOut, { side, from: expected, to: counts[side] }),
      };
  }
  return null;
}

/** Loads and plays the topic `id` from `dir`. */
export async function openTopic(
  id: string,
  dir: string = TOPICS_DIR,
): Promise<Result<PlayedTopic>> {
  const loaded = loadTopicFile(join(dir, `${id}.yaml`), id);
  if (!loaded.ok) return loaded;
  return playTopic(loaded.value);
}

/** Every topic's id and title (a file that does not load is listed by its id, titled with its problem). */
export function listTopics(dir: string = TOPICS_DIR): Array<Result<LoadedTopic>> {
  return topicIds(dir).map((id) => loadTopicFile(join(dir, `${id}.yaml`), id));
}
