import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContextMenu, type ContextMenuItem } from '../../ui/context-menu';
import { Icon } from '../../ui/icon';
import { groupMuteKey } from '../../lib/local-db/scoped-key';
import { setMuted, useMuted } from '../notifications/mute-store';
import { showToast } from '../toasts/toast-store';
import { showGroupModal } from './group-modals';
import type { GroupEntry } from './groups-state';
import styles from './group-sidebar.module.css';

/** The group name and its menu (spec §2 Group sidebar; delete, and settings for non-owners, are the spec's stubs). */
export function GroupMenu({ group, isOwner }: { group: GroupEntry; isOwner: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Back to the name button, so the keyboard user is where they started (and a modal opened from the menu
  // returns the focus there when it closes).
  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  const soon = () => showToast({ type: 'info', title: t('group.stubSoon') });
  const muteKey = groupMuteKey(group.id);
  const muted = useMuted(muteKey);

  const items: ContextMenuItem[] = [
    {
      id: 'invite',
      label: t('group.menuInvite'),
      icon: 'friend',
      onSelect: () => showGroupModal('invite', { groupId: group.id }),
    },
    {
      id: 'settings',
      label: t('group.menuSettings'),
      icon: 'gear',
      // The owner's settings are the picture and the name; for everyone else they stay the spec's stub.
      onSelect: isOwner ? () => showGroupModal('settings', { groupId: group.id }) : soon,
    },
    {
      // Discord's «Заглушить»: no desktop notifications from the group, its badges grey; follows the user.
      id: muted ? 'unmute' : 'mute',
      label: t(muted ? 'notifications.unmute' : 'notifications.mute'),
      icon: muted ? 'bell' : 'bellOff',
      onSelect: () => setMuted(muteKey, !muted),
    },
  ];
  if (isOwner) {
    items.push(
      {
        id: 'create-channel',
        label: t('group.menuCreateChannel'),
        icon: 'plus',
        onSelect: () => showGroupModal('newChannel', { groupId: group.id, type: 'TEXT' }),
      },
      {
        id: 'rename',
        label: t('group.menuRename'),
        icon: 'pencil',
        onSelect: () => showGroupModal('rename', { groupId: group.id }),
      },
    );
  }
  items.push({
    id: 'delete',
    label: t('group.menuDelete'),
    icon: 'cross',
    danger: true,
    disabled: true,
    onSelect: soon,
  });

  return (
    <div className={styles.headerWrap}>
      <button
        ref={buttonRef}
        type="button"
        className={`${styles.header} ${open ? styles.headerOpen : ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        data-testid="group-menu-button"
      >
        <span className={styles.headerName} data-testid="group-name">
          {group.name}
        </span>
        {muted ? (
          <Icon
            name="bellOff"
            size={16}
            className={styles.mutedIcon}
            label={t('notifications.muted')}
            data-testid="group-muted"
          />
        ) : null}
        <Icon name={open ? 'cross' : 'chevronDown'} size={18} />
      </button>
      {open ? <ContextMenu label={t('group.menu')} items={items} onClose={close} testId="group-menu" /> : null}
    </div>
  );
}
