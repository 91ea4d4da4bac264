import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lessonTarget, listLessons } from '../../src/cli/lesson-source.js';
import { nextLesson } from '../../src/ui/opened-lesson.js';
import { ROOT } from '../helpers/cli.js';

// "This is the last lesson of the course: well done!" belongs after the course's own last lesson,
// not after a teacher's single lesson opened by its path (the only lesson of its listing).
describe('what n offers on a lesson’s last step', () => {
  it('the course’s last lesson ends the course; another offers the next', async () => {
    const course = await listLessons();
    // Lessons 31 (tasks), 32 (its faults gallery), 33 (batches), 34 (ids, progress and
    // cancellation in 2026-07-28) and 35 (the tasks extension) were added after the 2026-07-28
    // lessons and keep their numbers: the course ends with lesson 35, the modern gallery leads on
    // to tasks, tasks to its gallery, the gallery to batches, batches to lesson 34, and 34 to 35.
    expect(course.courseLast).toBe('tasks-extension');
    expect(nextLesson(course, 'tasks-extension')).toBe('end');
    expect(nextLesson(course, 'modern-ids-progress-cancellation')).toEqual({
      title: expect.objectContaining({
        en: 'Tasks in 2026-07-28: the io.modelcontextprotocol/tasks extension',
      }),
    });
    expect(nextLesson(course, 'batches')).toEqual({
      title: expect.objectContaining({ en: 'Ids, progress and cancellation in 2026-07-28' }),
    });
    expect(nextLesson(course, 'tasks-faults-gallery')).toEqual({
      title: expect.objectContaining({ en: 'Batches in 2025-03-26' }),
    });
    expect(nextLesson(course, 'modern-faults-gallery')).toEqual({
      title: expect.objectContaining({ en: 'Tasks: call now, collect the result later' }),
    });
    expect(nextLesson(course, 'tasks')).toEqual({
      title: expect.objectContaining({ en: 'Faults gallery: tasks and elicitation modes' }),
    });
    expect(nextLesson(course, 'first-session')).toEqual({
      title: expect.objectContaining({ en: 'JSON-RPC envelopes' }),
    });
  });

  it('a teacher’s lesson opened by path is no course’s end', async () => {
    const target = await lessonTarget(
      join(ROOT, 'test', 'fixtures', 'misplayed-lessons', '03-hello-tools'),
    );
    if (!target.ok) throw new Error(target.error.message);
    expect(nextLesson(target.listing, target.id)).toBeNull();
  });

  it('after a teacher’s folder, the course’s last lesson leads on to the teacher’s', async () => {
    const listing = await listLessons([join(ROOT, 'test', 'fixtures', 'misplayed-lessons')]);
    expect(nextLesson(listing, 'tasks-extension')).toEqual({
      title: expect.objectContaining({ en: 'Hello, tools' }),
    });
    expect(nextLesson(listing, 'hello-tools')).toBeNull();
  });
});
