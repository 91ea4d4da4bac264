// Bundles the UI benchmarks the way scripts/build.mjs bundles the CLI (same plugins, React in
// production mode), so that they time the code that ships: Ink's text goes through
// src/ui/text-width.ts and src/ui/styled-chars.ts only in a bundle. The bundles sit beside their
// sources (bench/*.bundle.mjs, not committed) so that paths relative to them stay the same.
import { build } from 'esbuild';
import { shipped } from '../scripts/bundle-plugins.mjs';

await build({
  ...shipped,
  entryPoints: { 'bench/ui.bundle': 'bench/ui.ts', 'bench/ui-steps.bundle': 'bench/ui-steps.ts' },
  outdir: '.',
  outExtension: { '.js': '.mjs' },
  external: ['esbuild'],
});
