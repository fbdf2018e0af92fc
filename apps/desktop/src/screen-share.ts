import type { DesktopScreenShareChoice } from '@beseda/protocol/desktop';

/*
 * Screen sharing through our own picker: `setDisplayMediaRequestHandler` hands us a callback, we send the sources to
 * the web app, and the user's choice comes back on another channel. This keeps the pending requests: a choice must
 * name a request that is still open and a source that was offered (a renderer cannot make us capture a window it was
 * never shown), and every request is answered exactly once — an unanswered `getDisplayMedia` would hang the call.
 */

export interface PickerSource {
  id: string;
}

export type PickerAnswer<S> = { source: S; audio: boolean } | null;

export function createScreenSharePicker<S extends PickerSource>(options: { audioAvailable: boolean }) {
  let nextId = 1;
  const pending = new Map<number, { sources: readonly S[]; answer: (answer: PickerAnswer<S>) => void }>();

  return {
    /** A new request; the previous one still open is cancelled (only one picker is shown at a time). */
    open(sources: readonly S[], answer: (answer: PickerAnswer<S>) => void): number {
      for (const [id, request] of pending) {
        pending.delete(id);
        request.answer(null);
      }
      const requestId = nextId;
      nextId += 1;
      pending.set(requestId, { sources, answer });
      return requestId;
    },
    /** Returns false for a stale request or a source that was not offered (that request is then cancelled). */
    choose(choice: DesktopScreenShareChoice): boolean {
      const request = pending.get(choice.requestId);
      if (request === undefined) return false;
      pending.delete(choice.requestId);
      if (choice.sourceId === null) {
        request.answer(null);
        return true;
      }
      const source = request.sources.find((candidate) => candidate.id === choice.sourceId);
      if (source === undefined) {
        request.answer(null);
        return false;
      }
      request.answer({ source, audio: choice.audio && options.audioAvailable });
      return true;
    },
    /** The window closed or navigated away: answer everything still open with a cancel. */
    cancelAll(): void {
      for (const [id, request] of pending) {
        pending.delete(id);
        request.answer(null);
      }
    },
    pendingCount(): number {
      return pending.size;
    },
  };
}
