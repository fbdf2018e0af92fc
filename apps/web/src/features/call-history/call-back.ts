import { useState } from 'react';
import type { PublicUser } from '@beseda/protocol/user';
import { startDirectCall } from '../direct-calls/start-call';

/**
 * «Перезвонить» and the calls page's call buttons: starts the call through the direct-calls UI's one entry point
 * (`direct-calls/start-call.ts`), and keeps the button from ringing twice while the request is out.
 */
export function useCallBack(): { busy: boolean; callBack(user: PublicUser, video?: boolean): void } {
  const [busy, setBusy] = useState(false);
  return {
    busy,
    callBack(user, video = false) {
      if (busy) return;
      setBusy(true);
      void startDirectCall(user, { video }).finally(() => setBusy(false));
    },
  };
}
