/**
 * Where a CPU profile's time went, by package (react-reconciler, ink, zod, yoga's WebAssembly…)
 * or folder of ours, and by function, self time and inclusive time. bench/trace.ts and
 * bench/screen.ts read profiles with `byOwner`, which also sees into esbuild's bundles (dist/,
 * bench/out/): each module there starts with a `// path` comment, and a profile says on which
 * line each sample fell. On its own, for any command:
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof dist/cli/main.js trace big.jsonl --json
 *   node --import tsx bench/profile-summary.ts /tmp/prof/CPU.*.cpuprofile [--top 40]
 *
 * A sampling heap profile (`.heapprofile`) is summed the same way, in bytes still live, by package
 * and by the function that allocated them (and its callers).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Frame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = {
  id: number;
  callFrame: Frame;
  children?: number[];
  /** Samples by line (1-based), where V8 recorded them. */
  positionTicks?: { line: number; ticks: number }[];
};
export type Profile = {
  nodes: ProfileNode[];
  /** µs on CLOCK_MONOTONIC, as process.hrtime; each sample is `timeDeltas` later than the last. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};

function packageOf(path: string): string | undefined {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg?.[1]) return pkg[1];
  const ours = /(?:^|\/)(src\/[^/]+(?:\/[^/]+(?=\/))?|bench|scripts)\//.exec(path);
  return ours?.[1];
}

/** The package (or our folder) a frame belongs to. */
export function owner(frame: Frame): string {
  const { url, functionName } = frame;
  if (url === '') {
    if (functionName === '') return '(anonymous native)';
    return functionName.startsWith('(') ? functionName : `(${functionName})`;
  }
  if (url.startsWith('wasm://')) return 'yoga-layout (WebAssembly)';
  if (url.startsWith('node:')) return 'node';
  return packageOf(url) ?? url;
}

// For each bundle, the lines where its modules start: [0-based line, module path], in order.
const bundles = new Map<string, [number, string][]>();

function modulesOf(url: string): [number, string][] {
  let starts = bundles.get(url);
  if (starts === undefined) {
    starts = [];
    try {
      readFileSync(fileURLToPath(url), 'utf8')
        .split('\n')
        .forEach((text, line) => {
          const path = /^\/\/ (\S+\.(?:[cm]?[jt]sx?|json))$/.exec(text)?.[1];
          if (path !== undefined) starts?.push([line, path]);
        });
    } catch {
      // not a file of this machine: the URL is all there is
    }
    bundles.set(url, starts);
  }
  return starts;
}

/** Like `owner`, for a sample at `line` (0-based): in a bundle, the package of the module there. */
export function ownerAt(frame: Frame, line: number): string {
  if (!/^file:.*\/(?:dist|bench\/out)\//.test(frame.url)) return owner(frame);
  let module: string | undefined;
  for (const [start, path] of modulesOf(frame.url)) {
    if (start > line) break;
    module = path;
  }
  return module === undefined ? `${owner(frame)} (bundle glue)` : (packageOf(module) ?? module);
}

const label = (f: Frame) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/.*node_modules\//, '').replace(/.*\/(src|bench)\//, '$1/')}:${f.lineNumber + 1}`;

/**
 * Self time (ms) by package or folder, largest first; idle time left out. With `window` (µs on the
 * profile's clock), only the samples taken within it. A function's samples go to the lines V8
 * recorded them at (so that in a bundle each goes to its module), in proportion.
 */
export function byOwner(
  profile: Profile,
  window?: { readonly from: number; readonly to: number },
): [string, number][] {
  const self = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (window !== undefined && (at < window.from || at > window.to)) return;
    self.set(id, (self.get(id) ?? 0) + delta / 1000);
  });
  const by = new Map<string, number>();
  const add = (key: string, ms: number) => by.set(key, (by.get(key) ?? 0) + ms);
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    if (ms === 0 || node.callFrame.functionName === '(idle)') continue;
    const ticks = node.positionTicks ?? [];
    const all = ticks.reduce((n, t) => n + t.ticks, 0);
    if (all === 0) add(ownerAt(node.callFrame, node.callFrame.lineNumber), ms);
    for (const t of ticks) add(ownerAt(node.callFrame, t.line - 1), (ms * t.ticks) / all);
  }
  return [...by].sort((a, b) => b[1] - a[1]);
}

export function summarise(profile: Profile, top: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const selfFn = new Map<string, number>();
  const inclusiveFn = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') return;
    total += dt;
    self.set(owner(node.callFrame), (self.get(owner(node.callFrame)) ?? 0) + dt);
    selfFn.set(label(node.callFrame), (selfFn.get(label(node.callFrame)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame) break;
      const key = label(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusiveFn.set(key, (inclusiveFn.get(key) ?? 0) + dt);
    }
  });
  const table = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(
        ([k, ms]) =>
          `${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${k}`,
      )
      .join('\n');
  return [
    `busy ${total.toFixed(0)} ms`,
    '\nself time by package:',
    table(self, 25),
    '\nself time by function:',
    table(selfFn, top),
    '\ninclusive time by function:',
    table(inclusiveFn, top),
  ].join('\n');
}

type HeapNode = { callFrame: Frame; selfSize: number; children: HeapNode[] };

export function summariseHeap(profile: { head: HeapNode }, top: number): string {
  const byOwner = new Map<string, number>();
  const byStack = new Map<string, number>();
  let total = 0;
  const walk = (node: HeapNode, stack: readonly string[]) => {
    const here = [label(node.callFrame), ...stack];
    if (node.selfSize > 0) {
      total += node.selfSize;
      const key = owner(node.callFrame);
      byOwner.set(key, (byOwner.get(key) ?? 0) + node.selfSize);
      const path = here.slice(0, 4).join(' ← ');
      byStack.set(path, (byStack.get(path) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, here);
  };
  walk(profile.head, []);
  const kb = (n: number) => `${(n / 1024).toFixed(0).padStart(8)} KB`;
  const table = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, bytes]) => `${kb(bytes)}  ${k}`)
      .join('\n');
  return [
    `live ${kb(total)}`,
    '\nby package:',
    table(byOwner, 20),
    '\nby allocation site (and callers):',
    table(byStack, top),
  ].join('\n');
}

// Run on its own, not when bench/trace.ts imports it.
const file = /[/\\]profile-summary\.ts$/.test(process.argv[1] ?? '') ? process.argv[2] : undefined;
if (file) {
  const at = process.argv.indexOf('--top');
  const top = at >= 0 ? Number(process.argv[at + 1]) : 40;
  const data = JSON.parse(readFileSync(file, 'utf8'));
  const text = 'head' in data ? summariseHeap(data, top) : summarise(data as Profile, top);
  process.stdout.write(`${text}\n`);
}
