import { describe, expect, it } from 'vitest';
import { offlineConnector, offlineResolver } from '../../src/features/link-previews/network.js';

describe('LINK_PREVIEWS=false network', () => {
  it('resolves no name and connects nowhere', async () => {
    await expect(offlineResolver('example.com')).rejects.toThrow(/LINK_PREVIEWS=false/);
    expect(() => offlineConnector({ address: '93.184.216.34', port: 443, servername: 'example.com' })).toThrow(
      /LINK_PREVIEWS=false/,
    );
  });
});
