/**
 * Counters on Ink's layout engine, for the step benchmark: the WebAssembly memory of yoga-layout,
 * the yoga nodes alive, and the layout passes (one per React commit: Ink's resetAfterCommit lays
 * out the whole tree). Install before Ink is imported: yoga instantiates its WebAssembly module
 * while its module loads, so only then can the memory it exports be seen.
 */
type YogaNodeClass = {
  create: (...args: unknown[]) => unknown;
  prototype: { free: () => void; calculateLayout: (...args: unknown[]) => void };
};

// This project's lib has no WebAssembly types (no DOM): the little used here, typed by hand.
type WasmMemory = { readonly buffer: ArrayBuffer };
type WasmInstance = { readonly exports: Record<string, unknown> };
type Wasm = {
  instantiate: (...args: unknown[]) => Promise<WasmInstance | { instance: WasmInstance }>;
  Memory: abstract new (...args: never[]) => WasmMemory;
  Instance: abstract new (...args: never[]) => WasmInstance;
};
const wasm = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;

const memories: WasmMemory[] = [];
const counts = { created: 0, freed: 0, layouts: 0 };
let installed = false;

/** Records the memories of every WebAssembly instance created from now on. */
export function watchWebAssembly(): void {
  if (installed) return;
  installed = true;
  const instantiate = wasm.instantiate.bind(wasm);
  wasm.instantiate = async (...args: unknown[]) => {
    const result = await instantiate(...args);
    // From bytes: { module, instance }; from a module: the instance.
    const instance =
      result instanceof wasm.Instance ? result : 'instance' in result ? result.instance : result;
    for (const value of Object.values(instance.exports))
      if (value instanceof wasm.Memory) memories.push(value);
    return result;
  };
}

/** Counts yoga nodes created and freed, and layout passes (after Ink, hence yoga, is loaded). */
export async function countYogaNodes(): Promise<void> {
  const { default: Yoga } = (await import('yoga-layout')) as unknown as {
    default: { Node: YogaNodeClass };
  };
  const { Node } = Yoga;
  const create = Node.create;
  Node.create = (...args) => {
    counts.created += 1;
    return create(...args);
  };
  const { free, calculateLayout } = Node.prototype;
  Node.prototype.free = function (this: unknown) {
    counts.freed += 1;
    free.call(this);
  };
  Node.prototype.calculateLayout = function (this: unknown, ...args: unknown[]) {
    counts.layouts += 1;
    calculateLayout.apply(this, args);
  };
}

export type LayoutCounts = {
  /** Bytes of WebAssembly memory (yoga's), or null when it loaded before the probe. */
  readonly wasmBytes: number | null;
  readonly liveNodes: number;
  readonly created: number;
  readonly layouts: number;
};

export function layoutCounts(): LayoutCounts {
  return {
    wasmBytes: memories.length === 0 ? null : memories.reduce((n, m) => n + m.buffer.byteLength, 0),
    liveNodes: counts.created - counts.freed,
    created: counts.created,
    layouts: counts.layouts,
  };
}
