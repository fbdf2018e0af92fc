import * as channelApi from '@beseda/protocol/endpoints/channel';
import * as groupApi from '@beseda/protocol/endpoints/group';
import * as livekitApi from '@beseda/protocol/endpoints/livekit';
import * as userApi from '@beseda/protocol/endpoints/user';
import { expect, type Page } from '@playwright/test';
import { call } from './api.js';
import type { Person } from './users.js';

export interface VoiceChannelRef {
  groupId: string;
  channelId: string;
}

/** The owner creates a group with one voice channel; every other person joins it by invite. All through the API. */
export async function groupWithVoiceChannel(
  owner: Person,
  members: Person[],
  name = 'голос',
): Promise<VoiceChannelRef> {
  const created = await call(owner.page.request, groupApi.createGroup, {
    body: { name: `Сервер ${owner.user.nickname}` },
  });
  expect(created.ok()).toBe(true);
  const groupId = ((await created.json()) as { id: string }).id;
  const channel = await call(owner.page.request, channelApi.createChannel, { body: { groupId, name, type: 'RTCP' } });
  expect(channel.ok()).toBe(true);
  const channelId = ((await channel.json()) as { channel: { id: string } }).channel.id;
  if (members.length > 0) {
    const invite = await call(owner.page.request, groupApi.createInvite, { body: { groupId } });
    const { code } = (await invite.json()) as { code: string };
    for (const member of members) {
      const accepted = await call(member.page.request, groupApi.acceptInvite, { body: { code } });
      expect(accepted.ok()).toBe(true);
    }
  }
  return { groupId, channelId };
}

export async function openChannel(page: Page, { groupId, channelId }: VoiceChannelRef): Promise<void> {
  await page.goto(`/channels/${groupId}/${channelId}`);
  await expect(page.getByTestId('channel-view')).toHaveAttribute('data-channel-type', 'RTCP');
}

/** Whether this server has the voice routes (they arrive with the media server): a heartbeat answers, or 404s. */
export async function hasVoiceRoutes(page: Page): Promise<boolean> {
  const response = await call(page.request, livekitApi.heartbeat, { body: {} });
  return response.status() !== 404;
}

/**
 * Before the page loads: remember every RTCPeerConnection it makes, so the test can read their `getStats()` (the app
 * exposes none).
 */
export async function trackPeerConnections(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    Object.defineProperty(window, '__peerConnections', { value: made });
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        made.push(this);
      }
    };
  });
}

/** What the page has received so far, over every peer connection it made. */
export interface Inbound {
  /** Inbound audio streams that carried bytes, and their bytes. */
  audioStreams: number;
  audioBytes: number;
  /** Inbound video streams that decoded frames, and their frames. */
  videoStreams: number;
  videoFrames: number;
}

export function inbound(page: Page): Promise<Inbound> {
  return page.evaluate(async () => {
    const made = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    const totals = { audioStreams: 0, audioBytes: 0, videoStreams: 0, videoFrames: 0 };
    for (const connection of made) {
      if (connection.connectionState === 'closed') continue;
      const report = await connection.getStats();
      report.forEach((stat: { type: string; kind?: string; bytesReceived?: number; framesDecoded?: number }) => {
        if (stat.type !== 'inbound-rtp') return;
        if (stat.kind === 'audio' && (stat.bytesReceived ?? 0) > 0) {
          totals.audioStreams += 1;
          totals.audioBytes += stat.bytesReceived ?? 0;
        }
        if (stat.kind === 'video' && (stat.framesDecoded ?? 0) > 0) {
          totals.videoStreams += 1;
          totals.videoFrames += stat.framesDecoded ?? 0;
        }
      });
    }
    return totals;
  });
}

/** Polls until `check` holds for what the page has received, returning that reading. */
export async function receivedSoon(page: Page, check: (now: Inbound) => boolean, timeout = 20_000): Promise<Inbound> {
  let last: Inbound = { audioStreams: 0, audioBytes: 0, videoStreams: 0, videoFrames: 0 };
  await expect
    .poll(
      async () => {
        last = await inbound(page);
        return check(last);
      },
      { timeout, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return last;
}

/** Joins with the pre-join card's «Подключиться», then turns mic and camera on from the call panel. */
export async function joinWithMedia(person: Person): Promise<void> {
  const { page } = person;
  await page.getByTestId('voice-connect').click();
  const panel = page.getByTestId('call-panel');
  await expect(panel).toHaveAttribute('data-call-status', 'ACTIVE', { timeout: 20_000 });
  for (const kind of ['mic', 'camera'] as const) {
    const toggle = panel.getByTestId(`call-toggle-${kind}`);
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  }
}

export function tileOf(page: Page, identity: string, kind: 'camera' | 'screen' = 'camera') {
  return page.locator(`[data-testid="call-tile"][data-tile-kind="${kind}"][data-identity="${identity}"]`);
}

export function occupantOf(page: Page, userId: string) {
  return page.locator(`[data-testid="voice-occupant"][data-user-id="${userId}"]`);
}

export async function userIdOf(page: Page): Promise<string> {
  const response = await call(page.request, userApi.getMe);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

/**
 * Waits until every video on the call's tiles shows frames: a picture (videoWidth > 0) whose clock advances. A
 * screenshot taken earlier catches a black tile (a screen share's first keyframe takes a moment).
 */
export async function videosPlaying(page: Page, timeout = 15_000): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const videos = Array.from(document.querySelectorAll<HTMLVideoElement>('[data-testid="call-tile"] video'));
          const before = videos.map((video) => video.currentTime);
          await new Promise((resolve) => setTimeout(resolve, 300));
          return (
            videos.length > 0 &&
            videos.every((video, index) => video.videoWidth > 0 && video.currentTime > (before[index] ?? 0))
          );
        }),
      { timeout, intervals: [250, 500] },
    )
    .toBe(true);
}

/** For each connected peer connection of the page: the type of the local candidate of its selected pair. */
export function selectedLocalCandidateTypes(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const made = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    const types: string[] = [];
    for (const connection of made) {
      if (connection.connectionState !== 'connected') continue;
      const stats = new Map<string, Record<string, unknown>>();
      (await connection.getStats()).forEach((stat: Record<string, unknown> & { id: string }) =>
        stats.set(stat.id, stat),
      );
      for (const stat of stats.values()) {
        if (stat.type !== 'transport' || typeof stat.selectedCandidatePairId !== 'string') continue;
        const pair = stats.get(stat.selectedCandidatePairId);
        const local = typeof pair?.localCandidateId === 'string' ? stats.get(pair.localCandidateId) : undefined;
        types.push(String(local?.candidateType ?? 'none'));
      }
    }
    return types;
  });
}
