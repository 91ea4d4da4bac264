import { Box } from 'ink';
import { breakCjk } from '../cjk-lines.js';
import { wrappedHeight } from '../text-height.js';
import { Prose } from './prose.js';

export type NarrationViewProps = {
  /** Silent actions just before this step (a tool added…), shown first, dim. */
  readonly events: readonly string[];
  readonly note: string;
  /** Columns it is drawn in: Chinese is broken into lines here (breakCjk), not at spaces by Ink. */
  readonly width: number;
};

const eventText = (event: string) => `↳ ${event}`;

/** Lines the narration takes at `width` columns. */
export function narrationHeight(events: readonly string[], note: string, width: number): number {
  const height = (text: string) => wrappedHeight(breakCjk(text, width), width);
  return events.reduce((n, e) => n + height(eventText(e)), 0) + height(note);
}

/** What happens at this step, in the learner's language; it wraps and keeps CJK columns. */
export function NarrationView({ events, note, width }: NarrationViewProps) {
  return (
    <Box flexDirection="column" flexShrink={0}>
      {events.map((event) => (
        <Prose key={event} dimColor italic>
          {breakCjk(eventText(event), width)}
        </Prose>
      ))}
      <Prose>{breakCjk(note, width)}</Prose>
    </Box>
  );
}
