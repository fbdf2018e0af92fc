import { useEffect, useRef, useState } from 'react';
import { createLogger } from '../../lib/logger';
import { deviceStore } from '../devices/devices';
import { toneOf } from './direct-call-state';
import { useDirectCalls } from './direct-calls';
import { createTonePlayer, nextGesture, type TonePlayer } from './tone-player';
import { TONES, toneUrl } from './tones';

const log = createLogger('call-tone');

/** The chosen speakers, where the browser lets a page pick them. */
function outputDeviceId(): string {
  const { audioSinkSupported, selectedAudioOutputId } = deviceStore.getState();
  return audioSinkSupported ? selectedAudioOutputId : '';
}

/**
 * The ringtone, ringback and busy tone (`toneOf`), through one <audio> element pointed at the chosen output device.
 * `data-tone` says what it is asked to play, which the browser tests read.
 */
export function CallTone() {
  const tone = useDirectCalls(toneOf);
  const ref = useRef<HTMLAudioElement>(null);
  const [player, setPlayer] = useState<TonePlayer | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const created = createTonePlayer({
      element,
      urlOf: toneUrl,
      loops: (name) => TONES[name].loop,
      sinkId: outputDeviceId,
      onBlocked: nextGesture(window),
      log,
    });
    setPlayer(created);
    return () => created.set(null);
  }, []);

  useEffect(() => {
    player?.set(tone);
  }, [player, tone]);

  return <audio ref={ref} hidden preload="none" data-testid="call-tone" data-tone={tone ?? undefined} />;
}
