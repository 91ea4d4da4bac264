import { Box } from 'ink';
import { wrappedHeight } from '../text-height.js';
import { Prose } from './prose.js';

export type NarrationViewProps = {
  /** Silent actions just before this step (a tool added…), shown first, dim. */
  readonly events: readonly string[];
  readonly note: string;
};

const eventText = (event: string) => `↳ ${event}`;

/** Lines the narration takes at `width` columns. */
export function narrationHeight(events: readonly string[], note: string, width: number): number {
  return (
    events.reduce((n, e) => n + wrappedHeight(eventText(e), width), 0) + wrappedHeight(note, width)
  );
}

/** What happens at this step, in the learner's language; it wraps and keeps CJK columns. */
export function NarrationView({ events, note }: NarrationViewProps) {
  return (
    <Box flexDirection="column" flexShrink={0}>
      {events.map((event) => (
        <Prose key={event} dimColor italic>
          {eventText(event)}
        </Prose>
      ))}
      <Prose>{note}</Prose>
    </Box>
  );
}
