export * from './capabilities.js';
export * from './catalogue.js';
export * from './direction.js';
export * from './envelope.js';
export * from './errors.js';
export * from './gates.js';
export * from './schemas.js';
export * from './versions.js';
