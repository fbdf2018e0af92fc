import type { MediaTrackRef } from './media-room';

/**
 * One `<video>` element per track, shared by the tiles that show the track and moved from one tile to the next.
 *
 * WHY: a layout switch (grid → screen share with the cameras in a strip, a double-click focus and back) puts tiles
 * under another parent, and React does that by unmounting them and mounting new ones. A new `<video>` stays black
 * until the track's next decoded frame reaches it — on a busy machine, seconds — and detaching and attaching again
 * flips livekit-client's adaptive-stream visibility of the track. A moved element keeps its picture and its playback.
 */
export interface VideoElements {
  /** The track's element, created and attached on first use. Every `take` is paired with a `release`. */
  take(track: MediaTrackRef): HTMLVideoElement;
  /**
   * Lets go of the track's element. Once no tile has taken it back by the end of the current task (the tile's
   * successor mounts in the same React commit), it is removed from the page and detached from the track.
   */
  release(track: MediaTrackRef): void;
}

interface Kept {
  element: HTMLVideoElement;
  users: number;
}

export function createVideoElements(createElement: () => HTMLVideoElement): VideoElements {
  const kept = new Map<MediaTrackRef, Kept>();
  return {
    take(track) {
      let entry = kept.get(track);
      if (!entry) {
        entry = { element: createElement(), users: 0 };
        track.attach(entry.element);
        kept.set(track, entry);
      }
      entry.users += 1;
      return entry.element;
    },
    release(track) {
      const entry = kept.get(track);
      if (!entry) return;
      entry.users -= 1;
      queueMicrotask(() => {
        if (entry.users > 0 || kept.get(track) !== entry) return;
        kept.delete(track);
        entry.element.remove();
        track.detach(entry.element);
      });
    },
  };
}
