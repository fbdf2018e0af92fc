import { useEffect } from 'react';
import { CallTone } from './call-tone';
import { DirectCallModalHost } from './direct-call-modal';
import { directCallStore } from './direct-calls';

/**
 * What direct calls need on every signed-in page: the modal, the tones, the store following the call's room, and on
 * load the call this tab was in (rejoined) and the calls ringing now. Mounted once by the app frame.
 */
export function DirectCallRuntime() {
  useEffect(() => directCallStore.getState().watchRoom(), []);
  useEffect(() => {
    void directCallStore.getState().restore(true);
  }, []);
  return (
    <>
      <DirectCallModalHost />
      <CallTone />
    </>
  );
}
