import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Session } from '@beseda/protocol/user';
import { PageHeader } from '../../app/layout/page-header';
import { ROUTES } from '../../app/routes';
import { deviceLabel } from '../../lib/i18n/device-label';
import { createLogger } from '../../lib/logger';
import { Avatar } from '../../ui/avatar';
import { AvatarOverlay } from '../../ui/avatar-overlay';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import page from '../../ui/page.module.css';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { Tooltip } from '../../ui/tooltip';
import { signOut } from '../auth/sign-out';
import { useUserStore } from '../auth/user-store';
import { commitUserAvatar, uploadAvatar } from '../files/files-api';
import { useAvatarUpload } from '../files/use-avatar-upload';
import { showToast } from '../toasts/toast-store';
import styles from './my-account-page.module.css';
import settingsPage from './settings-page.module.css';
import { SessionCard } from './session-card';
import { splitSessions } from './sessions';
import { sessionsQuery, useSessionTermination } from './sessions-queries';

const log = createLogger('settings');

/**
 * «Обновить фото» (or a click on the avatar) opens the file picker; a file that passes the spec's checks is uploaded
 * at once and shows as a preview meanwhile. The user store then holds the new URL, so every avatar of the signed-in
 * user (this card, the user panel, own messages, member lists) changes together.
 */
function useProfilePhotoUpload(userId: string) {
  const setUser = useUserStore((state) => state.setUser);
  return useAvatarUpload({
    save: async (choice) => setUser(await commitUserAvatar(await uploadAvatar(choice, 'user'), userId)),
    savedKey: 'settings.avatarUpdated',
  });
}

function ProfileCard() {
  const { t } = useTranslation();
  const { id, nickname, name, email, avatarUrl } = useUserStore();
  const avatar = useProfilePhotoUpload(id);
  const errorId = useId();

  async function copyNickname() {
    try {
      await navigator.clipboard.writeText(nickname);
      showToast({ type: 'success', title: t('settings.copied'), message: nickname });
    } catch (error) {
      log.warn('Clipboard write failed', error);
      showToast({ type: 'error', title: t('settings.copyFailed') });
    }
  }

  return (
    <section className={styles.profile} aria-label={t('settings.accountSection')}>
      <div className={styles.banner} />
      <div className={styles.profileHead}>
        <span className={styles.avatarRing}>
          <button
            type="button"
            className={`${styles.avatarButton} ${avatar.busy ? styles.avatarBusy : ''}`}
            onClick={avatar.picker.open}
            disabled={avatar.busy}
            aria-label={t('settings.changeAvatar')}
            aria-describedby={avatar.message ? errorId : undefined}
            data-testid="avatar-change"
          >
            <Avatar
              id={id}
              name={name || nickname}
              url={avatar.picker.chosen?.previewUrl ?? avatarUrl}
              size={80}
              className={styles.avatar}
            />
            <AvatarOverlay busy={avatar.busy} label={t('settings.changeAvatar')} className={styles.avatarOverlay} />
          </button>
        </span>
        <input {...avatar.picker.inputProps} data-testid="avatar-input" />
        <div className={styles.profileName}>
          <p className={styles.displayName}>{name || nickname}</p>
          <p className={styles.handle}>@{nickname}</p>
        </div>
        <div className={styles.profileAction}>
          <Button size="sm" loading={avatar.busy} onClick={avatar.picker.open} data-testid="update-photo">
            {t('settings.updatePhoto')}
          </Button>
        </div>
      </div>
      {avatar.message ? (
        <p className={styles.avatarError} id={errorId} role="alert" data-testid="avatar-error">
          <Icon name="error" size={16} />
          {avatar.message}
        </p>
      ) : null}
      <div className={styles.fields}>
        <div className={styles.row}>
          <div className={styles.rowText}>
            <p className={styles.rowLabel}>{t('settings.nickname')}</p>
            <p className={styles.rowValue}>
              <span data-testid="account-nickname">{nickname}</span>
              <button
                type="button"
                className={styles.copyButton}
                aria-label={t('settings.copyNickname')}
                onClick={() => void copyNickname()}
                data-testid="copy-nickname"
              >
                <Icon name="copy" size={16} />
              </button>
            </p>
          </div>
          <Tooltip label={t('settings.changeSoon')} side="top">
            <Button variant="secondary" size="sm" disabled>
              {t('settings.change')}
            </Button>
          </Tooltip>
        </div>
        <div className={styles.row}>
          <div className={styles.rowText}>
            <p className={styles.rowLabel}>{t('settings.email')}</p>
            <p className={styles.rowValue} data-testid="account-email">
              {email}
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}

function PasswordSection() {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 className={styles.sectionTitle} id={titleId}>
        {t('settings.password')}
      </h2>
      <div className={styles.passwordRow}>
        <TextField
          label={t('settings.newPassword')}
          type="password"
          autoComplete="new-password"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          revealLabels={{ show: t('auth.showSecret'), hide: t('auth.hideSecret') }}
        />
        <Tooltip label={t('settings.changeSoon')} side="top">
          <Button variant="secondary" disabled>
            {t('settings.changePassword')}
          </Button>
        </Tooltip>
      </div>
    </section>
  );
}

function SessionsSection() {
  const { t } = useTranslation();
  const userId = useUserStore((state) => state.id);
  // Reloaded on every visit: other devices sign in and out without telling this tab.
  const sessions = useQuery({ ...sessionsQuery(userId), refetchOnMount: 'always' });
  const { terminating, terminate } = useSessionTermination();
  const titleId = useId();

  async function onTerminate(session: Session) {
    if (await terminate(session.id)) {
      showToast({
        type: 'success',
        title: t('settings.terminated'),
        message: t('settings.terminatedMessage', { device: deviceLabel(session.device, t) }),
      });
    } else {
      showToast({ type: 'error', title: t('settings.terminateFailed') });
    }
  }

  // A retry after a failure shows the spinner again, not the old error.
  if (sessions.isPending || (sessions.isError && sessions.isFetching)) {
    return (
      <div className={styles.loading}>
        <Spinner label={t('app.loading')} />
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <div className={styles.errorBox} role="alert">
        <span>{t('settings.sessionsFailed')}</span>
        <Button variant="secondary" size="sm" onClick={() => void sessions.refetch()}>
          {t('settings.retry')}
        </Button>
      </div>
    );
  }

  const { current, others } = splitSessions(sessions.data);
  return (
    <>
      {current ? (
        <section className={styles.section} aria-label={t('settings.currentSession')}>
          <h3 className={styles.subTitle}>{t('settings.currentSession')}</h3>
          <SessionCard session={current} />
        </section>
      ) : null}
      <section className={styles.section} aria-labelledby={titleId} data-testid="sessions-other">
        <h3 className={styles.subTitle} id={titleId}>
          {t('settings.activeSessions')}
        </h3>
        {others.length === 0 ? (
          <p className={styles.emptySessions} data-testid="sessions-empty">
            {t('settings.noSessions')}
          </p>
        ) : (
          <ul className={styles.sessionList}>
            {others.map((session) => (
              <li key={session.id}>
                <SessionCard
                  session={session}
                  onTerminate={(item) => void onTerminate(item)}
                  terminating={terminating.includes(session.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function LogoutRow() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function onLogout() {
    setBusy(true);
    if (await signOut()) void navigate(ROUTES.auth, { replace: true });
  }

  return (
    <div className={styles.logoutRow}>
      <p className={styles.sectionHint}>{t('settings.logoutHint')}</p>
      <Button variant="danger" loading={busy} onClick={() => void onLogout()} data-testid="logout">
        <Icon name="logout" size={18} />
        {t('settings.logout')}
      </Button>
    </div>
  );
}

/** /settings/my (spec §2): profile, e-mail, password, sessions and logout. */
export function MyAccountPage() {
  const { t } = useTranslation();
  const securityId = useId();
  return (
    <>
      <PageHeader icon="user" title={t('settings.my')} />
      <div className={page.body}>
        <div className={settingsPage.scroll} data-testid="settings-my-scroll">
          <div className={settingsPage.column}>
            <ProfileCard />
            <section className={styles.section} aria-labelledby={securityId}>
              <h2 className={styles.sectionTitle} id={securityId}>
                {t('settings.securitySection')}
              </h2>
              <SessionsSection />
            </section>
            <PasswordSection />
            <LogoutRow />
          </div>
        </div>
      </div>
    </>
  );
}
