import type { ReactNode } from 'react';
import { createTheme } from './theme.js';
import { ThemeContext } from './use-theme.js';

export type ThemedProps = {
  /** Colour on, unless NO_COLOR asked otherwise (see `colourEnabled`). */
  readonly colour: boolean;
  readonly children?: ReactNode;
};

/**
 * Gives every view the same theme. @inkjs/ui's own theme is added by the few views that use its
 * components (`InkUiTheme`).
 */
export function Themed({ colour, children }: ThemedProps) {
  return <ThemeContext.Provider value={createTheme(colour)}>{children}</ThemeContext.Provider>;
}
