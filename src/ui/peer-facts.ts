import { type Lang, tr } from '../i18n/lang.js';
import { STRINGS, type StringKey } from '../i18n/strings.js';
import type { JsonObject } from '../protocol/index.js';
import type { PeerViews } from '../session/index.js';
import { capabilityPaths } from './capability-paths.js';

/**
 * One labelled fact a peer panel shows; `short` labels the one-line summary. `warn`: worth the
 * learner's attention (stale tools); `empty`: nothing to report, left out of the summary line.
 */
export type PeerFact = {
  readonly label: string;
  readonly short: string;
  readonly value: string;
  readonly warn: boolean;
  readonly empty: boolean;
  /**
   * The value told short when the summary line has no room for all of it: a list's first item and
   * how many more (`weather_current +2`); none for a single value.
   */
  readonly brief?: string;
  /**
   * Shorter forms still, longest first, for a summary line that even `brief` leaves without room
   * for the work in flight: the first capabilities and how many more (`tools.*, resources.* +3`).
   */
  readonly fewer?: readonly string[];
  /**
   * The shortest form, only how many (`+2`): taken only when every form in `fewer` still leaves
   * the summary line without the work in flight (two long names and a long request at 60 columns).
   */
  readonly counted?: string;
  /**
   * A terser form still, taken only when the summary line would otherwise lose the work in flight
   * (a modern client's revision without "(per request)", what the server has not said as "unknown").
   */
  readonly terse?: string;
  /** Work in flight: the last fact the summary line tells short (it changes from step to step). */
  readonly work?: boolean;
  /**
   * Told short first, and drawn last, on the summary line: the tools list, which the envelope of
   * tools/list shows whole, gives way to the capabilities and the work in flight.
   */
  readonly minor?: boolean;
  /** The capabilities: a bordered panel wraps them onto two lines rather than cut them. */
  readonly caps?: boolean;
  /** A modern peer's self-description (clientInfo, serverInfo): the first to give way in a panel. */
  readonly about?: boolean;
};

type FactInput = {
  readonly label: StringKey;
  readonly short?: StringKey;
  readonly items: readonly string[] | string;
  readonly warn?: boolean;
  /** An empty list still says so in the summary (no capabilities is worth seeing). */
  readonly keepEmpty?: boolean;
  /** The list the value names, when `items` is already one text (the client's tools, noted stale). */
  readonly list?: readonly string[];
  /** The value told short, when not the list's first item and how many more; null: never short. */
  readonly brief?: string | null;
  readonly fewer?: readonly string[];
  readonly counted?: string;
  readonly terse?: string;
  readonly work?: boolean;
  readonly minor?: boolean;
  readonly caps?: boolean;
  readonly about?: boolean;
};

/** `first +n` of a list of more than one item. */
const briefOf = (list: readonly string[] | undefined): string | undefined =>
  list && list.length > 1 ? `${list[0]} +${list.length - 1}` : undefined;

function fact(input: FactInput, lang: Lang): PeerFact {
  const { label, short = label, items, warn = false, keepEmpty = false } = input;
  const empty = typeof items !== 'string' && items.length === 0;
  const value =
    typeof items === 'string' ? items : empty ? tr(STRINGS.none, lang) : items.join(', ');
  const brief =
    input.brief === undefined
      ? briefOf(typeof items === 'string' ? input.list : items)
      : (input.brief ?? undefined);
  return {
    label: tr(STRINGS[label], lang),
    short: tr(STRINGS[short], lang),
    value,
    warn,
    empty: empty && !keepEmpty,
    ...(brief !== undefined ? { brief } : {}),
    ...(input.fewer && input.fewer.length > 0 ? { fewer: input.fewer } : {}),
    ...(input.counted !== undefined ? { counted: input.counted } : {}),
    ...(input.terse !== undefined ? { terse: input.terse } : {}),
    ...(input.work ? { work: true } : {}),
    ...(input.minor ? { minor: true } : {}),
    ...(input.caps ? { caps: true } : {}),
    ...(input.about ? { about: true } : {}),
  };
}

/** The capabilities' names, one with sub-capabilities as `name.*` (the help's legend says so). */
function capabilityNames(paths: readonly string[]): string[] {
  const names: string[] = [];
  const nested = new Set<string>();
  for (const path of paths) {
    const dot = path.indexOf('.');
    const name = dot < 0 ? path : path.slice(0, dot);
    if (!names.includes(name)) names.push(name);
    if (dot >= 0) nested.add(name);
  }
  return names.map((n) => (nested.has(n) ? `${n}.*` : n));
}

/**
 * Capabilities told short, every one still named: one with sub-capabilities as `name.*`
 * (`tools.listChanged, resources.subscribe, resources.listChanged` is `tools.*, resources.*`);
 * none when that is no shorter.
 */
export function capabilityBrief(paths: readonly string[]): string | undefined {
  const brief = capabilityNames(paths).join(', ');
  return brief.length < paths.join(', ').length ? brief : undefined;
}

/** The capabilities fact: every one as a path, told short as `name.*`, then fewer of them. */
function capsFact(
  capabilities: unknown,
  lang: Lang,
  notDeclared?: string,
  notDeclaredTerse?: string,
): PeerFact {
  const paths = capabilityPaths(capabilities);
  const names = notDeclared === undefined ? capabilityNames(paths) : [];
  // Never `tools +1` while the line has room for every name: which capability is what a learner
  // reads this line for. Only the work in flight, which changes from step to step, comes first.
  const brief = notDeclared === undefined ? (capabilityBrief(paths) ?? null) : null;
  const fewer = names
    .slice(1)
    .map((_, i) => `${names.slice(0, names.length - 1 - i).join(', ')} +${i + 1}`);
  return fact(
    {
      label: 'capabilities',
      short: 'capsShort',
      items: notDeclared ?? paths,
      keepEmpty: true,
      brief,
      fewer,
      ...(names.length > 0 ? { counted: `+${names.length}` } : {}),
      ...(notDeclared !== undefined && notDeclaredTerse !== undefined
        ? { terse: notDeclaredTerse }
        : {}),
      caps: true,
    },
    lang,
  );
}

/** The facts of one side, most telling first: version, capabilities, tools, work in flight (then a modern peer's info). */
export function peerFacts(
  peers: PeerViews,
  side: 'client' | 'server',
  lang: Lang,
  /** `method #id` for the id of a client's request the server is working on. */
  nameRequest: (id: string) => string = (id) => `#${id}`,
): PeerFact[] {
  const view = peers[side];
  const facts: PeerFact[] = peers.modern
    ? modernFacts(peers.modern, side, lang)
    : [
        fact(
          {
            label: 'version',
            short: 'versionShort',
            items: view.negotiatedVersion ?? tr(STRINGS.notYet, lang),
          },
          lang,
        ),
        capsFact(view.capabilities, lang),
      ];
  if (side === 'client') {
    const c = peers.client;
    const tools =
      c.tools === null
        ? tr(STRINGS.notListed, lang)
        : c.tools.length > 0
          ? c.tools.join(', ')
          : tr(STRINGS.none, lang);
    // Only a list the client holds can be stale: before any tools/list there is nothing to redo.
    const stale = c.toolsStale && c.tools !== null;
    const shown = stale ? withNote(tools, tr(STRINGS.stale, lang), lang) : tools;
    facts.push(
      fact({ label: 'tools', items: shown, warn: stale, list: c.tools ?? [], minor: true }, lang),
    );
    facts.push(fact({ label: 'pending', items: c.pending, work: true }, lang));
  } else {
    const v = peers.server;
    // A recording shows the server's tools only once a tools/list answer has crossed the wire.
    facts.push(
      fact(
        {
          label: 'tools',
          items: v.tools ?? tr(STRINGS.notListed, lang),
          keepEmpty: true,
          minor: true,
        },
        lang,
      ),
    );
    // The client's requests it owes an answer; then, told apart, its own ones the client owes it
    // (roots/list…): the server is not working on those, it waits for the client's answer.
    facts.push(fact({ label: 'working', items: v.working.map(nameRequest), work: true }, lang));
    // Terser, on a summary line with no room for the names: the ids (`asked #2`), which the
    // timeline's row of the request shows with its method.
    if (v.asked.length > 0)
      facts.push(
        fact(
          {
            label: 'waitingForClient',
            short: 'waitingShort',
            items: v.asked.map((r) => `${r.method} #${r.id}`),
            work: true,
            terse: v.asked.map((r) => `#${r.id}`).join(', '),
          },
          lang,
        ),
      );
    if (v.subscriptions.length > 0)
      facts.push(fact({ label: 'subscribed', items: v.subscriptions }, lang));
  }
  // A modern peer's self-description goes last: what is in flight tells more, and a panel of
  // four lines would leave it out rather than the pending requests.
  const info = peers.modern ? infoText(peers.modern[side].info) : null;
  if (info !== null) facts.push(fact({ label: 'clientInfo', items: info, about: true }, lang));
  return facts;
}

/** `name version` of a clientInfo / serverInfo object, or null. */
function infoText(info: JsonObject | null): string | null {
  if (!info) return null;
  const name = typeof info.name === 'string' ? info.name : null;
  const version = typeof info.version === 'string' ? info.version : null;
  return [name, version].filter((x) => x !== null).join(' ') || null;
}

/**
 * A modern session (2026-07-28) has no negotiated version and no declared-once capabilities: the
 * client's side is what its latest request declared in `_meta`, the server's what server/discover
 * and its results' serverInfo said.
 */
function modernFacts(
  modern: NonNullable<PeerViews['modern']>,
  side: 'client' | 'server',
  lang: Lang,
): PeerFact[] {
  const facts = modern[side];
  const caps = facts.capabilities;
  // Terser on a line that would otherwise lose the work in flight: the client's revision without
  // "(per request)", what its request left out as "missing", what the server has not said yet as
  // "unknown".
  const unsaid = tr(side === 'server' ? STRINGS.unknown : STRINGS.missing, lang);
  const declared = modern.declaredVersion ?? tr(STRINGS.notDeclared, lang);
  const first =
    side === 'client'
      ? fact(
          {
            label: 'revision',
            short: 'revisionShort',
            // What the latest request named, which may be a version the server does not serve.
            items: withNote(declared, tr(STRINGS.perRequest, lang), lang),
            terse: modern.declaredVersion ?? unsaid,
          },
          lang,
        )
      : fact(
          {
            label: 'supports',
            short: 'revisionShort',
            items: modern.server.versions ?? tr(STRINGS.notDiscovered, lang),
            keepEmpty: true,
            ...(modern.server.versions === null ? { terse: unsaid } : {}),
          },
          lang,
        );
  return [
    first,
    caps === null
      ? capsFact({}, lang, tr(STRINGS.notDeclared, lang), unsaid)
      : capsFact(caps, lang),
  ];
}

/** `text (note)`; in Chinese the note in full-width brackets, with no space before them. */
function withNote(text: string, note: string, lang: Lang): string {
  return lang === 'zh' ? `${text}（${note}）` : `${text} (${note})`;
}
