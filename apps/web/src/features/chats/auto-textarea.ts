import { useLayoutEffect, type RefObject } from 'react';

/** Sets the height to the content's, up to `maxHeight`; beyond it the textarea scrolls. */
function fitHeight(element: HTMLTextAreaElement, maxHeight: number): void {
  element.style.height = 'auto';
  element.style.height = `${Math.min(element.scrollHeight, maxHeight)}px`;
  element.style.overflowY = element.scrollHeight > maxHeight ? 'auto' : 'hidden';
}

/**
 * Grows a textarea with its content up to `maxHeight`, then it scrolls. It refits when its width changes too (a
 * narrower window, the sidebar dragged, a preview card beside it): the same text wraps onto more lines, and a height
 * fitted only on typing would clip them.
 */
export function useAutoHeight(ref: RefObject<HTMLTextAreaElement | null>, value: string, maxHeight: number): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (element) fitHeight(element, maxHeight);
  }, [ref, value, maxHeight]);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      // Only a width change rewraps; our own height change must not refit in a loop.
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      fitHeight(element, maxHeight);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, maxHeight]);
}
