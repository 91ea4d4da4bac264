import { useLayoutEffect } from 'react';
import type { KeyHandler, KeyRoute } from './use-key-router.js';

/**
 * Makes `handler` the one that receives keys, from this render on. It is set while the frame is
 * committed, before any later key can be read, so no key reaches a handler from an older render.
 */
export function useKeyRoute(route: KeyRoute, handler: KeyHandler): void {
  useLayoutEffect(() => {
    route.current = handler;
  });
}
