import { Box, type DOMElement, measureElement, Text } from 'ink';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Lang } from '../../i18n/lang.js';
import { s } from '../../i18n/strings.js';
import type { ScreenStep } from '../../sim/scenario/engine.js';
import { type EnvelopeModel, fitMeanings } from '../envelope-model.js';
import { sf } from '../text.js';
import { useMeasuredHeight } from '../use-measured-height.js';
import { useTheme } from '../use-theme.js';
import { JsonLineView } from './json-line-view.js';
import { MeaningList } from './meaning-list.js';

export type EnvelopeViewProps = {
  readonly step: ScreenStep;
  readonly model: EnvelopeModel;
  readonly lang: Lang;
  /** Lines the whole block may take (title, JSON, meanings); it takes fewer when all fits. */
  readonly height: number;
};

/** Lines the block needs to show everything, counting a line per meaning. */
export function envelopeLines(model: EnvelopeModel): number {
  return 1 + model.lines.length + model.meanings.length;
}

/**
 * The current envelope, pretty-printed in colour. Annotated fields carry a number in the gutter;
 * the numbered meanings follow, as many whole ones as fit (measured after the first frame, since
 * they wrap). A long envelope ends with "…n more lines". Remount it (key) when the step or the
 * terminal's width changes.
 */
export function EnvelopeView({ step, model, lang, height }: EnvelopeViewProps) {
  const theme = useTheme();
  const room = Math.max(0, height - 1);
  const [jsonRef, jsonHeight] = useMeasuredHeight(room);
  const boxes = useRef(new Map<number, DOMElement>());
  const [heights, setHeights] = useState<ReadonlyMap<number, number> | null>(null);
  const boxRef = useCallback((n: number, box: DOMElement | null) => {
    if (box) boxes.current.set(n, box);
    else boxes.current.delete(n);
  }, []);
  // The first frame lays out every meaning to learn its height; later frames only choose.
  useEffect(() => {
    if (heights !== null) return;
    const measured = new Map<number, number>();
    for (const [n, box] of boxes.current) measured.set(n, measureElement(box).height);
    setHeights(measured);
  }, [heights]);

  const all = model.meanings.length;
  const meanings =
    heights === null
      ? model.meanings
      : fitMeanings(model.meanings, heights, room, model.lines.length);
  const hidden = all - meanings.length;
  const settled =
    heights !== null &&
    model.lines.length + meanings.reduce((sum, m) => sum + (heights.get(m.n) ?? 1), 0) <= room;
  // Settled: everything fits, so the JSON box takes its natural height; otherwise it takes what the
  // block leaves, and the last line it can show says how many are left out.
  const shown =
    settled || model.lines.length <= jsonHeight ? model.lines.length : Math.max(0, jsonHeight - 1);
  const more = model.lines.length - shown;
  const gutter = all > 0 ? String(all).length + 1 : 0;
  const arrow =
    step.direction === 'client->server'
      ? `${s('client', lang)} → ${s('server', lang)}`
      : `${s('server', lang)} → ${s('client', lang)}`;

  return (
    <Box flexDirection="column" flexShrink={0} overflow="hidden" {...(settled ? {} : { height })}>
      <Text wrap="truncate-end" dimColor>
        {step.report === null
          ? `${s('noEnvelope', lang)} · ${sf('closedBy', lang, { side: s(step.closedBy ?? 'client', lang) })}`
          : `${s('envelope', lang)} · ${arrow} · ${s(`kind_${step.report.kind}`, lang)}`}
        {step.fault !== null ? (
          <Text {...theme.fg('error')}>
            {' '}
            · {s('fault', lang)}: {step.fault}
          </Text>
        ) : null}
        {hidden > 0 ? ` · ${sf('moreMeanings', lang, { n: hidden })}` : ''}
      </Text>
      <Box
        ref={jsonRef}
        flexDirection="column"
        // Everything fits: the JSON keeps its height and the spare lines go below the meanings.
        {...(settled ? { flexShrink: 0 } : { flexGrow: 1, flexShrink: 1, flexBasis: 0 })}
        overflow="hidden"
      >
        {model.lines.slice(0, shown).map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of one envelope never move
          <JsonLineView key={i} line={line} mark={model.marks.get(i) ?? null} gutter={gutter} />
        ))}
        {more > 0 ? (
          <Text dimColor wrap="truncate-end">
            {sf('moreLines', lang, { n: more })}
          </Text>
        ) : null}
      </Box>
      <Box
        flexDirection="column"
        flexShrink={0}
        {...(heights === null
          ? { height: Math.floor(room * 0.45), overflow: 'hidden' as const }
          : {})}
      >
        <MeaningList meanings={meanings} gutter={gutter} boxRef={boxRef} />
      </Box>
    </Box>
  );
}
