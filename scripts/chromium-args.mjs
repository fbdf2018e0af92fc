// The Chromium flags every browser test and benchmark uses on this kind of machine (DEVELOPERS.md): headless-safe,
// no calls home (the network is closed), fake camera and microphone granted without a prompt, and WebRTC over
// loopback. Plain JavaScript so the benchmarks (.mjs) and the TypeScript tests share one list.

/** @type {string[]} */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];
