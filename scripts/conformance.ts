/**
 * Runs the official MCP conformance suite (`@modelcontextprotocol/conformance`, Streamable HTTP)
 * against `mcp-sim serve --http`, once per spec revision, and writes the verdict of every scenario
 * to `docs/conformance-results.json` (the table in `docs/real-peers.md` is printed from it).
 *
 *   npm run conformance                          # build if stale, serve, run both revisions
 *   npm run conformance -- --revision 2026-07-28 # one revision
 *   npm run conformance -- --table               # print the doc's tables from the last results
 *
 * The suite needs Node 22; it comes from the registry's `node` package through `npm exec`, so the
 * first run downloads both (network needed; later runs use npm's cache). Not part of `npm test`.
 * Exit: 0 every failure is explained by `conformance-notes.ts`, 1 some is not, 2 usage or set-up.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { conformanceNotes } from './conformance-notes.js';
import {
  type Check,
  judgeScenario,
  parseCrashes,
  parseSummary,
  type Revision,
  type RevisionRun,
  renderTable,
  revisions,
  scenarioOfResultDir,
} from './conformance-report.js';

const suitePackage = '@modelcontextprotocol/conformance@0.2.0-alpha.12';
const nodePackage = 'node@22.23.3';
const root = join(import.meta.dirname, '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const resultsFile = join(root, 'docs', 'conformance-results.json');
const serverStartMs = 30_000;
const suiteRunMs = 20 * 60_000;

type Results = {
  readonly suite: string;
  readonly node: string;
  readonly command: string;
  readonly refereeVerdicts: readonly string[];
  readonly runs: readonly RevisionRun[];
};

class SetupError extends Error {}

const children = new Set<ChildProcess>();

/** Ends a child we started (its whole process group: `npm exec` starts the suite under a shell). */
function stop(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) stop(child);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}
process.on('exit', () => {
  for (const child of children) stop(child);
});

function start(command: string, args: readonly string[]): ChildProcess {
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), 0);
}

function buildIfStale(): void {
  const sources = [
    'src',
    'lessons',
    'scripts/build.mjs',
    'scripts/bundle-options.mjs',
    'package.json',
  ];
  const newest = Math.max(...sources.map((p) => newestMtime(join(root, p))));
  if (existsSync(cli) && statSync(cli).mtimeMs >= newest) return;
  process.stderr.write('conformance: building dist/ (npm run build)\n');
  try {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 2, 2] });
  } catch {
    throw new SetupError('npm run build failed (its errors are above)');
  }
}

function npmExec(packages: readonly string[], command: readonly string[]): string[] {
  return ['exec', '--yes', ...packages.map((p) => `--package=${p}`), '--', ...command];
}

/** Starts `serve --http 0` and waits for the line that names the URL it listens on. */
function startServer(verdicts: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = start(process.execPath, [cli, 'serve', '--http', '0']);
  child.stdout?.resume();
  const log: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop(child);
      reject(new SetupError(`serve did not say where it listens within ${serverStartMs / 1000} s`));
    }, serverStartMs);
    let pending = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        log.push(line);
        if (line.includes('referee:') && verdicts.length < 50) verdicts.push(line);
        const listening = /listening on (http:\/\/\S+\/mcp)/u.exec(line);
        if (listening?.[1] !== undefined) {
          clearTimeout(timer);
          resolve({ child, url: listening[1] });
        }
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(
        new SetupError(`serve exited (${code}) before listening: ${log.at(-1) ?? 'no output'}`),
      );
    });
  });
}

/** Runs a command to its end (or the time limit) and keeps what it printed. */
function run(command: string, args: readonly string[], limitMs: number) {
  const child = start(command, args);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop(child);
      reject(new SetupError(`${args.join(' ')} took longer than ${limitMs / 60_000} min`));
    }, limitMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new SetupError(`cannot run ${command}: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

function readChecks(outDir: string): Map<string, Check[]> {
  const checks = new Map<string, Check[]>();
  for (const name of readdirSync(outDir)) {
    const scenario = scenarioOfResultDir(name);
    const file = join(outDir, name, 'checks.json');
    if (scenario !== null && existsSync(file)) {
      checks.set(scenario, JSON.parse(readFileSync(file, 'utf8')) as Check[]);
    }
  }
  return checks;
}

async function runRevision(url: string, revision: Revision, workDir: string): Promise<RevisionRun> {
  const outDir = join(workDir, revision);
  const args = ['server', '--url', url, '--requirements', revision, '-o', outDir];
  process.stderr.write(`conformance: ${suitePackage} server --requirements ${revision}\n`);
  const { code, stdout, stderr } = await run(
    'npm',
    npmExec([nodePackage, suitePackage], ['conformance', ...args]),
    suiteRunMs,
  );
  const summary = parseSummary(stdout);
  if (summary.scenarios.length === 0) {
    const last = stderr.trim().split('\n').at(-1) ?? '';
    throw new SetupError(`the suite printed no summary for ${revision} (exit ${code}): ${last}`);
  }
  const checks = existsSync(outDir) ? readChecks(outDir) : new Map<string, Check[]>();
  const crashes = parseCrashes(stderr);
  const scenarios = summary.scenarios.map((line) =>
    judgeScenario({
      line,
      revision,
      notScoredReason: summary.notScored.get(line.scenario) ?? null,
      checks: checks.get(line.scenario) ?? null,
      crash: crashes.get(line.scenario) ?? null,
      notes: conformanceNotes,
    }),
  );
  const passed = scenarios.reduce((sum, s) => sum + s.passed, 0);
  const failed = scenarios.reduce((sum, s) => sum + s.failed, 0);
  return { revision, date: new Date().toISOString().slice(0, 10), passed, failed, scenarios };
}

function printSummary(results: Results, options: { revisions: readonly Revision[] }): number {
  let unexplained = 0;
  for (const run of results.runs.filter((r) => options.revisions.includes(r.revision))) {
    const failing = run.scenarios.filter((s) => s.result === 'fail');
    process.stdout.write(
      `${run.revision}: ${run.scenarios.length - failing.length}/${run.scenarios.length} scenarios pass (${run.passed} checks passed, ${run.failed} failed)\n`,
    );
    for (const s of run.scenarios) {
      for (const f of s.unexplained) {
        unexplained += 1;
        process.stdout.write(`  UNEXPLAINED ${s.scenario} › ${f.check}: ${f.message}\n`);
      }
    }
  }
  process.stdout.write(
    unexplained === 0
      ? 'Every failure is explained (conformance-notes.ts). Tables: npm run conformance -- --table\n'
      : `${unexplained} failure(s) unexplained: a protocol bug to fix, or a note to add.\n`,
  );
  return unexplained === 0 ? 0 : 1;
}

function readResults(): Results | null {
  if (!existsSync(resultsFile)) return null;
  try {
    return JSON.parse(readFileSync(resultsFile, 'utf8')) as Results;
  } catch {
    throw new SetupError('docs/conformance-results.json is not JSON; run npm run conformance');
  }
}

function printTables(): number {
  const results = readResults();
  if (results === null) {
    process.stderr.write(
      'conformance: no docs/conformance-results.json yet; run npm run conformance\n',
    );
    return 2;
  }
  process.stdout.write(
    `Suite \`${results.suite}\` on Node ${results.node}, against \`${results.command}\`.\n\n`,
  );
  for (const run of results.runs) process.stdout.write(`${renderTable(run)}\n\n`);
  return 0;
}

function parseArgs(argv: readonly string[]): { table: boolean; revisions: readonly Revision[] } {
  let table = false;
  let chosen: readonly Revision[] = revisions;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--table') table = true;
    else if (arg === '--revision') {
      i += 1;
      const value = argv[i];
      const revision = revisions.find((r) => r === value);
      if (revision === undefined)
        throw new SetupError(`--revision takes ${revisions.join(' or ')}`);
      chosen = [revision];
    } else throw new SetupError(`unknown argument ${arg} (try --table or --revision <revision>)`);
  }
  return { table, revisions: chosen };
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  if (options.table) return printTables();
  buildIfStale();
  const node = await run('npm', npmExec([nodePackage], ['node', '--version']), suiteRunMs);
  if (node.code !== 0)
    throw new SetupError(`cannot get ${nodePackage}: ${node.stderr.trim().split('\n').at(-1)}`);
  const verdicts: string[] = [];
  const server = await startServer(verdicts);
  const workDir = mkdtempSync(join(tmpdir(), 'mcp-sim-conformance-'));
  try {
    process.stderr.write(`conformance: mcp-sim serve --http listening on ${server.url}\n`);
    const fresh: RevisionRun[] = [];
    for (const revision of options.revisions) {
      fresh.push(await runRevision(server.url, revision, workDir));
    }
    // A revision run alone keeps the other revision's last results (same suite only).
    const previous = readResults();
    const kept = previous?.suite === suitePackage ? previous.runs : [];
    const runs = revisions.flatMap((revision) => {
      const run = fresh.find((r) => r.revision === revision);
      return run !== undefined ? [run] : kept.filter((r) => r.revision === revision);
    });
    const results: Results = {
      suite: suitePackage,
      node: node.stdout.trim(),
      command: 'mcp-sim serve --http 0',
      refereeVerdicts: verdicts,
      runs,
    };
    writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
    process.stderr.write('conformance: wrote docs/conformance-results.json\n');
    return printSummary(results, options);
  } finally {
    stop(server.child);
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (!(error instanceof SetupError)) throw error;
    process.stderr.write(`conformance: ${error.message}\n`);
    process.exit(2);
  },
);
