// esbuild settings and plugins shared by the build (scripts/build.mjs) and the benchmarks that
// bundle what ships (bench/bundle.mjs).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

// zod re-exports all of its ~50 locales as a namespace, which no bundler can drop: about 300 KB that
// every command would parse at start-up. The bundle keeps English (`z.locales.en`); the others
// resolve to nothing. (The referee's Chinese schema messages import zod's zh-CN locale by its own
// path, src/protocol/schemas.ts, which this does not touch.)
export const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[/\\]zod[/\\]v4[/\\]/.test(args.importer)
        ? { path: join(root, 'scripts', 'zod-locales-en.js') }
        : undefined,
    );
  },
};

const textWidth = join(root, 'src', 'ui', 'text-width.ts');
const boundedMap = join(root, 'src', 'ui', 'bounded-map.ts');
const styledChars = join(root, 'src', 'ui', 'styled-chars.ts');

// Ink measures every character of every frame with string-width and splits every line of every
// frame into styled characters, afresh each frame. Its text goes through two drop-in modules
// instead, which give the same answers (tests hold them to the libraries') without the slow
// paths: src/ui/text-width.ts (a table for ASCII, box drawing, CJK…) and src/ui/styled-chars.ts
// (remembers recent lines). wrap-ansi keeps its own string-width 7, which measures a few
// characters differently.
export const fastInkText = {
  name: 'fast-ink-text',
  setup(b) {
    b.onResolve({ filter: /^string-width$/ }, (args) => {
      if (args.namespace === 'lazy' || /width-table-gen\.ts$/.test(args.importer)) return undefined;
      if (args.importer === textWidth) return { path: 'string-width', namespace: 'lazy' };
      if (/node_modules[/\\]wrap-ansi[/\\]/.test(args.importer)) return undefined;
      return { path: textWidth };
    });
    // string-width itself, for what the table leaves to it, is loaded the first time it is
    // needed: building its emoji expression costs about 25 ms at start-up, and a frame of ASCII,
    // box drawing and CJK never needs it. (esbuild runs a required ES module when first required.)
    b.onLoad({ filter: /^string-width$/, namespace: 'lazy' }, () => ({
      contents: [
        'let loaded;',
        'export default function stringWidth(text, options) {',
        "  loaded ??= require('string-width').default;",
        '  return loaded(text, options);',
        '}',
      ].join('\n'),
      resolveDir: root,
      loader: 'js',
    }));
    // Ink 6.8 keeps the size and the wrapped form of every text it has drawn, forever (ink#986):
    // its two caches become src/ui/bounded-map.ts, the newest 4096 of each. The build stops if
    // Ink's code is not exactly what this expects (after an upgrade, look again).
    const bound = {
      'measure-text.js': [['const cache = new Map();', 'const cache = new BoundedMap(4096);']],
      'wrap-text.js': [
        ['const cache = {};', 'const cache = new BoundedMap(4096);'],
        ['const cachedText = cache[cacheKey];', 'const cachedText = cache.get(cacheKey);'],
        ['cache[cacheKey] = wrappedText;', 'cache.set(cacheKey, wrappedText);'],
      ],
    };
    b.onLoad(
      { filter: /node_modules[/\\]ink[/\\]build[/\\](measure|wrap)-text\.js$/ },
      async (args) => {
        const name = args.path.slice(args.path.lastIndexOf('/') + 1);
        let code = await readFile(args.path, 'utf8');
        for (const [from, to] of bound[name] ?? []) {
          if (code.split(from).length !== 2) {
            throw new Error(
              `ink/build/${name} is not what scripts/bundle-plugins.mjs expects: "${from}"`,
            );
          }
          code = code.replace(from, to);
        }
        return {
          contents: `import { BoundedMap } from ${JSON.stringify(boundedMap)};\n${code}`,
          loader: 'js',
        };
      },
    );
    b.onResolve({ filter: /^@alcalzone\/ansi-tokenize$/ }, (args) =>
      /node_modules[/\\]ink[/\\]build[/\\]output\.js$/.test(args.importer)
        ? { path: styledChars }
        : undefined,
    );
  },
};

/** How the CLI is bundled; the build and the benchmarks add their entry points and outputs. */
export const shipped = {
  absWorkingDir: root,
  bundle: true,
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
};
