import type * as z from 'zod';

/** The keys a mapping at a path of a file may have, or none known (the schema is no object there). */
export type KeysAt = (path: readonly PropertyKey[]) => readonly string[];

type Def = {
  readonly type: string;
  readonly innerType?: z.ZodType;
  readonly in?: z.ZodType;
  readonly shape?: Readonly<Record<string, z.ZodType>>;
  readonly element?: z.ZodType;
  readonly options?: readonly z.ZodType[];
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas a value at `key` of a value of `schema` is checked against (several in a union). */
function childSchemas(schema: z.ZodType, key: PropertyKey): z.ZodType[] {
  return unwrapped(schema).flatMap((s) => {
    const def = defOf(s);
    if (
      def.type === 'object' &&
      typeof key === 'string' &&
      def.shape &&
      Object.hasOwn(def.shape, key)
    ) {
      const child = def.shape[key];
      return child ? [child] : [];
    }
    if (def.type === 'array' && typeof key === 'number' && def.element) return [def.element];
    return [];
  });
}

/** The schema itself with its wrappers taken off (default, optional, a pipe's input, a union's options). */
function unwrapped(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  if (def.innerType) return unwrapped(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrapped(def.in);
  if (def.type === 'union' && def.options) return def.options.flatMap(unwrapped);
  return [schema];
}

/**
 * What the schema lets a mapping at a path hold, for "did you mean" on an unknown key: zod's
 * `unrecognized_keys` issue names the stray keys but not the ones allowed.
 */
export function keysIn(schema: z.ZodType): KeysAt {
  return (path) => {
    let at = [schema];
    for (const key of path) at = at.flatMap((s) => childSchemas(s, key));
    const keys = at
      .flatMap(unwrapped)
      .flatMap((s) => Object.keys(defOf(s).type === 'object' ? (defOf(s).shape ?? {}) : {}));
    return [...new Set(keys)];
  };
}
