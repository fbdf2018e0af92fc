import { describe, expect, it } from 'vitest';
import type { ContactEvent } from '@beseda/protocol/contacts';
import { contactToast } from './contact-toast';

function event(status: ContactEvent['status'], from = 'anna', userId = 'u2'): ContactEvent {
  return { type: 'contact', status, payload: { from, userId } };
}

describe('contactToast', () => {
  it('names the sender for each spec §8 status', () => {
    expect(contactToast(event('pending'), 'me')).toEqual({
      title: 'contacts.toastTitle',
      message: 'contacts.sent',
      params: { nickname: 'anna' },
    });
    expect(contactToast(event('accepted'), 'me')?.message).toBe('contacts.accepted');
    expect(contactToast(event('rejected'), 'me')?.message).toBe('contacts.rejected');
    expect(contactToast(event('cancelled'), 'me')?.message).toBe('contacts.cancelled');
  });

  it('falls back when the sender is unknown', () => {
    expect(contactToast(event('pending', ' '), 'me')).toEqual({
      title: 'contacts.toastTitle',
      message: 'contacts.sentUnknown',
      params: { nickname: '' },
    });
    expect(contactToast(event('accepted', ''), 'me')?.message).toBe('contacts.acceptedUnknown');
    expect(contactToast(event('rejected', ''), 'me')?.message).toBe('contacts.rejectedUnknown');
    expect(contactToast(event('cancelled', ''), 'me')?.message).toBe('contacts.cancelledUnknown');
  });

  it('is silent for our own echoed actions and for removals', () => {
    expect(contactToast(event('pending', 'me_nick', 'me'), 'me')).toBeNull();
    expect(contactToast(event('removed'), 'me')).toBeNull();
  });
});
