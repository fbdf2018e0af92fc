import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import layout from '../../app/layout/layout.module.css';
import { Icon } from '../../ui/icon';
import { Tooltip } from '../../ui/tooltip';
import { pillText } from '../chats/unread-total';
import { InboxPopover } from './inbox-popover';
import styles from './inbox.module.css';
import { useUnreadNotifications } from './notifications-queries';

/** The bell's cap: the inbox holds 30 at most, and a small bell reads «9+» better than «30» (Discord does the same). */
const BELL_PILL_MAX = 9;

/** The toolbar's bell (issue 15): the unread count, and the inbox popover it opens. */
export function InboxButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const unread = useUnreadNotifications();
  const label =
    unread > 0
      ? `${t('notifications.title')}, ${t('notifications.unread', { count: unread })}`
      : t('notifications.title');

  // Stable: the popover's outside-click listener depends on it, and must not be re-installed on every render.
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  return (
    <div className={`${layout.railItem} ${open ? layout.active : ''}`}>
      <Tooltip label={t('notifications.title')} side="right" className={open ? styles.noTip : undefined}>
        <button
          ref={buttonRef}
          type="button"
          className={layout.railButton}
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          data-testid="toolbar-inbox"
        >
          <Icon name="bell" size={22} />
        </button>
      </Tooltip>
      {unread > 0 ? (
        <span className={styles.bellPill} aria-hidden="true" data-testid="toolbar-inbox-unread">
          {pillText(unread, BELL_PILL_MAX)}
        </span>
      ) : null}
      {open ? <InboxPopover anchor={buttonRef} onClose={close} /> : null}
    </div>
  );
}
