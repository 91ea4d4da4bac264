import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { USAGE_STRINGS } from '../../i18n/usage-strings.js';
import type { Violation } from '../../machine/index.js';
import { visibleJson } from '../../protocol/index.js';
import { readLineBatches, utf16Order } from '../../session/index.js';
import {
  abandonLine,
  createTracer,
  headerRow,
  labelJson,
  labelRow,
  problemLine,
  summaryLines,
  type TraceProblem,
  violationLine,
} from '../../trace/index.js';
import { createWriter } from '../output.js';
import { colourWanted, createStyle } from '../style.js';
import { UsageError } from '../usage.js';

export type TraceOptions = {
  readonly file: string;
  readonly json: boolean;
  readonly strict: boolean;
  /** The text report's language (`--json` is the same in both). */
  readonly lang?: 'en' | 'zh';
};

/** At most this many violation details are kept for the text report's closing section. */
const DETAIL_LIMIT = 200;

export async function checkReadable(file: string): Promise<void> {
  if (file === '-') return;
  if (file === '') throw new UsageError(USAGE_STRINGS.emptyFileName, {});
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw new UsageError(USAGE_STRINGS.isDirectory, { file });
    // A pipe (`trace <(cmd)`, a FIFO) cannot be read twice: transcriptSource tells its UTF-16.
    if (!info.isFile()) return;
    // UTF-16 (PowerShell's `>`) would be an unreadable line per line: one error names it instead.
    const order = utf16Order(await headOf(file));
    if (order) throw new UsageError(USAGE_STRINGS.utf16File, { file, order: `UTF-16${order}` });
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw code === 'ENOENT'
      ? new UsageError(USAGE_STRINGS.noSuchFile, { file })
      : new UsageError(USAGE_STRINGS.cannotRead, { file, code: code ?? 'error' });
  }
}

/**
 * What `file` names as the lines' source: the file itself, or for `-` standard input (and for a
 * path that is no regular file: `<(cmd)`, a FIFO, /dev/stdin), a stream whose first bytes are read
 * ahead to tell UTF-16 (PowerShell's `... | mcp-sim trace -`) as a file's are: one usage error
 * naming it, not an unreadable line per line. The bytes read ahead are handed on.
 */
export async function transcriptSource(
  file: string,
  stdin: NodeJS.ReadableStream = process.stdin,
): Promise<string | AsyncIterable<Buffer | string>> {
  if (file === '-') return sniffed(stdin, 'stdin');
  // A pipe has no position to read its head at (ESPIPE) and gives its bytes once: read it as a stream.
  if ((await stat(file)).isFile()) return file;
  const stream = createReadStream(file, { highWaterMark: 1 << 16 });
  try {
    return await sniffed(stream, file);
  } catch (error) {
    stream.destroy();
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(USAGE_STRINGS.cannotRead, { file, code: code ?? 'error' });
  }
}

/** A stream with its first bytes read ahead: a usage error naming `name` if they are UTF-16. */
async function sniffed(
  input: NodeJS.ReadableStream,
  name: string,
): Promise<AsyncIterable<Buffer | string>> {
  const chunks = (input as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < 16) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    const bytes = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    head.push(bytes);
    size += bytes.length;
  }
  const order = utf16Order(Buffer.concat(head, size).subarray(0, 16));
  if (order) {
    await chunks.return?.(); // stop reading: a writer still piping in is not waited for
    throw new UsageError(USAGE_STRINGS.utf16File, { file: name, order: `UTF-16${order}` });
  }
  return (async function* () {
    yield* head;
    if (ended) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  })();
}

/** The first bytes of a file (fewer if it is shorter). */
async function headOf(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(16), 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function traceCommand(options: TraceOptions): Promise<number> {
  await checkReadable(options.file);
  const tracer = createTracer();
  const out = createWriter();
  const problems: Array<TraceProblem & { violations?: string[] }> = [];
  let problemCount = 0;
  // The text report lists only the first problems again at the end: keep no more than that, so a
  // stream of garbage (`trace /dev/urandom`) does not grow the process (--json must list them all).
  const keepProblem = (problem: TraceProblem, broken: readonly Violation[]) => {
    problemCount += 1;
    // --json lists them as the contract says, {line, message}, in English, and the rules a line
    // the referee read broke (invalid-envelope), as a message's violations are listed: the
    // summary counts them.
    if (options.json) {
      const entry: TraceProblem & { violations?: string[] } = {
        line: problem.line,
        message: problem.message,
      };
      if (broken.length > 0) entry.violations = broken.map((v) => v.rule);
      problems.push(entry);
    } else if (problems.length < DETAIL_LIMIT) problems.push(problem);
  };
  const details: Array<{ line: number; violation: Violation }> = [];
  let detailOverflow = 0;
  const keepDetails = (line: number, violations: readonly Violation[]) => {
    for (const violation of violations) {
      if (details.length < DETAIL_LIMIT) details.push({ line, violation });
      else detailOverflow += 1;
    }
  };
  let messages = 0;
  const paint = createStyle(!options.json && colourWanted());
  const lang = options.lang ?? 'en';
  const zh = lang === 'zh';
  const more = (n: number) => (zh ? `  ……另有 ${n} 条` : `  … and ${n} more`);
  const source = await transcriptSource(options.file);

  if (options.json) out.write('{"messages":[');
  else out.write(`${headerRow(paint, lang)}\n`);
  for await (const batch of readLineBatches(source)) {
    for (const raw of batch) {
      for (const event of tracer.push(raw)) {
        if (event.type === 'problem') {
          keepProblem(event.problem, event.details);
          if (!options.json) {
            out.write(`${problemLine(event.problem, paint, lang).trimStart()}\n`);
            keepDetails(event.problem.line, event.details);
          }
        } else if (event.type === 'abandon') {
          // Not a message: the JSON report lists messages only (its contract); the text says it.
          if (!options.json) out.write(`${abandonLine(event.line, event.note, paint, lang)}\n`);
        } else if (event.type === 'message') {
          if (options.json) {
            out.write(messages === 0 ? '\n' : ',\n');
            out.write(labelJson(event.label));
          } else {
            out.write(`${labelRow(event.label, event.details, paint, event.batch)}\n`);
            keepDetails(event.label.line, event.details);
          }
          messages += 1;
        }
      }
    }
    await out.flush();
  }
  // A file that never showed a good message: what its held-back lines turned out to be.
  for (const event of tracer.finish()) {
    if (event.type !== 'problem') continue;
    keepProblem(event.problem, event.details);
    if (!options.json) {
      out.write(`${problemLine(event.problem, paint, lang).trimStart()}\n`);
      keepDetails(event.problem.line, event.details);
    }
  }
  // Already in line order: the tracer gives problems and messages as the lines come.
  const summary = tracer.summary();
  if (options.json) {
    // Problems quote the file: what JSON.stringify leaves raw (DEL, C1, bidi) is escaped too.
    const listed = visibleJson(JSON.stringify(problems));
    out.write(`\n],"summary":${JSON.stringify(summary)},"problems":${listed}}\n`);
  } else {
    const lines = ['', ...summaryLines(summary, paint, lang)];
    if (details.length > 0) {
      lines.push('', paint.bold(zh ? '违规' : 'Violations'));
      for (const d of details) lines.push(violationLine(d.line, d.violation, paint, lang));
      if (detailOverflow > 0) lines.push(more(detailOverflow));
    }
    if (problemCount > 0) {
      lines.push(
        '',
        paint.bold(zh ? `无法读取的行（${problemCount}）` : `Unreadable lines (${problemCount})`),
      );
      for (const p of problems) lines.push(problemLine(p, paint, lang));
      if (problemCount > problems.length) lines.push(more(problemCount - problems.length));
    }
    out.write(`${lines.join('\n')}\n`);
  }
  await out.flush();
  if (problemCount > 0) return 1;
  if (options.strict && summary.violations > 0) return 1;
  return 0;
}
