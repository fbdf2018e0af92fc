/**
 * Scoped settings keys join three parts with colons (spec §3), e.g. `group:<id>:warningDismissed` or
 * `ui:global:mediaHintShown`. Parts must not contain a colon themselves, or two keys could collide.
 */
export function scopedKey(scope: string, id: string, name: string): string {
  for (const part of [scope, id, name]) {
    if (part === '' || part.includes(':')) throw new Error(`Invalid scoped key part: "${part}"`);
  }
  return `${scope}:${id}:${name}`;
}

export function parseScopedKey(key: string): [scope: string, id: string, name: string] | null {
  const parts = key.split(':');
  if (parts.length !== 3 || parts.some((part) => part === '')) return null;
  const [scope = '', id = '', name = ''] = parts;
  return [scope, id, name];
}

/** Spec §3: the per-group dismissible warning about respectful behaviour. */
export function groupWarningKey(groupId: string): string {
  return scopedKey('group', groupId, 'warningDismissed');
}

/** Spec §3: the one-time mic/camera tip. */
export const MEDIA_HINT_KEY = scopedKey('ui', 'global', 'mediaHintShown');

/** Issue 15: «Заглушить» on a chat (direct, or a channel's chat): no desktop notifications, a grey badge. */
export function chatMuteKey(chatId: string): string {
  return scopedKey('chat', chatId, 'muted');
}

/** Issue 15: «Заглушить» on a whole group. */
export function groupMuteKey(groupId: string): string {
  return scopedKey('group', groupId, 'muted');
}

/** Issue 15: the in-app prompt before the browser's notification permission was answered («Не сейчас»). */
export const NOTIFICATION_PROMPT_KEY = scopedKey('ui', 'global', 'notificationPromptDismissed');
