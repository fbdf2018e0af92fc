import { describe, expect, it } from 'vitest';
import { logSaveFilters } from '../src/log-save.js';

describe('the log save dialog', () => {
  it("offers the suggested file's own type first", () => {
    expect(logSaveFilters('beseda-log-2025-01-31T09-15-00-000Z.jsonl')).toEqual([
      { name: 'Журнал', extensions: ['jsonl', 'txt', 'log'] },
    ]);
  });

  it('does not repeat a type, and copes with a name without one', () => {
    expect(logSaveFilters('beseda.log')[0]?.extensions).toEqual(['log', 'txt']);
    expect(logSaveFilters('beseda')[0]?.extensions).toEqual(['txt', 'log']);
  });
});
