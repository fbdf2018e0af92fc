import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../ui/logo';
import { panelId, Tabs, tabId, type TabItem } from '../../ui/tabs';
import styles from './auth-page.module.css';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type AuthTab = 'login' | 'register';
const TAB_PREFIX = 'auth';

/** /auth: no layout bar; a centred card with the Login and Register tabs (spec §2). */
export function AuthPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<AuthTab>('login');
  const tabs: TabItem<AuthTab>[] = [
    { id: 'login', label: t('auth.loginTab') },
    { id: 'register', label: t('auth.registerTab') },
  ];
  const isLogin = tab === 'login';

  return (
    <div className={styles.page}>
      <main className={styles.card}>
        <div className={styles.brand}>
          <Logo size={44} />
          <div>
            <p className={styles.brandName}>{t('app.name')}</p>
            <p className={styles.brandTagline}>{t('app.tagline')}</p>
          </div>
        </div>
        <Tabs<AuthTab> items={tabs} value={tab} onChange={setTab} label={t('auth.tabsLabel')} idPrefix={TAB_PREFIX} />
        <section
          className={styles.panel}
          role="tabpanel"
          id={panelId(TAB_PREFIX, tab)}
          aria-labelledby={tabId(TAB_PREFIX, tab)}
        >
          <h1 className={styles.heading}>{isLogin ? t('auth.loginTitle') : t('auth.registerTitle')}</h1>
          <p className={styles.subheading}>{isLogin ? t('auth.loginSubtitle') : t('auth.registerSubtitle')}</p>
          {/* Keyed so switching tabs starts a clean form. */}
          {isLogin ? <LoginForm key="login" /> : <RegisterForm key="register" />}
          <p className={styles.switch}>
            {isLogin ? t('auth.noAccount') : t('auth.hasAccount')}
            <button
              type="button"
              className={styles.switchButton}
              onClick={() => setTab(isLogin ? 'register' : 'login')}
            >
              {isLogin ? t('auth.switchToRegister') : t('auth.switchToLogin')}
            </button>
          </p>
        </section>
      </main>
    </div>
  );
}
