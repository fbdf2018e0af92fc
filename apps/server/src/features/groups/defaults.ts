import type { ChannelKey, RoleKey } from '@beseda/protocol/groups';
import type { ChannelType } from '../../db/schema/groups.js';

/**
 * What a new group starts with. The names are data shown to users, in Russian like the rest of the product; `key`
 * lets a client show its own catalogue's words instead. Colours are Discord's owner gold and default grey.
 */
export const DEFAULT_ROLES: readonly { key: RoleKey; name: string; color: string; isDefault: boolean }[] = [
  { key: 'owner', name: 'Владелец', color: '#f0b232', isDefault: false },
  { key: 'member', name: 'Участник', color: '#949ba4', isDefault: true },
];

/** The system channel comes first: joins and the welcome are posted there (Discord's «system messages channel»). */
export const DEFAULT_CHANNELS: readonly { key: ChannelKey; name: string; type: ChannelType }[] = [
  { key: 'welcome', name: 'добро-пожаловать', type: 'SYSTEM' },
  { key: 'general', name: 'общий', type: 'TEXT' },
];
