import { PlaceholderPage } from '../../app/layout/placeholder-page';

/** The audio and video settings frame; device pickers arrive with the voice feature. */
export function AudioVideoPage() {
  return (
    <PlaceholderPage
      icon="mic"
      title="settings.audioVideo"
      empty="settings.audioVideoEmpty"
      hint="settings.audioVideoHint"
      testId="audio-video-empty"
    />
  );
}
