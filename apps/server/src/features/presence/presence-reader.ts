/** What the contacts, chats and groups features need to know of presence: who among these users is connected now. */
export interface PresenceReader {
  onlineUsers(userIds: readonly string[]): Promise<Set<string>>;
}
