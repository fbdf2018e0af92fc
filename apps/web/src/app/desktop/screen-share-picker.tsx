import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesktopBridge, DesktopScreenShareRequest, DesktopScreenSource } from '@beseda/protocol/desktop';
import { Modal } from '../../ui/modal';
import { SwitchRow } from '../../ui/switch';
import { Tabs, panelId, tabId } from '../../ui/tabs';
import styles from './screen-share-picker.module.css';

type SourceKind = DesktopScreenSource['kind'];

const TAB_PREFIX = 'screen-share';

/** The tab a request opens on: screens when there are any (the usual share), windows otherwise. */
export function initialSourceKind(sources: readonly DesktopScreenSource[]): SourceKind {
  return sources.some((source) => source.kind === 'screen') || sources.length === 0 ? 'screen' : 'window';
}

export interface ScreenSharePickerProps {
  bridge: DesktopBridge;
  request: DesktopScreenShareRequest;
  /** The request is answered (shared or cancelled): the caller drops it. */
  onDone(): void;
}

/**
 * The desktop shell's screen-share picker (issue 16): the page called `getDisplayMedia`, the shell listed screens and
 * windows with `desktopCapturer`, and the answer goes back through `chooseScreenShareSource` — `sourceId: null` is
 * «Отмена» (Esc, the backdrop and the × too), so the page's `getDisplayMedia` always settles.
 */
export function ScreenSharePicker({ bridge, request, onDone }: ScreenSharePickerProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<SourceKind>(() => initialSourceKind(request.sources));
  const [selected, setSelected] = useState<string | null>(null);
  const [audio, setAudio] = useState(false);
  const shown = request.sources.filter((source) => source.kind === kind);

  const answer = (sourceId: string | null) => {
    void bridge.chooseScreenShareSource({
      requestId: request.requestId,
      sourceId,
      audio: sourceId !== null && request.audioAvailable && audio,
    });
    onDone();
  };

  return (
    <Modal
      title={t('desktop.shareTitle')}
      subtitle={t('desktop.shareSubtitle')}
      size="L"
      closeLabel={t('desktop.cancel')}
      cancelLabel={t('desktop.cancel')}
      successLabel={t('desktop.share')}
      successDisabled={selected === null}
      onClose={() => answer(null)}
      onSuccess={() => answer(selected)}
      testId="screen-share-picker"
    >
      <Tabs<SourceKind>
        items={[
          { id: 'screen', label: t('desktop.shareScreens'), testId: 'screen-share-tab-screens' },
          { id: 'window', label: t('desktop.shareWindows'), testId: 'screen-share-tab-windows' },
        ]}
        value={kind}
        onChange={setKind}
        label={t('desktop.shareSources')}
        idPrefix={TAB_PREFIX}
      />
      <div
        className={styles.grid}
        role="radiogroup"
        id={panelId(TAB_PREFIX, kind)}
        aria-labelledby={tabId(TAB_PREFIX, kind)}
      >
        {shown.length === 0 ? (
          <p className={styles.empty}>{t(kind === 'screen' ? 'desktop.shareNoScreens' : 'desktop.shareNoWindows')}</p>
        ) : (
          shown.map((source) => (
            <button
              key={source.id}
              type="button"
              role="radio"
              aria-checked={selected === source.id}
              className={styles.source}
              onClick={() => setSelected(source.id)}
              // A double click is «choose and share», as in the browsers' own pickers.
              onDoubleClick={() => answer(source.id)}
              data-testid="screen-share-source"
            >
              <img className={styles.thumbnail} src={source.thumbnailDataUrl} alt="" draggable={false} />
              <span className={styles.name}>{source.name}</span>
            </button>
          ))
        )}
      </div>
      {request.audioAvailable ? (
        <SwitchRow
          label={t('desktop.shareAudio')}
          hint={t('desktop.shareAudioHint')}
          checked={audio}
          onChange={setAudio}
          testId="screen-share-audio"
        />
      ) : null}
    </Modal>
  );
}

/** Listens for the shell's picker requests for the life of the page; a newer request replaces (and cancels) an older one. */
export function ScreenSharePickerHost({ bridge }: { bridge: DesktopBridge }) {
  const [request, setRequest] = useState<DesktopScreenShareRequest | null>(null);

  useEffect(
    () =>
      bridge.onScreenShareRequest((next) => {
        setRequest((previous) => {
          if (previous && previous.requestId !== next.requestId) {
            void bridge.chooseScreenShareSource({ requestId: previous.requestId, sourceId: null, audio: false });
          }
          return next;
        });
      }),
    [bridge],
  );

  if (!request) return null;
  return (
    <ScreenSharePicker key={request.requestId} bridge={bridge} request={request} onDone={() => setRequest(null)} />
  );
}
