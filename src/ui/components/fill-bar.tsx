import { Box, Text } from 'ink';
import { useTheme } from '../use-theme.js';

export type FillBarProps = {
  /** Percent done, 0–100. */
  readonly value: number;
  /** Columns the bar takes, known beforehand (see `progressBarWidth`). */
  readonly width: number;
};

/**
 * A progress bar of a given width: filled █, then light ░, as @inkjs/ui's ProgressBar draws it.
 * That one measures its own width after a frame and renders again, so each bar that appears or
 * changes width costs a second frame (and Ink holds frames to 30 a second); this one is told.
 */
export function FillBar({ value, width }: FillBarProps) {
  const theme = useTheme();
  const complete = Math.round((Math.min(100, Math.max(0, value)) / 100) * width);
  const remaining = width - complete;
  return (
    <Box flexGrow={1} minWidth={0}>
      {complete > 0 ? <Text {...theme.fg('progress')}>{'█'.repeat(complete)}</Text> : null}
      {remaining > 0 ? <Text dimColor>{'░'.repeat(remaining)}</Text> : null}
    </Box>
  );
}
