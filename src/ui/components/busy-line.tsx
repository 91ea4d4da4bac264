import { Spinner } from '@inkjs/ui';
import { InkUiTheme } from '../ink-ui-theme.js';

export type BusyLineProps = {
  readonly text: string;
};

/** A spinner beside `text`, for a wait the CLI cannot measure (the learner's code running). */
export function BusyLine({ text }: BusyLineProps) {
  return (
    <InkUiTheme>
      <Spinner label={text} />
    </InkUiTheme>
  );
}
