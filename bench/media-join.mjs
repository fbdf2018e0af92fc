// Join time (issue 13): «Подключиться» clicked → the first packet of remote audio, on loopback. The real server
// (PostgreSQL, the production web build, its embedded SFU) in a child process; an @livekit/rtc-node bot already in
// the voice channel publishing a sine; one Chromium page as a signed-up member of the group clicks `voice-connect`,
// waits for the bot's audio on its subscriber connection, leaves, and does it again: 10 joins.
import { startChild } from './fanout/child.mjs';
import { sleep } from './fanout/common.mjs';
import { register } from './messages.mjs';
import { printClickBench, runClickBench } from './media/click-bench.mjs';
import { awaitFirstAudio } from './media/join-probe.mjs';
import { createVoiceChannel, joinChannel, keepVoiceAlive } from './media/voice-channel.mjs';

/** Issue 13: median click → first remote audio packet on loopback. */
export const JOIN_TARGET_MS = 700;
const JOINS = 10;

export function runMediaJoin() {
  return runClickBench(
    { clickSelector: '[data-testid="voice-connect"]', nicknamePrefix: 'bench_j', targetMs: JOIN_TARGET_MS },
    async ({ api, server, page, cleanup }) => {
      // The speaker: a member who owns the group and its voice channel, in it with an rtc-node bot.
      const speaker = await register(api, server.url, 'speaker');
      cleanup.push(() => speaker.http.close());
      const { groupId, channelId } = await createVoiceChannel(speaker, []);
      const media = await joinChannel(speaker, channelId);
      cleanup.push(keepVoiceAlive([speaker]));
      const bots = await startChild('bench/media/voice-bots.mjs', []);
      cleanup.push(async () => {
        await bots.request('leave', {}, 20_000).catch(() => undefined);
        await bots.kill();
      });
      await bots.request('join', {
        url: media.url,
        bots: [{ identity: speaker.nickname, token: media.token, video: false }],
        video: { width: 0, height: 0, fps: 0, maxBitrate: 0 },
      });

      // The page's user (the listener) joins the group through the page's own request context (its cookies).
      const { code } = await speaker.http.call(api.group.createInvite, { body: { groupId } });
      const accepted = await page.request.post(api.urlOf(api.group.acceptInvite), { data: { code } });
      if (!accepted.ok()) throw new Error(`accept-invite: ${accepted.status()} ${await accepted.text()}`);
      await page.goto(`/channels/${groupId}/${channelId}`);

      const joins = [];
      for (let i = 0; i < JOINS; i += 1) {
        const connect = page.getByTestId('voice-connect');
        await connect.waitFor({ state: 'visible', timeout: 20_000 });
        await connect.click();
        joins.push(
          await page.evaluate(awaitFirstAudio, {
            timeoutMs: 20_000,
            pollMs: 5,
            resourceHint: '/livekit/join-channel',
          }),
        );
        await page.getByTestId('call-leave').click();
        await page.getByTestId('call-panel').waitFor({ state: 'detached', timeout: 20_000 });
        // The server and the SFU forget the seat and the participant before the next join.
        await sleep(500);
      }
      return joins;
    },
  );
}

/** @param {Awaited<ReturnType<typeof runMediaJoin>>} r */
export function printMediaJoin(r) {
  printClickBench(r, { title: 'Join time: «Подключиться»', api: 'join-channel', unit: 'join' });
}
