// Media forwarding cost (issue 13): 1 @livekit/rtc-node publisher (a 440 Hz sine, Opus at 50 packets/s) and 9
// rtc-node subscribers in one room of the embedded SFU, which runs alone in a child process with one room worker.
// Reports the SFU process's CPU per forwarded packet (process.cpuUsage / packets handed to subscribers' senders),
// the idle cost of the same connections without media, and the event-loop delay of the SFU's main thread (where
// the app server's HTTP and realtime would run).
import { loadavg } from 'node:os';
import {
  AudioFrame,
  AudioSource,
  LocalAudioTrack,
  Room,
  RoomEvent,
  TrackPublishOptions,
  TrackSource,
} from '@livekit/rtc-node';
import { sleep } from './fanout/common.mjs';
import { cpuMsBetween, startBenchSfu } from './media/bench-sfu.mjs';
import { describeMachine } from './machine.mjs';

export const MEDIA_TARGET_US_PER_PACKET = 40;
/** LiveKit's published audio benchmark, per core (Go): ~75,000 forwarded packets/s per core. */
const LIVEKIT_US_PER_PACKET = 13;
const PORT = 3233;
const SAMPLE_RATE = 48_000;

/** @param {{ subscribers?: number, seconds?: number, idleSeconds?: number }} [options] */
export async function runMediaForwarding(options = {}) {
  const subscribers = options.subscribers ?? 9;
  const seconds = options.seconds ?? 20;
  const idleSeconds = options.idleSeconds ?? 5;
  const sfu = await startBenchSfu(PORT);
  const { url } = sfu;
  /** @type {Room[]} */
  const rooms = [];
  let publishing = true;
  try {
    let subscribed = 0;
    for (let i = 0; i < subscribers; i += 1) {
      const room = new Room();
      room.on(RoomEvent.TrackSubscribed, () => (subscribed += 1));
      await room.connect(url, await sfu.token(`listener-${i}`, 'bench'), { autoSubscribe: true, dynacast: false });
      rooms.push(room);
    }
    const publisher = new Room();
    await publisher.connect(url, await sfu.token('speaker', 'bench'), { autoSubscribe: true, dynacast: false });
    rooms.push(publisher);

    // Idle: every connection up, no media yet.
    await sleep(2000);
    const idleStart = await sfu.mark();
    await sleep(idleSeconds * 1000);
    const idleEnd = await sfu.mark();

    const source = new AudioSource(SAMPLE_RATE, 1);
    const track = LocalAudioTrack.createAudioTrack('sine', source);
    const publishOptions = new TrackPublishOptions();
    publishOptions.source = TrackSource.SOURCE_MICROPHONE;
    await publisher.localParticipant?.publishTrack(track, publishOptions);
    void (async () => {
      for (let start = 0; publishing; start += SAMPLE_RATE / 100) {
        const samples = new Int16Array(SAMPLE_RATE / 100);
        for (let i = 0; i < samples.length; i += 1) {
          samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * 440 * (start + i)) / SAMPLE_RATE));
        }
        await source.captureFrame(new AudioFrame(samples, SAMPLE_RATE, 1, samples.length));
      }
    })();
    const waitUntil = Date.now() + 20_000;
    while (subscribed < subscribers && Date.now() < waitUntil) await sleep(100);
    await sleep(2000);

    const start = await sfu.mark();
    await sleep(seconds * 1000);
    const end = await sfu.mark();

    const idleCpuMsPerSecond = cpuMsBetween(idleStart, idleEnd) / idleSeconds;
    const cpuMsTotal = cpuMsBetween(start, end);
    const forwarded = end.forwardedPackets - start.forwardedPackets;
    const usPerPacket = forwarded === 0 ? Infinity : (cpuMsTotal * 1000) / forwarded;
    const mediaOnlyUsPerPacket =
      forwarded === 0 ? Infinity : ((cpuMsTotal - idleCpuMsPerSecond * seconds) * 1000) / forwarded;
    return {
      measuredAt: new Date().toISOString(),
      machine: describeMachine(),
      load: loadavg(),
      params: { subscribers, seconds, idleSeconds, workers: 1 },
      subscribed,
      forwardedPackets: forwarded,
      expectedPackets: subscribers * 50 * seconds,
      cpuMs: round(cpuMsTotal),
      // Kernel time is mostly the sendmsg/recvmsg of every packet (one syscall each: Node has no sendmmsg).
      systemCpuMs: round((end.cpu.system - start.cpu.system) / 1000),
      idleCpuMsPerSecond: round(idleCpuMsPerSecond),
      usPerPacket: round(usPerPacket),
      mediaOnlyUsPerPacket: round(mediaOnlyUsPerPacket),
      targetUsPerPacket: MEDIA_TARGET_US_PER_PACKET,
      livekitUsPerPacket: LIVEKIT_US_PER_PACKET,
      ratioToLivekit: round(usPerPacket / LIVEKIT_US_PER_PACKET),
      packetsPerSecondPerCore: Math.round(1e6 / usPerPacket),
      mainLoopMs: end.loopMs,
    };
  } finally {
    publishing = false;
    for (const room of rooms) await room.disconnect().catch(() => undefined);
    await sfu.stop();
  }
}

/** @param {number} value */
function round(value) {
  return Math.round(value * 10) / 10;
}

/** @param {Awaited<ReturnType<typeof runMediaForwarding>>} result */
export function printMediaForwarding(result) {
  console.log(
    `\nMedia forwarding: 1 rtc-node publisher (Opus, 50 packets/s) → ${result.params.subscribers} subscribers, ${result.params.seconds} s`,
  );
  console.table([
    {
      subscribed: result.subscribed,
      forwarded: result.forwardedPackets,
      expected: result.expectedPackets,
      'SFU CPU ms': result.cpuMs,
      'of it kernel ms': result.systemCpuMs,
      'idle CPU ms/s': result.idleCpuMsPerSecond,
      'µs/packet': result.usPerPacket,
      'µs/packet (minus idle)': result.mediaOnlyUsPerPacket,
      'packets/s per core': result.packetsPerSecondPerCore,
      'main loop p99 ms': round(result.mainLoopMs.p99),
      'main loop max ms': round(result.mainLoopMs.max),
    },
  ]);
  console.log(
    `CPU per forwarded packet: ${result.usPerPacket} µs, target ≤ ${result.targetUsPerPacket} µs — ${
      result.usPerPacket <= result.targetUsPerPacket ? 'met' : 'MISSED'
    }; LiveKit's audio benchmark ≈ ${result.livekitUsPerPacket} µs (ratio ${result.ratioToLivekit}×)`,
  );
}
