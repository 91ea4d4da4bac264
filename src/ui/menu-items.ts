import { basename, dirname } from 'node:path';
import { type Lang, tr } from '../i18n/lang.js';
import { LESSON_STRINGS } from '../i18n/lesson-strings.js';
import type { MenuListing as LessonListing } from './opened-lesson.js';
import {
  doneCount,
  inProgress,
  type LessonStatus,
  type ProgressData,
  statusOf,
} from './progress-update.js';
import { visibleData } from './visible-data.js';

export type MenuLesson = {
  readonly id: string;
  readonly number: number;
  readonly title: string;
  readonly goal: string;
  /** The protocol revision the lesson teaches ('' when its file names none). */
  readonly revision: string;
  readonly status: LessonStatus;
  /** The lesson in progress (the one last stepped in, unfinished). */
  readonly current: boolean;
};

/** A lesson folder that did not load: listed, never opened. */
export type MenuProblem = { readonly name: string; readonly problem: string };

export type MenuData = {
  readonly lessons: readonly MenuLesson[];
  readonly broken: readonly MenuProblem[];
  /** How many of the lessons are done. */
  readonly done: number;
};

/** The menu as drawn: titles, goals and problems come from lesson files, so they are made visible. */
export function menuData(listing: LessonListing, progress: ProgressData, lang: Lang): MenuData {
  return visibleData(listedData(listing, progress, lang));
}

function listedData(listing: LessonListing, progress: ProgressData, lang: Lang): MenuData {
  const resume = inProgress(
    progress,
    listing.lessons.map((lesson) => lesson.id),
  );
  const lessons = listing.lessons.map((lesson, i) => ({
    id: lesson.id,
    number: i + 1,
    title: tr(lesson.scenario.title, lang),
    goal: tr(lesson.scenario.goal, lang),
    revision: lesson.scenario.revision ?? '',
    status: statusOf(progress, lesson.id),
    current: lesson.id === resume,
  }));
  const done = doneCount(
    progress,
    lessons.map((l) => l.id),
  );
  const broken = new Map<string, string>();
  for (const p of listing.problems) {
    const name = basename(p.file) === 'lesson.yaml' ? basename(dirname(p.file)) : basename(p.file);
    const message = lang === 'zh' && p.zh !== undefined ? p.zh : p.message;
    if (!broken.has(name)) {
      broken.set(
        name,
        p.line !== null ? tr(LESSON_STRINGS.atLine, lang, { line: p.line, message }) : message,
      );
    }
  }
  return { lessons, broken: [...broken].map(([name, problem]) => ({ name, problem })), done };
}

/** The slice of `count` items to show so that `selected` is on screen: [start, end). */
export function menuWindow(count: number, selected: number, capacity: number): [number, number] {
  const size = Math.max(1, capacity);
  if (count <= size) return [0, count];
  const start = Math.max(0, Math.min(selected - Math.floor(size / 2), count - size));
  return [start, start + size];
}
