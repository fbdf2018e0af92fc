import { describe, expect, it } from 'vitest';
import { classifyAddress } from '../../src/features/link-previews/address-guard.js';
import { checkFetchUrl, checkPreviewUrl } from '../../src/features/link-previews/preview-url.js';

describe('classifyAddress', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', '0/8'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private 10/8'],
    ['10.255.255.255', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12'],
    ['192.168.0.1', 'private 192.168/16'],
    ['192.168.255.255', 'private 192.168/16'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['::', 'IPv6 unspecified'],
    ['::1', 'IPv6 loopback'],
    ['fc00::1', 'ULA'],
    ['fd12:3456::1', 'ULA'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with zone'],
    ['febf::1', 'IPv6 link-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['ff0e::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'mapped loopback'],
    ['::ffff:7f00:1', 'mapped loopback in hex'],
    ['::ffff:10.0.0.1', 'mapped private'],
    ['::ffff:169.254.169.254', 'mapped metadata'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'mapped 192.168.1.1, full form'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['64:ff9b::7f00:1', 'NAT64'],
    ['64:ff9b::808:808', 'NAT64 even to a public address'],
    ['2002:7f00:1::', '6to4'],
    ['2001:0:4136:e378::1', 'Teredo'],
    ['2001:db8::1', 'documentation'],
    ['100::1', 'discard-only'],
    ['fec0::1', 'site-local'],
    ['not an address', 'not an IP'],
    ['localhost', 'a name'],
    ['', 'empty'],
  ])('refuses %s (%s)', (address) => {
    expect(classifyAddress(address)).toBe('refused');
  });

  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['93.184.216.34'],
    ['172.15.255.255'],
    ['172.32.0.1'],
    ['100.63.255.255'],
    ['100.128.0.1'],
    ['169.253.255.255'],
    ['11.0.0.1'],
    ['223.255.255.254'],
    ['2606:4700:4700::1111'],
    ['2a00:1450:4010:c0e::65'],
    ['::ffff:8.8.8.8'],
    ['::ffff:808:808'],
  ])('accepts the public %s', (address) => {
    expect(classifyAddress(address)).toBe('public');
  });
});

describe('checkPreviewUrl', () => {
  it('accepts an https URL with a domain, dropping the fragment', () => {
    const check = checkPreviewUrl('https://Example.com/a/page?q=1#top');
    expect(check).toEqual({ ok: true, url: new URL('https://example.com/a/page?q=1') });
  });

  it('accepts an explicit :443, an IDN and a trailing dot', () => {
    expect(checkPreviewUrl('https://example.com:443/').ok).toBe(true);
    expect(checkPreviewUrl('https://пример.рф/').ok).toBe(true);
    expect(checkPreviewUrl('https://example.com./').ok).toBe(true);
  });

  it.each([
    ['http://example.com/', 'not-https'],
    ['ftp://example.com/', 'not-https'],
    ['javascript:alert(1)', 'not-https'],
    ['file:///etc/passwd', 'not-https'],
    ['example.com', 'not-a-url'],
    ['', 'not-a-url'],
    ['https://example.123/', 'not-a-url'], // a numeric last label makes the URL parser read an (invalid) IPv4
    ['https://user@example.com/', 'has-userinfo'],
    ['https://user:pass@example.com/', 'has-userinfo'],
    ['https://example.com:8443/', 'not-port-443'],
    ['https://example.com:80/', 'not-port-443'],
  ])('refuses %s as %s', (raw, reason) => {
    expect(checkPreviewUrl(raw)).toEqual({ ok: false, reason });
  });

  it.each([
    'https://127.0.0.1/',
    'https://0177.0.0.1/',
    'https://2130706433/',
    'https://0x7f000001/',
    'https://0x7f.0.0.1/',
    'https://127.1/',
    'https://0/',
    'https://10.0.0.1/',
    'https://169.254.169.254/latest/meta-data/',
    'https://8.8.8.8/',
    'https://[::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:7f00:1]/',
    'https://[2606:4700:4700::1111]/',
    'https://%31%32%37.0.0.1/',
  ])('refuses the IP literal %s', (raw) => {
    expect(checkPreviewUrl(raw)).toEqual({ ok: false, reason: 'ip-literal' });
  });

  it.each([
    'https://localhost/',
    'https://intranet/',
    'https://foo.localhost/',
    'https://printer.local/',
    'https://db.internal/',
    'https://router.home.arpa/',
    'https://bad_name.example.com/',
    'https://-dash.example.com/',
    'https://a..example.com/',
    `https://${'a'.repeat(64)}.com/`,
  ])('refuses the invalid domain %s', (raw) => {
    expect(checkPreviewUrl(raw)).toEqual({ ok: false, reason: 'invalid-domain' });
  });

  it.each(['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'mp4', 'webm', 'mp3', 'wav', 'pdf', 'zip', 'rar', '7z'])(
    'skips a link to a .%s file, in any case',
    (ext) => {
      expect(checkPreviewUrl(`https://example.com/files/thing.${ext}`)).toEqual({
        ok: false,
        reason: 'skipped-extension',
      });
      expect(checkPreviewUrl(`https://example.com/THING.${ext.toUpperCase()}?x=1`)).toEqual({
        ok: false,
        reason: 'skipped-extension',
      });
    },
  );

  it('does not skip a page whose query merely mentions an extension', () => {
    expect(checkPreviewUrl('https://example.com/view?file=a.png').ok).toBe(true);
  });
});

describe('checkFetchUrl', () => {
  it('fetches images (redirect targets, preview images) but keeps every other rule', () => {
    expect(checkFetchUrl('https://cdn.example.com/cover.png').ok).toBe(true);
    expect(checkFetchUrl('https://[::1]/a.png')).toEqual({ ok: false, reason: 'ip-literal' });
    expect(checkFetchUrl('http://cdn.example.com/a.png')).toEqual({ ok: false, reason: 'not-https' });
  });
});
