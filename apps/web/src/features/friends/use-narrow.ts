import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * True while the element is narrower than `threshold` px. Measured with a ResizeObserver on the element itself
 * (the content column), not the window: the resizable sidebar changes the column without resizing the window.
 */
export function useNarrow(ref: RefObject<HTMLElement | null>, threshold: number): boolean {
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = (width: number) => setNarrow(width > 0 && width < threshold);
    update(element.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) update(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, threshold]);
  return narrow;
}
