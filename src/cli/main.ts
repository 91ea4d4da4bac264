#!/usr/bin/env node
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { diagramCommand } from './commands/diagram.js';
import { traceCommand } from './commands/trace.js';
import { COMMAND_HELP, HELP, UsageError } from './usage.js';

type Parsed = { values: Record<string, string | boolean | undefined>; positionals: string[] };

function parse(args: string[], options: NonNullable<ParseArgsConfig['options']>): Parsed {
  try {
    const { values, positionals } = parseArgs({
      args,
      options,
      allowPositionals: true,
      strict: true,
    });
    return { values: values as Parsed['values'], positionals };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    const topic = command === 'help' ? rest[0] : undefined;
    process.stdout.write(`${(topic && COMMAND_HELP[topic]) || HELP}\n`);
    return 0;
  }
  if (command === '--version' || command === '-v') {
    process.stdout.write('0.1.0\n');
    return 0;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    const help = COMMAND_HELP[command];
    if (!help) throw new UsageError(`unknown command "${command}" (try: mcp-sim help)`);
    process.stdout.write(`${help}\n`);
    return 0;
  }
  switch (command) {
    case 'trace': {
      const { values, positionals } = parse(rest, {
        json: { type: 'boolean' },
        strict: { type: 'boolean' },
      });
      const file = positionals[0];
      if (!file) throw new UsageError('trace needs a file: mcp-sim trace <file> [--json]');
      if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
      return traceCommand({ file, json: values.json === true, strict: values.strict === true });
    }
    case 'diagram': {
      const { values, positionals } = parse(rest, { format: { type: 'string' } });
      if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
      return diagramCommand(typeof values.format === 'string' ? values.format : 'mermaid');
    }
    default:
      throw new UsageError(`unknown command "${command}" (try: mcp-sim help)`);
  }
}

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  // A closed pipe (`mcp-sim trace big.jsonl | head`) is not a failure.
  if (error.code === 'EPIPE') process.exit(0);
});

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`mcp-sim: ${error.message}\n`);
      process.exitCode = 2;
    } else {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`mcp-sim: internal error: ${message}\n`);
      process.exitCode = 1;
    }
  },
);
