import type { ValidateFunction } from 'ajv';

/** One generated module of Ajv's standalone code: a validator per definition, by export name. */
export type Precompiled = Readonly<Record<string, ValidateFunction>>;

/** Where a schema's generated module comes from, by schema id; null: compile at run time. */
export type PrecompiledSource = (id: string) => Precompiled | null;

let source: PrecompiledSource = () => null;

/**
 * Tells the schema books where the generated modules are. Only the program that ships them calls
 * this (the CLI's bundle, src/cli/precompiled-schemas.ts): this layer reads no files, and run
 * from src (tsx, tests) the books compile the schemas themselves, as the schema or the options
 * may have changed since dist was built.
 */
export function setPrecompiledSource(from: PrecompiledSource): void {
  source = from;
}

/** The generated module of schema `id`, if the program said where they are. */
export function precompiledFor(id: string): Precompiled | null {
  return source(id);
}
