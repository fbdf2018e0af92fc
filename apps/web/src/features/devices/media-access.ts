/** The two permissions of spec §3 `deniedPermission`. */
export type MediaKind = 'mic' | 'camera';

export const MEDIA_KINDS: readonly MediaKind[] = ['mic', 'camera'];

/**
 * What we know about one kind: `unknown` until asked (or until the browser says), `granted`, `denied` by the user or
 * the browser's policy, `missing` (no such device), `busy` (another application holds it).
 */
export type MediaAccess = 'unknown' | 'granted' | 'denied' | 'missing' | 'busy';

export type AccessByKind = Readonly<Record<MediaKind, MediaAccess>>;

export const INITIAL_ACCESS: AccessByKind = { mic: 'unknown', camera: 'unknown' };

/** The name of a `getUserMedia` error (a DOMException, or anything else thrown). */
function errorName(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string') {
    return error.name;
  }
  return '';
}

/**
 * A failed `getUserMedia`, read the way its names are specified: NotAllowedError (the user or a policy refused;
 * SecurityError in older browsers), NotFoundError / OverconstrainedError (no such device), NotReadableError /
 * AbortError (the device exists but cannot be opened). Anything else is treated as a missing device: asking again
 * would not help either way.
 */
export function accessFromError(error: unknown): MediaAccess {
  switch (errorName(error)) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return 'denied';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    default:
      return 'missing';
  }
}

/**
 * Spec §3 `deniedPermission`: every kind not granted, so it starts as both (['camera', 'mic']) and loses a kind once
 * access to it is granted; a denial puts it back.
 */
export function deniedPermission(access: AccessByKind): MediaKind[] {
  const denied: MediaKind[] = [];
  if (access.camera !== 'granted') denied.push('camera');
  if (access.mic !== 'granted') denied.push('mic');
  return denied;
}

/** The kinds whose denial the UI must explain (how to allow them in the address bar). */
export function blockedKinds(access: AccessByKind): MediaKind[] {
  return MEDIA_KINDS.filter((kind) => access[kind] === 'denied');
}

/** The Permissions API name of each kind (`navigator.permissions.query({ name })`). */
export const PERMISSION_NAME: Readonly<Record<MediaKind, string>> = { mic: 'microphone', camera: 'camera' };

/** A Permissions API state turned into what we know; `prompt` tells nothing yet. */
export function accessFromPermissionState(state: string): MediaAccess | null {
  if (state === 'granted') return 'granted';
  if (state === 'denied') return 'denied';
  return null;
}
