import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type FrameInputs, frameFolder, frameKey } from '../../src/ui/frame-key.js';
import {
  drawFirstFrame,
  rememberNextStart,
  showRememberedFrame,
} from '../../src/ui/remembered-frame.js';

const tty = { isTTY: true, columns: 100, rows: 30 };

function inputs(overrides: Partial<FrameInputs> = {}): FrameInputs {
  const cwd = overrides.cwd ?? mkdtempSync(join(tmpdir(), 'frame-cwd-'));
  return {
    argv: ['lesson', 'first-session'],
    view: { lang: 'en', lessons: {} },
    env: { XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'frame-cache-')), LANG: 'en_US.UTF-8' },
    cwd,
    stdin: { isTTY: true },
    stdout: tty,
    ...overrides,
  };
}

/** A terminal that keeps what is written to it. */
function terminal() {
  const written: string[] = [];
  const raw: boolean[] = [];
  return {
    written,
    raw,
    out: {
      write: ((chunk: string) => {
        written.push(chunk);
        return true;
      }) as NodeJS.WriteStream['write'],
    },
    input: { setRawMode: (on: boolean) => raw.push(on) },
  };
}

/** Stands for Ink's render: writes its frame before it returns. */
const inkDraws = (out: { write: NodeJS.WriteStream['write'] }, frame: string) => () => {
  out.write('\u001B[?25l');
  out.write(frame);
  return 'instance';
};

const FRAME = 'mcp-sim — learn MCP\n› 1. The first session   new\nEnter open · q quit\n';

describe('the remembered first frame', () => {
  it('names the inputs a frame depends on', () => {
    const base = inputs();
    const key = frameKey(base);
    expect(frameKey({ ...base })).toBe(key);
    expect(frameKey({ ...base, argv: ['lesson', 'progress'] })).not.toBe(key);
    expect(frameKey({ ...base, stdout: { ...tty, columns: 80 } })).not.toBe(key);
    expect(frameKey({ ...base, stdout: { ...tty, rows: 24 } })).not.toBe(key);
    expect(frameKey({ ...base, env: { ...base.env, LANG: 'zh_CN.UTF-8' } })).not.toBe(key);
    expect(frameKey({ ...base, env: { ...base.env, NO_COLOR: '1' } })).not.toBe(key);
    // (timing the first frame does not change it)
    expect(frameKey({ ...base, env: { ...base.env, MCP_SIM_FIRST_FRAME_EXIT: '1' } })).toBe(key);
    expect(frameKey({ ...base, env: { ...base.env, HOME_IRRELEVANT: '1' } })).toBe(key);
    expect(frameKey({ ...base, view: { lang: 'zh', lessons: {} } })).not.toBe(key);
    const progress = { lang: 'en', lessons: { 'first-session': { finished: false, lastStep: 3 } } };
    expect(frameKey({ ...base, view: progress })).not.toBe(key);
    expect(frameKey({ ...base, cwd: mkdtempSync(join(tmpdir(), 'frame-cwd-')) })).not.toBe(key);
  });

  it('is kept only for a real terminal outside CI, unless turned off', () => {
    const base = inputs();
    expect(frameFolder(base)).toBe(join(base.env.XDG_CACHE_HOME ?? '', 'mcp-sim', 'frames'));
    expect(frameFolder({ ...base, stdout: { ...tty, isTTY: false } })).toBeUndefined();
    expect(frameFolder({ ...base, stdin: { isTTY: false } })).toBeUndefined();
    expect(frameFolder({ ...base, env: { ...base.env, CI: 'true' } })).toBeUndefined();
    expect(frameFolder({ ...base, env: { ...base.env, CI: '0' } })).toBeDefined();
    expect(
      frameFolder({ ...base, env: { ...base.env, MCP_SIM_FRAME_CACHE: '0' } }),
    ).toBeUndefined();
  });

  it('first start: nothing shown early; Ink’s frame is written once and remembered', () => {
    const base = inputs();
    const t = terminal();
    expect(showRememberedFrame(base, t.out, t.input)).toBe(false);
    expect(t.written).toEqual([]);
    expect(drawFirstFrame(inkDraws(t.out, FRAME), t.out)).toBe('instance');
    expect(t.written).toEqual([`\u001B[?25l${FRAME}`]);
    expect(t.raw).toEqual([]);
    const folder = frameFolder(base) ?? '';
    expect(readdirSync(folder)).toEqual([`${frameKey(base)}.frame`]);
    expect(readFileSync(join(folder, `${frameKey(base)}.frame`), 'utf8')).toBe(
      `\u001B[?25l${FRAME}`,
    );
  });

  it('next start: the frame is shown at once, keys are held, and Ink’s identical frame is not written again', () => {
    const base = inputs();
    const first = terminal();
    showRememberedFrame(base, first.out, first.input);
    drawFirstFrame(inkDraws(first.out, FRAME), first.out);

    const next = terminal();
    expect(showRememberedFrame(base, next.out, next.input)).toBe(true);
    expect(next.written).toEqual([`\u001B[?25l${FRAME}`]);
    expect(next.raw).toEqual([true]);
    drawFirstFrame(inkDraws(next.out, FRAME), next.out);
    expect(next.written).toEqual([`\u001B[?25l${FRAME}`]);
  });

  it('a frame that came out different replaces the remembered one on screen and on disk', () => {
    const base = inputs();
    const first = terminal();
    showRememberedFrame(base, first.out, first.input);
    drawFirstFrame(inkDraws(first.out, FRAME), first.out);

    const next = terminal();
    showRememberedFrame(base, next.out, next.input);
    const changed = FRAME.replace('new', 'in progress');
    drawFirstFrame(inkDraws(next.out, changed), next.out);
    // the old frame's 4 lines (3 and the one the cursor is on) erased, as log-update erases a frame
    const erase = `${'\u001B[2K\u001B[1A'.repeat(3)}\u001B[2K\u001B[G`;
    expect(next.written).toEqual([`\u001B[?25l${FRAME}`, `${erase}\u001B[?25l${changed}`]);
    const folder = frameFolder(base) ?? '';
    expect(readFileSync(join(folder, `${frameKey(base)}.frame`), 'utf8')).toBe(
      `\u001B[?25l${changed}`,
    );
  });

  it('remembers the next start’s frame, drawn off screen at this size, when progress changed', () => {
    const base = inputs();
    const t = terminal();
    showRememberedFrame(base, t.out, t.input);
    drawFirstFrame(inkDraws(t.out, FRAME), t.out);
    const changed = { lang: 'en', lessons: { 'first-session': { finished: false, lastStep: 2 } } };
    let size: unknown;
    rememberNextStart(
      changed,
      ({ stdout }) => {
        size = [stdout.columns, stdout.rows, stdout.isTTY];
        stdout.write('\u001B[?25l');
        stdout.write(FRAME.replace('new', 'in progress'));
        return { unmount: () => stdout.write('written as it unmounts') };
      },
      { columns: 100, rows: 30 },
    );
    expect(size).toEqual([100, 30, true]);
    // the next start builds its view in its own order: the same key
    const next = {
      ...base,
      view: { lessons: { 'first-session': { lastStep: 2, finished: false } }, lang: 'en' },
    };
    const folder = frameFolder(base) ?? '';
    expect(readFileSync(join(folder, `${frameKey(next)}.frame`), 'utf8')).toBe(
      `\u001B[?25l${FRAME.replace('new', 'in progress')}`,
    );
    let drawnAgain = false;
    rememberNextStart(
      changed,
      () => {
        drawnAgain = true;
        return { unmount: () => {} };
      },
      { columns: 100, rows: 30 },
    );
    expect(drawnAgain, 'already remembered').toBe(false);
  });

  it('keeps at most 32 frames, dropping the oldest', () => {
    const base = inputs();
    for (let columns = 60; columns < 100; columns++) {
      const t = terminal();
      const sized = { ...base, stdout: { ...tty, columns } };
      showRememberedFrame(sized, t.out, t.input);
      drawFirstFrame(inkDraws(t.out, `${columns}\n`), t.out);
    }
    const folder = frameFolder(base) ?? '';
    expect(readdirSync(folder)).toHaveLength(32);
  });

  it('without a remembered-frame start (tests, other views) draws straight through', () => {
    const t = terminal();
    expect(drawFirstFrame(inkDraws(t.out, FRAME), t.out)).toBe('instance');
    expect(t.written).toEqual(['\u001B[?25l', FRAME]);
  });
});
