import { userChannel } from '@beseda/protocol/realtime';
import {
  DEFAULT_SYNCED_GLOBAL_SETTINGS,
  type GlobalSettingsResponse,
  type JsonValue,
  SCOPED_SETTINGS_MAX_COUNT,
  type SyncedGlobalSettings,
  syncedGlobalSettingsSchema,
} from '@beseda/protocol/settings';
import type { Database } from '../../db/database.js';
import type { Announcer } from '../../delivery/announcer.js';
import { ConflictError } from '../../errors.js';
import {
  countScopedSettings,
  deleteScopedSetting,
  findGlobalSettings,
  listScopedSettings,
  lockUserSettings,
  mergeGlobalSettings,
  scopedKeyExists,
  upsertScopedSetting,
} from './repository.js';

/**
 * Settings that follow the user across devices (`@beseda/protocol/settings`). Every write is one transaction that
 * also logs a `settings_update` for the user's own channel, so their other devices apply it live (and the writing
 * device, which already has it, applies the same values again harmlessly).
 */
export class SettingsService {
  readonly #db: Database;
  readonly #announcer: Announcer;

  constructor(deps: { db: Database; announcer: Announcer }) {
    this.#db = deps.db;
    this.#announcer = deps.announcer;
  }

  async global(userId: string): Promise<GlobalSettingsResponse> {
    const stored = await findGlobalSettings(this.#db, userId);
    return { settings: withDefaults(stored?.global ?? {}), version: stored?.version ?? 0 };
  }

  async patchGlobal(userId: string, changes: Partial<SyncedGlobalSettings>): Promise<GlobalSettingsResponse> {
    return this.#announcer.transaction(async (tx, announcements) => {
      const stored = await mergeGlobalSettings(tx, userId, changes);
      const answer = { settings: withDefaults(stored.global), version: stored.version };
      announcements.add({
        channel: userChannel(userId),
        event: { type: 'settings_update', payload: { kind: 'global', ...answer } },
      });
      return answer;
    });
  }

  async scoped(userId: string, scope: string | undefined): Promise<Record<string, JsonValue>> {
    const rows = await listScopedSettings(this.#db, userId, scope);
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  }

  /** Over SCOPED_SETTINGS_MAX_COUNT keys: 409, nothing written. The user's row lock makes the count exact. */
  async putScoped(userId: string, key: string, value: JsonValue): Promise<void> {
    await this.#announcer.transaction(async (tx, announcements) => {
      await lockUserSettings(tx, userId);
      if (
        !(await scopedKeyExists(tx, userId, key)) &&
        (await countScopedSettings(tx, userId)) >= SCOPED_SETTINGS_MAX_COUNT
      ) {
        throw new ConflictError('Too many scoped settings');
      }
      await upsertScopedSetting(tx, { userId, key, value, now: new Date() });
      announcements.add({
        channel: userChannel(userId),
        event: { type: 'settings_update', payload: { kind: 'scoped', key, value } },
      });
    });
  }

  async deleteScoped(userId: string, key: string): Promise<void> {
    await this.#announcer.transaction(async (tx, announcements) => {
      if (!(await deleteScopedSetting(tx, userId, key))) return;
      announcements.add({
        channel: userChannel(userId),
        event: { type: 'settings_update', payload: { kind: 'scoped', key, value: null } },
      });
    });
  }
}

/**
 * Stored keys win only while they still validate: a key dropped from the contract, or a value an older build
 * stored, falls back to the default instead of failing the response schema.
 */
function withDefaults(stored: Readonly<Record<string, unknown>>): SyncedGlobalSettings {
  const result: SyncedGlobalSettings = { ...DEFAULT_SYNCED_GLOBAL_SETTINGS };
  for (const [key, field] of Object.entries(syncedGlobalSettingsSchema.shape)) {
    const one = field.safeParse(stored[key]);
    if (one.success) Object.assign(result, { [key]: one.data });
  }
  return result;
}
