import type { ChatDirectory } from './chats-state';

/**
 * Unread messages of the home section (personal chats and the official one) — what the home button's pill counts.
 * Channel chats are left out: their group's icon marks them. The chat on screen counts nothing, as its row does, and
 * neither does a muted chat (Discord: its grey count stays in its row).
 */
export function homeUnreadTotal(
  directory: ChatDirectory,
  openChatId: string | null = null,
  isMuted: (chatId: string) => boolean = () => false,
): number {
  let total = 0;
  for (const chat of Object.values(directory.chats)) {
    if (chat.kind === 'channel' || chat.id === openChatId || isMuted(chat.id)) continue;
    total += directory.unread[chat.id]?.count ?? 0;
  }
  return total;
}

/** The pill's text: Discord caps it too, so a long absence does not widen the rail. */
export function pillText(count: number, max = 99): string {
  return count > max ? `${max}+` : String(count);
}

/** The tab title with the unread total in front, as Discord and Telegram show it: `(3) Беседа`. */
export function unreadTitle(appName: string, total: number): string {
  return total > 0 ? `(${total}) ${appName}` : appName;
}
