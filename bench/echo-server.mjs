// The floor for `serve`: a bare Node process on stdio that reads one JSON-RPC request per line and
// answers each with an empty modern result, keeping nothing.
import { createInterface } from 'node:readline';

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() === '') continue;
  const { id } = JSON.parse(line);
  const answer = { jsonrpc: '2.0', id, result: { resultType: 'complete' } };
  if (!process.stdout.write(`${JSON.stringify(answer)}\n`)) {
    await new Promise((resolve) => process.stdout.once('drain', resolve));
  }
}
