/** A usage error: one line on stderr, exit code 2 (the command line itself is in ./table/). */
export class UsageError extends Error {
  override name = 'UsageError';
}
