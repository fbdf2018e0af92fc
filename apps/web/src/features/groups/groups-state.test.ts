import { describe, expect, it } from 'vitest';
import type { Channel, ChannelInfo, Group, GroupEvent, GroupMember, Role } from '@beseda/protocol/groups';
import {
  applyGroupEvent,
  canWriteIn,
  channelSections,
  defaultChannel,
  EMPTY_GROUPS_STATE,
  membersByRole,
  receiveGroup,
  receiveGroupList,
} from './groups-state';

const OWNER = 'u-owner';
const ME = 'u-me';

function channel(id: string, type: Channel['type'], position: number): Channel {
  return {
    id,
    groupId: 'g1',
    name: id,
    type,
    key: null,
    position,
    chatId: type === 'RTCP' ? null : `c-${id}`,
    canWrite: true,
    unreadCount: 0,
    mentionCount: 0,
  };
}

function member(id: string, roleId: string, name = id): GroupMember {
  return {
    id,
    roleId,
    joinedAt: '2026-01-01T00:00:00.000Z',
    user: { id, nickname: id, name, avatarUrl: null, online: { status: 'online', lastSeen: null } },
  };
}

const roles: Role[] = [
  { id: 'r-member', name: 'Участник', color: '#949ba4', position: 1, key: 'member' },
  { id: 'r-owner', name: 'Владелец', color: '#f0b232', position: 0, key: 'owner' },
];

const group: Group = {
  id: 'g1',
  name: 'Сервер Аня',
  avatarUrl: null,
  ownerId: OWNER,
  channels: [channel('general', 'TEXT', 1), channel('welcome', 'SYSTEM', 0)],
  memberCount: 2,
  myRoleId: 'r-member',
  unread: false,
  mentionCount: 0,
  members: [member(OWNER, 'r-owner'), member(ME, 'r-member')],
  roles,
};

const state = receiveGroup(EMPTY_GROUPS_STATE, group);

function info(id: string, type: Channel['type'], position: number, name = id): ChannelInfo {
  return { id, groupId: 'g1', name, type, key: null, position, chatId: null };
}

describe('groups state', () => {
  it('orders channels by position on receipt', () => {
    expect(state.byId.g1?.channels.map((c) => c.id)).toEqual(['welcome', 'general']);
  });

  it('keeps loaded members when the toolbar list arrives again', () => {
    const { members: _members, roles: _roles, ...summary } = group;
    const next = receiveGroupList(state, [summary]);
    expect(next.byId.g1?.members).toHaveLength(2);
    expect(receiveGroupList(state, []).ids).toEqual([]);
  });

  it('adds a created channel once, with canWrite computed by the server rule', () => {
    const event: GroupEvent = {
      type: 'group_update',
      status: 'channel_created',
      payload: { groupId: 'g1', channel: info('voice', 'RTCP', 2) },
    };
    const next = applyGroupEvent(state, event, ME);
    expect(next.byId.g1?.channels.map((c) => c.id)).toEqual(['welcome', 'general', 'voice']);
    expect(next.byId.g1?.channels[2]).toMatchObject({ canWrite: false, unreadCount: 0 });
    expect(applyGroupEvent(next, event, ME)).toBe(next);
  });

  it('adds a joined member once and counts them', () => {
    const event: GroupEvent = {
      type: 'group_update',
      status: 'member_joined',
      payload: {
        groupId: 'g1',
        member: {
          ...member('u-new', 'r-member'),
          user: { ...member('u-new', 'r-member').user, online: { status: 'offline', lastSeen: null } },
        },
      },
    };
    const next = applyGroupEvent(state, event, ME);
    expect(next.byId.g1?.memberCount).toBe(3);
    expect(next.byId.g1?.members?.at(-1)?.user.online.status).toBe('online');
    expect(applyGroupEvent(next, event, ME)).toBe(next);
  });

  it('renames channels and the group, ignoring repeats and unknown groups', () => {
    const renamed = applyGroupEvent(
      state,
      {
        type: 'group_update',
        status: 'channel_renamed',
        payload: { groupId: 'g1', channel: info('general', 'TEXT', 1, 'болталка') },
      },
      ME,
    );
    expect(renamed.byId.g1?.channels[1]?.name).toBe('болталка');
    const event: GroupEvent = {
      type: 'group_update',
      status: 'group_renamed',
      payload: { groupId: 'g1', name: 'Новый' },
    };
    const next = applyGroupEvent(renamed, event, ME);
    expect(next.byId.g1?.name).toBe('Новый');
    expect(applyGroupEvent(next, event, ME)).toBe(next);
    const elsewhere: GroupEvent = { ...event, payload: { groupId: 'g2', name: 'x' } };
    expect(applyGroupEvent(next, elsewhere, ME)).toBe(next);
  });

  it('shows a changed group picture once, keeps the rest of the group, and ignores unknown groups', () => {
    const event: GroupEvent = {
      type: 'group_update',
      status: 'group_avatar_changed',
      payload: { groupId: 'g1', avatarUrl: '/api/files/avatar/0123456789abcdef0123456789abcdef.png' },
    };
    const next = applyGroupEvent(state, event, ME);
    expect(next.byId.g1).toEqual({ ...state.byId.g1, avatarUrl: event.payload.avatarUrl });
    expect(next.ids).toBe(state.ids);
    // A duplicate (a replay after reconnect, or the owner's own answer arriving first) changes nothing.
    expect(applyGroupEvent(next, event, ME)).toBe(next);
    const elsewhere: GroupEvent = { ...event, payload: { ...event.payload, groupId: 'g2' } };
    expect(applyGroupEvent(next, elsewhere, ME)).toBe(next);
    // null is a picture taken away: the icon falls back to the initials.
    const removed = applyGroupEvent(next, { ...event, payload: { groupId: 'g1', avatarUrl: null } }, ME);
    expect(removed.byId.g1?.avatarUrl).toBeNull();
  });

  it('lets the owner alone write in the system channel and nobody in voice', () => {
    expect(canWriteIn('SYSTEM', OWNER, OWNER)).toBe(true);
    expect(canWriteIn('SYSTEM', OWNER, ME)).toBe(false);
    expect(canWriteIn('TEXT', OWNER, ME)).toBe(true);
    expect(canWriteIn('RTCP', OWNER, OWNER)).toBe(false);
  });

  it('splits sections and picks the first text channel as the default', () => {
    const channels = [channel('welcome', 'SYSTEM', 0), channel('voice', 'RTCP', 1), channel('general', 'TEXT', 2)];
    expect(channelSections(channels).voice.map((c) => c.id)).toEqual(['voice']);
    expect(defaultChannel(channels)?.id).toBe('general');
    expect(defaultChannel([channel('welcome', 'SYSTEM', 0)])?.id).toBe('welcome');
    expect(defaultChannel([])).toBeNull();
  });

  it('groups members under their roles by position, skipping empty roles', () => {
    const groups = membersByRole(
      [member('b', 'r-member', 'Борис'), member('a', 'r-member', 'Аня'), member(OWNER, 'r-owner')],
      roles,
    );
    expect(groups.map((entry) => [entry.role.key, entry.members.map((m) => m.user.name)])).toEqual([
      ['owner', [OWNER]],
      ['member', ['Аня', 'Борис']],
    ]);
    expect(membersByRole([member(OWNER, 'r-owner')], roles)).toHaveLength(1);
  });
});
