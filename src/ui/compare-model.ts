import { COMPARE_STRINGS } from '../i18n/compare-strings.js';
import { type Bilingual, type Lang, tr } from '../i18n/lang.js';
import { STRINGS } from '../i18n/strings.js';
import { specText } from '../machine/index.js';
import { idText } from '../protocol/envelope.js';
import type { Step } from '../session/index.js';
import { abandonedRequest, abandonText } from '../session/step.js';
import { violationText } from './handout.js';
import { kindText } from './kind-text.js';
import { type ScreenStep, screenStep } from './screen-step.js';

export type Side = 'legacy' | 'modern';

/**
 * A played compare topic as the views need it (src/sim/compare plays it; an observer does not
 * import the source): both session logs, the rows pairing their steps (1-based), and the words.
 */
export type PlayedComparison = {
  readonly id: string;
  readonly topic: {
    readonly title: Bilingual;
    readonly summary: Bilingual;
    readonly spec: readonly string[];
    /** The lessons that teach the topic, by id. */
    readonly lessons?: readonly string[];
    readonly legacy: { readonly revision: string };
    readonly modern: { readonly revision: string };
  };
  readonly legacy: readonly Step[];
  readonly modern: readonly Step[];
  readonly rows: ReadonlyArray<{
    readonly legacy: number | null;
    readonly modern: number | null;
    readonly difference: Bilingual;
  }>;
};

/** A note the topic wrote (a step without one carries a blank placeholder). */
function isWrittenNote(note: Bilingual | undefined): boolean {
  return note !== undefined && note.en.trim() !== '';
}

/** One side of a row: the step as the referee saw it, in the words both views use. */
export type CompareCell = {
  readonly side: Side;
  /** 1-based, as the topic's rows number it. */
  readonly number: number;
  /** `client → server · tools/list #2 (request)` */
  readonly heading: string;
  /** Silent actions just before it, then the topic's own note, if it wrote one. */
  readonly events: readonly string[];
  readonly note: string | null;
  readonly message: unknown;
  /** The referee's verdict: one line when allowed, one per violation otherwise. */
  readonly verdict: readonly { readonly ok: boolean; readonly text: string }[];
  readonly step: ScreenStep;
};

export type CompareRow = {
  readonly difference: string;
  readonly legacy: CompareCell | null;
  readonly modern: CompareCell | null;
};

export type CompareModel = {
  readonly id: string;
  readonly title: string;
  readonly summary: string;
  readonly spec: readonly string[];
  /** The lessons that teach the topic, by id (the last row names them). */
  readonly lessons: readonly string[];
  /** The column titles: `2025-11-25 · handshake era`, `2026-07-28 · stateless`. */
  readonly sides: Readonly<Record<Side, string>>;
  readonly rows: readonly CompareRow[];
};

function arrow(step: ScreenStep, lang: Lang): string {
  const client = tr(STRINGS.client, lang);
  const server = tr(STRINGS.server, lang);
  return step.direction === 'client->server' ? `${client} → ${server}` : `${server} → ${client}`;
}

function heading(step: ScreenStep, lang: Lang): string {
  const r = step.report;
  if (step.problem !== null) return `${arrow(step, lang)} · ${tr(STRINGS.unreadableLine, lang)}`;
  if (step.abandoned) {
    const request = abandonedRequest(step.abandoned);
    return `${arrow(step, lang)} · ${tr(STRINGS.streamClosedTitle, lang, { request })}`;
  }
  if (!r) return arrow(step, lang);
  const what = `${r.method ?? '?'}${r.id !== null ? ` #${idText(r.id)}` : ''}`;
  const kind = kindText(r, lang);
  return `${arrow(step, lang)} · ${what}${lang === 'zh' ? `（${kind}）` : ` (${kind})`}`;
}

function verdict(step: ScreenStep, lang: Lang): CompareCell['verdict'] {
  if (step.problem !== null) return [{ ok: false, text: `✗ ${tr(STRINGS.notJudged, lang)}` }];
  const violations = step.report?.violations ?? [];
  if (violations.length === 0) {
    const phase = (side: 'client' | 'server') =>
      `${tr(STRINGS[side], lang)}${lang === 'zh' ? '：' : ' '}${tr(STRINGS[`phase_${step.phases[side]}`], lang)}`;
    const where =
      step.era === 'modern'
        ? `${step.revision} · ${tr(STRINGS.era_modern, lang)}`
        : `${phase('client')}${lang === 'zh' ? '，' : ', '}${phase('server')}`;
    return [
      {
        ok: true,
        text: `✓ ${tr(STRINGS.allowed, lang)}${lang === 'zh' ? `（${where}）` : ` (${where})`}`,
      },
    ];
  }
  return violations.map((v) => ({
    ok: false,
    text: `✗ ${v.rule} — ${violationText(v, lang)} — ${specText(v, lang)}`,
  }));
}

function cell(
  played: PlayedComparison,
  side: Side,
  number: number | null,
  lang: Lang,
): CompareCell | null {
  if (number === null) return null;
  const raw = played[side][number - 1];
  if (!raw) return null;
  const step = screenStep(raw);
  return {
    side,
    number,
    heading: heading(step, lang),
    events: step.events.map((e: Bilingual) => tr(e, lang)),
    // A closed stream the topic does not narrate is explained as trace explains it.
    note: isWrittenNote(step.note)
      ? tr(step.note, lang)
      : step.abandoned
        ? tr(abandonText(step.abandoned), lang)
        : null,
    message: step.message,
    verdict: verdict(step, lang),
    step,
  };
}

/** A played topic in one language: what the handout, --json and the screen show. */
export function compareModel(played: PlayedComparison, lang: Lang): CompareModel {
  const { topic } = played;
  return {
    id: played.id,
    title: tr(topic.title, lang),
    summary: tr(topic.summary, lang),
    spec: topic.spec,
    lessons: topic.lessons ?? [],
    sides: {
      legacy: tr(COMPARE_STRINGS.side_legacy, lang, { revision: topic.legacy.revision }),
      modern: tr(COMPARE_STRINGS.side_modern, lang, { revision: topic.modern.revision }),
    },
    rows: played.rows.map((row) => ({
      difference: tr(row.difference, lang),
      legacy: cell(played, 'legacy', row.legacy, lang),
      modern: cell(played, 'modern', row.modern, lang),
    })),
  };
}
