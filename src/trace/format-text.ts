import stringWidth from 'string-width';
import type { Violation } from '../machine/index.js';
import type { Bilingual } from '../protocol/catalogue.js';
import { idText } from '../protocol/envelope.js';
// Not from the protocol's index: the screens use problemLine too, and must not load the SDK.
import { headBeforeEllipsis } from '../protocol/text-cut.js';
import { visible } from '../protocol/visible.js';
import type { BatchPosition, TraceProblem } from '../session/index.js';
import type { TraceLabel, TraceSummary } from './tracer.js';

/** The colours the text report uses (identity functions when colour is off). */
export type Paint = {
  readonly dim: (s: string) => string;
  readonly bold: (s: string) => string;
  readonly red: (s: string) => string;
  readonly yellow: (s: string) => string;
  readonly green: (s: string) => string;
  readonly cyan: (s: string) => string;
  readonly magenta: (s: string) => string;
};

/** The table's columns: each one's header, in English and Chinese, and its width in columns. */
const COLUMNS = [
  [{ en: 'line', zh: '行' }, 6],
  [{ en: 'dir', zh: '方向' }, 5],
  [{ en: 'era', zh: '时代' }, 6],
  [{ en: 'kind', zh: '类型' }, 12],
  [{ en: 'method #id', zh: '方法 #id' }, 36],
  [{ en: 'primitive', zh: '原语' }, 11],
  [{ en: 'phase', zh: '阶段' }, 14],
  [{ en: 'capability', zh: '能力' }, 28],
  [{ en: 'violations', zh: '违规' }, 0],
] as const;

/** `text` within `width` columns: as it is when it fits, else cut and ended with `…`. */
function ellipsize(text: string, width: number): string {
  return stringWidth(text) <= width ? text : `${headBeforeEllipsis(text, width)}…`;
}

/**
 * A cell of the table. Its text may come from the file (a method, an id), so its control
 * characters are shown, not obeyed, before it is cut to width. Width is the terminal's: a Chinese
 * character takes two columns, so it is measured, cut (with `…`) and padded by display width.
 */
function fitCell(raw: string, width: number, right = false): string {
  const text = visible(raw);
  if (width === 0) return text;
  const cut = ellipsize(text, width);
  const pad = ' '.repeat(Math.max(0, width - stringWidth(cut)));
  return right ? pad + cut : cut + pad;
}

/** The table's header, in `lang` (the --json report has none). */
export function headerRow(paint: Paint, lang: 'en' | 'zh' = 'en'): string {
  return paint.bold(
    COLUMNS.map(([name, w], i) => fitCell(name[lang], w, i === 0))
      .join('  ')
      .trimEnd(),
  );
}

/**
 * A capability path within `width`. An extension's path is long, and the end of its identifier is
 * what names it (server.extensions.io.modelcontextprotocol/tasks), so one that does not fit keeps
 * its first whole segments and its last `/` part around `…`: `server.extensions.io.…/tasks`. A
 * core path (no `/`) is left to the cell, cut at its end as before.
 */
export function fitPath(path: string, width: number): string {
  const slash = path.lastIndexOf('/');
  if (slash === -1 || stringWidth(path) <= width) return path;
  const tail = path.slice(slash);
  let head = '';
  for (let at = path.indexOf('.'); at !== -1; at = path.indexOf('.', at + 1)) {
    const next = path.slice(0, at + 1);
    if (stringWidth(next) + 1 + stringWidth(tail) > width) break;
    head = next;
  }
  return head === '' ? path : `${head}…${tail}`;
}

export function labelRow(
  label: TraceLabel,
  details: readonly Violation[],
  paint: Paint,
  batch: BatchPosition | null = null,
): string {
  const arrow = label.direction === 'client->server' ? 'C → S' : 'C ← S';
  // The messages of one batch share their line: each says where it stands in it.
  const inBatch = batch ? ` [batch ${batch.index + 1}/${batch.size}]` : '';
  const methodId = `${label.method ?? '?'}${label.id !== null ? ` #${idText(label.id)}` : ''}${inBatch}`;
  const cells = [
    fitCell(String(label.line), 6, true),
    fitCell(arrow, 5),
    fitCell(label.era, 6),
    fitCell(label.kind, 12),
    fitCell(methodId, 36),
    fitCell(label.primitive ?? '—', 11),
    fitCell(label.phase ?? '—', 14),
    fitCell(fitPath(label.capability ?? '—', 28), 28),
  ];
  const kindPaint =
    label.kind === 'error' ? paint.red : label.kind === 'notification' ? paint.magenta : paint.cyan;
  cells[3] = kindPaint(cells[3] ?? '');
  cells[0] = paint.dim(cells[0] ?? '');
  if (label.era === 'modern') cells[2] = paint.green(cells[2] ?? '');
  const rules = details
    .map((v) => (v.severity === 'error' ? paint.red(v.rule) : paint.yellow(v.rule)))
    .join(', ');
  return `${cells.join('  ')}  ${rules}`.trimEnd();
}

type Lang = 'en' | 'zh';

/** "line 3: " in `lang`, up to what follows it. */
const lineLabel = (line: number, lang: Lang) =>
  lang === 'zh' ? `第 ${line} 行：` : `line ${line}: `;

export function violationLine(line: number, v: Violation, paint: Paint, lang: Lang = 'en'): string {
  const zh = lang === 'zh';
  const severity = v.severity === 'error' ? (zh ? '错误' : 'error') : zh ? '警告' : 'warning';
  const tag = v.severity === 'error' ? paint.red(severity) : paint.yellow(severity);
  const message = zh ? v.messageZh : v.message;
  const spec = zh ? v.specZh : v.spec;
  return `  ${lineLabel(line, lang)}${tag} ${paint.bold(v.rule)} — ${visible(message)} ${paint.dim(`[${spec}]`)}`;
}

export function problemLine(problem: TraceProblem, paint: Paint, lang: Lang = 'en'): string {
  const message = lang === 'zh' ? (problem.messageZh ?? problem.message) : problem.message;
  return `  ${lineLabel(problem.line, lang)}${paint.red(visible(message))}`;
}

/**
 * An abandon step in the report's order: the client closed a request's HTTP response stream, and
 * what that did (`abandonNote`, in `lang`).
 */
export function abandonLine(
  line: number,
  note: Bilingual,
  paint: Paint,
  lang: Lang = 'en',
): string {
  return `${paint.dim(lineLabel(line, lang))}${paint.yellow(lang === 'zh' ? note.zh : note.en)}`;
}

/** The session's era as the summary says it. */
const ERA_TEXT = {
  en: {
    legacy: 'legacy (the initialize handshake, then the lifecycle)',
    modern: 'modern (2026-07-28: no handshake, each request declares itself)',
    dual: 'dual: both eras, initialize after a probe or a modern request',
  },
  zh: {
    legacy: 'legacy（initialize 握手，然后是生命周期）',
    modern: 'modern（2026-07-28：没有握手，每个请求各自声明）',
    dual: 'dual：两个时代，在探测或现代请求之后回退到 initialize',
  },
} as const;

export function summaryLines(summary: TraceSummary, paint: Paint, lang: Lang = 'en'): string[] {
  const ratio =
    summary.lifecycleToOperationRatio === null
      ? 'n/a'
      : summary.lifecycleToOperationRatio.toFixed(3);
  const total = summary.requests + summary.responses + summary.errors + summary.notifications;
  const count =
    summary.violations === 0 ? paint.green('0') : paint.yellow(String(summary.violations));
  const { requests, responses, errors, notifications } = summary;
  if (lang === 'zh') {
    if (total === 0) {
      // Nothing to count: say so, and why the era reads legacy (as --json's summary.era does).
      return [
        paint.bold('汇总'),
        '  消息：没有消息（这份记录中没有一条 JSON-RPC 消息）',
        '  时代：legacy —— 没有消息决定时代；裁判从旧时代的规则开始',
        `  违规：${count}`,
      ];
    }
    const phases =
      summary.era === 'modern'
        ? '无：2026-07-28 没有生命周期（没有比值）'
        : `初始化阶段 ${summary.lifecycle} 条，操作阶段 ${summary.operation} 条（比值 ${ratio}）`;
    return [
      paint.bold('汇总'),
      `  时代：${ERA_TEXT.zh[summary.era]}`,
      `  消息：${total} 条（请求 ${requests}，回应 ${responses}，错误 ${errors}，通知 ${notifications}）`,
      `  阶段：${phases}`,
      `  违规：${count}`,
    ];
  }
  if (total === 0) {
    return [
      paint.bold('Summary'),
      '  messages       no messages: the transcript holds no JSON-RPC message',
      "  era            legacy — no message decided the era; the referee starts with the handshake era's rules",
      `  violations     ${count}`,
    ];
  }
  const phases =
    summary.era === 'modern'
      ? 'none: no lifecycle in 2026-07-28 (no ratio)'
      : `${summary.lifecycle} in initialization, ${summary.operation} in operation (ratio ${ratio})`;
  return [
    paint.bold('Summary'),
    `  era            ${ERA_TEXT.en[summary.era]}`,
    `  messages       ${total}  (${counted(requests, 'request')}, ${counted(responses, 'response')}, ${counted(errors, 'error')}, ${counted(notifications, 'notification')})`,
    `  phases         ${phases}`,
    `  violations     ${count}`,
  ];
}

/** `1 request`, `3 requests`: an English count with its noun. */
function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
