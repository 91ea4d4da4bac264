// Builds the CLI into dist/ as an ES module bundle with code splitting: one file to start, and
// chunks that load only when a command needs them (Ink and React only for interactive views).
// A bundle starts about twice as fast as tsc's many small modules (docs/benchmarks.md).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { fastInkText, zodEnglishOnly } from './bundle-plugins.mjs';

const root = join(import.meta.dirname, '..');
rmSync(join(root, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { 'cli/main': 'src/cli/main.ts', 'index-lessons': 'scripts/index-lessons.ts' },
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  // Ink imports react-devtools-core only when DEV=true; bundled, its import would be hoisted.
  alias: { 'react-devtools-core': './scripts/devtools-stub.js' },
  define: { 'process.env.NODE_ENV': '"production"' },
  // Bundled CommonJS dependencies (react, yaml…) call require(); sql.js reads __dirname.
  banner: {
    js: "import { createRequire as __mcpSimCreateRequire } from 'node:module'; const require = __mcpSimCreateRequire(import.meta.url); const __filename = new URL(import.meta.url).pathname; const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));",
  },
  plugins: [zodEnglishOnly, fastInkText],
  logLevel: 'warning',
});
// Lessons compiled to JSON: the menu starts without parsing YAML.
execFileSync(process.execPath, [join(root, 'dist', 'index-lessons.js')], { stdio: 'inherit' });
