import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadAppCatalogue } from '../../lib/i18n/i18n';
import { useGlobalSettings } from '../settings/global-settings-store';
import { VoicePrejoin } from './voice-prejoin';

beforeAll(async () => {
  initI18n();
  await loadAppCatalogue();
});

function render(connecting = false): string {
  return renderToString(
    <VoicePrejoin
      channelName="Лобби"
      groupName="Сервер друзей"
      occupants={<span>двое в канале</span>}
      onConnect={() => undefined}
      connecting={connecting}
    />,
  );
}

/** The toggle's pressed state, read from the markup by its test id. */
function pressed(html: string, testId: string): string | undefined {
  const tag = html.match(new RegExp(`<button[^>]*data-testid="${testId}"[^>]*>`))?.[0] ?? '';
  return tag.match(/aria-pressed="(true|false)"/)?.[1];
}

describe('VoicePrejoin', () => {
  it('names the channel and its group, shows who is there and offers «Подключиться»', () => {
    const html = render();
    expect(html).toContain('Лобби');
    expect(html).toContain('Голосовой канал сервера «Сервер друзей»');
    expect(html).toContain('двое в канале');
    expect(html).toContain('Подключиться');
  });

  it('starts the mic and camera switches from the saved defaults', () => {
    useGlobalSettings.setState({
      settings: { ...useGlobalSettings.getState().settings, defaultMicEnabled: true, defaultCameraEnabled: false },
    });
    let html = render();
    expect(pressed(html, 'prejoin-mic')).toBe('true');
    expect(pressed(html, 'prejoin-camera')).toBe('false');
    expect(html).toContain('Камера выключена');

    useGlobalSettings.setState({
      settings: { ...useGlobalSettings.getState().settings, defaultMicEnabled: false, defaultCameraEnabled: true },
    });
    html = render();
    expect(pressed(html, 'prejoin-mic')).toBe('false');
    expect(pressed(html, 'prejoin-camera')).toBe('true');
  });

  it('shows the connect button busy while connecting', () => {
    expect(render(true)).toMatch(/<button[^>]*aria-busy="true"[^>]*data-testid="voice-connect"/);
  });
});
