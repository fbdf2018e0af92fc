import { useTranslation } from 'react-i18next';
import { MIC_TESTER_BARS } from './mic-level';
import { useMicLevel } from './use-mic-level';
import styles from './devices.module.css';

const BARS = Array.from({ length: MIC_TESTER_BARS }, (_, index) => index);

/** Spec §9 mic tester: 6 bars lit by the live loudness of the stream (the chosen mic with the chosen processing). */
export function MicTester({ stream }: { stream: MediaStream | null }) {
  const { t } = useTranslation();
  const lit = useMicLevel(stream);
  return (
    <div className={styles.tester}>
      <div
        className={styles.bars}
        role="meter"
        aria-label={t('devices.micLevel')}
        aria-valuemin={0}
        aria-valuemax={MIC_TESTER_BARS}
        aria-valuenow={lit}
        data-lit={lit}
        data-live={stream ? 'true' : 'false'}
        data-testid="mic-tester"
      >
        {BARS.map((index) => (
          <span key={index} className={`${styles.bar} ${index < lit ? styles.barLit : ''}`} />
        ))}
      </div>
      <p className={styles.testerHint}>{t('devices.micTestHint')}</p>
    </div>
  );
}
