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
    // Lessons 31 (tasks) and 32 (its faults gallery) were added after the 2026-07-28 lessons and
    // keep their numbers: the course ends with the gallery, the modern gallery leads on to tasks,
    // and tasks to its gallery.
    expect(course.courseLast).toBe('tasks-faults-gallery');
    expect(nextLesson(course, 'tasks-faults-gallery')).toBe('end');
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
    expect(nextLesson(listing, 'tasks-faults-gallery')).toEqual({
      title: expect.objectContaining({ en: 'Hello, tools' }),
    });
    expect(nextLesson(listing, 'hello-tools')).toBeNull();
  });
});
