import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** The layers of DESIGN.md, top to bottom; imports point down only. */
const LAYERS = [
  'cli',
  'ui',
  'grader',
  'trace',
  'transport',
  'sim',
  'session',
  'machine',
  'protocol',
] as const;
type Layer = (typeof LAYERS)[number];
const rank = (layer: Layer) => LAYERS.length - LAYERS.indexOf(layer);

/** Modules that need a terminal, a file system or a process: not in the pure layers. */
const FORBIDDEN =
  /^(?:ink(?:-[\w-]+)?|@inkjs\/.*|react(?:\/.*)?|react-dom(?:\/.*)?|(?:node:)?fs(?:\/.*)?|(?:node:)?process)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(?:ts|tsx|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Source text with comments blanked out (strings kept: module specifiers live in them). */
function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Every module specifier a file imports or re-exports: static, side-effect, dynamic, require. */
function specifiers(text: string): string[] {
  const code = stripComments(text);
  const found: string[] = [];
  const patterns = [
    // import x from 'm'; import {a,\n b} from 'm'; import type … from 'm'; export … from 'm'
    /(?:^|[;}\s])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s*)?['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) if (match[1]) found.push(match[1]);
  }
  return found;
}

const usesGlobalProcess = (text: string) =>
  /(?<![\w.$])process\s*(?:\.|\[|\?\.)/.test(stripComments(text));

function layerOf(file: string): Layer | null {
  const top = relative(SRC, file).split(sep)[0];
  return (LAYERS as readonly string[]).includes(top ?? '') ? (top as Layer) : null;
}

const filesOf = (layer: Layer) => sourceFiles(join(SRC, layer));
const show = (file: string) => relative(join(SRC, '..'), file);

describe('the scanner itself', () => {
  it('finds every kind of import and re-export', () => {
    const text = [
      "import { render } from 'ink';",
      "import React, {\n  useState,\n  useEffect,\n} from 'react';",
      "import type { Stats } from 'node:fs';",
      "import 'fs';",
      "export * from 'node:process';",
      "export { a, b } from './local.js';",
      "const p = await import('node:fs/promises');",
      "const q = require('process');",
      "const ok = Array.from('abc'); // import x from 'commented-out'",
      "/* import y from 'also-commented' */",
    ].join('\n');
    expect(specifiers(text)).toEqual(
      expect.arrayContaining([
        'ink',
        'react',
        'node:fs',
        'fs',
        'node:process',
        './local.js',
        'node:fs/promises',
        'process',
      ]),
    );
    expect(specifiers(text)).not.toContain('commented-out');
    expect(specifiers(text)).not.toContain('also-commented');
    expect(specifiers(text)).not.toContain('abc');
  });

  it('sees the global process but not words that merely contain it', () => {
    expect(usesGlobalProcess('const x = process.env.HOME;')).toBe(true);
    expect(usesGlobalProcess('if (process?.stdout) {}')).toBe(true);
    expect(usesGlobalProcess("const y = process['argv'];")).toBe(true);
    expect(usesGlobalProcess('// the process.exit of a child\nconst a = 1;')).toBe(false);
    expect(usesGlobalProcess('const subprocess = 1; subprocess.kill; ctx.process.x;')).toBe(false);
  });

  it('rejects the modules the pure layers must not use, and nothing else', () => {
    for (const m of [
      'ink',
      'ink-testing-library',
      '@inkjs/ui',
      'react',
      'react/jsx-runtime',
      'fs',
      'node:fs',
      'fs/promises',
      'node:fs/promises',
      'process',
      'node:process',
    ]) {
      expect(FORBIDDEN.test(m), m).toBe(true);
    }
    for (const m of [
      'xstate',
      'zod',
      '@modelcontextprotocol/sdk/types.js',
      './fs.js',
      'node:buffer',
      'inky',
    ]) {
      expect(FORBIDDEN.test(m), m).toBe(false);
    }
  });
});

describe.each(['protocol', 'machine'] as const)('src/%s runs anywhere', (layer) => {
  const files = filesOf(layer);

  it('has source files to check', () => {
    expect(files.length).toBeGreaterThan(3);
  });

  it('imports no Ink, React, file system or process module', () => {
    const offences = files.flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .filter((s) => FORBIDDEN.test(s))
        .map((s) => `${show(file)} imports ${s}`),
    );
    expect(offences).toEqual([]);
  });

  it('does not touch the global process', () => {
    const offences = files
      .filter((file) => usesGlobalProcess(readFileSync(file, 'utf8')))
      .map(show);
    expect(offences).toEqual([]);
  });
});

describe('layers point down only (DESIGN.md)', () => {
  const files = sourceFiles(SRC);

  function upwardImports(from: Layer[]): string[] {
    return files
      .filter((file) => {
        const layer = layerOf(file);
        return layer !== null && from.includes(layer);
      })
      .flatMap((file) => {
        const layer = layerOf(file) as Layer;
        return specifiers(readFileSync(file, 'utf8'))
          .filter((s) => s.startsWith('.'))
          .flatMap((s) => {
            const target = resolve(dirname(file), s);
            if (!target.startsWith(SRC + sep)) return [`${show(file)} imports ${s}, outside src/`];
            const to = layerOf(target);
            // A folder DESIGN.md does not name (src/i18n, say) has no rank to compare against.
            if (to === null) return [];
            return rank(to) > rank(layer) ? [`${show(file)} (${layer}) imports ${s} (${to})`] : [];
          });
      });
  }

  it('src/protocol imports only from itself', () => {
    const outside = filesOf('protocol').flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .filter((s) => s.startsWith('.'))
        .filter((s) => layerOf(resolve(dirname(file), s)) !== 'protocol')
        .map((s) => `${show(file)} imports ${s}`),
    );
    expect(outside).toEqual([]);
  });

  it('src/machine imports nothing from trace, cli, ui, sim, grader or transport', () => {
    expect(upwardImports(['machine'])).toEqual([]);
    const above: readonly (Layer | null)[] = ['trace', 'cli', 'ui', 'sim', 'grader', 'transport'];
    const offences = filesOf('machine').flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .filter((s) => s.startsWith('.') && above.includes(layerOf(resolve(dirname(file), s))))
        .map((s) => `${show(file)} imports ${s}`),
    );
    expect(offences).toEqual([]);
  });

  it('every layer of src imports only its own or lower layers', () => {
    expect(upwardImports([...LAYERS])).toEqual([]);
  });
});

/** The layers `from` imports from, each import as `file imports specifier (layer)`. */
function importsInto(from: Layer, into: readonly Layer[]): string[] {
  return filesOf(from).flatMap((file) =>
    specifiers(readFileSync(file, 'utf8'))
      .filter((s) => s.startsWith('.'))
      .flatMap((s) => {
        const to = layerOf(resolve(dirname(file), s));
        return to !== null && into.includes(to) ? [`${show(file)} imports ${s} (${to})`] : [];
      }),
  );
}

describe('one seam between sources and observers (src/session)', () => {
  // Sources push wire events into the session log; observers read its steps. They meet only there.
  const SOURCES = ['sim', 'transport'] as const;
  const OBSERVERS = ['ui', 'trace'] as const;

  it.each(SOURCES)('the %s source imports no observer', (source) => {
    expect(importsInto(source, OBSERVERS)).toEqual([]);
  });

  it.each(OBSERVERS)('the %s observer imports no source', (observer) => {
    expect(importsInto(observer, SOURCES)).toEqual([]);
  });

  it.each([...SOURCES, ...OBSERVERS])('%s goes through src/session', (layer) => {
    expect(importsInto(layer, ['session']).length).toBeGreaterThan(0);
  });

  it('the session log is the only place the referee is advanced', () => {
    const advancing = sourceFiles(SRC)
      .filter((file) => layerOf(file) !== 'machine' && layerOf(file) !== 'session')
      .filter((file) =>
        /\b(?:startReferee|advance|refereeStep|createReferee)\s*\(|createActor\(\s*sessionMachine\b/.test(
          stripComments(readFileSync(file, 'utf8')),
        ),
      )
      .map(show);
    expect(advancing).toEqual([]);
  });

  it('the scanner sees an observer importing a source', () => {
    // A check that cannot fail proves nothing: the same scan over a planted import.
    const planted = "import { SimServer } from '../sim/server/sim-server.js';";
    const file = join(SRC, 'ui', 'planted.ts');
    const hits = specifiers(planted)
      .filter((s) => s.startsWith('.'))
      .map((s) => layerOf(resolve(dirname(file), s)));
    expect(hits).toEqual(['sim']);
  });
});
