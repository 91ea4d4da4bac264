import { type RefObject, useRef, useState } from 'react';

/**
 * State that keys read and write: keys can come faster than frames (a paste, a burst of arrows),
 * so each reads the value the key before it left (`latest`), not the one last drawn (`shown`).
 * `set` takes a value or a function of the latest one, as React's setter does.
 */
export function useLatestState<T>(
  initial: T,
): [shown: T, set: (next: T | ((value: T) => T)) => void, latest: RefObject<T>] {
  const [shown, setShown] = useState(initial);
  const latest = useRef(initial);
  const set = (next: T | ((value: T) => T)) => {
    latest.current = next instanceof Function ? next(latest.current) : next;
    setShown(latest.current);
  };
  return [shown, set, latest];
}
