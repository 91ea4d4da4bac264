import { useEffect, useState } from 'react';
import type { LiveStore } from './live-store.js';

/**
 * The store's version, redrawn at most once per `intervalMs`. A burst on the wire (a list_changed
 * flurry, progress steps, ten pipelined calls) then costs one frame, not one per envelope; the
 * first change after a quiet spell is drawn at once.
 */
export function useLiveVersion(store: LiveStore, intervalMs = 33): number {
  const [version, setVersion] = useState(store.version);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = Number.NEGATIVE_INFINITY;
    const flush = () => {
      timer = undefined;
      last = performance.now();
      setVersion(store.version);
    };
    const unsubscribe = store.subscribe(() => {
      if (timer !== undefined) return;
      timer = setTimeout(flush, Math.max(0, intervalMs - (performance.now() - last)));
    });
    flush(); // whatever arrived before this effect ran
    return () => {
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [store, intervalMs]);
  return version;
}
