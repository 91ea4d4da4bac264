/**
 * Where a CPU profile's time went, by package (react-reconciler, ink, zod, yoga's WebAssembly…)
 * or folder of ours, and by function, self time and inclusive time. bench/trace.ts reads a profile
 * of `trace` with `byOwner`; on its own, for any command run from source:
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx src/cli/main.ts trace big.jsonl --json
 *   node --import tsx bench/profile-summary.ts /tmp/prof/CPU.*.cpuprofile [--top 40]
 *
 * A sampling heap profile (`.heapprofile`) is summed the same way, in bytes still live, by package
 * and by the function that allocated them (and its callers).
 */
import { readFileSync } from 'node:fs';

type Frame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: Frame; children?: number[] };
type Profile = {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
};

/** The package (or our folder) a frame belongs to. */
export function owner(frame: Frame): string {
  const { url, functionName } = frame;
  if (url === '') return functionName === '' ? '(anonymous native)' : `(${functionName})`;
  if (url.startsWith('wasm://')) return 'yoga-layout (WebAssembly)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  const ours = /\/(src\/[^/]+(?:\/[^/]+)?|bench)\//.exec(url);
  if (ours?.[1]) return ours[1];
  if (url.startsWith('node:')) return 'node';
  return url;
}

const label = (f: Frame) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/.*node_modules\//, '').replace(/.*\/(src|bench)\//, '$1/')}:${f.lineNumber + 1}`;

/** Self time (ms) by package or folder, largest first; idle time left out. */
export function byOwner(profile: Profile): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') return;
    const key = owner(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]);
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
