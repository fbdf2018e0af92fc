/*
 * Active speakers from the RFC 6464 audio-level header extension (`-dBov`, 0 = loudest, 127 = silence) that
 * publishers put on every audio packet. Levels are smoothed per participant; the room asks for changes a few times a
 * second and sends `speakers_changed` only when the set of speakers changed.
 */

/** Linear amplitude above which a participant counts as speaking (≈ −50 dBov, quiet speech). */
const SPEAKING_THRESHOLD = 0.003;
/** Weight of a new packet in the moving average (50 packets/s: ~0.3 s to settle). */
const SMOOTHING = 0.08;
/** Per tick without any packet (DTX stops packets in silence): the level decays. */
const SILENT_TICK_DECAY = 0.3;

export interface SpeakerLevel {
  sid: string;
  level: number;
  active: boolean;
}

export class SpeakerDetector {
  private readonly levels = new Map<string, { level: number; heard: boolean; active: boolean }>();

  /** One audio packet's level, as carried by the extension (`-dBov`). */
  observe(participantSid: string, dBov: number): void {
    const amplitude = 10 ** (-dBov / 20);
    const entry = this.levels.get(participantSid);
    if (entry === undefined) {
      this.levels.set(participantSid, { level: amplitude * SMOOTHING, heard: true, active: false });
      return;
    }
    entry.level += (amplitude - entry.level) * SMOOTHING;
    entry.heard = true;
  }

  forget(participantSid: string): void {
    this.levels.delete(participantSid);
  }

  /**
   * Called on each tick. Returns the speakers whose state changed since the previous tick plus every active
   * speaker (the client replaces its list of active speakers with what it gets), or null when nothing changed.
   */
  tick(): SpeakerLevel[] | null {
    let changed = false;
    for (const entry of this.levels.values()) {
      if (!entry.heard) entry.level *= SILENT_TICK_DECAY;
      entry.heard = false;
      const active = entry.level > SPEAKING_THRESHOLD;
      if (active !== entry.active) changed = true;
      entry.active = active;
    }
    if (!changed) return null;
    const result: SpeakerLevel[] = [];
    for (const [sid, entry] of this.levels) {
      result.push({ sid, level: entry.active ? Math.min(1, entry.level * 4) : 0, active: entry.active });
    }
    return result;
  }
}
