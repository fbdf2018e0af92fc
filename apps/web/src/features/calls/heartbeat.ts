import type { HeartbeatBody } from '@beseda/protocol/livekit';
import type { VoiceFlags } from '@beseda/protocol/voice';

export interface HeartbeatOptions {
  /** POST /livekit/heartbeat; `{ ok: false }` means the server no longer has us in the channel. */
  send(body: HeartbeatBody): Promise<{ ok: boolean }>;
  intervalMs: number;
  /** The server forgot us: the call must be torn down. Called once. */
  onEnded(): void;
  /** Spec §8: heartbeat failures are logged only. */
  onError(error: unknown): void;
}

export interface Heartbeat {
  /** Beats now with the current flags (a toggle), and restarts the interval from here. */
  beat(flags: VoiceFlags): void;
  stop(): void;
}

/**
 * Spec §9: a heartbeat at the start of the call and every 15 s after; a toggle beats at once with the new flags so
 * the others' sidebars follow without waiting. A beat answered after `stop()` is ignored.
 */
export function startHeartbeat(options: HeartbeatOptions, flags: VoiceFlags): Heartbeat {
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | null = null;

  const send = (body: HeartbeatBody) => {
    options.send(body).then(
      (answer) => {
        if (stopped || answer.ok) return;
        stop();
        options.onEnded();
      },
      (error: unknown) => {
        if (!stopped) options.onError(error);
      },
    );
  };

  const restartInterval = () => {
    if (timer !== null) clearInterval(timer);
    timer = setInterval(() => send(undefined), options.intervalMs);
  };

  function stop(): void {
    stopped = true;
    if (timer !== null) clearInterval(timer);
    timer = null;
  }

  send({ ...flags });
  restartInterval();

  return {
    beat(next) {
      if (stopped) return;
      send({ ...next });
      restartInterval();
    },
    stop,
  };
}
