export * from './format-text.js';
export * from './infer-direction.js';
export * from './line-sorter.js';
export * from './lines.js';
export * from './parse-line.js';
export * from './play-timeline.js';
export * from './tracer.js';
