import { defaultTheme, extendTheme, ThemeProvider } from '@inkjs/ui';
import type { ReactNode } from 'react';
import { useTheme } from './use-theme.js';

/** @inkjs/ui's components with their colours taken out, for NO_COLOR. */
const colourless = extendTheme(defaultTheme, {
  components: {
    Spinner: { styles: { frame: () => ({}) } },
  },
});

/**
 * @inkjs/ui's theme, colour on or off as ours is. Only the views that use its components (the
 * busy line's spinner, the sandbox's text inputs) wrap themselves in it, so the menu and a lesson
 * load no @inkjs/ui for their first frame.
 */
export function InkUiTheme({ children }: { readonly children?: ReactNode }) {
  const { colour } = useTheme();
  return <ThemeProvider theme={colour ? defaultTheme : colourless}>{children}</ThemeProvider>;
}
