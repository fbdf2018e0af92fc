import type { ModalSize } from '../../ui/modal';

/** Below this width the card is S (a phone); from L_MIN_* up it is L (a large desktop window). */
const S_MAX_WIDTH = 520;
const L_MIN_WIDTH = 1600;
const L_MIN_HEIGHT = 900;

/** Spec §2: the direct call modal comes in S, M and L; the window decides which. */
export function callModalSize(width: number, height: number): ModalSize {
  if (width < S_MAX_WIDTH) return 'S';
  if (width >= L_MIN_WIDTH && height >= L_MIN_HEIGHT) return 'L';
  return 'M';
}

const AVATAR_PX: Readonly<Record<ModalSize, number>> = { S: 80, M: 96, L: 128 };

export function callAvatarSize(size: ModalSize): number {
  return AVATAR_PX[size];
}
