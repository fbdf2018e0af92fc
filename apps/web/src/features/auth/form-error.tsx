import { Icon } from '../../ui/icon';
import styles from './auth-page.module.css';

export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <div className={styles.formError} role="alert" data-testid="form-error">
      <Icon name="error" size={18} className={styles.formErrorIcon} />
      <span>{message}</span>
    </div>
  );
}
