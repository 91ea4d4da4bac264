const ONE_COLUMN_EACH = /^[\x20-\x7e]*$/;

/** Every character is printable ASCII: as many columns as characters. */
export function isPlainAscii(text: string): boolean {
  return ONE_COLUMN_EACH.test(text);
}

/**
 * `overflowX` for a box holding one line of `wrap="truncate-end"` text. Cut on a wide (CJK)
 * character, Ink's truncation comes out one column too wide (cli-truncate#28, slice-ansi#43) and
 * the terminal would wrap the line, so a line that may hold one needs Ink's clip. Plain ASCII
 * goes without: Ink slices every line under a clip on every frame, a large share of a step.
 */
export function clipUnlessAscii(text: string): 'hidden' | 'visible' {
  return isPlainAscii(text) ? 'visible' : 'hidden';
}
