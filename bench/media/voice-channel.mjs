// A group with one voice channel, set up over the API as people would: the first user creates both, the others
// join by invite; then LiveKit tokens from POST /api/livekit/join-channel, and heartbeats that keep the voice states
// alive while a benchmark runs (the server drops a participant whose heartbeats stop for 45 s).

/** @typedef {import('../messages.mjs').User} User */

/**
 * @param {User} owner @param {User[]} members
 * @returns {Promise<{ groupId: string, channelId: string }>}
 */
export async function createVoiceChannel(owner, members) {
  const { group, channel } = owner.http.api;
  const { id: groupId } = await owner.http.call(group.createGroup, { body: { name: `Сервер ${owner.nickname}` } });
  const created = await owner.http.call(channel.createChannel, { body: { groupId, name: 'Голосовой', type: 'RTCP' } });
  const { code } = await owner.http.call(group.createInvite, { body: { groupId } });
  for (const member of members) await member.http.call(group.acceptInvite, { body: { code } });
  return { groupId, channelId: created.id };
}

/** @param {User} user @param {string} channelId @returns {Promise<{ token: string, url: string }>} */
export function joinChannel(user, channelId) {
  return user.http.call(user.http.api.livekit.joinChannel, { body: { channelId } });
}

/**
 * A heartbeat for each user every 10 s (the app sends one every 15 s), until the returned function is called.
 * @param {User[]} users
 */
export function keepVoiceAlive(users) {
  const beat = () => {
    for (const user of users) {
      user.http.call(user.http.api.livekit.heartbeat, { body: {} }).catch((/** @type {unknown} */ error) => {
        console.error(`heartbeat of ${user.nickname} failed:`, error);
      });
    }
  };
  const timer = setInterval(beat, 10_000);
  return () => clearInterval(timer);
}
