import { type Bilingual, type Lang, tr } from '../i18n/lang.js';
import { STRINGS } from '../i18n/strings.js';
import { suggestCommand } from '../invocation.js';
import { type ProgressReport, specText, type Violation } from '../machine/index.js';
import { idText, visible, visibleJson } from '../protocol/index.js';
import { jsonText } from '../protocol/json.js';
import type { Step } from '../session/index.js';
import { abandonedRequest } from '../session/step.js';
import { envelopeModel } from './envelope-model.js';
import { httpRequestLines } from './http-lines.js';
import { scalarText } from './json-lines.js';
import { kindText } from './kind-text.js';
import { literalInline } from './markdown-text.js';
import { type ScreenStep, screenStep, unjudged } from './screen-step.js';
import { SEVERITY_MARK } from './violation-list.js';

type Timeline = { readonly steps: readonly ScreenStep[] };

/** ` (text)` after English, `（text）` after Chinese: full-width brackets, no space before. */
function aside(text: string, lang: Lang): string {
  return lang === 'zh' ? `（${text}）` : ` (${text})`;
}

/** A label and what follows it: `client: operation`, `客户端：操作`. */
function labelled(label: string, value: string, lang: Lang): string {
  return lang === 'zh' ? `${label}：${value}` : `${label}: ${value}`;
}

export function violationText(v: Violation, lang: Lang): string {
  return lang === 'zh' ? v.messageZh : v.message;
}

function stepHeading(step: ScreenStep, lang: Lang): string {
  const arrow =
    step.direction === 'client->server'
      ? `${tr(STRINGS.client, lang)} → ${tr(STRINGS.server, lang)}`
      : `${tr(STRINGS.server, lang)} → ${tr(STRINGS.client, lang)}`;
  const r = step.report;
  if (step.problem !== null) {
    return `## ${tr(STRINGS.step, lang)} ${step.index + 1} · ${tr(STRINGS.unreadableLine, lang)}`;
  }
  if (step.abandoned) {
    const request = abandonedRequest(step.abandoned);
    return `## ${tr(STRINGS.step, lang)} ${step.index + 1} · ${tr(STRINGS.streamClosedTitle, lang, { request: `\`${request}\`` })}`;
  }
  if (!r) {
    const by = step.closedBy === 'server' ? tr(STRINGS.server, lang) : tr(STRINGS.client, lang);
    return `## ${tr(STRINGS.step, lang)} ${step.index + 1} · ${lang === 'zh' ? `${by}关闭连接` : `the ${by} closes the connection`}`;
  }
  const what = `${r.method ?? '?'}${r.id !== null ? ` #${idText(r.id)}` : ''}`;
  const batch = step.batch
    ? ` · ${tr(STRINGS.inBatch, lang, { n: step.batch.index + 1, size: step.batch.size })}`
    : '';
  return `## ${tr(STRINGS.step, lang)} ${step.index + 1} · ${arrow} · \`${what}\`${aside(kindText(r, lang), lang)}${batch}`;
}

/** The progress line of the screen, in text: token, a bar and a percentage when the total is known. */
export function progressText(p: ProgressReport, lang: Lang): string {
  const width = 20;
  const head = `${tr(STRINGS.progress, lang)}${aside(`${tr(STRINGS.token, lang)} \`${scalarText(p.token)}\``, lang)}`;
  const tail = p.message !== undefined ? ` — ${p.message}` : '';
  if (p.total === undefined || p.total <= 0) return `${head} ${p.progress}${tail}`;
  const share = Math.max(0, Math.min(1, p.progress / p.total));
  const filled = Math.round(share * width);
  const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
  return `${head} ${bar} ${p.progress}/${p.total} (${Math.round(share * 100)}%)${tail}`;
}

/** What a handout's frame says: a lesson's scenario, or a description of a played transcript. */
export type HandoutFrame = {
  readonly title: Bilingual;
  readonly goal: Bilingual;
  readonly recap: Bilingual;
  readonly spec: readonly string[];
  /** The protocol revision the lesson teaches. */
  readonly revision?: string | undefined;
};

/**
 * The whole lesson as a Markdown handout: every step's narration, envelope, meanings and verdict;
 * the recap names the lesson's exercise when it has one (as the screen's recap does).
 */
export function lessonHandout(
  lesson: { readonly scenario: HandoutFrame },
  timeline: Timeline,
  lang: Lang,
  exercise?: { readonly id: string; readonly title: Bilingual } | null,
): string {
  const sc = lesson.scenario;
  const out: string[] = [
    `# ${tr(sc.title, lang)}`,
    '',
    // The Chinese colon stays outside the bold: CommonMark closes `**` only after a character
    // that is not punctuation or when a space or punctuation follows, so `**目标：**看…` would
    // print its asterisks (and `**Goal:** …` works only thanks to its space).
    lang === 'zh'
      ? `**${tr(STRINGS.goal, lang)}**：${tr(sc.goal, lang)}`
      : `**${tr(STRINGS.goal, lang)}:** ${tr(sc.goal, lang)}`,
    '',
    ...(sc.revision === undefined
      ? []
      : [
          lang === 'zh'
            ? `**${tr(STRINGS.lessonRevision, lang)}**：${sc.revision}`
            : `**${tr(STRINGS.lessonRevision, lang)}:** ${sc.revision}`,
          '',
        ]),
  ];
  for (const step of timeline.steps) {
    out.push(stepHeading(step, lang), '');
    // Events are the program's plain sentences around data (a raw line a lesson sends, values a
    // peer sent): shown as written, not read as Markdown.
    for (const event of step.events) out.push(`*${literalInline(tr(event, lang))}*`, '');
    // A line that is not a message is told in the program's words around the data it held (what
    // a lesson's client wrote, trace's reason): shown as written, like the events.
    // A lesson's own note is Markdown its author wrote; any other (what the catalogue says of a
    // recorded message, naming its method) is the program's words around what a peer sent.
    const note = tr(step.note, lang);
    out.push(step.problem !== null || !step.authored ? literalInline(note) : note, '');
    if (step.headers) out.push('```http', ...httpRequestLines(step.headers), '```', '');
    if (step.message) out.push('```json', visibleJson(jsonText(step.message, 2)), '```', '');
    if (step.annotations.length > 0) {
      out.push(
        lang === 'zh' ? '| 字段 | 含义 |' : `| field | ${tr(STRINGS.meaning, lang)} |`,
        '|---|---|',
      );
      // As the envelope pane lists them: the lesson's own meanings first, then the others in the
      // order of the fields they explain (so /error/code comes before /error/message).
      const { meanings } = envelopeModel(step.message, step.annotations, step.featured, lang, 0);
      for (const m of [...meanings.filter((x) => x.own), ...meanings.filter((x) => !x.own)]) {
        // A finding placed on its field quotes what a peer sent: shown as written.
        const text = step.findings.includes(m.pointer) ? literalInline(m.text) : m.text;
        out.push(`| \`${m.pointer}\` | ${text.replace(/\|/g, '\\|')} |`);
      }
      out.push('');
    }
    if (step.report?.progress) out.push(`> ${progressText(step.report.progress, lang)}`, '');
    const violations = step.report?.violations ?? [];
    if (unjudged(step)) {
      // Not a message: the referee did not judge it, so nothing is "allowed" either.
      out.push(`> ✗ ${tr(STRINGS.notJudged, lang)}`, '');
    } else if (violations.length === 0 && step.judgedLater) {
      // A fault's own message the referee judges at its reveal: not "allowed" either.
      out.push(`> … ${tr(STRINGS.judgedLater, lang)}`, '');
    } else if (violations.length === 0) {
      out.push(
        `> ✓ ${tr(STRINGS.allowed, lang)}${aside(
          // A modern session (2026-07-28) has no lifecycle: name its revision, not phases.
          step.era === 'modern'
            ? `${step.revision} · ${tr(STRINGS.era_modern, lang)}`
            : [
                labelled(
                  tr(STRINGS.client, lang),
                  tr(STRINGS[`phase_${step.phases.client}`], lang),
                  lang,
                ),
                labelled(
                  tr(STRINGS.server, lang),
                  tr(STRINGS[`phase_${step.phases.server}`], lang),
                  lang,
                ),
              ].join(lang === 'zh' ? '，' : ', '),
          lang,
        )}`,
        '',
      );
    } else {
      for (const v of violations) {
        out.push(
          // The verdict quotes what the peer sent (a tool name, a method) and the rule's text
          // (A-Z, a-z, 0-9, _, - and .): both printed as written, never read as Markdown.
          `> ${SEVERITY_MARK[v.severity]} **${v.rule}**${aside(tr(STRINGS[`severity_${v.severity}`], lang), lang)} — ${literalInline(violationText(v, lang))} — *${literalInline(specText(v, lang))}*`,
        );
      }
      out.push('');
    }
  }
  out.push(`## ${tr(STRINGS.recap, lang)}`, '', tr(sc.recap, lang), '');
  if (exercise) {
    out.push(
      tr(STRINGS.recapExercise, lang, {
        title: exercise.title,
        id: exercise.id,
        mcp: suggestCommand(''),
      }),
      '',
    );
  }
  if (sc.spec.length > 0) {
    out.push(`## ${tr(STRINGS.spec, lang)}`, '', ...sc.spec.map((x) => `- ${x}`), '');
  }
  // Titles, notes, methods and quoted values come from files and peers: nothing in them may
  // reach the terminal as a control character (the handout's own line breaks stay).
  return visible(out.join('\n'), { newlines: true });
}

/** A line a lesson sent that is not a message (`do: {raw: …}`): the session log's unreadable step. */
export type UnreadableLine = {
  readonly direction: ScreenStep['direction'];
  /**
   * What was written (a lesson keeps a raw line's text, so `null` is the text "null"); JSON null
   * when nothing was kept (a message nested past the depth limit), JSON having no undefined.
   */
  readonly raw: unknown;
  readonly problem: string;
  readonly note: Bilingual;
};

/** The steps `lesson --json` lists: the screen's steps, and the unreadable lines between them. */
export function jsonSteps(steps: readonly Step[]): (ScreenStep | UnreadableLine)[] {
  let shown = 0;
  return steps.map((step) =>
    step.kind === 'unreadable'
      ? {
          direction: step.direction,
          raw: step.raw === undefined ? null : step.raw,
          problem: step.problem ?? '',
          note: step.notes?.note ?? { en: '', zh: '' },
        }
      : screenStep(step, shown++),
  );
}

/**
 * `lesson --json`: every envelope exactly as sent on the wire, with its note and violations; a line
 * the lesson sent that is not a message is a step too, with `raw` (what was written) and the
 * `problem`. A closed transport is listed apart, after the step it followed, and so is a closed
 * HTTP response stream (`abandons`: the request's id, after the step it followed).
 */
export function lessonJson(
  lesson: { readonly id: string; readonly scenario: { readonly title: Bilingual } },
  timeline: { readonly steps: readonly (ScreenStep | UnreadableLine)[] },
  lang: Lang,
) {
  const steps = [];
  const closes = [];
  const abandons = [];
  for (const step of timeline.steps) {
    if ('raw' in step) {
      const { direction, raw, problem } = step;
      const message = null;
      steps.push({ direction, message, raw, problem, note: tr(step.note, lang), violations: [] });
      continue;
    }
    if (step.abandoned) {
      const { id } = step.abandoned;
      abandons.push({ afterStep: steps.length, id, note: tr(step.note, lang) });
      continue;
    }
    if (!step.message || !step.report) {
      closes.push({ afterStep: steps.length, by: step.closedBy, note: tr(step.note, lang) });
      continue;
    }
    steps.push({
      direction: step.direction,
      message: step.message,
      // Only a step its source knew the HTTP request of (a lesson step that names headers).
      ...(step.headers ? { headers: step.headers } : {}),
      note: tr(step.note, lang),
      violations: step.report.violations.map((v) => ({
        rule: v.rule,
        severity: v.severity,
        message: violationText(v, lang),
        spec: specText(v, lang),
      })),
    });
  }
  return {
    id: lesson.id,
    title: tr(lesson.scenario.title, lang),
    steps,
    ...(closes.length > 0 ? { closes } : {}),
    ...(abandons.length > 0 ? { abandons } : {}),
  };
}
