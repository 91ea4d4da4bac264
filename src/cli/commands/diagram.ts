import { diagramJson, diagramMermaid } from '../../machine/index.js';
import { UsageError } from '../usage.js';

export function diagramCommand(format: string): number {
  if (format === 'mermaid') process.stdout.write(`${diagramMermaid()}\n`);
  else if (format === 'json') process.stdout.write(`${JSON.stringify(diagramJson(), null, 2)}\n`);
  else throw new UsageError(`unknown diagram format "${format}" (use mermaid or json)`);
  return 0;
}
