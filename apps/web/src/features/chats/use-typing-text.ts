import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { expireTypingNow, useChatsStore } from './chats-store';
import type { TypingUser } from './chats-state';

const NO_TYPING: Readonly<Record<string, TypingUser>> = {};

/** «… печатает…» for a chat while someone types (null otherwise); shared by chat headers and group channels. */
export function useTypingText(chatId: string): string | null {
  const { t } = useTranslation();
  const typing = useChatsStore((state) => state.typing[chatId] ?? NO_TYPING);

  // An indicator whose stop_typing was lost goes away on its own.
  useEffect(() => {
    const untils = Object.values(typing).map((user) => user.until);
    if (untils.length === 0) return;
    const timer = setTimeout(expireTypingNow, Math.max(0, Math.min(...untils) - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [typing]);

  const [first, second] = Object.values(typing).map((user) => user.name);
  if (first === undefined) return null;
  return second === undefined ? t('chat.typingOne', { name: first }) : t('chat.typingTwo', { first, second });
}
