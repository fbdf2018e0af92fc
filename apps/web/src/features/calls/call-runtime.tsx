import { useEffect, useRef } from 'react';
import { callHotkey } from './call-hotkeys';
import { isCallLive } from './call-status';
import type { MediaTrackRef } from './media-room';
import { callStore, followDeviceSettings, useCall } from './use-call';

/** One remote audio track, played through an element livekit-client attaches (and points at the chosen output). */
function RemoteAudio({ track }: { track: MediaTrackRef }) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    track.attach(element);
    return () => {
      track.detach(element);
    };
  }, [track]);
  return <audio ref={ref} autoPlay data-testid="call-audio" />;
}

/**
 * What a call needs on every signed-in page, whatever is on screen: the others' audio, the keyboard shortcuts, and
 * device changes from the settings applied mid-call. Mounted once by the app frame, so navigating never cuts the
 * sound.
 */
export function CallRuntime() {
  const participants = useCall((state) => state.participants);
  const live = useCall((state) => isCallLive(state.status));

  useEffect(() => followDeviceSettings(), []);

  useEffect(() => {
    if (!live) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const action = callHotkey(event);
      if (!action) return;
      event.preventDefault();
      const call = callStore.getState();
      void (action === 'mic' ? call.toggleMic() : call.toggleCamera());
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [live]);

  return (
    <div hidden>
      {participants.flatMap((participant) =>
        participant.audio.map((track, index) => <RemoteAudio key={`${participant.identity}:${index}`} track={track} />),
      )}
    </div>
  );
}
