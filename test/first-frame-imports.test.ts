import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleOptions } from '../scripts/bundle-options.mjs';

/**
 * What the lesson screen and the menu load before their first frame. The lesson timelines are
 * compiled at build time (src/sim/scenario/lesson-index.ts), so a lesson's first frame needs no
 * referee, no schema and no YAML: one runtime import of the rule table, the SDK's zod schemas or
 * Ajv from a screen module made every lesson load them (docs/benchmarks.md, screens). Dynamic
 * imports do not count: they load when used.
 */
const SCREENS = [
  'src/ui/run.ts',
  'src/ui/menu-app.tsx',
  'src/ui/lesson-app.tsx',
  'src/cli/lesson-source.ts',
];
const HEAVY = [
  'src/machine/rules.ts',
  'node_modules/@modelcontextprotocol/sdk/dist/esm/types.js',
  'node_modules/zod/v4/classic/external.js',
  'node_modules/ajv/dist/2020.js',
  'node_modules/yaml/dist/index.js',
  // Only the busy line and the sandbox use @inkjs/ui's components; they bring its theme.
  'node_modules/@inkjs/ui/build/index.js',
];
/** What the menu needs only once a lesson opens: the catalogue the steps are shaped with. */
const MENU_ONLY_LATER = ['src/protocol/catalogue.ts', 'src/protocol/fields.ts'];

async function graph(entries: readonly string[]): Promise<Metafile['inputs']> {
  const result = await build({
    ...bundleOptions,
    entryPoints: [...entries],
    write: false,
    outdir: 'dist-graph',
    metafile: true,
    splitting: true,
    logLevel: 'silent',
  });
  return result.metafile.inputs;
}

/** The chain of static imports from `start` to `target`, or null when there is none. */
function chain(inputs: Metafile['inputs'], start: string, target: string): string[] | null {
  const from = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    for (const imp of inputs[at]?.imports ?? []) {
      if (imp.kind !== 'import-statement' || from.has(imp.path)) continue;
      from.set(imp.path, at);
      queue.push(imp.path);
    }
  }
  if (!from.has(target)) return null;
  const path: string[] = [];
  for (let at: string | null | undefined = target; at; at = from.get(at)) path.unshift(at);
  return path;
}

describe('the first frame of the menu and of a lesson', () => {
  it('loads no referee, schema or YAML parser', async () => {
    const inputs = await graph(SCREENS);
    for (const start of SCREENS) {
      for (const heavy of HEAVY) expect(chain(inputs, start, heavy), start).toBeNull();
    }
  });

  it('loads the catalogue for the menu only when a lesson opens', async () => {
    const menu = [
      'src/cli/main.ts',
      'src/ui/run.ts',
      'src/ui/menu-app.tsx',
      'src/cli/lesson-source.ts',
    ];
    const inputs = await graph(menu);
    for (const start of menu) {
      for (const later of MENU_ONLY_LATER) expect(chain(inputs, start, later), start).toBeNull();
    }
  });

  it("loads the progress file's validation (zod/mini) only when there is a file to validate", async () => {
    // src/cli/progress.ts imports it when the file exists: a first start draws without zod.
    const starts = ['src/cli/main.ts', ...SCREENS];
    const inputs = await graph(starts);
    for (const start of starts) {
      expect(chain(inputs, start, 'src/cli/progress-file.ts'), start).toBeNull();
      expect(chain(inputs, start, 'node_modules/zod/v4/mini/schemas.js'), start).toBeNull();
    }
    // …and the check would see it: progress-file.ts itself reaches zod/mini.
    const own = await graph(['src/cli/progress-file.ts']);
    expect(
      chain(own, 'src/cli/progress-file.ts', 'node_modules/zod/v4/mini/schemas.js'),
    ).not.toBeNull();
  });

  it('would see one static import of the rule table (the check can fail)', async () => {
    const inputs = await graph(['src/ui/handout.ts']);
    expect(chain(inputs, 'src/ui/handout.ts', 'src/machine/rules.ts')).toEqual(
      expect.arrayContaining(['src/ui/handout.ts', 'src/machine/rules.ts']),
    );
  });
});

/** The output chunk holding `input`, and every input bundled into it, for a build of `entries`. */
async function chunkOf(entries: Record<string, string>, input: string): Promise<string[]> {
  const result = await build({
    ...bundleOptions,
    entryPoints: entries,
    write: false,
    outdir: 'dist-graph',
    metafile: true,
    splitting: true,
    logLevel: 'silent',
  });
  const outputs = Object.values(result.metafile.outputs);
  const holding = outputs.find((o) => input in o.inputs);
  return holding ? Object.keys(holding.inputs) : [];
}

describe('the progress file of a returning learner', () => {
  const CORE = 'node_modules/zod/v4/core/core.js';
  const UNUSED_LOCALE = 'node_modules/zod/v4/locales/fr.js';

  it("loads zod's core with the locales mcp-sim uses, not every locale zod ships", async () => {
    // Every start after the first validates .mcp-sim/progress.json before its first frame, and
    // the chunk with zod's core is what that costs; one `z.locales.en()` anywhere put all of zod's
    // locales in it (535 kB against 171 kB: docs/benchmarks.md).
    const core = await chunkOf({ 'cli/main': 'src/cli/main.ts' }, CORE);
    expect(core).toContain('node_modules/zod/v4/locales/en.js');
    expect(core).not.toContain(UNUSED_LOCALE);
  });

  it('would see the locales namespace used anywhere (the check can fail)', async () => {
    const core = await chunkOf(
      { 'cli/main': 'src/cli/main.ts', probe: 'test/fixtures/zod-locales-namespace.ts' },
      CORE,
    );
    expect(core).toContain(UNUSED_LOCALE);
  });
});
