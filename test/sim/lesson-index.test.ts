import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import {
  type CompiledTimeline,
  compiledTimeline,
  indexedListing,
  LESSONS_DIR,
  readTimeline,
  TIMELINES_DIR,
  timelineText,
} from '../../src/sim/scenario/lesson-index.js';
import { loadLessons } from '../../src/sim/scenario/load-lessons.js';

// The build compiles every lesson (dist/lessons-index.json) and plays it (dist/timelines/<id>.json)
// so the menu and a lesson's first frame need no YAML, zod or engine. These tests hold the
// compiled copies to what the engine produces now, and prove a changed file is never trusted.

const listing = loadLessons();
const scratch = mkdtempSync(join(tmpdir(), 'mcp-sim-index-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the build-time lesson index', () => {
  it('lists the same lessons as the YAML loader, in the same order', () => {
    const indexed = indexedListing();
    expect(indexed).not.toBeNull();
    expect(indexed?.lessons.map((l) => l.id)).toEqual(listing.lessons.map((l) => l.id));
    expect(indexed?.lessons.map((l) => l.scenario)).toEqual(listing.lessons.map((l) => l.scenario));
  });

  it('gives up (null) when a lesson folder is new, edited or misnamed', () => {
    const dir = join(scratch, 'lessons');
    cpSync(LESSONS_DIR, dir, { recursive: true });
    // Copies have other paths than the build indexed: nothing of them is trusted.
    expect(indexedListing(dir)).toBeNull();
    expect(indexedListing(join(scratch, 'missing'))).toBeNull();
  });
});

describe('the timelines played at build time', () => {
  it.each(listing.lessons.map((l) => [l.id, l] as const))(
    '%s: equal to playing the lesson now (as JSON)',
    async (_id, lesson) => {
      const compiled = compiledTimeline(lesson, TIMELINES_DIR, true);
      expect(compiled).not.toBeNull();
      const played = await runScenario(lesson.scenario);
      if (!played.ok) throw new Error(played.error.message);
      const fresh = played.value.steps;
      const stored = { file: lesson.file, size: 0, mtimeMs: 0, steps: fresh };
      // As JSON (what it drops, undefined members, is dropped), an exact big integer kept.
      expect(compiled).toEqual(readTimeline(timelineText(stored)).steps);
      // What a step's view builds on first read (pending) is written out too, not left behind.
      expect(compiled?.map((s) => s.session.pending)).toEqual(fresh.map((s) => s.session.pending));
    },
  );

  it('keeps an integer past 2^53 − 1 exactly (lesson 19 sends one as a progress token)', () => {
    const lesson = listing.lessons.find((l) => l.id === 'faults-gallery');
    if (!lesson) throw new Error('no faults-gallery');
    const steps = compiledTimeline(lesson, TIMELINES_DIR, true);
    const tokens = (steps ?? []).flatMap((s) => {
      const meta = (s.message as { params?: { _meta?: { progressToken?: unknown } } } | null)
        ?.params?._meta;
      return typeof meta?.progressToken === 'bigint' ? [meta.progressToken] : [];
    });
    expect(tokens).toEqual([9007199254740993n]);
    // A member of that shape that is no lone tag stays an object.
    const text = timelineText({ file: 'f', size: 1, mtimeMs: 2, steps: [] });
    const tagged = text.replace('"steps":[]', '"steps":[{"$bigint":"1","other":2}]');
    expect(readTimeline(tagged).steps).toEqual([{ $bigint: '1', other: 2 }]);
  });

  it('is not used once the lesson file changed, nor from src unless asked', () => {
    const lesson = listing.lessons[0];
    if (!lesson) throw new Error('no lessons');
    const dir = join(scratch, 'timelines');
    cpSync(TIMELINES_DIR, dir, { recursive: true });
    const file = join(scratch, 'lesson.yaml');
    writeFileSync(file, readFileSync(lesson.file));
    const moved = { ...lesson, file };
    const entry = JSON.parse(
      readFileSync(join(dir, `${lesson.id}.json`), 'utf8'),
    ) as CompiledTimeline;
    const when = new Date('2026-01-01T00:00:00Z');
    utimesSync(file, when, when);
    const stamp = (size: number, mtimeMs: number) =>
      writeFileSync(
        join(dir, `${lesson.id}.json`),
        JSON.stringify({ ...entry, file, size, mtimeMs }),
      );
    const size = readFileSync(file).length;
    stamp(size, when.getTime());
    expect(compiledTimeline(moved, dir, true)).not.toBeNull();
    expect(compiledTimeline(moved, dir, false)).toBeNull(); // running from src: play afresh
    stamp(size + 1, when.getTime());
    expect(compiledTimeline(moved, dir, true)).toBeNull();
    stamp(size, when.getTime() + 1000);
    expect(compiledTimeline(moved, dir, true)).toBeNull();
    expect(compiledTimeline({ ...lesson, id: 'no-such-lesson' }, dir, true)).toBeNull();
  });
});
