import type { ContactEvent } from '@beseda/protocol/contacts';

const NAMED = {
  pending: 'contacts.sent',
  accepted: 'contacts.accepted',
  rejected: 'contacts.rejected',
  cancelled: 'contacts.cancelled',
} as const;

const FALLBACK = {
  pending: 'contacts.sentUnknown',
  accepted: 'contacts.acceptedUnknown',
  rejected: 'contacts.rejectedUnknown',
  cancelled: 'contacts.cancelledUnknown',
} as const;

/** Catalogue keys and values of a spec §8 contact toast; the caller translates (keeps this pure and testable). */
export interface ContactToastText {
  title: 'contacts.toastTitle';
  message: (typeof NAMED)[keyof typeof NAMED] | (typeof FALLBACK)[keyof typeof FALLBACK];
  params: { nickname: string };
}

/**
 * The toast for a `contact` event, or null: our own actions (echoed to our other tabs) and removals are silent.
 * The sender is named when the event says who it is; otherwise the spec's fallback text is shown.
 */
export function contactToast(event: ContactEvent, myId: string): ContactToastText | null {
  if (event.payload.userId === myId || event.status === 'removed') return null;
  const nickname = event.payload.from.trim();
  if (nickname) return { title: 'contacts.toastTitle', message: NAMED[event.status], params: { nickname } };
  return { title: 'contacts.toastTitle', message: FALLBACK[event.status], params: { nickname: '' } };
}
