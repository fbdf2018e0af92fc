/** Navigation state that asks the chat a route opens to show one of its messages (a mention opened from the inbox). */
export interface JumpToMessageState {
  jumpToMessageId: string;
}

/** The message a navigation asked the chat to show, if its state names one. */
export function requestedJump(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('jumpToMessageId' in state)) return null;
  const id = state.jumpToMessageId;
  return typeof id === 'string' && id !== '' ? id : null;
}
