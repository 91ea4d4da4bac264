/**
 * Characters a terminal gives exactly one column: printable ASCII and Latin, punctuation, arrows,
 * box drawing, shapes and the few marks the screen uses (· — … → │ ─ ● ○ ▶ ✓ ✗ ✕ …). CJK, emoji
 * and zero-width characters are not in it. (test/ui/clip.test.ts checks every one with
 * string-width, which is how Ink measures.)
 */
export const ONE_COLUMN =
  /^[\x20-\x7e\xa1-\xac\xae-\u024f\u2010-\u2027\u2030-\u205e\u2190-\u21ff\u2500-\u25fc\u25ff\u2713-\u2717]*$/;

/** Every character takes one column: as many columns as characters. */
export function isNarrow(text: string): boolean {
  return ONE_COLUMN.test(text);
}

/**
 * `overflowX` for a box holding one line of `wrap="truncate-end"` text. Cut on a wide (CJK)
 * character, Ink's truncation comes out one column too wide (cli-truncate#28, slice-ansi#43) and
 * the terminal would wrap the line, so a line that may hold one needs Ink's clip. Narrow text goes
 * without: Ink slices every line under a clip on every frame, a large share of a step.
 */
export function clipUnlessNarrow(...texts: readonly string[]): 'hidden' | 'visible' {
  return texts.every(isNarrow) ? 'visible' : 'hidden';
}
