import { readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS } from '../../../../scripts/chromium-args.mjs';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { mintToken } from '../support/tokens.js';

const PORT = 3231;
const BROWSER_ARGS = [
  ...CHROMIUM_ARGS,
  // getDisplayMedia in headless Chromium: pick the screen without a picker.
  '--auto-select-desktop-capture-source=Entire screen',
];

interface RemoteMedia {
  identity: string;
  source: string;
  kind: string;
  muted: boolean;
  subscribed: boolean;
  bytes: number;
  framesDecoded: number;
}

const page = `<!doctype html><meta charset="utf-8"><title>SFU test call</title>
<script src="/livekit-client.umd.js"></script><script src="/call.js"></script>`;

/*
 * The official livekit-client 2.23 in Chromium against the embedded SFU: the browser path the web app takes
 * (two peer connections, adaptive stream, dynacast, no simulcast).
 */
describe('livekit-client in Chromium through the SFU', () => {
  let server: TestServer;
  let browser: Browser;
  const pages: Page[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      workers: 1,
      port: PORT,
      files: {
        '/': { type: 'text/html; charset=utf-8', body: page },
        '/livekit-client.umd.js': {
          type: 'text/javascript',
          body: readFileSync(
            new URL('../../../../node_modules/livekit-client/dist/livekit-client.umd.js', import.meta.url),
          ),
        },
        '/call.js': { type: 'text/javascript', body: readFileSync(new URL('./page/call.js', import.meta.url)) },
      },
    });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: BROWSER_ARGS,
    });
  });

  afterAll(async () => {
    for (const open of pages) await open.evaluate(() => window.call.leave()).catch(() => undefined);
    await browser?.close();
    await server?.close();
  });

  async function joinAs(identity: string): Promise<Page> {
    const context = await browser.newContext();
    const opened = await context.newPage();
    pages.push(opened);
    await opened.goto(`${server.httpUrl}/`);
    const token = await mintToken({ identity, room: 'call' });
    await opened.evaluate(([url, jwt]) => window.call.join(url, jwt), [server.url, token] as const);
    return opened;
  }

  function remoteMedia(of: Page): Promise<RemoteMedia[]> {
    return of.evaluate(() => window.call.remoteMedia());
  }

  async function flowing(of: Page, from: string, source: string): Promise<RemoteMedia> {
    const first = (await remoteMedia(of)).find((m) => m.identity === from && m.source === source);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const second = (await remoteMedia(of)).find((m) => m.identity === from && m.source === source);
    if (first === undefined || second === undefined) throw new Error(`no ${source} from ${from}`);
    return { ...second, bytes: second.bytes - first.bytes, framesDecoded: second.framesDecoded - first.framesDecoded };
  }

  it('two pages publish mic and camera and each receives the other’s audio and video', async () => {
    const alice = await joinAs('alice');
    const bob = await joinAs('bob');
    for (const [viewer, other] of [
      [alice, 'bob'],
      [bob, 'alice'],
    ] as const) {
      await expect
        .poll(async () => (await flowing(viewer, other, 'microphone')).bytes, { timeout: 20_000, interval: 500 })
        .toBeGreaterThan(0);
      await expect
        .poll(async () => (await flowing(viewer, other, 'camera')).framesDecoded, { timeout: 20_000, interval: 500 })
        .toBeGreaterThan(0);
    }
  });

  it('shows a mute to the other side', async () => {
    const [alice, bob] = pages as [Page, Page];
    await alice.evaluate(() => window.call.muteMicrophone());
    await expect
      .poll(
        async () => (await remoteMedia(bob)).find((m) => m.identity === 'alice' && m.source === 'microphone')?.muted,
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
  });

  it('carries a screen share as another track', async () => {
    const [alice, bob] = pages as [Page, Page];
    await alice.evaluate(() => window.call.shareScreen());
    await expect
      .poll(async () => (await flowing(bob, 'alice', 'screen_share')).framesDecoded, { timeout: 20_000, interval: 500 })
      .toBeGreaterThan(0);
  });

  it('drops an unpublished track (its m-line goes inactive in the next offer)', async () => {
    const [alice, bob] = pages as [Page, Page];
    await alice.evaluate(() => window.call.stopScreenShare());
    await expect
      .poll(
        async () =>
          (await remoteMedia(bob))
            .filter((m) => m.identity === 'alice')
            .map((m) => m.source)
            .sort(),
        {
          timeout: 10_000,
        },
      )
      .toEqual(['camera', 'microphone']);
    expect(await server.media.stats()).toMatchObject({ participants: 2, tracks: 4 });
  });
});

declare global {
  interface Window {
    call: {
      join(url: string, token: string): Promise<void>;
      remoteMedia(): Promise<RemoteMedia[]>;
      muteMicrophone(): Promise<void>;
      shareScreen(): Promise<void>;
      stopScreenShare(): Promise<void>;
      leave(): Promise<void>;
    };
  }
}
