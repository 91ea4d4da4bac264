import { Box } from 'ink';
import type { ReactNode } from 'react';
import type { MeasuredScroll } from '../use-measured-scroll.js';

/**
 * The window a measured text scrolls in (useMeasuredScroll): it takes the room left under the
 * title, and the text inside it is moved up by the lines scrolled out of sight.
 */
export function ScrollWindow({
  scrolled,
  children,
}: {
  readonly scrolled: MeasuredScroll;
  readonly children: ReactNode;
}) {
  return (
    <Box
      ref={scrolled.windowRef}
      flexDirection="column"
      flexGrow={1}
      flexShrink={1}
      flexBasis={0}
      overflow="hidden"
    >
      {/* Never shrunk (shrunk lines would be drawn over each other): it scrolls instead. */}
      <Box ref={scrolled.bodyRef} flexDirection="column" flexShrink={0} marginTop={-scrolled.shown}>
        {children}
      </Box>
    </Box>
  );
}
