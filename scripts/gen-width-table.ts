/**
 * Writes src/ui/width-table.ts from string-width itself (a test checks it is current):
 * `npx tsx scripts/gen-width-table.ts`.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { widthTableSource } from '../src/ui/width-table-gen.js';

const file = join(import.meta.dirname, '..', 'src', 'ui', 'width-table.ts');
writeFileSync(file, widthTableSource());
execFileSync('npx', ['biome', 'format', '--write', file], { stdio: 'inherit' });
