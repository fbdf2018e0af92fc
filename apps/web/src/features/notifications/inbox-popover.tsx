import { type RefObject, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Notification } from '@beseda/protocol/notifications';
import { useDrawer } from '../../app/layout/drawer-store';
import { useRelativeTime } from '../../lib/time/use-relative-time';
import { Avatar } from '../../ui/avatar';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { useUserStore } from '../auth/user-store';
import styles from './inbox.module.css';
import { notificationTarget } from './notification-target';
import { markNotificationsRead, useInbox } from './notifications-queries';
import { unreadCount } from './notifications-state';
import { useNotificationText } from './use-notification-text';

export interface InboxPopoverProps {
  /** The bell: a click on it toggles, so it does not count as a click outside. */
  anchor: RefObject<HTMLElement | null>;
  /** `returnFocus`: Escape or a click outside gives focus back to the bell; an opened place keeps it. */
  onClose: (returnFocus: boolean) => void;
}

/**
 * The inbox (Discord's inbox, GitHub's bell): the last 30 notifications, newest first, each with the actor's avatar,
 * one line of text, its relative time and an unread dot. A click marks it read and opens its place. Rendered in a
 * portal: on a narrow window the rail is a transformed drawer, which would otherwise be its containing block.
 */
export function InboxPopover({ anchor, onClose }: InboxPopoverProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = useUserStore((state) => state.id);
  const inbox = useInbox();
  const relative = useRelativeTime();
  const text = useNotificationText();
  const panelRef = useRef<HTMLDivElement>(null);
  const unread = inbox ? unreadCount(inbox) : 0;

  // Once, on opening: a re-render (a notification arriving while it is open) must not take focus from an item.
  useEffect(() => {
    panelRef.current?.focus();
  }, []);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (panelRef.current?.contains(target) || anchor.current?.contains(target)) return;
      onClose(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [anchor, onClose]);

  function open(notification: Notification): void {
    if (notification.readAt === null) markNotificationsRead(userId, [notification.id]);
    const target = notificationTarget(notification);
    onClose(false);
    useDrawer.getState().setOpen(false);
    void navigate(target.path, target.state ? { state: target.state } : undefined);
  }

  return createPortal(
    <div
      ref={panelRef}
      className={styles.popover}
      role="dialog"
      aria-label={t('notifications.title')}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Not the drawer's Escape too: only the inbox closes.
        event.stopPropagation();
        onClose(true);
      }}
      data-testid="inbox"
    >
      <header className={styles.header}>
        <h2 className={styles.title}>{t('notifications.title')}</h2>
        <button
          type="button"
          className={styles.markAll}
          onClick={() => markNotificationsRead(userId, null)}
          disabled={unread === 0}
          data-testid="inbox-mark-all"
        >
          {t('notifications.markAllRead')}
        </button>
      </header>
      {!inbox ? (
        <div className={styles.loading}>
          <Spinner />
        </div>
      ) : inbox.notifications.length === 0 ? (
        <EmptyState
          icon="bell"
          title={t('notifications.emptyTitle')}
          hint={t('notifications.emptyHint')}
          compact
          className={styles.empty}
          testId="inbox-empty"
        />
      ) : (
        <ul className={styles.list} aria-label={t('notifications.listLabel')}>
          {inbox.notifications.map((notification) => {
            const unreadItem = notification.readAt === null;
            const line = text(notification);
            const when = relative(notification.createdAt);
            const { actor } = notification.payload;
            return (
              <li key={notification.id}>
                <button
                  type="button"
                  className={styles.item}
                  onClick={() => open(notification)}
                  aria-label={`${line}, ${when}${unreadItem ? `, ${t('notifications.unreadItem')}` : ''}`}
                  data-unread={unreadItem || undefined}
                  data-kind={notification.kind}
                  data-testid="inbox-item"
                >
                  <Avatar id={actor.id} name={actor.nickname} url={actor.avatarUrl} size={36} />
                  <span className={styles.body}>
                    <span className={styles.text}>{line}</span>
                    <span className={styles.time}>{when}</span>
                  </span>
                  <span
                    className={styles.dot}
                    aria-hidden="true"
                    data-testid={unreadItem ? 'inbox-item-dot' : undefined}
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>,
    document.body,
  );
}
