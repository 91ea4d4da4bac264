// esbuild settings shared by the build (scripts/build.mjs) and the benchmark that bundles a bare
// Ink app the same way (bench/screen.ts). Dependencies go in as published: no plugins.
import { join } from 'node:path';

/** How the CLI is bundled; the build and the benchmark add their entry points and outputs. */
export const bundleOptions = {
  absWorkingDir: join(import.meta.dirname, '..'),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  // Ink imports react-devtools-core (an optional peer, not installed) only when DEV=true, from its
  // own module; with code splitting that module is a chunk of its own, loaded only then, and Ink
  // reports the missing package itself.
  // esbuild (the grader transpiles learners' TypeScript with it) finds its own binary at run time.
  external: ['react-devtools-core', 'esbuild'],
  // React's production build, as a bundler picks it.
  define: { 'process.env.NODE_ENV': '"production"' },
  // Bundled CommonJS dependencies (react, yaml…) call require(); sql.js reads __dirname.
  banner: {
    js: "import { createRequire as __mcpSimCreateRequire } from 'node:module'; const require = __mcpSimCreateRequire(import.meta.url); const __filename = new URL(import.meta.url).pathname; const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));",
  },
  logLevel: 'warning',
};
