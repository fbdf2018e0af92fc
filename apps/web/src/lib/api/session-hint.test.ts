import { describe, expect, it } from 'vitest';
import { mayHaveSession } from './session-hint';

describe('mayHaveSession', () => {
  it('is true only when the hint cookie is among the cookies', () => {
    expect(mayHaveSession('beseda_session=1')).toBe(true);
    expect(mayHaveSession('theme=dark; beseda_session=1; x=y')).toBe(true);
    expect(mayHaveSession('')).toBe(false);
    expect(mayHaveSession('theme=dark; other_beseda_session=1')).toBe(false);
  });
});
