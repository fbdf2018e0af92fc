/// <reference lib="dom" />
/* global window, document -- these functions run in the page */
// The page side of the join-time benchmark: milestones of one join on the page's own clock (epoch ms:
// performance.timeOrigin + performance.now(), which Chromium's RTC stats timestamps also use), noted as they happen
// so that polling adds nothing to them.

/**
 * @typedef {{
 *   clickAt: number,
 *   sockets: { url: string, createdAt: number, openAt?: number, firstMessageAt?: number }[],
 *   connections: { pc: RTCPeerConnection, createdAt: number, remoteOfferAt?: number, connectedAt?: number }[],
 * }} JoinMarks
 */

/**
 * Installed before the app's scripts (addInitScript): wraps WebSocket and RTCPeerConnection, notes the click on
 * `clickSelector` («Подключиться» by default; the direct call's accept button for the call setup benchmark).
 * @param {string} [clickSelector]
 */
export function installJoinProbe(clickSelector = '[data-testid="voice-connect"]') {
  const now = () => performance.timeOrigin + performance.now();
  /** @type {JoinMarks} */
  const marks = { clickAt: 0, sockets: [], connections: [] };
  Object.defineProperty(window, '__joinMarks', { value: marks });

  // The click itself (capture phase: before React's handler runs), at the event's own time.
  document.addEventListener(
    'click',
    (event) => {
      const target = /** @type {Element | null} */ (event.target);
      if (target?.closest(clickSelector)) marks.clickAt = performance.timeOrigin + event.timeStamp;
    },
    true,
  );

  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    /** @param {string | URL} url @param {string | string[]} [protocols] */
    constructor(url, protocols) {
      super(url, protocols);
      /** @type {JoinMarks['sockets'][number]} */
      const entry = { url: String(url), createdAt: now() };
      marks.sockets.push(entry);
      this.addEventListener('open', () => (entry.openAt = now()), { once: true });
      // livekit-client's signalling: the first message is the JoinResponse.
      this.addEventListener('message', () => (entry.firstMessageAt ??= now()));
    }
  };

  const NativeConnection = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends NativeConnection {
    /** @param {RTCConfiguration} [config] */
    constructor(config) {
      super(config);
      /** @type {JoinMarks['connections'][number]} */
      const entry = { pc: this, createdAt: now() };
      marks.connections.push(entry);
      this.addEventListener('connectionstatechange', () => {
        if (this.connectionState === 'connected') entry.connectedAt ??= now();
      });
    }

    /**
     * @override
     * @param {RTCSessionDescriptionInit} description
     */
    setRemoteDescription(description) {
      // The subscriber connection is the one the server makes offers on.
      const entry = marks.connections.find((candidate) => candidate.pc === this);
      if (entry && description?.type === 'offer') entry.remoteOfferAt ??= now();
      return super.setRemoteDescription(description);
    }
  };
}

/**
 * Polls the connections made since the click every few ms until one has received remote audio; resolves with every
 * milestone of the join as ms after the click. The first packet's arrival is `lastPacketReceivedTimestamp` less the
 * packets after it (one per 20 ms of Opus), so the polling interval does not count.
 * @param {{ timeoutMs: number, pollMs: number, resourceHint: string }} options
 */
export async function awaitFirstAudio({ timeoutMs, pollMs, resourceHint }) {
  const marks = /** @type {JoinMarks} */ (
    /** @type {{ __joinMarks: JoinMarks }} */ (/** @type {unknown} */ (window)).__joinMarks
  );
  const now = () => performance.timeOrigin + performance.now();
  const deadline = now() + timeoutMs;
  const since = (/** @type {number | undefined} */ at) =>
    at === undefined ? null : Math.round((at - marks.clickAt) * 10) / 10;
  while (now() < deadline) {
    for (const entry of marks.connections) {
      if (entry.createdAt < marks.clickAt || entry.pc.connectionState === 'closed') continue;
      const report = await entry.pc.getStats();
      /** @type {{ packetsReceived?: number, lastPacketReceivedTimestamp?: number } | undefined} */
      let audio;
      report.forEach((/** @type {{ type: string, kind?: string, packetsReceived?: number }} */ stat) => {
        if (stat.type === 'inbound-rtp' && stat.kind === 'audio') audio = stat;
      });
      const packets = audio?.packetsReceived ?? 0;
      if (packets === 0) continue;
      const detectedAt = now();
      const last = audio?.lastPacketReceivedTimestamp ?? detectedAt;
      const socket = marks.sockets.filter((s) => s.createdAt >= marks.clickAt && s.url.includes('/rtc')).at(-1);
      const api = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'))
        .filter((r) => r.name.includes(resourceHint) && performance.timeOrigin + r.startTime >= marks.clickAt)
        .at(-1);
      return {
        joinApiMs: since(api === undefined ? undefined : performance.timeOrigin + api.responseEnd),
        signallingCreatedMs: since(socket?.createdAt),
        signallingOpenMs: since(socket?.openAt),
        joinResponseMs: since(socket?.firstMessageAt),
        subscriberOfferMs: since(entry.remoteOfferAt),
        iceDtlsConnectedMs: since(entry.connectedAt),
        firstPacketMs: since(last - (packets - 1) * 20),
        detectedMs: since(detectedAt),
        packetsAtDetection: packets,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`no remote audio within ${timeoutMs} ms of the click`);
}
