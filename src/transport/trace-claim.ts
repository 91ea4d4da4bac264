import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * A transcript path taken by this process: `<path>.lock` holds its pid until `release()`. Two
 * `mcp-sim serve --trace-file` processes at once (an SDK v2 client's probe and its session, two
 * hosts started side by side) would otherwise write one file from two offsets, each clobbering the
 * other. A lock whose process is gone (killed with SIGKILL) is stale and taken over.
 */
export type Claim =
  | { readonly ok: true; readonly release: () => void }
  | { readonly ok: false; readonly pid: number };

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, only it is not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export function claimTracePath(path: string): Claim {
  const lock = `${path}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(lock, 'wx');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        // No lock can be made there (a read-only folder): the transcript itself will say why.
        return { ok: true, release: () => {} };
      }
      let pid = Number.NaN;
      try {
        pid = Number.parseInt(readFileSync(lock, 'utf8'), 10);
      } catch {
        // Gone meanwhile: try again.
      }
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        return { ok: false, pid };
      }
      try {
        unlinkSync(lock);
      } catch {
        // Another process took it over first; the next attempt says who holds it.
      }
      continue;
    }
    writeSync(fd, String(process.pid));
    closeSync(fd);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        try {
          unlinkSync(lock);
        } catch {
          // Already gone: nothing to release.
        }
      },
    };
  }
  return { ok: true, release: () => {} };
}
