export type { TraceProblem } from '../session/index.js';
export * from './format-text.js';
export * from './tracer.js';
