/**
 * Every key of the server-data cache (queries and the mutations whose progress the UI shows). Each starts with the
 * signed-in user's id: an answer that arrives after its user signed out can only land under that user's keys,
 * never in the next user's data. Features wrap these in typed `queryOptions` (`*-queries.ts`).
 */
export const queryKeys = {
  contacts: (userId: string) => ['user', userId, 'contacts'] as const,
  /** Accept / reject / cancel / remove in flight for one contact (its row's buttons wait). */
  contactAction: (userId: string, contactId: string) => ['user', userId, 'contact-action', contactId] as const,
  sessions: (userId: string) => ['user', userId, 'sessions'] as const,
  sessionTermination: (userId: string) => ['user', userId, 'session-termination'] as const,
  /** Direct chats, the official chat, and the chats opened by route or heard of through events. */
  chats: (userId: string) => ['user', userId, 'chats'] as const,
  /** The toolbar's groups, with the members and roles of those opened. */
  groups: (userId: string) => ['user', userId, 'groups'] as const,
  /** Every group's load (below). */
  groupLoads: (userId: string) => ['user', userId, 'group'] as const,
  /** The load of one group's members and roles into `groups`. */
  group: (userId: string, groupId: string) => ['user', userId, 'group', groupId] as const,
  /** Every group's members-voice-status (below). */
  groupVoices: (userId: string) => ['user', userId, 'group-voice'] as const,
  groupVoice: (userId: string, groupId: string) => ['user', userId, 'group-voice', groupId] as const,
  /** Friends and fellow members in voice channels (the friends page activity panel). */
  activity: (userId: string) => ['user', userId, 'activity'] as const,
  /** The calls page's history: pages of direct calls, newest first, and the calls heard of live. */
  callHistory: (userId: string) => ['user', userId, 'call-history'] as const,
  /** Missed calls not seen yet (the home button's badge). */
  missedCalls: (userId: string) => ['user', userId, 'missed-calls'] as const,
  /** The notifications inbox: the last 30, newest first (the bell). */
  notifications: (userId: string) => ['user', userId, 'notifications'] as const,
  /** The preview of one link typed in the composer (`GET utils/og`): the same link typed again asks nothing. */
  linkPreview: (userId: string, url: string) => ['user', userId, 'link-preview', url] as const,
};
