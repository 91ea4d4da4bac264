/**
 * Ajv reports a failed `anyOf` as the errors of every branch plus one "must match a schema in
 * anyOf": for a content block with a typo that is a dozen issues about five kinds the learner never
 * meant. Here each failed union is replaced by the issues of the one branch the value meant — the
 * branch whose `const` members (`type`, `method`, `mode`) it matches, else the one it resembles
 * most — or, when it matches none, by one issue naming the alternatives.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import { isObject, valueAt } from './json.js';
import type { ModernSchemaIssue, SchemaDef } from './schema-book.js';

/** The definition a `$ref` names (`#/$defs/X` in 2020-12, `#/definitions/X` in draft-07). */
export function refName(ref: string | undefined): string | undefined {
  return ref?.replace(/^#\/(\$defs|definitions)\//, '');
}

type DefIssues = (def: string, value: unknown, base: string) => ModernSchemaIssue[];
type ToIssues = (errors: readonly ErrorObject[], base: string) => ModernSchemaIssue[];

const within = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

type Branch = { readonly name: string; readonly def: SchemaDef };

/** The `const` members of a branch (its discriminators), e.g. `{type: 'text'}`. */
function constsOf(def: SchemaDef): [string, unknown][] {
  return Object.entries(def.properties ?? {}).flatMap(([key, prop]) =>
    prop.const === undefined ? [] : [[key, prop.const] as [string, unknown]],
  );
}

/** Could the value be this branch? Not if it gives a discriminator another value. */
function fits(branch: Branch, value: unknown): boolean {
  if (!isObject(value)) return false;
  return constsOf(branch.def).every(([key, expected]) =>
    key in value ? value[key] === expected : !branch.def.required?.includes(key),
  );
}

function overlap(branch: Branch, value: unknown): number {
  if (!isObject(value)) return 0;
  const known = Object.keys(branch.def.properties ?? {});
  return Object.keys(value).filter((key) => known.includes(key)).length;
}

function describe(branches: readonly Branch[], value: unknown): { en: string; zh: string } {
  const kinds = branches.map((b) => {
    const consts = constsOf(b.def).map(([k, v]) => `${k} ${JSON.stringify(v)}`);
    return { name: b.name, consts };
  });
  // The value's own discriminator that no branch has (a content block's `type` "resource_link"
  // in a revision before 2025-06-18): said first, since it is why no branch fits.
  const keys = new Set(branches.flatMap((b) => constsOf(b.def).map(([k]) => k)));
  const own = isObject(value)
    ? [...keys].filter(
        (k) =>
          k in value &&
          !branches.some((b) => constsOf(b.def).some(([ck, cv]) => ck === k && cv === value[k])),
      )
    : [];
  const named = own.map((k) => `${k} ${JSON.stringify((value as Record<string, unknown>)[k])}`);
  const lead = {
    en: named.length ? `${named.join(', ')} is no kind this revision's schema has here; ` : '',
    zh: named.length ? `${named.join('，')} 不是本修订版 schema 在此处的任何一种；` : '',
  };
  return {
    en: `${lead.en}matches none of: ${kinds.map((k) => (k.consts.length ? `${k.name} (${k.consts.join(', ')})` : k.name)).join('; ')}`,
    zh: `${lead.zh}不符合其中任何一种：${kinds.map((k) => (k.consts.length ? `${k.name}（${k.consts.join('，')}）` : k.name)).join('；')}`,
  };
}

function branchesOf(error: ErrorObject, defs: Record<string, SchemaDef>): Branch[] | null {
  const parent = error.parentSchema as SchemaDef & { oneOf?: SchemaDef['anyOf'] };
  const refs = error.keyword === 'oneOf' ? parent?.oneOf : parent?.anyOf;
  if (!refs) return null;
  const branches: Branch[] = [];
  for (const ref of refs) {
    const name = refName(ref.$ref);
    const def = name === undefined ? undefined : defs[name];
    if (name === undefined || !def) return null;
    branches.push({ name, def });
  }
  return branches;
}

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Code-unit order, not the locale's: the same on every machine. */
function compare(a: ModernSchemaIssue, b: ModernSchemaIssue): number {
  return order(a.pointer, b.pointer) || order(a.keyword, b.keyword) || order(a.message, b.message);
}

/** Ajv's errors as issues: unions reduced, duplicates dropped, sorted by pointer then keyword. */
export function reduceIssues(
  errors: readonly ErrorObject[],
  value: unknown,
  base: string,
  defs: Record<string, SchemaDef>,
  defIssues: DefIssues,
  toIssues: ToIssues,
): ModernSchemaIssue[] {
  // A oneOf that failed because several branches passed is not a fan-out: keep it as it is.
  const unions = errors
    .filter((e) => e.keyword === 'anyOf' || (e.keyword === 'oneOf' && !e.params.passingSchemas))
    .sort((a, b) => a.instancePath.length - b.instancePath.length);
  let kept = [...errors];
  const out: ModernSchemaIssue[] = [];
  const replaced: string[] = [];
  for (const union of unions) {
    const at = union.instancePath;
    if (replaced.some((root) => within(at, root))) continue;
    replaced.push(at);
    kept = kept.filter((e) => !within(e.instancePath, at));
    const branches = branchesOf(union, defs);
    const sub = valueAt(value, at);
    if (!branches) {
      out.push(...toIssues([union], base));
      continue;
    }
    const discriminated = branches.some((b) => constsOf(b.def).length > 0);
    const candidates = discriminated ? branches.filter((b) => fits(b, sub)) : branches;
    if (candidates.length === 0) {
      const text = describe(branches, sub);
      out.push({
        pointer: base + at,
        keyword: union.keyword,
        message: text.en,
        messageZh: text.zh,
        params: { alternatives: branches.map((b) => b.name) },
      });
      continue;
    }
    const ranked = candidates
      .map((b) => ({ b, issues: defIssues(b.name, sub, base + at) }))
      .sort((x, y) => overlap(y.b, sub) - overlap(x.b, sub) || x.issues.length - y.issues.length);
    out.push(...(ranked[0]?.issues ?? []));
  }
  const seen = new Set<string>();
  return [...toIssues(kept, base), ...out]
    .filter((issue) => {
      const key = `${issue.pointer}\u0000${issue.keyword}\u0000${issue.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort(compare);
}
