import { Box } from 'ink';
import { Prose } from './prose.js';

export type NarrationViewProps = {
  /** Silent actions just before this step (a tool added…), shown first, dim. */
  readonly events: readonly string[];
  readonly note: string;
};

/** What happens at this step, in the learner's language; it wraps and keeps CJK columns. */
export function NarrationView({ events, note }: NarrationViewProps) {
  return (
    <Box flexDirection="column" flexShrink={0}>
      {events.map((event) => (
        <Prose key={event} dimColor italic>
          ↳ {event}
        </Prose>
      ))}
      <Prose>{note}</Prose>
    </Box>
  );
}
