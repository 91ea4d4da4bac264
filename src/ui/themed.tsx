import { defaultTheme, extendTheme, ThemeProvider } from '@inkjs/ui';
import type { ReactNode } from 'react';
import { createTheme } from './theme.js';
import { ThemeContext } from './use-theme.js';

/** @inkjs/ui's components with their colours taken out, for NO_COLOR. */
const colourless = extendTheme(defaultTheme, {
  components: {
    Spinner: { styles: { frame: () => ({}) } },
  },
});

export type ThemedProps = {
  /** Colour on, unless NO_COLOR asked otherwise (see `colourEnabled`). */
  readonly colour: boolean;
  readonly children?: ReactNode;
};

/** Gives every view the same theme, ours and @inkjs/ui's. */
export function Themed({ colour, children }: ThemedProps) {
  return (
    <ThemeContext.Provider value={createTheme(colour)}>
      <ThemeProvider theme={colour ? defaultTheme : colourless}>{children}</ThemeProvider>
    </ThemeContext.Provider>
  );
}
