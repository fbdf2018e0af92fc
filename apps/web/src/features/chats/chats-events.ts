import type { ChatEvent } from '@beseda/protocol/chats';
import type { EventRegistry } from '../../lib/realtime/events';
import {
  onDeletedMessage,
  onEditedMessage,
  onMessagePreview,
  onNewMessage,
  onReadMessage,
  onTyping,
} from './chats-store';

const CHAT_EVENT_TYPES = [
  'new_message',
  'edited_message',
  'message_preview',
  'deleted_message',
  'read_message',
  'typing',
  'stop_typing',
] as const satisfies readonly ChatEvent['type'][];

function apply(event: ChatEvent): void {
  switch (event.type) {
    case 'new_message':
      return onNewMessage(event.payload);
    case 'edited_message':
      return onEditedMessage(event.payload);
    case 'message_preview':
      return onMessagePreview(event.payload);
    case 'deleted_message':
      return onDeletedMessage(event.payload);
    case 'read_message':
      return onReadMessage(event.payload);
    case 'typing':
      return onTyping(event.payload, true);
    case 'stop_typing':
      return onTyping(event.payload, false);
  }
}

/** Feeds the chat events of `notification:user:message#<me>` into the chats store; returns the unregister function. */
export function registerChatEvents(client: Pick<EventRegistry, 'on'>): () => void {
  const removers = CHAT_EVENT_TYPES.map((type) => client.on(type, apply));
  return () => {
    for (const remove of removers) remove();
  };
}
