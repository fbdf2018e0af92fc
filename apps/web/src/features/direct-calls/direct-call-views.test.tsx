import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Chat } from '@beseda/protocol/chats';
import { initI18n, loadAppCatalogue } from '../../lib/i18n/i18n';
import { queryClient } from '../../lib/query/query-client';
import { CallPanelView } from '../calls/call-panel';
import { callStore } from '../calls/use-call';
import { CallButtons } from './call-buttons';
import { DirectCallModalView } from './direct-call-modal';
import { directCallStore } from './direct-calls';
import { directCall, user } from './test-calls';

function render(node: ReactNode): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The opening tag of the element with this test id. */
function tagOf(html: string, testId: string): string {
  return html.match(new RegExp(`<[a-z]+ [^>]*data-testid="${testId}"[^>]*>`))?.[0] ?? '';
}

beforeAll(async () => {
  initI18n();
  await loadAppCatalogue();
});

afterEach(() => {
  callStore.getState().reset();
  directCallStore.getState().reset();
});

const bob = user('bob', 'Боб');

describe('direct call modal', () => {
  it('incoming: the caller, «Входящий звонок», decline and accept', () => {
    const html = render(
      <DirectCallModalView modal={{ kind: 'incoming', call: directCall('c1'), accepting: false }} size="M" />,
    );
    expect(tagOf(html, 'direct-call-modal')).toContain('aria-label="Звонок: Аня"');
    expect(html).toContain('Аня');
    expect(html).toContain('@ann_nick');
    expect(html).not.toContain('@Аня');
    expect(html).toContain('Входящий звонок');
    expect(tagOf(html, 'direct-call-decline')).toContain('aria-label="Отклонить"');
    expect(tagOf(html, 'direct-call-accept')).toContain('aria-label="Принять"');
    expect(html).not.toContain('другом звонке');
  });

  it('incoming video call while in another call: offers to switch', () => {
    callStore.setState({
      status: 'ACTIVE',
      target: { kind: 'voice', groupId: 'g1', channelId: 'c1' },
    });
    const html = render(
      <DirectCallModalView
        modal={{ kind: 'incoming', call: directCall('c1', { video: true }), accepting: false }}
        size="S"
      />,
    );
    expect(html).toContain('Входящий видеозвонок');
    expect(tagOf(html, 'direct-call-accept')).toContain('aria-label="Переключиться"');
    expect(html).toContain('Вы сейчас в другом звонке: если ответить, он завершится');
  });

  it('outgoing: «Звоним…», the ring around the avatar and a hang-up; declined: «Звонок отклонён» and close', () => {
    const ringing = render(
      <DirectCallModalView
        modal={{ kind: 'outgoing', user: bob, video: false, status: 'RINGING', placing: false }}
        size="L"
      />,
    );
    expect(ringing).toContain('Звоним…');
    expect(ringing).toContain('data-ringing="true"');
    expect(tagOf(ringing, 'direct-call-hang-up')).toContain('aria-label="Отменить"');
    expect(ringing).not.toContain('direct-call-accept');
    const declined = render(
      <DirectCallModalView
        modal={{ kind: 'outgoing', user: bob, video: false, status: 'REJECTED', placing: false }}
        size="M"
      />,
    );
    expect(declined).toContain('Звонок отклонён');
    expect(declined).not.toContain('data-ringing');
    expect(tagOf(declined, 'direct-call-hang-up')).toContain('aria-label="Закрыть"');
  });
});

function chatWith(canWrite: boolean): Chat {
  return {
    id: 'chat-1',
    kind: 'direct',
    name: 'Боб',
    avatarUrl: null,
    isGroup: false,
    official: false,
    chatUsers: [user('me'), bob],
    targetUserId: 'bob',
    lastMessage: null,
    status: { status: 'online' },
    canWrite,
    unreadCount: 0,
    mentionCount: 0,
    lastReadMessageId: null,
  };
}

describe('call buttons in the chat header', () => {
  it('a friend: a voice and a video call', () => {
    const html = render(<CallButtons chat={chatWith(true)} />);
    expect(tagOf(html, 'chat-call-voice')).toContain('aria-label="Начать голосовой звонок"');
    expect(tagOf(html, 'chat-call-video')).toContain('aria-label="Начать видеозвонок"');
    expect(tagOf(html, 'chat-call-voice')).not.toContain('disabled');
  });

  it('not a friend: disabled, saying only friends can be called', () => {
    const html = render(<CallButtons chat={chatWith(false)} />);
    expect(tagOf(html, 'chat-call-voice')).toContain('disabled');
    expect(tagOf(html, 'chat-call-video')).toContain('disabled');
    expect(html).toContain('Звонить можно только друзьям');
  });

  it('already in a call with them: disabled, saying so', () => {
    callStore.setState({ status: 'ACTIVE', target: { kind: 'direct', callId: 'c1', peer: bob } });
    const html = render(<CallButtons chat={chatWith(true)} />);
    expect(tagOf(html, 'chat-call-voice')).toContain('disabled');
    expect(html).toContain('Вы уже в звонке с этим собеседником');
  });
});

describe('the call panel in a direct call', () => {
  it('names the friend and waits for them until they are in the room', () => {
    callStore.setState({
      status: 'ACTIVE',
      target: { kind: 'direct', callId: 'c1', peer: bob },
      participants: [
        {
          identity: 'me',
          name: 'Я',
          isLocal: true,
          micEnabled: true,
          cameraEnabled: false,
          screenShareEnabled: false,
          camera: null,
          screen: null,
          audio: [],
        },
      ],
    });
    const html = render(
      <CallPanelView me={{ id: 'me', name: 'Я', avatarUrl: null }} where="Боб" whereTo="/channels/@me/chat-1" />,
    );
    expect(tagOf(html, 'call-panel')).toContain('data-call-kind="direct"');
    expect(html).toContain('Ждём собеседника…');
    expect(html).toContain('data-tone="wait"');
    expect(html).toContain('Боб');
  });
});
