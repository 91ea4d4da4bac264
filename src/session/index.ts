export * from './depth.js';
export * from './infer-direction.js';
export * from './line-reader.js';
export * from './line-sorter.js';
export * from './parse-line.js';
export * from './session-log.js';
export * from './step.js';
export * from './transcript.js';
