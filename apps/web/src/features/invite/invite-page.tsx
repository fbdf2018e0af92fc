import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { InvitePreviewResponse } from '@beseda/protocol/groups';
import { groupPath, ROUTES } from '../../app/routes';
import { isApiError } from '../../lib/api/api-error';
import { createLogger } from '../../lib/logger';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { GroupIcon } from '../groups/group-icon';
import { fetchInvite } from '../groups/groups-api';
import { acceptInvite } from '../groups/groups-queries';
import buttonStyles from '../../ui/button.module.css';
import styles from './invite-page.module.css';

const log = createLogger('invite');

type InviteInfo =
  | { status: 'loading' }
  | { status: 'resolved'; preview: InvitePreviewResponse['group'] }
  | { status: 'invalid' }
  | { status: 'error' };

/** Unknown, expired and revoked codes are one 404 on the server, so they are one message here. */
function isInvalid(error: unknown): boolean {
  return isApiError(error, 404) || isApiError(error, 400);
}

/** `/invite/{code}` (spec §2, §4 Invite info): no layout; the group, then «Принять приглашение» → the group. */
export function InvitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { code = '' } = useParams();
  const [info, setInfo] = useState<InviteInfo>({ status: 'loading' });
  const [accepting, setAccepting] = useState(false);
  const [acceptFailed, setAcceptFailed] = useState(false);

  useEffect(() => {
    let current = true;
    fetchInvite(code).then(
      (response) => current && setInfo({ status: 'resolved', preview: response.group }),
      (error: unknown) => {
        if (!isInvalid(error)) log.warn('Could not load an invite', error);
        if (current) setInfo({ status: isInvalid(error) ? 'invalid' : 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [code]);

  const accept = async () => {
    setAccepting(true);
    setAcceptFailed(false);
    try {
      const groupId = await acceptInvite(code);
      void navigate(groupPath(groupId), { replace: true });
    } catch (error) {
      log.warn('Could not accept an invite', error);
      if (isInvalid(error)) setInfo({ status: 'invalid' });
      else setAcceptFailed(true);
      setAccepting(false);
    }
  };

  const home = (
    <Link to={ROUTES.friends} className={`${buttonStyles.button} ${buttonStyles.secondary} ${buttonStyles.md}`}>
      {t('invite.toHome')}
    </Link>
  );

  return (
    <div className={styles.page}>
      <div className={styles.card} data-testid="invite-page">
        {info.status === 'loading' ? (
          <div className={styles.center}>
            <Spinner label={t('invite.loading')} />
          </div>
        ) : info.status === 'invalid' ? (
          <EmptyState
            icon="cross"
            title={t('invite.invalidTitle')}
            hint={t('invite.invalidHint')}
            testId="invite-invalid"
          >
            {home}
          </EmptyState>
        ) : info.status === 'error' ? (
          <EmptyState icon="error" title={t('invite.loadFailed')} hint={t('errors.network')} testId="invite-error">
            {home}
          </EmptyState>
        ) : (
          <div className={styles.preview}>
            <GroupIcon name={info.preview.name} avatarUrl={info.preview.avatarUrl} size={80} className={styles.icon} />
            <p className={styles.invited}>{t('invite.invitedTo')}</p>
            <h1 className={styles.name} data-testid="invite-group-name">
              {info.preview.name}
            </h1>
            <p className={styles.members}>
              <span className={styles.dot} aria-hidden="true" />
              {t('invite.members', { count: info.preview.memberCount })}
            </p>
            {acceptFailed ? (
              <p className={styles.error} role="alert">
                {t('invite.acceptFailed')}
              </p>
            ) : null}
            <Button size="lg" fullWidth loading={accepting} onClick={() => void accept()} data-testid="invite-accept">
              {t('invite.accept')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
