import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '@beseda/protocol/groups';
import { initI18n, loadAppCatalogue } from '../../lib/i18n/i18n';
import { queryClient } from '../../lib/query/query-client';
import { EMPTY_GROUPS_STATE, receiveGroupList, type GroupEntry } from '../groups/groups-state';
import { CallPanelView } from './call-panel';
import type { CallParticipant } from './media-room';
import { callStore } from './use-call';
import { VoiceCallView } from './voice-call-view';

const channel: Channel = { id: 'c1', name: 'голос', type: 'RTCP', chatId: 'chat-c1' } as Channel;

const group: GroupEntry = receiveGroupList(EMPTY_GROUPS_STATE, [
  {
    id: 'g1',
    name: 'Клуб',
    avatarUrl: null,
    ownerId: 'me',
    channels: [channel],
    memberCount: 3,
    myRoleId: 'r',
    unread: false,
    mentionCount: 0,
  },
]).byId.g1 as GroupEntry;

function person(identity: string, flags: Partial<CallParticipant> = {}): CallParticipant {
  return {
    identity,
    name: identity,
    isLocal: identity === 'me',
    micEnabled: true,
    cameraEnabled: false,
    screenShareEnabled: false,
    camera: null,
    screen: null,
    audio: [],
    ...flags,
  };
}

function render(node: React.ReactNode): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Counts the elements whose opening tag carries every one of `attributes`. */
function count(html: string, ...attributes: string[]): number {
  return (html.match(/<[a-z]+ [^>]*>/g) ?? []).filter((tag) => attributes.every((attribute) => tag.includes(attribute)))
    .length;
}

beforeAll(async () => {
  initI18n();
  await loadAppCatalogue();
});

afterEach(() => {
  callStore.getState().reset();
});

describe('VoiceCallView', () => {
  it('shows everyone in the grid, with the muted mic and the speaking ring on their tiles', () => {
    callStore.setState({
      status: 'ACTIVE',
      target: { kind: 'voice', groupId: 'g1', channelId: 'c1' },
      participants: [person('me'), person('ann', { micEnabled: false }), person('bob')],
      speaking: ['bob'],
    });
    const html = render(<VoiceCallView group={group} channel={channel} />);
    expect(count(html, 'data-testid="call-grid"', 'data-columns="2"')).toBe(1);
    expect(count(html, 'data-testid="call-tile"')).toBe(3);
    expect(count(html, 'data-identity="ann"', 'data-mic-off="true"')).toBe(1);
    expect(count(html, 'data-identity="bob"', 'data-speaking="true"')).toBe(1);
    expect(count(html, 'data-testid="tile-mic-off"')).toBe(1);
    expect(html).toContain('me (вы)');
  });

  it('shows a screen share large, with the cameras in the strip below', () => {
    callStore.setState({
      status: 'ACTIVE',
      target: { kind: 'voice', groupId: 'g1', channelId: 'c1' },
      participants: [person('me'), person('ann', { screenShareEnabled: true })],
    });
    const html = render(<VoiceCallView group={group} channel={channel} />);
    expect(count(html, 'data-testid="call-spotlight"')).toBe(1);
    expect(count(html, 'data-testid="call-grid"')).toBe(0);
    const strip = html.slice(html.indexOf('data-testid="call-strip"'));
    expect(count(strip, 'data-testid="call-tile"', 'data-tile-kind="camera"')).toBe(2);
    expect(html).toContain('Экран: ann');
    expect(html).toContain('В эфире');
  });
});

const panel = (
  <CallPanelView me={{ id: 'me', name: 'Я', avatarUrl: null }} where="голос / Клуб" whereTo="/channels/g1/c1" />
);

describe('CallPanel', () => {
  it('is not there without a call (NOT_CREATED)', () => {
    expect(render(panel)).toBe('');
  });

  it('ACTIVE: the state, the channel and group, the toggles as they are, the own speaking ring', () => {
    callStore.setState({
      status: 'ACTIVE',
      target: { kind: 'voice', groupId: 'g1', channelId: 'c1' },
      micEnabled: false,
      cameraEnabled: true,
      speaking: ['me'],
    });
    const html = render(panel);
    expect(html).toContain('Голосовая связь подключена');
    expect(html).toContain('голос / Клуб');
    expect(count(html, 'data-testid="call-toggle-mic"', 'aria-pressed="false"', 'data-off="true"')).toBe(1);
    expect(count(html, 'data-testid="call-toggle-camera"', 'aria-pressed="true"')).toBe(1);
    expect(html).toContain('title="Включить микрофон (Ctrl+Shift+M)"');
    expect(html).toContain('title="Выключить камеру (Ctrl+Shift+E)"');
    expect(count(html, 'data-speaking="true"')).toBe(1);
    expect(count(html, 'aria-label="Отключиться"')).toBe(1);
  });

  it('REJECTED and STOPED say so, and offer to close instead of to leave', () => {
    callStore.setState({ status: 'REJECTED', target: { kind: 'voice', groupId: 'g1', channelId: 'c1' } });
    const rejected = render(panel);
    expect(rejected).toContain('Ошибка подключения');
    expect(count(rejected, 'aria-label="Закрыть"')).toBe(1);
    callStore.setState({ status: 'STOPED' });
    expect(render(panel)).toContain('Звонок завершён');
  });
});
