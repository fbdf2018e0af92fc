import { DisconnectReason, Track } from 'livekit-client';
import { describe, expect, it } from 'vitest';
import { endReason, toCallParticipant, type ParticipantLike } from './livekit-room';
import type { MediaTrackRef } from './media-room';

const track = (): MediaTrackRef => ({ attach: (element) => element, detach: (element) => element });

function participant(
  publications: Partial<Record<Track.Source, { isMuted: boolean; track?: MediaTrackRef }>>,
  name = 'Аня',
): ParticipantLike {
  return { identity: 'u1', name, getTrackPublication: (source) => publications[source] };
}

describe('endReason', () => {
  it('tells our own leave, an eviction by another device, a removal and a lost connection apart', () => {
    expect(endReason(DisconnectReason.CLIENT_INITIATED)).toBe('left');
    expect(endReason(DisconnectReason.DUPLICATE_IDENTITY)).toBe('evicted');
    expect(endReason(DisconnectReason.PARTICIPANT_REMOVED)).toBe('removed');
    expect(endReason(DisconnectReason.ROOM_DELETED)).toBe('removed');
    expect(endReason(DisconnectReason.SIGNAL_CLOSE)).toBe('lost');
    expect(endReason(undefined)).toBe('lost');
  });
});

describe('toCallParticipant', () => {
  it('reads mute flags, the camera and screen tracks, and the audio to play', () => {
    const mic = track();
    const camera = track();
    const screen = track();
    const screenAudio = track();
    const result = toCallParticipant(
      participant({
        [Track.Source.Microphone]: { isMuted: false, track: mic },
        [Track.Source.Camera]: { isMuted: false, track: camera },
        [Track.Source.ScreenShare]: { isMuted: false, track: screen },
        [Track.Source.ScreenShareAudio]: { isMuted: false, track: screenAudio },
      }),
      false,
    );
    expect(result).toMatchObject({ identity: 'u1', name: 'Аня', micEnabled: true, cameraEnabled: true });
    expect(result.camera).toBe(camera);
    expect(result.screen).toBe(screen);
    expect(result.audio).toEqual([mic, screenAudio]);
  });

  it('a muted mic is muted even before it is subscribed; a muted camera shows no video', () => {
    const result = toCallParticipant(
      participant({
        [Track.Source.Microphone]: { isMuted: true },
        [Track.Source.Camera]: { isMuted: true, track: track() },
      }),
      false,
    );
    expect(result).toMatchObject({ micEnabled: false, cameraEnabled: false, camera: null, audio: [] });
  });

  it('never plays our own microphone, and falls back to the identity for a name', () => {
    const result = toCallParticipant(
      participant({ [Track.Source.Microphone]: { isMuted: false, track: track() } }, ''),
      true,
    );
    expect(result.audio).toEqual([]);
    expect(result.micEnabled).toBe(true);
    expect(result.name).toBe('u1');
  });
});
