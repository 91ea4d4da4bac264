/**
 * The log levels of server/utilities/logging › Log Levels (RFC 5424's syslog severities), least
 * severe first: a level's place in this list is its severity.
 */
export const LOG_LEVELS: readonly string[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/** How severe a level is (its place in LOG_LEVELS), or -1 for a string that is no level. */
export const severityOf = (level: unknown): number =>
  typeof level === 'string' ? LOG_LEVELS.indexOf(level) : -1;
