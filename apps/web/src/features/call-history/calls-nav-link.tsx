import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../app/routes';
import { SidebarLink, sidebarNavStyles } from '../../ui/sidebar-nav';
import { pillText } from '../chats/unread-total';
import { useMissedCallCount } from './call-history-queries';

/** The home sidebar's «Звонки» entry with the red pill counting missed calls not seen yet (as «Друзья» counts requests). */
export function CallsNavLink() {
  const { t } = useTranslation();
  const missed = useMissedCallCount();

  return (
    <SidebarLink
      to={ROUTES.calls}
      label={t('home.calls')}
      icon="call"
      testId="nav-calls"
      trailing={
        missed > 0 ? (
          <span className={sidebarNavStyles.pill}>
            <span aria-hidden="true" data-testid="nav-calls-badge">
              {pillText(missed)}
            </span>
            <span className="visually-hidden">{t('calls.missedCount', { count: missed })}</span>
          </span>
        ) : null
      }
    />
  );
}
