import { EXTENSION_HEADINGS } from './ext-spec-headings.js';
import { SPEC_HEADINGS } from './spec-headings.js';

/** A citation taken apart: `2025-11-25/basic/lifecycle › Operation` (a lesson may write a space after the revision). */
export type SpecCite = {
  /** Null when the citation names none (a lesson's own revision applies). */
  readonly revision: string | null;
  readonly page: string;
  readonly section: string | null;
};

/** What a citation names that the specification does not have, with what it does have there. */
export type CiteIssue =
  | { readonly kind: 'revision'; readonly revision: string; readonly known: readonly string[] }
  | { readonly kind: 'page'; readonly page: string; readonly known: readonly string[] }
  | { readonly kind: 'section'; readonly section: string; readonly known: readonly string[] };

export function parseCite(cite: string): SpecCite {
  // An official extension's text is cited by its key (ext-tasks-e434597/tasks › Task Polling).
  const m = /^(?:(\d{4}-\d{2}-\d{2}|ext-[a-z-]+-[0-9a-f]{7})[/ ]\s*)?(.*?)(?:\s+›\s+(.*))?$/.exec(
    cite.trim(),
  );
  return { revision: m?.[1] ?? null, page: (m?.[2] ?? '').trim(), section: m?.[3]?.trim() ?? null };
}

/** What a citation may name: the revisions' pages, and the official extensions' (versioned apart). */
const CITABLE = { ...SPEC_HEADINGS, ...EXTENSION_HEADINGS };

/**
 * Does the specification have the page and section a citation names, in the revision it names (or
 * `revision` when it names none)? Null when it does. One citation may name several places
 * (`a › One; b › Two`) or sections (`page › One / Two`): each must exist.
 */
export function citeIssue(cite: string, revision?: string): CiteIssue | null {
  for (const one of cite.split(/;\s+/)) {
    const issue = oneCiteIssue(one, revision);
    if (issue) return issue;
  }
  return null;
}

function oneCiteIssue(cite: string, revision: string | undefined): CiteIssue | null {
  const parsed = parseCite(cite);
  const rev = parsed.revision ?? revision ?? '';
  const pages = Object.hasOwn(CITABLE, rev) ? CITABLE[rev] : undefined;
  if (!pages) return { kind: 'revision', revision: rev, known: Object.keys(CITABLE) };
  const headings = pages[parsed.page];
  if (!headings) return { kind: 'page', page: parsed.page, known: Object.keys(pages) };
  if (parsed.section === null || headings.includes(parsed.section)) return null;
  // `Server Requirements (Basic Workflow)`: a heading, and the heading above it that tells it
  // apart from a namesake.
  const has = (s: string) =>
    headings.includes(s) || headings.includes(s.replace(/\s+\([^)]*\)$/, ''));
  const missing = parsed.section.split(' / ').find((s) => !has(s));
  return missing === undefined ? null : { kind: 'section', section: missing, known: headings };
}
