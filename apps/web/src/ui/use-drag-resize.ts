import { useRef, type PointerEvent } from 'react';

export interface DragResizeOptions {
  /** 'x' resizes a width by horizontal drags, 'y' a height by vertical ones. */
  axis: 'x' | 'y';
  /** The size when a drag starts. */
  size: number;
  /** Called on every move with the size the drag asks for (the caller clamps and stores it). */
  resizeTo(next: number): void;
  /** A drag began or ended (e.g. to turn transitions off meanwhile). */
  onDragging?(dragging: boolean): void;
}

/**
 * The pointer half of a resize handle (role="separator"): press, drag with the pointer captured, release or cancel.
 * Spread the result onto the handle; keyboard steps differ per handle and stay with it.
 */
export function useDragResize({ axis, size, resizeTo, onDragging }: DragResizeOptions) {
  const drag = useRef<{ start: number; startSize: number } | null>(null);
  const coordinate = (event: PointerEvent<HTMLElement>) => (axis === 'x' ? event.clientX : event.clientY);

  function onPointerUp(event: PointerEvent<HTMLElement>) {
    if (!drag.current) return;
    drag.current = null;
    onDragging?.(false);
    event.currentTarget.releasePointerCapture(event.pointerId);
  }

  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = { start: coordinate(event), startSize: size };
      onDragging?.(true);
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (drag.current) resizeTo(drag.current.startSize + coordinate(event) - drag.current.start);
    },
    onPointerUp,
    onPointerCancel: onPointerUp,
  };
}
