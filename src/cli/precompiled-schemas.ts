import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';
import { type Precompiled, setPrecompiledSource } from '../protocol/precompiled-source.js';

/** The folder of the generated modules (written by the build, scripts/gen-validators.ts). */
export function precompiledDir(): string {
  return join(packageRoot(), 'dist', 'validators');
}

/**
 * Loaded synchronously: checks are synchronous, and Node from 20.19 (the floor `engines` allows)
 * `require`s an ES module.
 */
const load = createRequire(import.meta.url);

/** The generated module of schema `id` in `dir`, or null if there is none. */
export function loadPrecompiled(id: string, dir: string = precompiledDir()): Precompiled | null {
  const file = join(dir, `${id}.js`);
  return existsSync(file) ? (load(file) as Precompiled) : null;
}

// Only the bundle, built together with its generated modules, loads them; run from src (tsx,
// tests), the schema or the options may have changed since dist was built.
const FROM_BUILD = /[/\\]dist[/\\]/.test(import.meta.url);

/** Points the schema books at dist/validators when this is the bundle; a no-op from src. */
export function installPrecompiledSchemas(): void {
  if (!FROM_BUILD) return;
  // Asked for at every check of a peer's schema: the file is looked for once per id.
  const loaded = new Map<string, Precompiled | null>();
  setPrecompiledSource((id) => {
    let module = loaded.get(id);
    if (module === undefined) {
      module = loadPrecompiled(id);
      loaded.set(id, module);
    }
    return module;
  });
}
