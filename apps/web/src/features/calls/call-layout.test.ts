import { describe, expect, it } from 'vitest';
import { cameraTileId, fitGrid, gridColumns, screenTileId, stageLayout, stageTiles, toggleFocus } from './call-layout';

describe('gridColumns (spec §9)', () => {
  it('uses 1 column up to 2, 2 up to 4, 3 up to 9', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(gridColumns)).toEqual([1, 1, 2, 2, 3, 3, 3, 3, 3]);
  });

  it('uses ⌈√n⌉ above 9', () => {
    expect(gridColumns(10)).toBe(4);
    expect(gridColumns(16)).toBe(4);
    expect(gridColumns(17)).toBe(5);
    expect(gridColumns(25)).toBe(5);
    expect(gridColumns(26)).toBe(6);
  });
});

describe('fitGrid', () => {
  it('keeps the cells 16:9 with 8 px gaps, limited by the width', () => {
    // 4 people → 2 × 2; 1000 px wide leaves (1000 − 8) / 2 = 496 per cell, the height allows more.
    expect(fitGrid(4, 1000, 1000)).toEqual({ columns: 2, rows: 2, tileWidth: 496, tileHeight: 279 });
  });

  it('is limited by the height when the area is wide', () => {
    // 2 people → 1 column, 2 rows: (600 − 8) / 2 = 296 high → 526 wide.
    const fit = fitGrid(2, 2000, 600);
    expect(fit).toMatchObject({ columns: 1, rows: 2, tileWidth: 526 });
    expect(2 * fit.tileHeight + 8).toBeLessThanOrEqual(600);
  });

  it('always fits inside the area', () => {
    for (let count = 1; count <= 30; count += 1) {
      const fit = fitGrid(count, 1280, 720);
      expect(fit.columns * fit.tileWidth + (fit.columns - 1) * 8).toBeLessThanOrEqual(1280);
      expect(fit.rows * fit.tileHeight + (fit.rows - 1) * 8).toBeLessThanOrEqual(720);
      expect(fit.columns * fit.rows).toBeGreaterThanOrEqual(count);
    }
  });

  it('never goes negative in a tiny area', () => {
    expect(fitGrid(9, 4, 4).tileWidth).toBe(0);
  });
});

const people = (...sharing: boolean[]) =>
  sharing.map((screenShareEnabled, index) => ({ identity: `u${index}`, screenShareEnabled }));

describe('stageLayout', () => {
  it('puts everyone in the grid when nobody shares and nothing is focused', () => {
    const tiles = stageTiles(people(false, false, false));
    expect(stageLayout(tiles, null)).toEqual({ mode: 'grid', tiles });
  });

  it('shows a screen share large with the cameras in a strip', () => {
    const layout = stageLayout(stageTiles(people(false, true, false)), null);
    expect(layout.mode).toBe('spotlight');
    if (layout.mode !== 'spotlight') return;
    expect(layout.large).toEqual({ id: screenTileId('u1'), identity: 'u1', kind: 'screen' });
    expect(layout.strip.map((tile) => tile.id)).toEqual(['u0', 'u1', 'u2'].map(cameraTileId));
  });

  it('a focused tile is shown large instead, and a focus on a tile that left is forgotten', () => {
    const tiles = stageTiles(people(false, true));
    const focused = stageLayout(tiles, cameraTileId('u0'));
    expect(focused.mode === 'spotlight' && focused.large.id).toBe(cameraTileId('u0'));
    expect(focused.mode === 'spotlight' && focused.strip.map((tile) => tile.id)).toEqual([
      screenTileId('u1'),
      cameraTileId('u1'),
    ]);
    const gone = stageLayout(stageTiles(people(false)), cameraTileId('u7'));
    expect(gone.mode).toBe('grid');
  });

  it('one tile alone stays a grid of one', () => {
    expect(stageLayout(stageTiles(people(false)), cameraTileId('u0')).mode).toBe('grid');
  });

  it('double-click focuses, and again unfocuses', () => {
    expect(toggleFocus(null, 'a')).toBe('a');
    expect(toggleFocus('a', 'a')).toBeNull();
    expect(toggleFocus('a', 'b')).toBe('b');
  });
});
