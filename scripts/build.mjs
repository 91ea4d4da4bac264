// Builds the CLI into dist/ as an ES module bundle with code splitting: one file to start, and
// chunks that load only when a command needs them (Ink and React only for interactive views).
// A bundle starts about twice as fast as tsc's many small modules.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { bundleOptions } from './bundle-options.mjs';

const root = join(import.meta.dirname, '..');
rmSync(join(root, 'dist'), { recursive: true, force: true });
await build({
  ...bundleOptions,
  entryPoints: {
    'cli/main': 'src/cli/main.ts',
    'index-lessons': 'scripts/index-lessons.ts',
    'gen-validators': 'scripts/gen-validators.ts',
  },
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
});
// The official JSON Schemas as Ajv's standalone code (dist/validators/): a spawned CLI loads the
// validators of the revision it judges instead of compiling that schema. Generated, not committed:
// the build makes them from the schemas in src/protocol/schema/, so they cannot drift from them.
execFileSync(process.execPath, [join(root, 'dist', 'gen-validators.js')], { stdio: 'inherit' });
// Lessons compiled to JSON: the menu starts without parsing YAML.
execFileSync(process.execPath, [join(root, 'dist', 'index-lessons.js')], { stdio: 'inherit' });
