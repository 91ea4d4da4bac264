// The floor for `trace`: read the file line by line and JSON.parse every line, nothing else.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

let parsed = 0;
const lines = createInterface({ input: createReadStream(process.argv[2]), crlfDelay: Infinity });
for await (const line of lines) {
  if (line.length > 0) {
    JSON.parse(line);
    parsed += 1;
  }
}
process.stdout.write(`${parsed}\n`);
