// Stands in for zod/v4/locales/index.js in the bundle (scripts/build.mjs): English only.
export { default as en } from '../node_modules/zod/v4/locales/en.js';
