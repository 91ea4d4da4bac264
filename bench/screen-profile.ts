import { type CpuByPackage, cpuByPackage, firstScreen, keyToFrame } from './screen-runs.js';

type Start = { readonly command: readonly string[]; readonly shown: RegExp };
type Keys = Start & { readonly answer: (k: number) => RegExp };

/**
 * Where the CPU time of the screen benchmarks goes, by package: one profiled run of each first
 * frame (from the start to the frame), and for keys a profiled session of `keys` keys (from the
 * first timed key to the last frame), per key. A markdown table, the largest packages first.
 */
export async function whereTheTimeGoes(runs: {
  readonly bareFirst: Start;
  readonly menu: Start;
  readonly lesson: Start;
  readonly bareKeys: Keys;
  readonly playKeys: Keys;
  readonly keys: number;
}): Promise<string> {
  const first = (run: Start) =>
    cpuByPackage((profiled) => firstScreen(profiled(run.command), run.shown));
  const perKey = async (run: Keys): Promise<CpuByPackage> => {
    const session = await cpuByPackage((profiled) =>
      keyToFrame(profiled(run.command), run.shown, run.answer, runs.keys),
    );
    return new Map([...session].map(([name, ms]) => [name, ms / runs.keys]));
  };
  const columns: [string, CpuByPackage][] = [
    ['bare Ink, first frame', await first(runs.bareFirst)],
    ['menu, first frame', await first(runs.menu)],
    ['`lesson 1`, first frame', await first(runs.lesson)],
    ['bare Ink, a key', await perKey(runs.bareKeys)],
    ['`play`, a key', await perKey(runs.playKeys)],
  ];
  const names = new Set(columns.flatMap(([, byPackage]) => [...byPackage.keys()]));
  const weight = (name: string) =>
    Math.max(...columns.map(([, byPackage], i) => (byPackage.get(name) ?? 0) * (i >= 3 ? 30 : 1)));
  const top = [...names].sort((a, b) => weight(b) - weight(a)).slice(0, 14);
  const cell = (byPackage: CpuByPackage, name: string, i: number) =>
    (byPackage.get(name) ?? 0).toFixed(i >= 3 ? 1 : 0);
  const total = (byPackage: CpuByPackage) => [...byPackage.values()].reduce((n, ms) => n + ms, 0);
  const rest = (byPackage: CpuByPackage) =>
    total(byPackage) - top.reduce((n, name) => n + (byPackage.get(name) ?? 0), 0);
  return [
    'Where the time goes: CPU self time in ms by package, from one profiled run of each (the',
    'profiler adds its own cost): a first frame from the start to the frame, a key from the first',
    `of ${runs.keys} timed keys to the last frame, divided by ${runs.keys}. \`node\` is Node itself: compiling modules,`,
    "the file system, streams, its `fetch` (which yoga's loader uses to read its WebAssembly).",
    '',
    `| package | ${columns.map(([name]) => name).join(' | ')} |`,
    `|---|${columns.map(() => '---').join('|')}|`,
    ...top.map(
      (name) => `| ${name} | ${columns.map(([, c], i) => cell(c, name, i)).join(' | ')} |`,
    ),
    `| everything else | ${columns.map(([, c], i) => rest(c).toFixed(i >= 3 ? 1 : 0)).join(' | ')} |`,
    `| **total** | ${columns.map(([, c], i) => total(c).toFixed(i >= 3 ? 1 : 0)).join(' | ')} |`,
    '',
  ].join('\n');
}
