import { useId, type MouseEvent } from 'react';
import type { Chat } from '@beseda/protocol/chats';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dmPath } from '../../app/routes';
import { useRelativeTime } from '../../lib/time/use-relative-time';
import { EmptyState } from '../../ui/empty-state';
import { SidebarSectionHeader } from '../../ui/sidebar-nav';
import { useUserStore } from '../auth/user-store';
import { useContacts } from '../friends/contacts-queries';
import { ChatAvatar, useChatTitle, useSystemText } from './chat-display';
import { matchesQuery, sortedDirectChats } from './chat-selectors';
import { useChatDirectory, useChatList } from './chats-queries';
import { useChatsStore } from './chats-store';
import { FriendMatchList } from './friend-match-list';
import { friendsWithoutChat } from './friend-matches';
import { describePreview } from './message-text';
import { OfficialTag } from './official-tag';
import { goToChat } from './open-chat';
import { useNow } from './use-now';
import { chatMuteKey } from '../../lib/local-db/scoped-key';
import { useMuted } from '../notifications/mute-store';
import { Icon } from '../../ui/icon';
import styles from './chat-list.module.css';

const BADGE_MAX = 99;

function ChatRow({ chat, now }: { chat: Chat; now: Date }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const meId = useUserStore((state) => state.id);
  const active = useChatsStore((state) => state.currentChatId === chat.id);
  const count = useChatDirectory((directory) => directory.unread[chat.id]?.count ?? 0);
  const unread = active ? 0 : count;
  const muted = useMuted(chat.kind === 'direct' ? chatMuteKey(chat.id) : null);
  const title = useChatTitle()(chat);
  const systemText = useSystemText();
  const relative = useRelativeTime();
  const preview = describePreview(chat.lastMessage, meId);

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks open a new tab as links do; a plain click goes through the «already here» check.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void goToChat(chat.id, (path) => void navigate(path));
  };

  return (
    <li>
      <a
        href={dmPath(chat.id)}
        onClick={open}
        className={`${styles.row} ${unread > 0 ? styles.unread : ''}`}
        aria-current={active ? 'page' : undefined}
        data-testid="chat-row"
        data-chat-id={chat.id}
        data-official={chat.official || undefined}
      >
        <ChatAvatar chat={chat} size={32} />
        <span className={styles.body}>
          <span className={styles.top}>
            <span className={styles.name}>{title}</span>
            {chat.official ? <OfficialTag className={styles.tag} /> : null}
            {muted ? (
              <Icon
                name="bellOff"
                size={14}
                className={styles.mutedIcon}
                label={t('notifications.muted')}
                data-testid="chat-muted"
              />
            ) : null}
            {chat.lastMessage ? (
              <time className={styles.time} dateTime={chat.lastMessage.createdAt}>
                {relative(chat.lastMessage.createdAt, now)}
              </time>
            ) : null}
          </span>
          {preview.kind !== 'none' ? (
            <span className={styles.preview} data-testid="chat-preview">
              {preview.kind === 'system' ? (
                systemText(preview.system, false)
              ) : (
                <>
                  {preview.own ? <span className={styles.you}>{t('chat.you')}</span> : null}
                  {preview.text}
                </>
              )}
            </span>
          ) : null}
        </span>
        {unread > 0 ? (
          <span
            className={`${styles.badge} ${muted ? styles.mutedBadge : ''}`}
            data-testid="chat-unread"
            data-muted={muted || undefined}
            aria-label={t('chat.unread', { count: unread })}
          >
            {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
          </span>
        ) : null}
      </a>
    </li>
  );
}

/**
 * The chats part of the home sidebar (spec §2): the official chat pinned first, then personal chats by last
 * message time, filtered by the «Найти собеседника» query; while searching, friends without a chat follow.
 */
export function ChatList({ query }: { query: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const now = useNow();
  const { list, status, retry } = useChatList();
  const chatTitle = useChatTitle();
  const contacts = useContacts();
  const friendsTitleId = useId();

  const system = list.systemChatId ? list.chats[list.systemChatId] : undefined;
  const direct = sortedDirectChats(list);
  const visible = [...(system ? [system] : []), ...direct].filter((chat) => matchesQuery(chat, chatTitle(chat), query));
  const searching = query.trim() !== '';
  const friends = friendsWithoutChat(contacts, list, query);

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <SidebarSectionHeader id={titleId} title={t('home.directMessages')} />
      {visible.length > 0 ? (
        <ul className={styles.list} data-testid="chat-list">
          {visible.map((chat) => (
            <ChatRow key={chat.id} chat={chat} now={now} />
          ))}
        </ul>
      ) : null}
      {friends.length > 0 ? (
        <section className={styles.subsection} aria-labelledby={friendsTitleId}>
          <SidebarSectionHeader id={friendsTitleId} title={t('home.friends')} />
          <FriendMatchList friends={friends} />
        </section>
      ) : null}
      {searching && visible.length === 0 && friends.length === 0 ? (
        <p className={styles.note} data-testid="chats-search-empty">
          {t('chat.searchEmpty')}
        </p>
      ) : null}
      {!searching && status === 'ready' && direct.length === 0 ? (
        <EmptyState icon="chat" title={t('home.noChats')} hint={t('home.noChatsHint')} compact testId="chats-empty" />
      ) : null}
      {status === 'error' && direct.length === 0 ? (
        <p className={styles.note} role="alert">
          {t('chat.listFailed')}{' '}
          <button type="button" className={styles.retry} onClick={retry}>
            {t('chat.retry')}
          </button>
        </p>
      ) : null}
    </section>
  );
}
