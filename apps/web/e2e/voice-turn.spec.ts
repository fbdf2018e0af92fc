import { expect } from '@playwright/test';
import { test } from './test.js';
import { startCoturn, type Coturn } from './coturn.js';
import { startOwnServer, type OwnServer } from './own-server.js';
import { signedUpPerson, type Person } from './users.js';
import {
  groupWithVoiceChannel,
  joinWithMedia,
  openChannel,
  receivedSoon,
  selectedLocalCandidateTypes,
  trackPeerConnections,
} from './voice.js';

/*
 * TURN: a local coturn (Debian's, on loopback, shared-secret credentials) and a server of its own that hands out
 * per-join TURN credentials and tells every client to use relay candidates only (MEDIA_FORCE_RELAY). Media must still
 * flow, and every connection's selected candidate pair must be a relayed one.
 */
let coturn: Coturn | null = null;
let server: OwnServer | null = null;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  coturn = await startCoturn();
  server = await startOwnServer(4, { TURN_SECRET: coturn.secret, TURN_URLS: coturn.url, MEDIA_FORCE_RELAY: 'true' });
});

test.afterAll(async () => {
  await server?.stop();
  coturn?.stop();
});

test('with relay candidates only, through a local coturn, two people still hear and see each other', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const baseURL = server?.origin ?? '';
  const people = [
    await signedUpPerson(browser, 'turn_a', { baseURL }),
    await signedUpPerson(browser, 'turn_b', { baseURL }),
  ];
  const [a, b] = people as [Person, Person];
  const voice = await groupWithVoiceChannel(a, [b]);
  for (const person of people) {
    await trackPeerConnections(person.page);
    await openChannel(person.page, voice);
  }
  for (const person of people) await joinWithMedia(person);

  for (const person of people) {
    const first = await receivedSoon(person.page, (now) => now.audioStreams >= 1 && now.videoStreams >= 1, 30_000);
    await receivedSoon(
      person.page,
      (now) => now.audioBytes > first.audioBytes && now.videoFrames > first.videoFrames,
      10_000,
    );
    // Publisher and subscriber connections, each on a relayed pair.
    const types = await selectedLocalCandidateTypes(person.page);
    expect(types).toEqual(['relay', 'relay']);
  }
});
