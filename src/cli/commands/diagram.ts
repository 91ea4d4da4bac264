import { diagramJson, diagramMermaid } from '../../machine/index.js';

/** `--format`'s choices are checked against the table (src/cli/table/lessons.ts) before this runs. */
export function diagramCommand(format: 'mermaid' | 'json'): number {
  if (format === 'mermaid') process.stdout.write(`${diagramMermaid()}\n`);
  else process.stdout.write(`${JSON.stringify(diagramJson(), null, 2)}\n`);
  return 0;
}
