import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Chat } from '@beseda/protocol/chats';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/spinner';
import { useUserStore } from '../auth/user-store';
import { CallRecordRow } from '../call-history/call-record-row';
import { otherPartyOf } from '../call-history/call-summary';
import { showToast } from '../toasts/toast-store';
import { ChatAvatar, useChatTitle } from './chat-display';
import { clearJump, deleteOwnMessage, loadOlder, useChatsStore } from './chats-store';
import { ConfirmDialog } from './confirm-dialog';
import { DayDivider } from './day-divider';
import { MessageItem } from './message-item';
import { MessageMenu, type MessageAction } from './message-menu';
import { buildRows, displayMessages, type DisplayMessage, type MessageRow } from './message-rows';
import { pendingIn } from './outbox';
import { mentionsMe as mentionsMeIn } from './chats-state';
import styles from './message-list.module.css';
import { MessageMarkup } from './markup/message-markup';

type ListItem = { type: 'top'; key: string } | MessageRow;

/** Load the previous page when the reader scrolls up this close (px) to the top. */
const LOAD_OLDER_WITHIN_PX = 600;
/** "At the bottom" tolerance in px: new messages follow only then. */
const BOTTOM_THRESHOLD = 48;
/** How long the message a jump landed on stays marked (its CSS animation runs as long). */
const JUMPED_MARK_MS = 2400;

function estimate(item: ListItem | undefined): number {
  if (!item) return 40;
  if (item.type === 'top') return 160;
  if (item.type === 'day') return 40;
  return item.head ? 64 : 24;
}

interface MenuState {
  message: DisplayMessage;
  at: { x: number; y: number };
  trigger: HTMLElement | null;
}

/**
 * The virtualised history (@tanstack/react-virtual, measured row heights). `anchorTo: 'end'` keeps the first
 * visible row in place when older pages are prepended, and `followOnAppend` sticks to the bottom when the reader is
 * there; otherwise a «Новые сообщения» button offers the jump.
 */
export interface MessageListProps {
  chat: Chat;
  /** The top of the history; a group channel brings its own («Добро пожаловать в #…»). */
  intro?: ReactNode;
}

export function MessageList({ chat, intro }: MessageListProps) {
  const { t } = useTranslation();
  const meId = useUserStore((state) => state.id);
  const myNickname = useUserStore((state) => state.nickname);
  const held = useChatsStore((state) => state.messages[chat.id]);
  const outbox = useChatsStore((state) => state.outbox);
  const loadingOlder = useChatsStore((state) => !!state.loadingOlder[chat.id]);
  const title = useChatTitle()(chat);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<MenuState | null>(null);
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<DisplayMessage | null>(null);
  const [unseen, setUnseen] = useState(0);
  const [atBottom, setAtBottom] = useState(true);
  const jumpTarget = useChatsStore((state) =>
    state.jumpTarget?.chatId === chat.id ? state.jumpTarget.messageId : null,
  );
  const [jumped, setJumped] = useState<string | null>(null);

  const pending = useMemo(() => pendingIn(outbox, chat.id), [outbox, chat.id]);
  const messages = useMemo(
    () => (held ? displayMessages(held.ids, held.byId, pending, meId) : []),
    [held, pending, meId],
  );
  // The intro ("the start of your conversation") is a row only once the whole history is here. While older pages
  // exist the list starts with a message, so the virtualizer anchors a prepend on the message the reader sees, not on
  // a loader row that would stay at the top and pull page after page.
  const hasMore = !!held?.hasMore;
  const items = useMemo<ListItem[]>(
    () => [...(hasMore ? [] : [{ type: 'top' as const, key: 'top' }]), ...buildRows(messages)],
    [messages, hasMore],
  );
  const myAvatarUrl = useUserStore((state) => state.avatarUrl);
  // My own picture from the user store, so a new avatar shows on my messages at once, not on the next chat load.
  const users = useMemo(
    () =>
      new Map(chat.chatUsers.map((user) => [user.id, user.id === meId ? { ...user, avatarUrl: myAvatarUrl } : user])),
    [chat.chatUsers, meId, myAvatarUrl],
  );

  // The message the reader sees at the top when an older page is asked for, and how far below the viewport's top.
  // The virtualizer anchors prepends on the row at the scroll offset, but at the very top that row can be a day
  // label whose key survives the prepend (the same day goes on), so it would stay put and the reader would jump.
  const anchor = useRef<{ key: string | number | bigint; index: number; within: number } | null>(null);
  const requestOlder = useRef<() => void>(() => undefined);
  // While a jump's scroll settles, the rows around its message are still being measured: a page prepended then would
  // be anchored on guessed positions and pull the message away. The reader's next scroll asks for it.
  const jumping = useRef(false);

  // The virtualizer re-renders this component through its own state on every scroll; nothing here depends on the
  // compiler memoising around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => estimate(items[index]),
    getItemKey: (index) => items[index]?.key ?? index,
    overscan: 10,
    paddingEnd: 24,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: BOTTOM_THRESHOLD,
    onChange: (instance) => {
      const bottom = instance.isAtEnd(BOTTOM_THRESHOLD);
      setAtBottom(bottom);
      if (bottom) setUnseen(0);
      if (jumping.current) {
        if (!instance.isScrolling) jumping.current = false;
        return;
      }
      // Only the reader scrolling up near the top asks for more (not the first render, not our own anchoring).
      if (instance.scrollDirection === 'backward' && (instance.scrollOffset ?? 0) < LOAD_OLDER_WITHIN_PX) {
        requestOlder.current();
      }
    },
  });

  useEffect(() => {
    requestOlder.current = () => {
      if (!hasMore || loadingOlder || anchor.current) return;
      const offset = virtualizer.scrollOffset ?? 0;
      const top = virtualizer
        .getVirtualItems()
        .find((item) => item.end > offset && items[item.index]?.type === 'message');
      if (top) anchor.current = { key: top.key, index: top.index, within: top.start - offset };
      void loadOlder(chat.id);
    };
  }, [hasMore, loadingOlder, items, virtualizer, chat.id]);

  // A chat opens at its newest message.
  useLayoutEffect(() => {
    virtualizer.scrollToEnd();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per chat, not on every render
  }, [chat.id]);

  // New messages while the reader is scrolled up: count them for the jump button. One's own always jumps down.
  const lastKey = items.at(-1)?.key;
  const previousLast = useRef(lastKey);
  useEffect(() => {
    if (previousLast.current === lastKey) return;
    const hadLast = previousLast.current;
    previousLast.current = lastKey;
    const last = messages.at(-1);
    if (!last || !hadLast) return;
    if (last.senderId === meId && last.status === 'sending') {
      virtualizer.scrollToEnd();
    } else if (!atBottom) {
      setUnseen((count) => count + 1);
    }
  }, [lastKey, messages, meId, atBottom, virtualizer]);

  // A jump (the inbox's mention): the store has paged back to the message; it goes to the middle of the view.
  useLayoutEffect(() => {
    if (!jumpTarget) return;
    clearJump();
    const index = items.findIndex((item) => item.type === 'message' && item.message.id === jumpTarget);
    if (index < 0) return;
    jumping.current = true;
    virtualizer.scrollToIndex(index, { align: 'center' });
    setJumped(jumpTarget);
  }, [jumpTarget, items, virtualizer]);
  useEffect(() => {
    if (!jumped) return;
    const timer = setTimeout(() => setJumped(null), JUMPED_MARK_MS);
    return () => clearTimeout(timer);
  }, [jumped]);

  const virtualItems = virtualizer.getVirtualItems();
  useLayoutEffect(() => {
    const held = anchor.current;
    if (!held) return;
    const index = items.findIndex((item) => item.key === held.key);
    if (index === held.index) return;
    anchor.current = null;
    const start = index < 0 ? undefined : virtualizer.getOffsetForIndex(index, 'start')?.[0];
    if (start !== undefined) virtualizer.scrollToOffset(start - held.within);
  }, [items, virtualizer]);

  const onMenu = useCallback((message: DisplayMessage, at: MenuState['at'], trigger: HTMLElement | null) => {
    setMenu({ message, at, trigger });
  }, []);
  const closeMenu = useCallback(() => {
    setMenu((current) => {
      current?.trigger?.focus();
      return null;
    });
  }, []);
  const onEditDone = useCallback(() => setEditingKey(null), []);

  const onAction = (action: MessageAction) => {
    if (!menu) return;
    const { message } = menu;
    setMenu(null);
    switch (action) {
      case 'copy':
        navigator.clipboard.writeText(message.content).then(
          () => showToast({ type: 'success', title: t('chat.copied') }),
          () => showToast({ type: 'error', title: t('settings.copyFailed') }),
        );
        break;
      case 'edit':
        setEditingKey(message.key);
        break;
      case 'delete':
        setConfirmDelete(message);
        break;
      case 'report':
        // Spec §6: «Пожаловаться» does nothing yet. Saying so keeps the click from looking broken (issue 12), and
        // the words promise nothing beyond having heard it.
        showToast({ type: 'info', title: t('chat.reportReceived'), message: t('chat.reportReceivedHint') });
        break;
    }
  };

  // Case-insensitive, as the server resolves mentions: `@Bob` mentions bob.
  const mentionsMe = (message: DisplayMessage) => message.senderId !== meId && mentionsMeIn(message, myNickname);

  return (
    <div className={styles.wrap}>
      <div
        ref={scrollRef}
        className={styles.scroll}
        role="log"
        aria-label={t('chat.messagesLabel', { name: title })}
        aria-busy={loadingOlder || undefined}
        data-testid="message-list"
      >
        <div className={styles.inner} style={{ height: virtualizer.getTotalSize() }}>
          {virtualItems.map((virtual) => {
            const item = items[virtual.index];
            if (!item) return null;
            const isJumped = item.type === 'message' && jumped !== null && item.message.id === jumped;
            return (
              <div
                key={virtual.key}
                ref={virtualizer.measureElement}
                data-index={virtual.index}
                data-jumped={isJumped || undefined}
                className={isJumped ? `${styles.row} ${styles.jumped}` : styles.row}
                style={{ transform: `translateY(${virtual.start}px)` }}
              >
                {item.type === 'top' ? (
                  <div className={styles.intro} data-testid="chat-intro">
                    {intro ?? (
                      <>
                        <ChatAvatar chat={chat} size={80} ringColour="var(--bg-content)" />
                        <h2 className={styles.introTitle}>{title}</h2>
                        <p className={styles.introText}>
                          {chat.official ? t('chat.officialStart') : t('chat.historyStart', { name: title })}
                        </p>
                      </>
                    )}
                  </div>
                ) : item.type === 'day' ? (
                  <DayDivider date={item.date} />
                ) : item.message.system?.key === 'call' ? (
                  <CallRecordRow
                    record={item.message.system}
                    messageId={item.message.id}
                    createdAt={item.message.createdAt}
                    viewerId={meId}
                    peer={users.get(otherPartyOf(item.message.system, meId))}
                  />
                ) : (
                  <MessageItem
                    message={item.message}
                    head={item.head}
                    author={item.message.senderId ? users.get(item.message.senderId) : undefined}
                    own={item.message.senderId === meId}
                    mentionsMe={mentionsMe(item.message)}
                    editing={editingKey === item.message.key}
                    chatId={chat.id}
                    onMenu={onMenu}
                    onEditDone={onEditDone}
                  />
                )}
              </div>
            );
          })}
        </div>
      </div>
      {loadingOlder ? (
        <div className={styles.loader}>
          <Spinner size={20} label={t('chat.loadingOlder')} />
        </div>
      ) : null}
      {!atBottom && unseen > 0 ? (
        <button
          type="button"
          className={styles.jump}
          onClick={() => virtualizer.scrollToEnd({ behavior: 'smooth' })}
          data-testid="jump-to-new"
        >
          {t('chat.newMessages')}
          <span className={styles.jumpHint}>{t('chat.jumpToPresent')}</span>
        </button>
      ) : null}
      {menu ? (
        <MessageMenu
          own={menu.message.senderId === meId}
          system={menu.message.kind === 'SYSTEM'}
          at={menu.at}
          onAction={onAction}
          onClose={closeMenu}
        />
      ) : null}
      {confirmDelete?.id ? (
        <ConfirmDialog
          title={t('chat.deleteTitle')}
          text={t('chat.deleteConfirm')}
          confirmLabel={t('chat.delete')}
          cancelLabel={t('chat.cancel')}
          onCancel={() => setConfirmDelete(null)}
          onConfirm={() => {
            void deleteOwnMessage(chat.id, confirmDelete.id ?? '');
            setConfirmDelete(null);
          }}
        >
          {/* Shown as the message is shown (markup, bidi controls inert), so the quote cannot misrepresent it. */}
          <MessageMarkup className={styles.quote} text={confirmDelete.content} entities={confirmDelete.entities} />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
