import { describe, expect, it } from 'vitest';
import type { DesktopScreenSource } from '@beseda/protocol/desktop';
import { initialSourceKind } from './screen-share-picker';

const source = (kind: DesktopScreenSource['kind']): DesktopScreenSource => ({
  id: `${kind}:1:0`,
  name: kind,
  kind,
  thumbnailDataUrl: 'data:image/png;base64,AAAA',
});

describe('initialSourceKind', () => {
  it('opens on screens when there are any, on windows when the shell found only windows', () => {
    expect(initialSourceKind([source('window'), source('screen')])).toBe('screen');
    expect(initialSourceKind([source('window')])).toBe('window');
    expect(initialSourceKind([])).toBe('screen');
  });
});
