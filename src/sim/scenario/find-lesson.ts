import { basename, dirname } from 'node:path';
import { type Bilingual, filled } from '../../i18n/lang.js';
import { nearWord, USAGE_STRINGS } from '../../i18n/usage-strings.js';
import { suggestCommand } from '../../invocation.js';
import type { LessonListing, LoadedLesson } from './load-lessons.js';

/**
 * A lesson by its id, by its folder's name (`03-handshake`, as `ls lessons` shows it), or by its
 * number in the course (`3` is the third lesson, as the menu shows; `03` too).
 */
export function findLesson(listing: LessonListing, id: string): LoadedLesson | undefined {
  const byId = listing.lessons.find((l) => l.id === id);
  if (byId) return byId;
  const byFolder = listing.lessons.find((l) => basename(dirname(l.file)) === id);
  if (byFolder || !/^0*[1-9]\d*$/.test(id)) return byFolder;
  return listing.lessons[Number(id) - 1];
}

/** Why no lesson has this id, with the nearest id when one is close enough to be a typo. */
export function unknownLessonMessage(listing: LessonListing, id: string): Bilingual {
  const near = closest(id, [
    ...listing.lessons.map((l) => l.id),
    ...listing.lessons.map((l) => basename(dirname(l.file))),
  ]);
  return filled(USAGE_STRINGS.unknownLesson, {
    word: id,
    near: nearWord(near),
    mcp: suggestCommand(''),
  });
}

/**
 * The candidate a mistyped word most likely meant: the fewest single-character edits, at most a
 * third of the word's length (so "handshak" finds "handshake", "xyz" finds nothing), or the one
 * candidate that starts with the word.
 */
export function closest(word: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Math.max(1, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    const d = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  if (best !== null) return best;
  const starting = candidates.filter((c) => word.length >= 3 && c.startsWith(word));
  return starting.length === 1 ? (starting[0] ?? null) : null;
}

/**
 * Edit distance with adjacent transpositions (optimal string alignment): inserting, deleting or
 * replacing one character, or swapping two neighbours, is one edit, so "tarce" is one from "trace".
 */
export function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const replace = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      let best = Math.min(replace, (previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      }
      row.push(best);
    }
    before = previous;
    previous = row;
  }
  return previous[b.length] ?? 0;
}
