import {
  type Dirent,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import type { Plugin } from 'esbuild';
import { ownTable } from '../protocol/json.js';
import { RunnerError } from './runner.js';

/** The flag that turns Node's permission model on, or null where this Node has none. */
export type PermissionFlag = '--permission' | '--experimental-permission';

/**
 * `--permission` is the stable name from Node 22.13 and 23.5; Node 20, 21 and the earlier 22s
 * have the same model as `--experimental-permission` (from 20.0). Older Nodes have none.
 */
export function permissionFlag(version: string = process.version): PermissionFlag | null {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  if (major >= 24 || (major === 23 && minor >= 5) || (major === 22 && minor >= 13))
    return '--permission';
  if (major >= 20) return '--experimental-permission';
  return null;
}

/** Whether `path` is `dir` or inside it (both absolute, symlinks resolved). */
export function inside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Node's modules that load or compile code, or start it elsewhere: with them the learner's module
 * could run a program it carries as data (a copy of mcp-sim's own tracer, packed into a string)
 * instead of the code the exercise asks for.
 */
export const DENIED_BUILTINS = new Set([
  'child_process',
  'cluster',
  'inspector',
  'module',
  'repl',
  'vm',
  'wasi',
  'worker_threads',
]);
/**
 * Node's modules that reach the network. The permission model does not restrict it (on Node 20
 * to 24), and with them the learner's module could hand its inputs to a program running
 * elsewhere (a copy of mcp-sim's tracer behind a small HTTP server) and return its answers:
 * exercise 5's statistics scored 9/9 that way. The global `fetch` (and `WebSocket`,
 * `EventSource` where Node has them) the harness takes away (harness-source.ts).
 */
export const NETWORK_BUILTINS = new Set([
  '_http_agent',
  '_http_client',
  '_http_common',
  '_http_incoming',
  '_http_outgoing',
  '_http_server',
  '_tls_common',
  '_tls_wrap',
  'dgram',
  'dns',
  'http',
  'http2',
  'https',
  'net',
  'tls',
]);

/** Why a built-in module is refused to the learner's code, or null when it is not. */
export function deniedBecause(path: string): string | null {
  const name = path.replace(/^node:/, '').split('/')[0] ?? '';
  if (DENIED_BUILTINS.has(name)) return 'it loads or compiles code';
  if (NETWORK_BUILTINS.has(name)) return 'it reaches the network';
  return null;
}

/** Marks the plugin's own resolve calls, so it does not judge them twice. */
const OWN = Symbol('exercise-folder');

/**
 * Only files in the exercise folder go into the bundle: an import that resolves anywhere else
 * (the reference solutions, the grader's own files, a package) is a load error, so the learner's
 * code cannot carry them into the confined process either. Each file must be imported by its
 * name: esbuild bundles `import('./x' + name)` or `require(\`../${name}\`)` as a glob over the
 * files the path's start names, wherever they are, and without asking this plugin where they
 * resolve; such a file reaches onLoad only, and is refused there, at the import that globbed it.
 */
function exerciseFolderOnly(root: string): Plugin {
  return {
    name: 'exercise-folder-only',
    setup(build) {
      const named = new Set<string>();
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === OWN) return undefined;
        if (isBuiltin(args.path)) {
          const why = deniedBecause(args.path);
          if (why !== null)
            return {
              errors: [{ text: `${args.path} is not available to exercise code (${why})` }],
            };
          return { path: args.path, external: true };
        }
        const found = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: OWN,
        });
        if (found.errors.length > 0) return { errors: found.errors };
        if (found.external || !inside(root, found.path))
          return {
            errors: [{ text: `${args.path} is outside the exercise folder (only its files load)` }],
          };
        named.add(found.path);
        return { path: found.path, namespace: found.namespace };
      });
      build.onLoad({ filter: /.*/ }, (args) =>
        named.has(args.path)
          ? undefined
          : {
              errors: [
                {
                  text: `import() or require() of a computed path is not available to exercise code (only the files of the exercise folder load, each by its name)`,
                },
              ],
            },
      );
    },
  };
}

/**
 * esbuild's own notes on a load it cannot bundle, made errors: `import(name)` or `require(name)`
 * of a path computed at run time (a `data:` URL of a program the code carries, a file beside the
 * module), or `require` passed around (`const r = require`), which could load anything then.
 * Each is refused where it is written, file:line:column, with the text below.
 */
const COMPUTED_LOADS: Readonly<Record<string, string>> = ownTable({
  'unsupported-dynamic-import':
    'import() of a computed path is not available to exercise code (only the files of the exercise folder load, each by its name)',
  'unsupported-require-call':
    'require() of a computed name is not available to exercise code (name the module in a string)',
  'indirect-require':
    "require is not available to exercise code except as require('name') (it loads modules)",
});

// Lets the learner's code `require()` Node's own modules from an ES module bundle, but not those
// that load or compile code (esbuild refuses them by name; this refuses them again at run time).
// The banner's own names are defined away in the learner's code (BANNER_NAMES): a reference to
// one there is a global esbuild replaces, not a way around the check to Node's own require.
const BANNER_NAMES = ['__mcpSimRequire', '__mcpSimDenied', '__mcpSimLoad'] as const;
const BANNER = [
  "import { createRequire as __mcpSimRequire } from 'node:module';",
  `const __mcpSimDenied = new Map(${JSON.stringify(
    [...DENIED_BUILTINS, ...NETWORK_BUILTINS].map((name) => [name, deniedBecause(name)]),
  )});`,
  'const __mcpSimLoad = __mcpSimRequire(import.meta.url);',
  "const require = (id) => { const why = __mcpSimDenied.get(String(id).replace(/^node:/, '').split('/')[0]); if (why) throw new Error(String(id) + ' is not available to exercise code (' + why + ')'); return __mcpSimLoad(id); };",
].join(' ');

/** The bundle written to `file`; `contents` are its bytes, held by the grader (see reload). */
export type Bundle =
  | { readonly ok: true; readonly file: string; readonly contents: Uint8Array }
  | Failed;
type Failed = { readonly ok: false; readonly error: string };

/**
 * Transpiles the learner's module and the files of its folder it imports into one JavaScript
 * file, here in the grader: esbuild starts a process of its own, which the confined child may
 * not. An error reads `/abs/file.ts:line:column: ERROR: text`, as `loadError` expects.
 */
export async function bundleLearner(file: string, dir: string, out: string): Promise<Bundle> {
  const { build } = await import('esbuild');
  let root: string;
  try {
    root = realpathSync(dir);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  try {
    const result = await build({
      entryPoints: [file],
      absWorkingDir: root,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      write: false,
      outfile: out,
      logLevel: 'silent',
      // So that an error the learner's code throws names its .ts file and line (the child runs
      // with --enable-source-maps); the sources themselves stay out of the bundle.
      sourcemap: 'inline',
      sourcesContent: false,
      metafile: true,
      banner: { js: BANNER },
      define: Object.fromEntries(BANNER_NAMES.map((name) => [name, 'undefined'])),
      logOverride: Object.fromEntries(Object.keys(COMPUTED_LOADS).map((id) => [id, 'error'])),
      plugins: [exerciseFolderOnly(root)],
    });
    const js = result.outputFiles.find((f) => f.path === out) ?? result.outputFiles[0];
    if (!js) return { ok: false, error: 'esbuild wrote no file' };
    // A glob whose files were all imported by name as well never reached onLoad on its own: the
    // metafile still lists its pattern (a path with a *) among the importing file's imports.
    for (const [input, { imports }] of Object.entries(result.metafile.inputs)) {
      const glob = imports.find((i) => i.path.includes('*'));
      if (glob)
        return {
          ok: false,
          error: `${join(root, input)}: import() or require() of a computed path (${glob.path}) is not available to exercise code (only the files of the exercise folder load, each by its name)`,
        };
    }
    writeFileSync(out, js.contents, { mode: 0o600 });
    return { ok: true, file: out, contents: js.contents };
  } catch (error) {
    const first = (
      error as { errors?: { id?: string; text: string; location?: Location | null }[] }
    ).errors?.[0];
    if (!first) return { ok: false, error: error instanceof Error ? error.message : String(error) };
    const at = first.location;
    const text = (first.id && COMPUTED_LOADS[first.id]) || first.text;
    return {
      ok: false,
      error: at ? `${join(root, at.file)}:${at.line}:${at.column}: ERROR: ${text}` : text,
    };
  }
}
type Location = { readonly file: string; readonly line: number; readonly column: number };

/**
 * Writes a bundle made before into a new instance's private folder: the same module, without a
 * second esbuild run. `wx`: the folder is fresh, so nothing is there to overwrite or follow.
 */
export function copyBundle(contents: Uint8Array, out: string): Bundle {
  try {
    writeFileSync(out, contents, { mode: 0o600, flag: 'wx' });
    return { ok: true, file: out, contents };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The first symbolic link in the exercise folder (its path there), or null. Node's permission
 * model checks the path the code names, and the system then follows a link in it: a link the
 * learner commits (`root -> /`) would let the confined child read any file, the grader's
 * environment in /proc included. The grader runs a folder only when it has none. Links are not
 * followed while looking (lstat); a folder of more than `limit` entries is refused as well, unsearched
 * (exercise folders hold a handful of files).
 */
export function firstLink(
  dir: string,
  limit = 20_000,
): { readonly link: string } | { readonly tooMany: number } | null {
  const pending = [''];
  let seen = 0;
  for (let rel = pending.pop(); rel !== undefined; rel = pending.pop()) {
    let entries: Dirent[];
    try {
      entries = readdirSync(join(dir, rel), { withFileTypes: true });
    } catch {
      continue; // unreadable: the confined child cannot read it either
    }
    for (const entry of entries) {
      const path = rel === '' ? entry.name : join(rel, entry.name);
      if (entry.isSymbolicLink()) return { link: path };
      if (entry.isDirectory()) pending.push(path);
      if (++seen > limit) return { tooMany: limit };
    }
  }
  return null;
}

/** Why the grader refuses a folder `firstLink` found something in: one line, as a load error. */
export function refusedFolder(
  found: { readonly link: string } | { readonly tooMany: number },
): RunnerError {
  return 'link' in found
    ? new RunnerError(
        'load',
        `${found.link}: a symbolic link in the exercise folder; the grader runs only a folder of plain files and folders (remove the link)`,
        {
          zh: `${found.link}：练习文件夹中有符号链接；评分器只运行由普通文件和文件夹组成的练习文件夹（请删除这个链接）`,
        },
      )
    : new RunnerError(
        'load',
        `the exercise folder holds more than ${found.tooMany} files and folders; the grader runs only an exercise's own few files`,
        {
          zh: `练习文件夹中的文件和文件夹超过 ${found.tooMany} 个；评分器只运行练习本身的少量文件`,
        },
      );
}

/**
 * A private folder (mode 0700) for the bundle and whatever the learner's code writes. Remembered
 * until `removeFolder`: a grader that exits or is stopped by a signal first (Ctrl-C on an endless
 * loop) removes it then, so a check leaves nothing in the temp folder.
 */
export function privateFolder(): string {
  armGroupCleanup();
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-sim-learner-')));
  folders.add(dir);
  return dir;
}

export function removeFolder(dir: string): void {
  folders.delete(dir);
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Node's arguments for the confined child: it reads only its private folder (the bundle), writes
 * nothing, compiles no string, and may start no process or worker (the model's default: no
 * `--allow-child-process`, no `--allow-worker`). One flag per path: Node 24 reads no commas.
 */
export function confinedArgs(
  flag: PermissionFlag | null,
  paths: { readonly exercise: string; readonly temp: string },
): string[] {
  if (!flag) return [];
  // The bundle holds every file of the exercise the module imports: the child reads only its
  // private folder and writes nothing, so it cannot load a file beside the module, or one it
  // wrote, that the bundle did not carry. Nor can it compile a string (eval, new Function).
  void paths.exercise;
  return [
    flag,
    `--allow-fs-read=${paths.temp}`,
    '--disallow-code-generation-from-strings',
    '--disable-warning=ExperimentalWarning',
  ];
}

/** Nothing of the grader's environment: no PATH, no tokens, no NODE_OPTIONS. */
export function minimalEnv(temp: string): Record<string, string> {
  return {
    FORCE_COLOR: '0',
    NO_COLOR: '1',
    HOME: temp,
    TMPDIR: temp,
    LANG: 'C.UTF-8',
    ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
  };
}

/** Process groups of children still running: killed if the grader exits before they are. */
const groups = new Set<number>();
/** Private folders not yet removed: removed, after the groups are killed, if the grader ends first. */
const folders = new Set<string>();
let hooked = false;

/** Kills the whole process group `pid` leads (a child spawned `detached`). */
export function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  groups.delete(pid);
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is already gone.
  }
}

/**
 * The signals a command handles itself after the groups are killed (`check --watch` ends on
 * SIGINT with the state of what it watched): for these the grader does not raise the signal again.
 * Declared, not guessed from the listeners: Ink (signal-exit) listens for SIGINT while the spinner
 * of `check --play` is drawn, and reading that as "someone ends the command" left the command
 * running after Ctrl+C, blaming the learner's code for the kill.
 */
const handledByCommand = new Set<NodeJS.Signals>();

/** `signal` ends the command through its own listener, not by being raised again here. */
export function commandHandles(signal: NodeJS.Signals): void {
  handledByCommand.add(signal);
}

/** A signal is ending the grader: the groups were killed for it, not by the learner's code. */
let stopping = false;

/**
 * True once a signal (Ctrl+C, SIGTERM, SIGHUP) is ending the grader. The learner's process it then
 * kills did not crash: its exit is no verdict on the code. (A signal raised again reaches Node's
 * listeners on a later turn of the event loop, and the child's exit could come first.)
 */
export function stoppingOnSignal(): boolean {
  return stopping;
}

/**
 * Makes the grader kill every remembered group when it exits or a signal stops it. Called before
 * a child is spawned: Node runs a signal's listeners on a later turn of the event loop, so with the
 * listeners in place first, a signal that lands while `spawn` is still returning is handled after
 * the child's group is remembered; without them, Node's default action would end the grader and
 * leave the child running.
 */
export function armGroupCleanup(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', cleanUp);
  // A detached group gets no Ctrl-C from the terminal and outlives a grader a signal stops, so a
  // signal kills the groups first; then, unless the command handles it (commandHandles), the
  // signal is raised again to end the grader as it would have.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      stopping = true;
      cleanUp();
      if (handledByCommand.has(signal)) return;
      process.removeListener(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

/** Kills the remembered groups, then removes the private folders their processes ran in. */
function cleanUp(): void {
  for (const group of [...groups]) killGroup(group);
  for (const dir of [...folders]) {
    try {
      removeFolder(dir);
    } catch {
      // The grader is ending: a folder it cannot remove now (a file still open on Windows) is left.
    }
  }
}

/** Remembers a group to kill on the grader's exit, whatever ends the check. */
export function trackGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  groups.add(pid);
  armGroupCleanup();
}
