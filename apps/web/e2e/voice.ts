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

export function tileSelector(identity: string, kind: 'camera' | 'screen' = 'camera'): string {
  return `[data-testid="call-tile"][data-tile-kind="${kind}"][data-identity="${identity}"]`;
}

export function tileOf(page: Page, identity: string, kind: 'camera' | 'screen' = 'camera') {
  return page.locator(tileSelector(identity, kind));
}

export function occupantOf(page: Page, userId: string) {
  return page.locator(`[data-testid="voice-occupant"][data-user-id="${userId}"]`);
}

export async function userIdOf(page: Page): Promise<string> {
  const response = await call(page.request, userApi.getMe);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

/** What one call tile's video shows (`tileVideos`). */
export interface TileVideo {
  identity: string;
  kind: string;
  /** The picture when sampled, drawn into a canvas: mean luma and its standard deviation (0–255); black is 0, 0. */
  luma: number;
  lumaSpread: number;
  /** Frames the element handed to the compositor during the sample (requestVideoFrameCallback). */
  presented: number;
  /** Frames the receiver of this track decoded during the sample; null for the page's own camera (not received). */
  decoded: number | null;
  /** Whether this `<video>` is one `rememberVideos` saw: a tile that changed places kept its element. */
  remembered: boolean;
}

/** A picture, not a black (or empty) element: the fake camera's and screen's test patterns have plenty of contrast. */
export function showsPicture(video: Pick<TileVideo, 'luma' | 'lumaSpread'>): boolean {
  return video.luma > 8 && video.lumaSpread > 4;
}

/**
 * Every tile video with the camera or screen on: its picture at once (drawn into a canvas), then, over `sampleMs`,
 * how many frames the element presented and how many its track's receiver decoded (inbound-rtp `framesDecoded`, by
 * track id). With `doubleClick` (a tile's selector), that tile is double-clicked first and the pictures are taken as
 * soon as the app has re-rendered (a macrotask later): what the user sees the moment the layout switches.
 */
export function tileVideos(
  page: Page,
  { sampleMs = 600, doubleClick }: { sampleMs?: number; doubleClick?: string } = {},
): Promise<TileVideo[]> {
  return page.evaluate(
    async ({ sampleMs, doubleClick }) => {
      if (doubleClick) {
        const tile = document.querySelector(doubleClick);
        if (!tile) throw new Error(`no tile ${doubleClick}`);
        tile.dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
        // React commits a discrete event's update in a microtask: the layout has switched after one macrotask.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      const tiles = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="call-tile"][data-video]'));
      const videos = tiles.map((tile) => tile.querySelector('video'));
      const remembered = (window as unknown as { __rememberedVideos?: WeakSet<Element> }).__rememberedVideos;
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 36;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      const pictures = videos.map((video) => {
        if (!video || !context) return { luma: 0, lumaSpread: 0 };
        context.clearRect(0, 0, canvas.width, canvas.height);
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
        const values: number[] = [];
        for (let i = 0; i < pixels.length; i += 4) {
          values.push(0.299 * (pixels[i] ?? 0) + 0.587 * (pixels[i + 1] ?? 0) + 0.114 * (pixels[i + 2] ?? 0));
        }
        const luma = values.reduce((sum, value) => sum + value, 0) / values.length;
        const variance = values.reduce((sum, value) => sum + (value - luma) ** 2, 0) / values.length;
        return { luma, lumaSpread: Math.sqrt(variance) };
      });

      const made = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
      const framesDecoded = async () => {
        const byTrack = new Map<string, number>();
        for (const connection of made) {
          if (connection.connectionState === 'closed') continue;
          (await connection.getStats()).forEach(
            (stat: { type: string; kind?: string; trackIdentifier?: string; framesDecoded?: number }) => {
              if (stat.type === 'inbound-rtp' && stat.kind === 'video' && stat.trackIdentifier) {
                byTrack.set(stat.trackIdentifier, stat.framesDecoded ?? 0);
              }
            },
          );
        }
        return byTrack;
      };
      const presented = videos.map(() => 0);
      videos.forEach((video, index) => {
        const count = () => {
          presented[index] = (presented[index] ?? 0) + 1;
          video?.requestVideoFrameCallback(count);
        };
        video?.requestVideoFrameCallback(count);
      });
      const before = await framesDecoded();
      await new Promise((resolve) => setTimeout(resolve, sampleMs));
      const after = await framesDecoded();

      return tiles.map((tile, index) => {
        const video = videos[index];
        const trackId = (video?.srcObject as MediaStream | null | undefined)?.getVideoTracks()[0]?.id ?? '';
        const decodedBefore = before.get(trackId);
        const decodedAfter = after.get(trackId);
        return {
          identity: tile.dataset.identity ?? '',
          kind: tile.dataset.tileKind ?? '',
          ...(pictures[index] ?? { luma: 0, lumaSpread: 0 }),
          presented: presented[index] ?? 0,
          decoded: decodedBefore === undefined || decodedAfter === undefined ? null : decodedAfter - decodedBefore,
          remembered: !!video && !!remembered?.has(video),
        };
      });
    },
    { sampleMs, doubleClick },
  );
}

/**
 * Waits until every tile with the camera or screen on shows it: its track's frames keep being decoded, the element
 * keeps presenting them, and its picture is not black. A screenshot taken earlier can catch a new tile's element
 * before its first frame is on screen, black.
 */
export async function videosShowing(page: Page, timeout = 20_000): Promise<TileVideo[]> {
  let last: TileVideo[] = [];
  await expect
    .poll(
      async () => {
        last = await tileVideos(page);
        return (
          last.length > 0 && last.every((video) => showsPicture(video) && video.presented > 0 && video.decoded !== 0)
        );
      },
      { timeout, intervals: [250, 500], message: 'every tile video shows decoded frames' },
    )
    .toBe(true);
  return last;
}

/** Remembers the `<video>` elements on the call's tiles now (`TileVideo.remembered`). */
export async function rememberVideos(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = Array.from(document.querySelectorAll('[data-testid="call-tile"] video'));
    Object.defineProperty(window, '__rememberedVideos', { value: new WeakSet(seen), configurable: true });
  });
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
