import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon';
import { useDrawer } from './drawer-store';
import styles from './layout.module.css';

/** The header's menu button that opens the drawer; CSS shows it only below the drawer breakpoint. */
export function DrawerToggle() {
  const { t } = useTranslation();
  const open = useDrawer((state) => state.open);
  const setOpen = useDrawer((state) => state.setOpen);
  return (
    <button
      type="button"
      className={styles.drawerToggle}
      aria-label={t('nav.openMenu')}
      aria-expanded={open}
      onClick={() => setOpen(!open)}
      data-testid="drawer-toggle"
    >
      <Icon name="menu" size={22} />
    </button>
  );
}
