import { Text } from 'ink';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import type { SequenceRow } from '../sequence-rows.js';
import { useTheme } from '../use-theme.js';
import { ScrollPane } from './scroll-pane.js';
import { TimelineRow } from './timeline-row.js';

export type TimelineViewProps = {
  /** The rows in the window, oldest first. */
  readonly rows: readonly SequenceRow[];
  readonly current: number;
  readonly lang: Lang;
  /** Lines of the pane, its header included; as many as the rows need unless told. */
  readonly height?: number;
  readonly focused?: boolean;
  /** Rows before the window and after it (the latest are shown unless scrolled back). */
  readonly above?: number;
  readonly below?: number;
};

/**
 * A sequence diagram with two lifelines: C on the left, S on the right. Requests and responses
 * are solid arrows, notifications dashed, error responses red with ✗; beside S a rule broken is
 * marked ✗ (an error) or ! (only a warning), then the time when the source has one.
 */
export function TimelineView(props: TimelineViewProps) {
  const { rows, current, lang, focused = false, above = 0, below = 0 } = props;
  const theme = useTheme();
  const timed = rows.some((row) => row.time !== null);
  return (
    <ScrollPane
      title={
        <>
          <Text bold {...theme.fg('client')}>
            C
          </Text>
          {'        '}
          <Text bold {...theme.fg('server')}>
            S
          </Text>{' '}
          {tr(STRINGS.timeline, lang)}
        </>
      }
      focused={focused}
      height={props.height ?? rows.length + 1}
      above={above}
      below={below}
      shift={0}
      lang={lang}
      indent={1}
    >
      {rows.map((row) => (
        <TimelineRow
          key={row.index}
          row={row}
          here={row.index === current}
          timed={timed}
          lang={lang}
        />
      ))}
    </ScrollPane>
  );
}
