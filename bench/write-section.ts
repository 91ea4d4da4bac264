import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DOC = join(import.meta.dirname, '..', 'docs', 'benchmarks.md');

/** Replaces one benchmark's section of docs/benchmarks.md (between markers), keeping the others. */
export function writeSection(name: string, body: string): void {
  const begin = `<!-- bench:${name}:begin -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${begin}\n${body}${end}`;
  let doc = existsSync(DOC)
    ? readFileSync(DOC, 'utf8')
    : '# Benchmarks\n\nWritten by `npm run bench`; each section is replaced when its benchmark runs.\n\n';
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  doc =
    from >= 0 && to > from
      ? doc.slice(0, from) + block + doc.slice(to + end.length)
      : `${doc}${block}\n\n`;
  writeFileSync(DOC, doc);
}
