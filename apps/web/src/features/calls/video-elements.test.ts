import { describe, expect, it } from 'vitest';
import type { MediaTrackRef } from './media-room';
import { createVideoElements } from './video-elements';

/** A stand-in for a `<video>` (the unit project has no DOM): only `remove()` is called on it. */
function fakeVideo(): HTMLVideoElement & { removed: number } {
  const element = {
    removed: 0,
    remove() {
      element.removed += 1;
    },
  };
  return element as unknown as HTMLVideoElement & { removed: number };
}

/** A track that records its attach and detach calls. */
function recordingTrack(): MediaTrackRef & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    attach(element) {
      calls.push('attach');
      return element;
    },
    detach(element) {
      calls.push('detach');
      return element;
    },
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createVideoElements', () => {
  it('hands a tile that replaces another in the same commit the same element, attached once and never detached', async () => {
    const elements = createVideoElements(fakeVideo);
    const track = recordingTrack();
    const inGrid = elements.take(track);
    // The layout switches: the grid's tile unmounts, the strip's tile mounts, in one commit.
    elements.release(track);
    const inStrip = elements.take(track);
    await settled();
    expect(inStrip).toBe(inGrid);
    expect(track.calls).toEqual(['attach']);
  });

  it('detaches and removes the element once no tile took it back', async () => {
    const elements = createVideoElements(fakeVideo);
    const track = recordingTrack();
    const element = elements.take(track) as HTMLVideoElement & { removed: number };
    elements.release(track);
    expect(track.calls).toEqual(['attach']);
    await settled();
    expect(track.calls).toEqual(['attach', 'detach']);
    expect(element.removed).toBe(1);
    // Shown again later: a fresh element, attached again.
    expect(elements.take(track)).not.toBe(element);
    expect(track.calls).toEqual(['attach', 'detach', 'attach']);
  });

  it('keeps the element while another tile still shows the track, and gives each track its own', async () => {
    const elements = createVideoElements(fakeVideo);
    const camera = recordingTrack();
    const screen = recordingTrack();
    const first = elements.take(camera);
    const second = elements.take(camera);
    expect(elements.take(screen)).not.toBe(first);
    elements.release(camera);
    await settled();
    expect(second).toBe(first);
    expect(camera.calls).toEqual(['attach']);
    elements.release(camera);
    await settled();
    expect(camera.calls).toEqual(['attach', 'detach']);
  });
});
