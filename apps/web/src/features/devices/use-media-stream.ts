import { useEffect, useState } from 'react';
import { deviceStore } from './devices';
import type { MediaKind } from './media-access';

function stopAll(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/**
 * A live stream of the mic or the camera with these constraints, or null while it opens, when `constraints` is null
 * (switched off) or when it cannot be opened (the device store learns why). Changing the constraints reopens it;
 * unmounting stops every track, so the camera light goes off as the page closes.
 */
export function useMediaStream(kind: MediaKind, constraints: MediaTrackConstraints | null): MediaStream | null {
  // The constraints are rebuilt on every render; their JSON is what identifies the stream wanted.
  const key = constraints === null ? null : JSON.stringify(constraints);
  const [opened, setOpened] = useState<{ key: string; stream: MediaStream } | null>(null);

  useEffect(() => {
    if (key === null) return;
    let closed = false;
    let stream: MediaStream | null = null;
    const wanted = JSON.parse(key) as MediaTrackConstraints;
    navigator.mediaDevices.getUserMedia(kind === 'mic' ? { audio: wanted } : { video: wanted }).then(
      (result) => {
        if (closed) return stopAll(result);
        stream = result;
        deviceStore.getState().reportGranted(kind);
        setOpened({ key, stream: result });
      },
      (error: unknown) => {
        if (!closed) deviceStore.getState().reportFailure(kind, error);
      },
    );
    return () => {
      closed = true;
      if (stream) stopAll(stream);
    };
  }, [kind, key]);

  // A stream opened for older constraints is already stopped: never hand it out.
  return opened !== null && opened.key === key ? opened.stream : null;
}
