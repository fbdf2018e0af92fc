import { originOf } from './origin.js';

/*
 * Permission requests from web content (`setPermissionRequestHandler` / `setPermissionCheckHandler`): the configured
 * server gets what a call and a chat need — camera and microphone, notifications, clipboard — and nothing else; any
 * other origin (an iframe, an embed) gets nothing at all.
 */

export const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set([
  'media',
  'notifications',
  'clipboard-read',
  'clipboard-sanitized-write',
]);

export interface PermissionRequest {
  permission: string;
  /** The origin asking (`details.requestingUrl` / `requestingOrigin`). */
  requestingUrl: string | undefined;
  /** For `media`: which devices (`details.mediaTypes`); an empty list is a check, not a capture. */
  mediaTypes?: readonly string[];
}

export function decidePermission(request: PermissionRequest, serverOrigin: string): boolean {
  if (originOf(request.requestingUrl) !== serverOrigin) return false;
  if (!GRANTED_PERMISSIONS.has(request.permission)) return false;
  if (request.permission === 'media' && request.mediaTypes !== undefined) {
    return request.mediaTypes.every((type) => type === 'audio' || type === 'video');
  }
  return true;
}
