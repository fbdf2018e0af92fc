import { describe, expect, it } from 'vitest';
import { deepLinkFromArgv, parseDeepLink } from '../src/deep-link.js';

describe('beseda:// deep links', () => {
  it('opens invites and channel routes', () => {
    expect(parseDeepLink('beseda://invite/AbC123')).toBe('/invite/AbC123');
    expect(parseDeepLink('beseda://invite/AbC123/')).toBe('/invite/AbC123');
    expect(parseDeepLink('beseda://channels/@me')).toBe('/channels/@me');
    expect(parseDeepLink('beseda://channels/@me/calls')).toBe('/channels/@me/calls');
    expect(parseDeepLink('beseda://channels/@me/42')).toBe('/channels/@me/42');
    expect(parseDeepLink('beseda://channels/g1/c2')).toBe('/channels/g1/c2');
    expect(parseDeepLink('beseda://channels/g1/c2?x=1#y')).toBe('/channels/g1/c2');
    // Re-encoded: whatever a segment holds, it stays one segment.
    expect(parseDeepLink('beseda://invite/a%20b%3Fc')).toBe('/invite/a%20b%3Fc');
  });

  it('refuses everything else', () => {
    for (const link of [
      'beseda://settings/my',
      'beseda://invite',
      'beseda://invite/a/b',
      'beseda://channels',
      'beseda://channels/g/c/extra',
      'beseda://invite/..',
      'beseda://channels/%2e%2e/x',
      'beseda://invite/a%2Fb',
      'beseda://invite/a%5Cb',
      'beseda://invite/a%00b',
      'beseda://invite/%E0%A4%A',
      'beseda://user:pass@invite/x',
      'beseda://invite:8080/x',
      'beseda:invite/x',
      'https://invite/x',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'not a url',
      `beseda://invite/${'a'.repeat(3000)}`,
    ]) {
      expect(parseDeepLink(link), link).toBeNull();
    }
  });

  it('takes the link from a second launch argv and ignores options around it', () => {
    expect(deepLinkFromArgv(['/opt/Beseda/beseda', '--no-sandbox', 'beseda://invite/xyz'])).toBe('/invite/xyz');
    expect(deepLinkFromArgv(['C:\\Beseda\\Beseda.exe', 'BESEDA://invite/xyz'])).toBe('/invite/xyz');
    expect(deepLinkFromArgv(['/opt/Beseda/beseda', '--inspect=9229'])).toBeNull();
    expect(deepLinkFromArgv(['beseda', 'beseda://evil/x', 'beseda://invite/ok'])).toBeNull();
  });
});
