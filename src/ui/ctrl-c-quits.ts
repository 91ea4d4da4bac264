import { useApp, useInput, useStdin } from 'ink';
import type { ReactNode } from 'react';

const CTRL_C = '\u0003';

/**
 * Ctrl+C quits a screen however the key arrives. Ink quits on Ctrl+C (`exitOnCtrlC`) only when
 * the key is a read of its own; pressed twice quickly, or just after another key while the screen
 * is busy drawing, the terminal hands the keys over in one read ("\x03\x03", "n\x03"), which Ink
 * passes on as text, and no screen binds it: the command went on until Ctrl+C was pressed once
 * more, alone. Here any Ctrl+C in what is read quits as Ink's does (the terminal put back, the
 * last frame left on screen). Only on a terminal that sends raw keys, as every screen's keys.
 */
export function CtrlCQuits({ children }: { readonly children?: ReactNode }): ReactNode {
  const { exit } = useApp();
  const { isRawModeSupported } = useStdin();
  useInput(
    (input) => {
      if (input.includes(CTRL_C)) exit();
    },
    { isActive: isRawModeSupported === true },
  );
  return children;
}
