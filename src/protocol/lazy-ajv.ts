import { createRequire } from 'node:module';
import type * as Ajv07Module from 'ajv';
import type * as Ajv2020Module from 'ajv/dist/2020.js';
import type { Localize } from 'ajv-i18n/localize/types.js';

/**
 * Ajv, loaded the first time a schema is checked, not at start-up. Only 2026-07-28 messages, the
 * messages of a session of 2024-11-05, 2025-03-26 or 2025-06-18, and a few form answers need it, and loading it (with its formats and its Chinese messages) costs a
 * lesson of the handshake era a noticeable part of its first frame (docs/benchmarks.md, screens).
 * `import()` would make every check asynchronous, so it is `require`d (all three are CommonJS).
 */
const load = createRequire(import.meta.url);

export function ajv2020(): typeof Ajv2020Module.Ajv2020 {
  return (load('ajv/dist/2020.js') as typeof Ajv2020Module).Ajv2020;
}

/** Ajv for JSON Schema draft-07, the dialect of the official schemas before 2025-11-25. */
export function ajvDraft07(): typeof Ajv07Module.Ajv {
  return (load('ajv/dist/ajv.js') as typeof Ajv07Module).Ajv;
}

export type AnyAjv = Ajv2020Module.Ajv2020 | Ajv07Module.Ajv;

/** ajv-formats' plugin (`date-time`, `uri`…), which adds the formats to an instance. */
export function ajvFormats(): (ajv: AnyAjv) => unknown {
  return (load('ajv-formats') as { default: (ajv: AnyAjv) => unknown }).default;
}

/** ajv-i18n's Chinese: turns Ajv's error messages into Chinese, in place. */
export function ajvChinese(): Localize {
  const zh = load('ajv-i18n/localize/zh/index.js') as Localize | { default: Localize };
  return typeof zh === 'function' ? zh : zh.default;
}

/**
 * Ajv's standalone code generation (the build's scripts/gen-validators.ts). From the same copy of
 * Ajv as the instance it reads: a bundled copy would not recognise that instance's code objects.
 */
export function ajvStandalone(): (ajv: AnyAjv, exports: Record<string, string>) => string {
  return (load('ajv/dist/standalone/index.js') as { default: ReturnType<typeof ajvStandalone> })
    .default;
}
