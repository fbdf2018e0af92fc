/** Spec §9 call grid: gap 8 px, 16:9 cells; 1 column up to 2 participants, 2 up to 4, 3 up to 9, else ⌈√n⌉. */
export const CALL_GRID_GAP_PX = 8;
export const TILE_ASPECT = 16 / 9;

export function gridColumns(count: number): number {
  if (count <= 2) return 1;
  if (count <= 4) return 2;
  if (count <= 9) return 3;
  return Math.ceil(Math.sqrt(count));
}

export interface GridFit {
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
}

/** The largest 16:9 cell that lets `count` tiles, in the spec's columns, fit in width × height. */
export function fitGrid(count: number, width: number, height: number, gap: number = CALL_GRID_GAP_PX): GridFit {
  const columns = gridColumns(Math.max(count, 1));
  const rows = Math.max(1, Math.ceil(count / columns));
  const byWidth = (width - (columns - 1) * gap) / columns;
  const byHeight = ((height - (rows - 1) * gap) / rows) * TILE_ASPECT;
  const tileWidth = Math.max(0, Math.floor(Math.min(byWidth, byHeight)));
  return { columns, rows, tileWidth, tileHeight: Math.floor(tileWidth / TILE_ASPECT) };
}

/** One tile on the stage: a participant's camera (or avatar), or a screen they share. */
export interface StageTile {
  id: string;
  identity: string;
  kind: 'camera' | 'screen';
}

export type StageLayout =
  | { mode: 'grid'; tiles: StageTile[] }
  /** One tile large (a focused tile, else a screen share), the others in a strip below. */
  | { mode: 'spotlight'; large: StageTile; strip: StageTile[] };

export function cameraTileId(identity: string): string {
  return `camera:${identity}`;
}

export function screenTileId(identity: string): string {
  return `screen:${identity}`;
}

/** Every participant has a camera tile (the avatar when the camera is off); a sharer has a screen tile too. */
export function stageTiles(participants: readonly { identity: string; screenShareEnabled: boolean }[]): StageTile[] {
  const cameras = participants.map((participant): StageTile => ({
    id: cameraTileId(participant.identity),
    identity: participant.identity,
    kind: 'camera',
  }));
  const screens = participants
    .filter((participant) => participant.screenShareEnabled)
    .map((participant): StageTile => ({
      id: screenTileId(participant.identity),
      identity: participant.identity,
      kind: 'screen',
    }));
  return [...screens, ...cameras];
}

/**
 * A double-clicked tile is shown large; without one, a screen share is (the cameras in a strip below); otherwise
 * everyone is in the grid. A focus on a tile that left is forgotten.
 */
export function stageLayout(tiles: readonly StageTile[], focusedId: string | null): StageLayout {
  const large = tiles.find((tile) => tile.id === focusedId) ?? tiles.find((tile) => tile.kind === 'screen');
  if (!large || tiles.length === 1) return { mode: 'grid', tiles: [...tiles] };
  return { mode: 'spotlight', large, strip: tiles.filter((tile) => tile !== large) };
}

/** Double-click: focus a tile, or unfocus the one focused. */
export function toggleFocus(focusedId: string | null, tileId: string): string | null {
  return focusedId === tileId ? null : tileId;
}
