import { FakeTtyIn, FakeTtyOut } from './fake-tty.js';

type Size = { readonly columns: number; readonly rows: number };
// Ink and React are loaded when the floor is measured, not with this module: the step benchmark
// has to see yoga load (layout-probe.ts), and a static import here would load it first.
type Libraries = { readonly ink: typeof import('ink'); readonly react: typeof import('react') };

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A screen of plain ASCII text, a number on each line changing with every key. */
function PlainScreen({ libraries, size }: { libraries: Libraries; size: Size }) {
  const { Box, Text, useInput } = libraries.ink;
  const { createElement: h, useState } = libraries.react;
  const [n, setN] = useState(0);
  useInput(() => setN((x) => x + 1));
  const line = (i: number) =>
    `line ${i} of a screen of plain text, number ${n + i}, `.repeat(3).slice(0, size.columns);
  const lines = Array.from({ length: size.rows - 2 }, (_, i) =>
    h(Text, { key: i, wrap: 'truncate-end' }, line(i)),
  );
  return h(Box, { flexDirection: 'column', height: size.rows - 1 }, ...lines);
}

/**
 * What Ink alone takes per key on this machine, to read the step figures against: a screen of
 * the same size filled with plain ASCII text (no colour, no wide or box-drawing characters).
 * Key → frame written, median of `keys`, ms.
 */
export async function inkFloor(size: Size, keys = 200): Promise<number> {
  const libraries = { ink: await import('ink'), react: await import('react') };
  const stdout = new FakeTtyOut(size.columns, size.rows);
  const stdin = new FakeTtyIn();
  const app = libraries.ink.render(
    libraries.react.createElement(PlainScreen, { libraries, size }),
    {
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      stderr: new FakeTtyOut(size.columns, size.rows) as unknown as NodeJS.WriteStream,
      exitOnCtrlC: false,
      patchConsole: false,
    },
  );
  const times: number[] = [];
  for (let k = 0; k < keys; k++) {
    await pause(40); // past Ink's 30-a-second throttle: each key's frame is written at once
    const start = performance.now();
    stdin.type('n');
    await pause(0); // React renders in a microtask; by the next timer the frame is written
    if (stdout.lastWriteAt < start) throw new Error('no frame for a key');
    times.push(stdout.lastWriteAt - start);
  }
  app.unmount();
  return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
}
