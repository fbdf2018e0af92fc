import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { test } from './test.js';
import { signedUpPerson, type Person } from './users.js';
import {
  groupWithVoiceChannel,
  hasVoiceRoutes,
  joinWithMedia,
  occupantOf,
  openChannel,
  receivedSoon,
  rememberVideos,
  showsPicture,
  tileOf,
  tileSelector,
  tileVideos,
  trackPeerConnections,
  userIdOf,
  videosShowing,
  type TileVideo,
} from './voice.js';

/** Every camera and screen on the page's tiles: [identity, kind] pairs, in a stable order. */
function shown(videos: TileVideo[]): string[] {
  return videos.map((video) => `${video.identity}:${video.kind}`).sort();
}

const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));
const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/*
 * Needs the server's /livekit routes and the embedded SFU (issue 13); on a server without them it skips, saying so.
 */
test('three people in one voice channel hear and see each other; mute, screen share and leaving reach everyone', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  mkdirSync(docs, { recursive: true });
  const people = [
    await signedUpPerson(browser, 'v3_a'),
    await signedUpPerson(browser, 'v3_b'),
    await signedUpPerson(browser, 'v3_c'),
  ];
  const [a, b, c] = people as [Person, Person, Person];
  test.skip(!(await hasVoiceRoutes(a.page)), 'this server has no /livekit routes (the media server is not here)');

  const ids = await Promise.all(people.map((person) => userIdOf(person.page)));
  const [idA, idB, idC] = ids as [string, string, string];
  const voice = await groupWithVoiceChannel(a, [b, c]);
  for (const person of people) {
    await trackPeerConnections(person.page);
    await person.page.setViewportSize({ width: 1440, height: 900 });
    await openChannel(person.page, voice);
  }

  // One after another, as people do; each join shows in every sidebar.
  for (const person of people) await joinWithMedia(person);
  for (const person of people) {
    await expect(person.page.getByTestId('voice-occupant')).toHaveCount(3);
    await expect(person.page.locator('[data-testid="call-tile"][data-tile-kind="camera"]')).toHaveCount(3);
    await expect(person.page.getByTestId('call-grid')).toHaveAttribute('data-columns', '2');
  }

  // Each page receives the two others' audio and video, and keeps receiving it (bytes and frames grow).
  for (const person of people) {
    const first = await receivedSoon(person.page, (now) => now.audioStreams >= 2 && now.videoStreams >= 2);
    await receivedSoon(
      person.page,
      (now) => now.audioBytes > first.audioBytes && now.videoFrames > first.videoFrames,
      10_000,
    );
  }
  // The others' video is on their tiles: every camera tile shows a picture whose frames keep being decoded.
  await expect(tileOf(a.page, idB)).toHaveAttribute('data-video', 'true');
  await expect(tileOf(a.page, idC)).toHaveAttribute('data-video', 'true');
  for (const person of people) {
    const videos = await videosShowing(person.page);
    expect(shown(videos)).toEqual(ids.map((id) => `${id}:camera`).sort());
  }

  // A mutes with the keyboard: the others' tiles and sidebars show it.
  await a.page.keyboard.press('Control+Shift+KeyM');
  await expect(a.page.getByTestId('call-panel').getByTestId('call-toggle-mic')).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  for (const other of [b, c]) {
    await expect(tileOf(other.page, idA)).toHaveAttribute('data-mic-off', 'true');
    await expect(occupantOf(other.page, idA)).toHaveAttribute('data-mic-off', 'true');
  }

  // B shares a screen: it reaches A and C, shown large with the cameras in a strip. The camera tiles move from the
  // grid to the strip with their own video elements, so they never go black (a new element would be until the
  // track's next frame reached it).
  for (const other of [a, c]) await rememberVideos(other.page);
  await b.page.getByTestId('call-panel').getByTestId('call-toggle-screen').click();
  await expect(b.page.getByTestId('call-panel').getByTestId('call-toggle-screen')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  for (const other of [a, c]) {
    await expect(tileOf(other.page, idB, 'screen')).toHaveAttribute('data-video', 'true', { timeout: 15_000 });
    await expect(other.page.getByTestId('call-spotlight')).toBeVisible();
    await expect(other.page.getByTestId('call-strip').getByTestId('call-tile')).toHaveCount(3);
    const cameras = (await tileVideos(other.page, { sampleMs: 0 })).filter((video) => video.kind === 'camera');
    expect(cameras.map((video) => `${video.identity}:${video.remembered ? 'kept' : 'new'}`).sort()).toEqual(
      ids.map((id) => `${id}:kept`).sort(),
    );
  }
  // Every tile shows its video, the share's too (its first frames take a moment: shot before them, it is black).
  for (const other of [a, c]) {
    const videos = await videosShowing(other.page);
    expect(shown(videos)).toEqual([...ids.map((id) => `${id}:camera`), `${idB}:screen`].sort());
  }
  await a.page.screenshot({ path: `${docs}voice-call-grid-screen-share.png` });
  await a.page.screenshot({ path: `${shots}voice-call-grid-screen-share.png` });

  // Double-click focuses a camera; again returns to the screen share. The tiles change places and keep showing their
  // picture at once: the same video elements, not new black ones.
  await rememberVideos(a.page);
  expectKeptPictures(await tileVideos(a.page, { sampleMs: 0, doubleClick: tileSelector(idC) }));
  await expect(a.page.getByTestId('call-spotlight').locator('> [data-testid="call-tile"]')).toHaveAttribute(
    'data-identity',
    idC,
  );
  expectKeptPictures(await tileVideos(a.page, { sampleMs: 0, doubleClick: tileSelector(idC) }));
  await expect(a.page.getByTestId('call-spotlight').locator('> [data-testid="call-tile"]')).toHaveAttribute(
    'data-tile-kind',
    'screen',
  );
  await videosShowing(a.page);
  await a.page.screenshot({ path: `${docs}call-panel-active.png` });

  // C leaves: every sidebar and grid follows; C's panel closes.
  await c.page.getByTestId('call-panel').getByTestId('call-leave').click();
  await expect(c.page.getByTestId('call-panel')).toHaveCount(0);
  await expect(c.page.getByTestId('voice-connect')).toBeVisible();
  for (const person of people) await expect(person.page.getByTestId('voice-occupant')).toHaveCount(2);
  for (const other of [a, b]) await expect(tileOf(other.page, idC)).toHaveCount(0);
  await expect(occupantOf(c.page, idC)).toHaveCount(0);
});

/** Right after a layout switch: every tile video is an element from before it, still showing a picture. */
function expectKeptPictures(videos: TileVideo[]): void {
  expect(videos).toHaveLength(4);
  for (const video of videos) {
    expect({ tile: `${video.identity}:${video.kind}`, kept: video.remembered, picture: showsPicture(video) }).toEqual({
      tile: `${video.identity}:${video.kind}`,
      kept: true,
      picture: true,
    });
  }
}
