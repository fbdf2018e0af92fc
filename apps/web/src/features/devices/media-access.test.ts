import { describe, expect, it } from 'vitest';
import { accessFromError, blockedKinds, deniedPermission, INITIAL_ACCESS } from './media-access';

function domError(name: string): Error {
  const error = new Error(name);
  error.name = name;
  return error;
}

describe('media access', () => {
  it('starts with both kinds in the denied list (spec §3)', () => {
    expect(deniedPermission(INITIAL_ACCESS)).toEqual(['camera', 'mic']);
  });

  it('drops a kind from the denied list once granted', () => {
    expect(deniedPermission({ mic: 'granted', camera: 'missing' })).toEqual(['camera']);
    expect(deniedPermission({ mic: 'granted', camera: 'granted' })).toEqual([]);
  });

  it('reads getUserMedia errors by name', () => {
    expect(accessFromError(domError('NotAllowedError'))).toBe('denied');
    expect(accessFromError(domError('SecurityError'))).toBe('denied');
    expect(accessFromError(domError('NotFoundError'))).toBe('missing');
    expect(accessFromError(domError('OverconstrainedError'))).toBe('missing');
    expect(accessFromError(domError('NotReadableError'))).toBe('busy');
    expect(accessFromError('weird')).toBe('missing');
  });

  it('explains only real denials', () => {
    expect(blockedKinds({ mic: 'denied', camera: 'missing' })).toEqual(['mic']);
  });
});
