import { Box, Text } from 'ink';
import stringWidth from 'string-width';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import { headBeforeEllipsis } from '../../protocol/text-cut.js';
import type { PeerViews } from '../../session/index.js';
import { wrapLines } from '../cjk-lines.js';
import { clipUnlessNarrow } from '../clip.js';
import { PANEL_HEIGHT, type PeersMode } from '../layout.js';
import { type PeerFact, peerFacts } from '../peer-facts.js';
import { useTheme } from '../use-theme.js';

export type PeerPanelsProps = {
  readonly peers: PeerViews;
  readonly mode: PeersMode;
  readonly lang: Lang;
  /** `method #id` for a request id the server is working on. */
  readonly nameRequest: (id: string) => string;
  /** The columns a compact line may take (it ends with `…` when it is cut). */
  readonly width?: number;
};

/** Columns of a cut value below which the fact is left out instead. */
const MIN_CUT_VALUE = 8;

/**
 * The facts of a compact line that fit `width` columns after `label`, the last one cut to fit,
 * and whether anything was left out (the line then ends with `…`). Ink's own truncation cannot
 * be used on a line with a wide (CJK) character: cut there it comes out a column too wide, so
 * such a line is clipped instead, and a clip draws no `…` (see clip.ts).
 */
export function fitFacts(label: string, facts: readonly PeerFact[], width: number): Fit {
  let fit = fitOnce(label, facts, width);
  // Too long: lists told short (`weather_current +2`, `tools.*`), one by one, the tools first and
  // the work in flight last, until the line fits; so the capabilities and the requests in flight
  // keep their place next to a long list of tools.
  const rank = (f: PeerFact | undefined) => (f?.minor ? 0 : f?.work ? 2 : 1);
  const order = [...facts.keys()].sort((a, b) => rank(facts[a]) - rank(facts[b]));
  let told = facts;
  for (const i of order) {
    if (!fit.cut) break;
    const f = told[i];
    if (f?.brief === undefined) continue;
    // The tools (drawn last) may be cut with … rather than any other fact be told short: when
    // all but them fit whole, with a column for that …, the line stays so.
    const major = told.filter((g) => !g.minor);
    const dots = major.length < told.length ? 1 : 0;
    if (!f.minor && !fitOnce(label, major, width - dots).cut) break;
    told = told.map((g, j) => (j === i ? { ...f, value: f.brief ?? f.value } : g));
    fit = fitOnce(label, told, width);
  }
  return fit.cut ? withFewer(label, told, fit, width) : fit;
}

type Fit = { readonly facts: readonly PeerFact[]; readonly cut: boolean };

/**
 * `fit`, unless it leaves out the work in flight or cuts it: then the facts that have a terser form
 * take it, and fewer capabilities (`tools.*, resources.* +3`) are named, as many as leave the work
 * whole (all of it: what the server works on and what it waits for from the client; else the
 * first); failing that, the fewest when only they show some of it. Five capabilities and
 * `working initialize #1` do not fit 80 columns together, and what the server owes an answer is
 * what changes from step to step.
 */
function withFewer(label: string, facts: readonly PeerFact[], fit: Fit, width: number): Fit {
  const works = facts.filter((f) => f.work);
  const work = works[0];
  // Whole: as told, or in its terser form (what the server waits for, by id only).
  const wholeOf = (w: PeerFact) => (f: Fit) =>
    f.facts.some(
      (g) => g.work && g.label === w.label && (g.value === w.value || g.value === w.terse),
    );
  const whole = (f: Fit) => work !== undefined && wholeOf(work)(f);
  // All the work in flight whole (what the server works on and what it waits for), else the first.
  const allWhole = (f: Fit) => works.every((w) => wholeOf(w)(f));
  if (work === undefined || allWhole(fit)) return fit;
  const terse = facts.some((f) => f.terse !== undefined)
    ? facts.map((f) => (f.terse === undefined ? f : { ...f, value: f.terse }))
    : null;
  const at = facts.findIndex((f) => f.fewer !== undefined);
  const fewerOf = (base: readonly PeerFact[]) =>
    (base[at]?.fewer ?? []).map((value) => base.map((g, j) => (j === at ? { ...g, value } : g)));
  // The facts as told (that is `fit`), then terser, each then with fewer capabilities.
  const tries = [...fewerOf(facts), ...(terse ? [terse, ...fewerOf(terse)] : [])];
  const fits = tries.map((told) => fitOnce(label, told, width));
  const best = fits.find(allWhole) ?? (whole(fit) ? fit : fits.find(whole));
  if (best !== undefined) return best;
  const shows = (f: Fit) => f.facts.some((g) => g.work);
  // Not even a start of the work shows beside any capability named: then only how many (`caps +2`),
  // with the work whole, or at least its start (lesson 35's long extension and a listen).
  const caps = facts.findIndex((f) => f.counted !== undefined);
  const counted = facts[caps]?.counted;
  if (counted !== undefined && !shows(fit) && !fits.some(shows)) {
    const base = terse ?? facts;
    const onlyCounted = fitOnce(
      label,
      base.map((g, j) => (j === caps ? { ...g, value: counted } : g)),
      width,
    );
    if (shows(onlyCounted)) return onlyCounted;
  }
  const fewest = fits.at(-1) ?? fit;
  return !shows(fit) && shows(fewest) ? fewest : fit;
}

/** The facts, whole, up to the width; the first that does not fit cut with a `…`. */
function fitOnce(
  label: string,
  facts: readonly PeerFact[],
  width: number,
): { readonly facts: readonly PeerFact[]; readonly cut: boolean } {
  let used = stringWidth(`${label} `);
  const kept: PeerFact[] = [];
  for (const [i, f] of facts.entries()) {
    const head = `${i > 0 ? ' · ' : ''}${f.short} `;
    const need = stringWidth(head) + stringWidth(f.value);
    const last = i === facts.length - 1;
    if (used + need <= width - (last ? 0 : 1)) {
      kept.push(f);
      used += need;
      continue;
    }
    // This fact does not fit whole: as much of its value as leaves a column for the `…` (no space
    // before it), unless that is too little to tell anything (`info lea…`).
    const room = width - 1 - used - stringWidth(head);
    if (room >= MIN_CUT_VALUE)
      kept.push({ ...f, value: headBeforeEllipsis(f.value, room + 1).trimEnd() });
    return { facts: kept, cut: true };
  }
  return { facts: kept, cut: false };
}

/**
 * One side's summary line (compact mode) fitted to `width`: its facts with something to report,
 * the minor ones (the tools) last, so that what is cut is what matters least.
 */
export function compactFacts(
  peers: PeerViews,
  side: 'client' | 'server',
  lang: Lang,
  width: number,
  nameRequest?: (id: string) => string,
): { readonly facts: readonly PeerFact[]; readonly cut: boolean } {
  const shown = peerFacts(peers, side, lang, nameRequest).filter((f) => !f.empty);
  const ordered = [...shown.filter((f) => !f.minor), ...shown.filter((f) => f.minor)];
  return fitFacts(tr(STRINGS[side], lang), ordered, width);
}

/** Columns inside a bordered panel when the two share `width`: its border and padding left out. */
export const panelInner = (width: number) => Math.floor(width / 2) - 4;

/** Lines the capabilities take in a bordered panel: a long list wraps onto a second line. */
export const CAPS_LINES = 2;

/**
 * The capabilities line of a bordered panel, wrapped at `inner` columns onto at most CAPS_LINES
 * lines: every capability as a path when that fits (no path cut mid-word), else told short
 * (`tools.*, resources.*`),
 * which names every one still; past that the last line ends with `…`.
 */
export function panelCapsLines(f: PeerFact, inner: number): string[] {
  const lines = (value: string) => wrapLines(`${f.label} ${value}`, inner, CAPS_LINES + 1);
  const whole = lines(f.value);
  // A path wider than a line would be cut mid-word (extensions.io.modelcontextprotocol/tasks,
  // lesson 35): told short, every name stays whole.
  const unbroken = f.value.split(', ').every((path) => stringWidth(`${path},`) <= inner);
  if ((whole.length <= CAPS_LINES && unbroken) || f.brief === undefined)
    return whole.slice(0, CAPS_LINES);
  return wrapLines(`${f.label} ${f.brief}`, inner, CAPS_LINES);
}

/** Lines of a bordered panel below its title line (the version or the revision). */
const PANEL_BODY = PANEL_HEIGHT - 3;

/**
 * The facts a bordered panel draws below its title line, in their order, as many as its lines
 * hold (the capabilities may take two). When they do not all fit, a modern peer's
 * self-description gives way first, then the tools (the envelope of tools/list shows them whole),
 * then the last facts: what the server has subscribed to, which the referee judges each
 * `notifications/resources/updated` by, is never left out for the tools.
 */
export function panelBody(facts: readonly PeerFact[], inner: number | undefined): PeerFact[] {
  const lines = (f: PeerFact) =>
    f.caps && inner !== undefined ? panelCapsLines(f, inner).length : 1;
  const used = (fs: readonly PeerFact[]) => fs.reduce((n, f) => n + lines(f), 0);
  let kept = facts.slice(1);
  for (const givesWay of [(f: PeerFact) => f.about === true, (f: PeerFact) => f.minor === true]) {
    while (used(kept) > PANEL_BODY) {
      const at = kept.findLastIndex(givesWay);
      if (at < 0) break;
      kept = kept.filter((_, i) => i !== at);
    }
  }
  while (used(kept) > PANEL_BODY) kept = kept.slice(0, -1);
  return kept;
}

/**
 * What each side knows: declared capabilities, the negotiated version, cached tools, requests in
 * flight. `full`: a bordered panel per side; `compact`: one line per side.
 */
export function PeerPanels({ peers, mode, lang, nameRequest, width }: PeerPanelsProps) {
  const theme = useTheme();
  if (mode === 'none') return null;
  const sides = [
    { side: 'client', facts: peerFacts(peers, 'client', lang) },
    { side: 'server', facts: peerFacts(peers, 'server', lang, nameRequest) },
  ] as const;
  const fact = (f: PeerFact, sep: boolean, short: boolean) => (
    <Text key={f.label}>
      {sep ? <Text dimColor> · </Text> : null}
      <Text dimColor>{short ? f.short : f.label} </Text>
      <Text {...theme.fg(f.warn ? 'warning' : null)}>{f.value}</Text>
    </Text>
  );
  if (mode === 'compact') {
    return (
      <Box
        flexDirection="column"
        flexShrink={0}
        overflowX={clipUnlessNarrow(
          ...sides.flatMap(({ side, facts }) => [
            tr(STRINGS[side], lang),
            ...facts.flatMap((f) => [f.short, f.value]),
          ]),
        )}
      >
        {sides.map(({ side, facts }) => {
          const label = tr(STRINGS[side], lang);
          const fit =
            width === undefined
              ? { facts: facts.filter((f) => !f.empty), cut: false }
              : compactFacts(peers, side, lang, width, nameRequest);
          return (
            <Text key={side} wrap="truncate-end">
              <Text bold {...theme.fg(side)}>
                {label}{' '}
              </Text>
              {fit.facts.map((f, i) => fact(f, i > 0, true))}
              {fit.cut ? <Text dimColor>…</Text> : null}
            </Text>
          );
        })}
      </Box>
    );
  }
  return (
    <Box flexShrink={0}>
      {sides.map(({ side, facts }) => (
        <Box
          key={side}
          flexDirection="column"
          flexGrow={1}
          flexBasis={0}
          borderStyle="round"
          {...theme.border(side)}
          paddingX={1}
          height={PANEL_HEIGHT}
          overflow="hidden"
        >
          <Text wrap="truncate-end">
            <Text bold {...theme.fg(side)}>
              {tr(STRINGS[side], lang)}
            </Text>
            {facts[0] ? fact(facts[0], true, false) : null}
          </Text>
          {panelBody(facts, width === undefined ? undefined : panelInner(width)).map((f) =>
            f.caps && width !== undefined ? (
              // A long list wraps (two lines at most) rather than lose the capabilities it cuts.
              panelCapsLines(f, panelInner(width)).map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a wrapped line's place is its identity
                <Text key={`${f.label}-${i}`} wrap="truncate-end">
                  {i === 0 && line.startsWith(`${f.label} `) ? (
                    <>
                      <Text dimColor>{f.label} </Text>
                      <Text {...theme.fg(f.warn ? 'warning' : null)}>
                        {line.slice(f.label.length + 1)}
                      </Text>
                    </>
                  ) : (
                    <Text {...theme.fg(f.warn ? 'warning' : null)}>{line}</Text>
                  )}
                </Text>
              ))
            ) : (
              <Text key={f.label} wrap="truncate-end">
                {fact(f, false, false)}
              </Text>
            ),
          )}
        </Box>
      ))}
    </Box>
  );
}
