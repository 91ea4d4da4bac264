/** An fs error's reason in one line ("EACCES: permission denied, open '…'"). */
export const reasonOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
