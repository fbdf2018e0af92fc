import { useStore } from 'zustand';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../ui/icon';
import { toastStore, type Toast, type ToastType } from './toast-store';
import styles from './toast-stack.module.css';

const ICONS: Record<ToastType, IconName> = { info: 'info', success: 'success', warn: 'warn', error: 'error' };

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const { dismiss, pause, resume } = toastStore.getState();
  const classes = [styles.toast, styles[toast.type], toast.state === 'hiding' ? styles.hiding : ''].join(' ');
  return (
    <li
      className={classes}
      data-testid="toast"
      data-type={toast.type}
      role={toast.type === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => pause(toast.id)}
      onMouseLeave={() => resume(toast.id)}
      onFocus={() => pause(toast.id)}
      onBlur={() => resume(toast.id)}
      onClick={() => dismiss(toast.id)}
    >
      <Icon name={ICONS[toast.type]} size={20} className={styles.icon} />
      <div className={styles.body}>
        <p className={styles.title}>{toast.title}</p>
        {toast.message ? <p className={styles.message}>{toast.message}</p> : null}
      </div>
      <button
        type="button"
        className={styles.close}
        aria-label={t('toast.close')}
        onClick={(event) => {
          event.stopPropagation();
          dismiss(toast.id);
        }}
      >
        <Icon name="cross" size={16} />
      </button>
    </li>
  );
}

/** Spec §2: the toast stack, newest at the bottom, above everything. */
export function ToastStack() {
  const { t } = useTranslation();
  const toasts = useStore(toastStore, (state) => state.toasts);
  return (
    <ol className={styles.stack} aria-label={t('toast.region')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ol>
  );
}
