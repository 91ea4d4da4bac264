import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { fastInkText } from '../../scripts/bundle-plugins.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

/** Which modules import which, in a bundle of Ink and wrap-ansi made with or without the plugin. */
async function importers(plugins: Plugin[]): Promise<Map<string, string[]>> {
  const result = await build({
    absWorkingDir: ROOT,
    stdin: {
      contents: "export * from 'ink'; export { default as wrapAnsi } from 'wrap-ansi';",
      resolveDir: ROOT,
    },
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'node',
    external: ['react', 'react-devtools-core', 'yoga-layout'],
    plugins,
    logLevel: 'silent',
  });
  const imported = new Map<string, string[]>();
  for (const [file, input] of Object.entries(result.metafile.inputs)) {
    for (const { path } of input.imports) {
      const to = relative(ROOT, join(ROOT, path));
      imported.set(to, [...(imported.get(to) ?? []), file]);
    }
  }
  return imported;
}

describe('the build’s fast-ink-text plugin', () => {
  it('gives Ink src/ui/text-width.ts for string-width and src/ui/styled-chars.ts for its Output', async () => {
    const withPlugin = await importers([fastInkText]);
    expect(withPlugin.get('src/ui/styled-chars.ts')).toEqual(['node_modules/ink/build/output.js']);
    expect(withPlugin.get('node_modules/@alcalzone/ansi-tokenize/build/index.js')).toEqual([
      'src/ui/styled-chars.ts',
    ]);
    expect(withPlugin.get('src/ui/text-width.ts')).toEqual(
      expect.arrayContaining([
        'node_modules/ink/build/output.js',
        'node_modules/cli-truncate/index.js',
      ]),
    );
    // through a stub that loads it on first use
    expect(withPlugin.get('node_modules/string-width/index.js')).toEqual(['lazy:string-width']);
    expect(withPlugin.get('lazy:string-width')).toEqual(['src/ui/text-width.ts']);
    // wrap-ansi keeps its own string-width 7
    expect(withPlugin.get('node_modules/wrap-ansi/node_modules/string-width/index.js')).toEqual([
      'node_modules/wrap-ansi/index.js',
    ]);
  });

  it('loads string-width only when the table is not enough, with the same answers', async () => {
    const out = mkdtempSync(join(tmpdir(), 'text-width-bundle-'));
    const outfile = join(out, 'text-width.mjs');
    await build({
      absWorkingDir: ROOT,
      entryPoints: ['src/ui/text-width.ts'],
      outfile,
      bundle: true,
      format: 'esm',
      platform: 'node',
      plugins: [fastInkText],
      banner: {
        js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
      logLevel: 'silent',
    });
    const code = readFileSync(outfile, 'utf8');
    // string-width's module (and its emoji expression) runs inside a function called on first use
    expect(code).toMatch(/var init_string_width = __esm\(/);
    expect(code.indexOf('RGI_Emoji')).toBeGreaterThan(code.indexOf('var init_string_width'));
    const bundled = (await import(pathToFileURL(outfile).href)) as {
      default: (text: string) => number;
    };
    for (const text of ['plain', '│─ 步骤', '👩‍💻 e\u0301', '\u001B[1m🎉\u001B[22m', '𠀋']) {
      expect(bundled.default(text), text).toBe(stringWidth(text));
    }
  });

  it('bounds Ink’s two text caches, and stops the build if Ink’s code changed', async () => {
    const withPlugin = await importers([fastInkText]);
    expect(withPlugin.get('src/ui/bounded-map.ts')).toEqual(
      expect.arrayContaining([
        'node_modules/ink/build/measure-text.js',
        'node_modules/ink/build/wrap-text.js',
      ]),
    );
    const changed = mkdtempSync(join(tmpdir(), 'ink-changed-'));
    const file = join(changed, 'node_modules', 'ink', 'build', 'measure-text.js');
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, 'const cache = new WeakMap();\nexport default cache;\n');
    await expect(
      build({
        entryPoints: [file],
        bundle: true,
        write: false,
        plugins: [fastInkText],
        logLevel: 'silent',
      }),
    ).rejects.toThrow(/measure-text\.js is not what scripts\/bundle-plugins\.mjs expects/);
  });

  it('is what makes the difference (without it, Ink imports the libraries)', async () => {
    const without = await importers([]);
    expect(without.get('src/ui/styled-chars.ts')).toBeUndefined();
    expect(without.get('node_modules/string-width/index.js')).toEqual(
      expect.arrayContaining(['node_modules/ink/build/output.js']),
    );
  });
});
