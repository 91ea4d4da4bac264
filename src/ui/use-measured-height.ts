import { type DOMElement, measureElement } from 'ink';
import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * The height Ink's layout gave a box, read after each render; `guess` stands in for the first
 * frame. A change renders once more with the real value.
 */
export function useMeasuredHeight(guess: number): [RefObject<DOMElement | null>, number] {
  const ref = useRef<DOMElement | null>(null);
  const [height, setHeight] = useState(guess);
  useEffect(() => {
    if (!ref.current) return;
    const measured = measureElement(ref.current).height;
    if (measured !== height) setHeight(measured);
  });
  return [ref, height];
}
