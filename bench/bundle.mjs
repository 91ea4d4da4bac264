// Bundles the UI benchmarks the way scripts/build.mjs bundles the CLI (same plugins, React in
// production mode), so that they time the code that ships: Ink's text goes through
// src/ui/text-width.ts and src/ui/styled-chars.ts only in a bundle. The bundles sit beside their
// sources (bench/*.bundle.mjs, not committed) so that paths relative to them stay the same.
import { join } from 'node:path';
import { build } from 'esbuild';
import { fastInkText, zodEnglishOnly } from '../scripts/bundle-plugins.mjs';

const root = join(import.meta.dirname, '..');
await build({
  absWorkingDir: root,
  entryPoints: { 'bench/ui.bundle': 'bench/ui.ts', 'bench/ui-steps.bundle': 'bench/ui-steps.ts' },
  outdir: '.',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  external: ['esbuild'],
  alias: { 'react-devtools-core': './scripts/devtools-stub.js' },
  define: { 'process.env.NODE_ENV': '"production"' },
  banner: {
    js: "import { createRequire as __benchCreateRequire } from 'node:module'; const require = __benchCreateRequire(import.meta.url);",
  },
  plugins: [zodEnglishOnly, fastInkText],
  logLevel: 'warning',
});
