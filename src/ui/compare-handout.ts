import { COMPARE_STRINGS } from '../i18n/compare-strings.js';
import { type Lang, tr } from '../i18n/lang.js';
import { STRINGS } from '../i18n/strings.js';
import { suggestCommand } from '../invocation.js';
import { visible, visibleJson } from '../protocol/index.js';
import type { CompareCell, CompareModel } from './compare-model.js';

/**
 * Prose from a topic names fields such as `_meta` and `list_changed`: an underscore could open
 * emphasis in a Markdown renderer, so it is escaped (shown as written once rendered).
 */
function prose(text: string): string {
  return text.replace(/_/g, '\\_');
}

/** Text for a table cell: a `|` would end the cell, a line break the row. */
function inCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function headCell(cell: CompareCell | null, lang: Lang): string {
  if (!cell) return `*${tr(COMPARE_STRINGS.noStep, lang)}*`;
  return inCell(
    `**${tr(COMPARE_STRINGS.stepOf, lang, { n: cell.number })}** · ${prose(cell.heading)}`,
  );
}

function verdictCell(cell: CompareCell | null): string {
  if (!cell) return '—';
  return cell.verdict.map((v) => inCell(prose(v.text))).join('<br>');
}

/** Under the table: each side's silent events, note and envelope (compact JSON, one line). */
function details(cell: CompareCell | null, title: string, lang: Lang): string[] {
  if (!cell) return [];
  const out = [`**${title}** · ${tr(COMPARE_STRINGS.stepOf, lang, { n: cell.number })}`, ''];
  for (const e of cell.events) out.push(`*${prose(e)}*`, '');
  if (cell.note) out.push(prose(cell.note), '');
  if (cell.message !== null) {
    out.push('```json', visibleJson(JSON.stringify(cell.message)), '```', '');
  }
  return out;
}

/**
 * The topic as a two-column Markdown handout: for each row a table (2025-11-25 | 2026-07-28) with
 * each step's heading and verdict, the difference under it, then both envelopes in full.
 */
export function compareHandout(model: CompareModel, lang: Lang): string {
  const out: string[] = [
    `# ${model.title}`,
    '',
    prose(model.summary),
    '',
    tr(COMPARE_STRINGS.columns, lang),
    '',
  ];
  const total = model.rows.length;
  for (const [i, row] of model.rows.entries()) {
    out.push(
      `## ${tr(COMPARE_STRINGS.row, lang, { n: i + 1, total })}`,
      '',
      `| ${model.sides.legacy} | ${model.sides.modern} |`,
      '|---|---|',
      `| ${headCell(row.legacy, lang)} | ${headCell(row.modern, lang)} |`,
      `| ${verdictCell(row.legacy)} | ${verdictCell(row.modern)} |`,
      '',
      lang === 'zh'
        ? `> **${tr(COMPARE_STRINGS.difference, lang)}**：${prose(row.difference)}`
        : `> **${tr(COMPARE_STRINGS.difference, lang)}:** ${prose(row.difference)}`,
      '',
      ...details(row.legacy, model.sides.legacy, lang),
      ...details(row.modern, model.sides.modern, lang),
    );
  }
  if (model.spec.length > 0) {
    out.push(`## ${tr(STRINGS.spec, lang)}`, '', ...model.spec.map((s) => `- ${s}`), '');
  }
  if (model.lessons.length > 0) {
    const commands = model.lessons.map((id) => `\`${suggestCommand(`lesson ${id}`)}\``).join(' · ');
    out.push(tr(COMPARE_STRINGS.lessonsNext, lang, { commands }), '');
  }
  return visible(out.join('\n'), { newlines: true });
}

/** The topic as data: `mcp-sim compare <topic> --json`. */
export function compareJson(model: CompareModel): unknown {
  const side = (cell: CompareCell | null) =>
    cell === null
      ? null
      : {
          step: cell.number,
          direction: cell.step.direction,
          message: cell.message,
          allowed: cell.verdict.every((v) => v.ok),
          violations: cell.step.report?.violations ?? [],
          events: cell.events,
          note: cell.note,
        };
  return {
    id: model.id,
    title: model.title,
    summary: model.summary,
    spec: model.spec,
    lessons: model.lessons,
    sides: model.sides,
    rows: model.rows.map((row) => ({
      difference: row.difference,
      legacy: side(row.legacy),
      modern: side(row.modern),
    })),
  };
}
