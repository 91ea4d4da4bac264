import { type Key, useInput, useStdin } from 'ink';
import { type RefObject, useRef } from 'react';

export type KeyHandler = (input: string, key: Key) => void;
export type KeyRoute = RefObject<KeyHandler | null>;

/**
 * Listens to the keyboard once, for the whole app, and hands each key to whichever screen last
 * claimed the route (useKeyRoute). A screen that has just appeared gets the very next key: no
 * key falls between one screen's listener going and the next one's coming. Only on a terminal
 * that can send raw keys (`isRawModeSupported` is undefined on a pipe, hence `=== true`).
 */
export function useKeyRouter(enabled = true): KeyRoute {
  const route = useRef<KeyHandler | null>(null);
  const { isRawModeSupported } = useStdin();
  useInput((input, key) => route.current?.(input, key), {
    isActive: enabled && isRawModeSupported === true,
  });
  return route;
}
