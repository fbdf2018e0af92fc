// A voice channel's worth of @livekit/rtc-node participants in a child process of their own (the media-load
// benchmark): each publishes a sine (Opus, 50 packets/s), some also 1280×720 video from a VideoSource, and every one
// subscribes to everyone. Kept out of the bench process so the bots' JavaScript (a captureFrame every 10 ms per
// bot, the video frames) never delays the message sender whose latency is measured. IPC as bench/fanout/child.mjs
// expects: `join`, `subscribed`, `stats`, `leave`.
import {
  AudioFrame,
  AudioSource,
  LocalAudioTrack,
  LocalVideoTrack,
  Room,
  TrackKind,
  TrackPublishOptions,
  TrackSource,
  VideoBufferType,
  VideoCodec,
  VideoFrame,
  VideoSource,
  dispose,
} from '@livekit/rtc-node';

const SAMPLE_RATE = 48_000;
/** 10 ms frames: a multiple of 100 Hz fills each with whole periods, so one frame repeats without a click. */
const FRAME_SAMPLES = SAMPLE_RATE / 100;
/** Distinct frames a video cycles through: enough motion that the encoder spends its bitrate. */
const VIDEO_FRAMES = 30;

/** @typedef {{ identity: string, token: string, video: boolean }} BotSpec */
/** @typedef {{ width: number, height: number, fps: number, maxBitrate: number }} VideoSpec */

/** @type {Room[]} */
const rooms = [];
/** @type {(() => void)[]} */
const stoppers = [];
let videoFramesCaptured = 0;

/** One 10 ms frame of a `hz` sine (a multiple of 100). @param {number} hz */
function sineFrame(hz) {
  const samples = new Int16Array(FRAME_SAMPLES);
  for (let i = 0; i < samples.length; i += 1) {
    samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * hz * i) / SAMPLE_RATE));
  }
  return new AudioFrame(samples, SAMPLE_RATE, 1, samples.length);
}

/**
 * I420 frames of a diagonal texture that slides a few pixels each frame, with moving colour planes: content an
 * encoder has to work on, unlike a still image that costs nothing after the first key frame.
 * @param {number} width @param {number} height
 */
function videoFrames(width, height) {
  const lumaSize = width * height;
  const chromaWidth = width / 2;
  const chromaSize = chromaWidth * (height / 2);
  const frames = [];
  for (let f = 0; f < VIDEO_FRAMES; f += 1) {
    const data = new Uint8Array(lumaSize + 2 * chromaSize);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) data[y * width + x] = ((x + 6 * f) ^ (y + 2 * f)) & 0xff;
    }
    for (let i = 0; i < chromaSize; i += 1) {
      const x = i % chromaWidth;
      data[lumaSize + i] = (x + 4 * f) & 0xff;
      data[lumaSize + chromaSize + i] = (Math.floor(i / chromaWidth) + 3 * f) & 0xff;
    }
    frames.push(new VideoFrame(data, width, height, VideoBufferType.I420));
  }
  return frames;
}

/** Feeds `source` a frame every 10 ms; captureFrame resolves when the source's queue has room, which paces it. */
function feedAudio(/** @type {AudioSource} */ source, /** @type {AudioFrame} */ frame) {
  let running = true;
  void (async () => {
    while (running) await source.captureFrame(frame);
  })();
  stoppers.push(() => (running = false));
}

/** @param {string} url @param {BotSpec[]} bots @param {VideoSpec} video */
async function join(url, bots, video) {
  const frames = bots.some((bot) => bot.video) ? videoFrames(video.width, video.height) : [];
  /** @type {VideoSource[]} */
  const videoSources = [];
  for (const [index, bot] of bots.entries()) {
    const room = new Room();
    await room.connect(url, bot.token, { autoSubscribe: true, dynacast: false });
    rooms.push(room);
    const local = room.localParticipant;
    if (local === undefined) throw new Error(`${bot.identity}: no local participant after connect`);

    const audio = new AudioSource(SAMPLE_RATE, 1);
    const audioOptions = new TrackPublishOptions();
    audioOptions.source = TrackSource.SOURCE_MICROPHONE;
    await local.publishTrack(LocalAudioTrack.createAudioTrack('mic', audio), audioOptions);
    feedAudio(audio, sineFrame(200 + 100 * index));

    if (!bot.video) continue;
    const source = new VideoSource(video.width, video.height);
    // The embedded SFU forwards one layer (no simulcast), VP8 as the web app publishes. The constructor turns the
    // plain encoding object into its protobuf message.
    const videoOptions = new TrackPublishOptions({
      source: TrackSource.SOURCE_CAMERA,
      simulcast: false,
      videoCodec: VideoCodec.VP8,
      videoEncoding: { maxBitrate: BigInt(video.maxBitrate), maxFramerate: video.fps },
    });
    await local.publishTrack(LocalVideoTrack.createVideoTrack('camera', source), videoOptions);
    videoSources.push(source);
  }
  if (videoSources.length > 0) {
    const start = performance.now();
    let next = 0;
    const timer = setInterval(() => {
      const frame = /** @type {VideoFrame} */ (frames[next % frames.length]);
      const timestampUs = BigInt(Math.round((performance.now() - start) * 1000));
      for (const source of videoSources) source.captureFrame(frame, timestampUs);
      videoFramesCaptured += videoSources.length;
      next += 1;
    }, 1000 / video.fps);
    stoppers.push(() => clearInterval(timer));
  }
}

/** Remote tracks subscribed over all bots, by kind. */
function subscribed() {
  const counts = { audio: 0, video: 0 };
  for (const room of rooms) {
    for (const participant of room.remoteParticipants.values()) {
      for (const publication of participant.trackPublications.values()) {
        if (publication.track === undefined) continue;
        if (publication.kind === TrackKind.KIND_AUDIO) counts.audio += 1;
        else if (publication.kind === TrackKind.KIND_VIDEO) counts.video += 1;
      }
    }
  }
  return counts;
}

/**
 * Cumulative counters of every bot's streams, keyed `metric|bot:ssrc`: libwebrtc's inbound-rtp of the subscriber
 * connections (what the bots received) and outbound-rtp of the publishers (what they sent). The orchestrator takes
 * differences per key between two calls: a bot that rejoined has new connections whose counters start again at 0,
 * and a total over all streams would go backwards.
 */
async function stats() {
  /** @type {Record<string, number>} */
  const counters = {};
  const add = (/** @type {string} */ key, /** @type {number | bigint | undefined} */ value) => {
    counters[key] = (counters[key] ?? 0) + Number(value ?? 0);
  };
  /** @type {string[]} */
  const resolutions = [];
  let roomsWithoutStats = 0;
  for (const [index, room] of rooms.entries()) {
    // A room that dropped (its connection timed out on a starved machine) has no stats: counted, not fatal.
    const session = await room.getRtcStats().catch(() => null);
    if (session === null) {
      roomsWithoutStats += 1;
      continue;
    }
    for (const stat of session.subscriberStats) {
      if (stat.stats.case !== 'inboundRtp') continue;
      const { stream, received, inbound } = stat.stats.value;
      if (stream?.kind !== 'audio' && stream?.kind !== 'video') continue;
      const id = `${index}:${stream.ssrc}`;
      add(`${stream.kind}.packetsReceived|${id}`, received?.packetsReceived);
      add(`${stream.kind}.packetsLost|${id}`, received?.packetsLost);
      if (stream.kind === 'video') add(`video.framesDecoded|${id}`, inbound?.framesDecoded);
    }
    for (const stat of session.publisherStats) {
      if (stat.stats.case !== 'outboundRtp') continue;
      const { stream, outbound, sent } = stat.stats.value;
      const id = `${index}:${stream?.ssrc}`;
      if (stream?.kind === 'audio') add(`sent.audioPackets|${id}`, sent?.packetsSent);
      if (stream?.kind !== 'video') continue;
      add(`sent.videoPackets|${id}`, sent?.packetsSent);
      add(`sent.framesEncoded|${id}`, outbound?.framesEncoded);
      add(`sent.bytesSent|${id}`, sent?.bytesSent);
      // What the encoder really sends: libwebrtc scales the resolution down when the CPU cannot keep up.
      resolutions.push(`${outbound?.frameWidth ?? 0}×${outbound?.frameHeight ?? 0}`);
    }
  }
  return { counters, resolutions, videoFramesCaptured, roomsWithoutStats };
}

async function leave() {
  for (const stop of stoppers.splice(0)) stop();
  for (const room of rooms.splice(0)) await room.disconnect().catch(() => undefined);
  await dispose();
}

process.on('message', async (raw) => {
  const message = /** @type {{ id: number, cmd: string, args: Record<string, unknown> }} */ (raw);
  try {
    let result = null;
    if (message.cmd === 'join') {
      const { url, bots, video } = /** @type {{ url: string, bots: BotSpec[], video: VideoSpec }} */ (message.args);
      await join(url, bots, video);
    } else if (message.cmd === 'subscribed') result = subscribed();
    else if (message.cmd === 'stats') result = await stats();
    else if (message.cmd === 'leave') await leave();
    else throw new Error(`unknown command ${message.cmd}`);
    process.send?.({ id: message.id, ok: true, result });
  } catch (error) {
    process.send?.({ id: message.id, ok: false, error: error instanceof Error ? error.stack : String(error) });
  }
});
// The pid: the orchestrator reads this process's CPU from /proc.
process.send?.({ ready: true, pid: process.pid });
