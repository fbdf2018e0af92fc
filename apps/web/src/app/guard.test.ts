import { describe, expect, it } from 'vitest';
import { decideRoute, forcedAuthTarget, isPublicRoute, sanitizeRedirect } from './guard';
import { authPath, channelPath, dmPath, invitePath } from './routes';

const signedIn = (pathname: string, search = '') => decideRoute({ pathname, search, authenticated: true });
const signedOut = (pathname: string, search = '') => decideRoute({ pathname, search, authenticated: false });

describe('decideRoute', () => {
  it('sends a signed-out user to /auth with the wanted path, encoded', () => {
    expect(signedOut('/settings/my')).toEqual({ kind: 'redirect', to: '/auth?redirect=%2Fsettings%2Fmy' });
    expect(signedOut('/channels/@me/calls')).toEqual({
      kind: 'redirect',
      to: '/auth?redirect=%2Fchannels%2F%40me%2Fcalls',
    });
  });

  it('keeps the query string of the wanted path', () => {
    expect(signedOut('/channels/g1', '?x=1&y=2')).toEqual({
      kind: 'redirect',
      to: `/auth?redirect=${encodeURIComponent('/channels/g1?x=1&y=2')}`,
    });
  });

  it('treats /invite/{code} as private', () => {
    expect(signedOut('/invite/abc')).toEqual({ kind: 'redirect', to: '/auth?redirect=%2Finvite%2Fabc' });
  });

  it('resolves / and /settings before guarding', () => {
    expect(signedIn('/')).toEqual({ kind: 'redirect', to: '/channels/@me' });
    expect(signedIn('/settings')).toEqual({ kind: 'redirect', to: '/settings/my' });
    expect(signedIn('/channels')).toEqual({ kind: 'redirect', to: '/channels/@me' });
    expect(signedOut('/')).toEqual({ kind: 'redirect', to: '/auth?redirect=%2Fchannels%2F%40me' });
    expect(signedOut('/settings')).toEqual({ kind: 'redirect', to: '/auth?redirect=%2Fsettings%2Fmy' });
  });

  it('lets a signed-out user stay on /auth', () => {
    expect(signedOut('/auth')).toEqual({ kind: 'allow' });
    expect(signedOut('/auth', '?redirect=%2Fsettings%2Fmy')).toEqual({ kind: 'allow' });
  });

  it('sends a signed-in user from /auth to the redirect value or home', () => {
    expect(signedIn('/auth', '?redirect=%2Fsettings%2Fmy')).toEqual({ kind: 'redirect', to: '/settings/my' });
    expect(signedIn('/auth')).toEqual({ kind: 'redirect', to: '/channels/@me' });
    expect(signedIn('/auth', '?redirect=%2Fsettings')).toEqual({ kind: 'redirect', to: '/settings/my' });
  });

  it('never redirects off-site', () => {
    for (const evil of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(signedIn('/auth', `?redirect=${encodeURIComponent(evil)}`)).toEqual({
        kind: 'redirect',
        to: '/channels/@me',
      });
    }
  });

  it('lets signed-in users through private routes', () => {
    expect(signedIn('/settings/my')).toEqual({ kind: 'allow' });
    expect(signedIn(channelPath('g', 'c'))).toEqual({ kind: 'allow' });
  });

  it('sends a user who signed out to a plain /auth', () => {
    expect(decideRoute({ pathname: '/settings/my', search: '', authenticated: false, signedOutByUser: true })).toEqual({
      kind: 'redirect',
      to: '/auth',
    });
  });

  it('skips the guard with forced=true', () => {
    expect(signedIn('/auth', '?forced=true')).toEqual({ kind: 'allow' });
    expect(signedOut('/settings/my', '?forced=true')).toEqual({ kind: 'allow' });
  });
});

describe('sanitizeRedirect', () => {
  it('accepts same-app paths', () => {
    expect(sanitizeRedirect('/settings/my')).toBe('/settings/my');
    expect(sanitizeRedirect('/channels/g1?x=1#m')).toBe('/channels/g1?x=1#m');
  });

  it('rejects anything else', () => {
    for (const value of [null, '', 'settings', '//evil.example/x', '/\\evil.example', '/a\nb', 'http://x/y']) {
      expect(sanitizeRedirect(value)).toBeNull();
    }
  });

  it('rejects loops back to /auth', () => {
    expect(sanitizeRedirect('/auth?redirect=%2Fx')).toBeNull();
  });
});

describe('route helpers', () => {
  it('builds paths', () => {
    expect(dmPath('d1')).toBe('/channels/@me/d1');
    expect(channelPath('g1', 'c1')).toBe('/channels/g1/c1');
    expect(invitePath('abc')).toBe('/invite/abc');
    expect(authPath({ forced: true, redirect: '/settings/my' })).toBe('/auth?forced=true&redirect=%2Fsettings%2Fmy');
    expect(isPublicRoute('/auth/')).toBe(true);
  });
});

describe('forcedAuthTarget', () => {
  it('keeps the way back to the wanted page', () => {
    expect(forcedAuthTarget({ pathname: '/settings/my', search: '', hash: '' })).toBe(
      '/auth?forced=true&redirect=%2Fsettings%2Fmy',
    );
  });

  it('keeps an existing redirect when start-up fails on /auth', () => {
    expect(forcedAuthTarget({ pathname: '/auth', search: '?redirect=%2Fchannels%2Fg1', hash: '' })).toBe(
      '/auth?forced=true&redirect=%2Fchannels%2Fg1',
    );
    expect(forcedAuthTarget({ pathname: '/auth', search: '', hash: '' })).toBe('/auth?forced=true');
  });
});
