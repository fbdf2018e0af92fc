// Direct call setup time (issue 14): the callee clicks «Принять» → the first packet of the caller's audio, on
// loopback. The real server (PostgreSQL, the production web build, its embedded SFU) in a child process; the caller
// is an @livekit/rtc-node bot that rings over the API and joins the call's room at once with a sine, as the web app's
// caller does (ringback while it rings); the callee is one Chromium page, a friend, on the home page. Ten calls, each
// hung up by the callee from the call panel before the next.
import { startChild } from './fanout/child.mjs';
import { sleep } from './fanout/common.mjs';
import { register } from './messages.mjs';
import { printClickBench, runClickBench } from './media/click-bench.mjs';
import { awaitFirstAudio } from './media/join-probe.mjs';

/** Issue 14: median accept click → first remote audio packet on loopback. */
export const CALL_SETUP_TARGET_MS = 700;
const CALLS = 10;
const ACCEPT = '[data-testid="direct-call-accept"]';

export function runMediaCall() {
  return runClickBench(
    { clickSelector: ACCEPT, nicknamePrefix: 'bench_c', targetMs: CALL_SETUP_TARGET_MS },
    async ({ api, server, page, pageUser: callee, cleanup }) => {
      const caller = await register(api, server.url, 'caller');
      cleanup.push(() => caller.http.close());
      // The callee becomes the caller's friend through the page's own request context (its cookies).
      await caller.http.call(api.contact.sendContactRequest, { body: { nickname: callee.nickname } });
      const accepted = await page.request.fetch(api.urlOf(api.contact.acceptContactRequest), {
        method: api.contact.acceptContactRequest.method,
        data: { nickname: caller.nickname },
      });
      if (!accepted.ok()) throw new Error(`accept contact: ${accepted.status()} ${await accepted.text()}`);
      await page.goto('/channels/@me');
      await page.getByTestId('user-panel').waitFor({ state: 'visible', timeout: 20_000 });

      const calls = [];
      for (let i = 0; i < CALLS; i += 1) {
        const ring = await caller.http.call(api.directCalls.startDirectCall, { body: { targetUserId: callee.id } });
        // A fresh bot process per call: rtc-node's FFI is disposed when its rooms leave.
        const bot = await startChild('bench/media/voice-bots.mjs', []);
        try {
          await bot.request('join', {
            url: ring.url,
            bots: [{ identity: caller.nickname, token: ring.token, video: false }],
            video: { width: 0, height: 0, fps: 0, maxBitrate: 0 },
          });
          const accept = page.locator(ACCEPT);
          await accept.waitFor({ state: 'visible', timeout: 20_000 });
          await accept.click();
          calls.push(
            await page.evaluate(awaitFirstAudio, {
              timeoutMs: 20_000,
              pollMs: 5,
              resourceHint: '/livekit/signalToConnect',
            }),
          );
          await page.getByTestId('call-leave').click();
          await page.getByTestId('call-panel').waitFor({ state: 'detached', timeout: 20_000 });
        } finally {
          await bot.request('leave', {}, 20_000).catch(() => undefined);
          await bot.kill();
        }
        // The server and the SFU forget the call and its participants before the next ring.
        await sleep(500);
      }
      return calls;
    },
  );
}

/** @param {Awaited<ReturnType<typeof runMediaCall>>} r */
export function printMediaCall(r) {
  printClickBench(r, { title: 'Direct call setup: «Принять»', api: 'signalToConnect', unit: 'call' });
}
