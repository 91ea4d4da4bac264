export * from './context.js';
export * from './diagram.js';
export * from './ledger.js';
export * from './referee.js';
export * from './referee-actor.js';
export * from './rules.js';
export * from './rules-doc.js';
export * from './session-machine.js';
