import { z } from 'zod';
import { DEFAULT_LANGUAGE } from './constants.js';
import { withoutControlCharacters } from './validation.js';

/*
 * Settings that follow the user (spec §3 "Global settings", §7 "Settings: global and scoped get and update"). The
 * server keeps the settings that describe the person; the web keeps its IndexedDB (version 1, a `global` and a
 * `scoped` store) as the local cache for an instant start and writes through to the server. A change made on one
 * device reaches the user's other devices live as a `settings_update` event on `notification:user#<id>`.
 *
 * Kept per device, never sent to the server (Discord does the same): the selected audio input, audio output and
 * video input ids (`selectedAudioInputId`, `selectedAudioOutputId`, `selectedVideoInputId`). Device ids are
 * per browser profile and per computer: a laptop's microphone id means nothing to a desktop, and applying it would
 * only make the other device fall back to its default after a failed lookup. `widthStatusBar` stays per device
 * too: a sidebar width suits the screen it was dragged on, not the person.
 */

export const THEMES = ['system', 'dark', 'light'] as const;

/** The global settings the server stores, each optional in an update; unknown keys (device ids) are refused. */
export const syncedGlobalSettingsSchema = z.object({
  theme: z.enum(THEMES),
  language: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/),
  notificationsEnabled: z.boolean(),
  defaultMicEnabled: z.boolean(),
  defaultCameraEnabled: z.boolean(),
  noiseSuppression: z.boolean(),
  echoCancellation: z.boolean(),
  autoGainControl: z.boolean(),
});
export type SyncedGlobalSettings = z.infer<typeof syncedGlobalSettingsSchema>;
export type SyncedGlobalSettingKey = keyof SyncedGlobalSettings;

/** Spec §3 defaults of the synced keys: what a user who never changed anything has. */
export const DEFAULT_SYNCED_GLOBAL_SETTINGS: Readonly<SyncedGlobalSettings> = Object.freeze({
  theme: 'system',
  language: DEFAULT_LANGUAGE,
  notificationsEnabled: true,
  defaultMicEnabled: false,
  defaultCameraEnabled: false,
  noiseSuppression: true,
  echoCancellation: true,
  autoGainControl: true,
});

/**
 * `GET /api/settings/global` and the answer of `PATCH`: every synced key (defaults filled in) and `version`, which
 * grows by one with every change (0: never changed). A device keeps the highest version it has seen and ignores an
 * older event or answer that arrives late.
 */
export const globalSettingsResponseSchema = z.object({
  settings: syncedGlobalSettingsSchema,
  version: z.number().int().nonnegative(),
});
export type GlobalSettingsResponse = z.infer<typeof globalSettingsResponseSchema>;

/**
 * `PATCH /api/settings/global {changes}`: only the keys given change, merged in one SQL statement, so two devices
 * changing different keys at once both keep their change. At least one key.
 */
export const patchGlobalSettingsBodySchema = z.object({
  changes: syncedGlobalSettingsSchema
    .partial()
    .strict()
    .refine((changes) => Object.keys(changes).length > 0, { error: 'At least one setting' }),
});
export type PatchGlobalSettingsBody = z.infer<typeof patchGlobalSettingsBodySchema>;

export const SCOPED_KEY_MAX_LENGTH = 200;
/** JSON text length of one scoped value: flags and small records, not documents. */
export const SCOPED_VALUE_MAX_LENGTH = 2_000;
/** Scoped settings per user: a group warning flag per group and a few UI flags fit many times over. */
export const SCOPED_SETTINGS_MAX_COUNT = 1_000;

const scopedPart = /^[^:\s]+$/;

/** Spec §3: scoped keys join three parts with colons (`group:<id>:warningDismissed`, `ui:global:mediaHintShown`). */
export const scopedKeySchema = z
  .string()
  .max(SCOPED_KEY_MAX_LENGTH)
  .refine(withoutControlCharacters, { error: 'Invalid characters' })
  .refine(
    (key) => {
      const parts = key.split(':');
      return parts.length === 3 && parts.every((part) => scopedPart.test(part));
    },
    { error: 'A scoped key is three non-empty parts joined with colons' },
  );

/** The first part of a scoped key (`group`, `ui`): what `GET /api/settings/scoped?scope=` filters on. */
export const scopedScopeSchema = z
  .string()
  .max(SCOPED_KEY_MAX_LENGTH)
  .regex(scopedPart)
  .refine(withoutControlCharacters, { error: 'Invalid characters' });

/** Any JSON value whose text fits SCOPED_VALUE_MAX_LENGTH (null is a value too: DELETE removes a key). */
export const scopedValueSchema = z
  .json()
  .refine((value) => JSON.stringify(value).length <= SCOPED_VALUE_MAX_LENGTH, { error: 'Value too large' });

export type JsonValue = z.infer<typeof scopedValueSchema>;

/** `GET /api/settings/scoped?scope=`: without `scope`, every scoped setting of the caller. */
export const scopedSettingsQuerySchema = z.object({ scope: scopedScopeSchema.optional() });

/** Key → value of the caller's scoped settings. */
export const scopedSettingsResponseSchema = z.object({ settings: z.record(z.string(), z.json()) });
export type ScopedSettingsResponse = z.infer<typeof scopedSettingsResponseSchema>;

/** `PUT /api/settings/scoped {key, value}`: sets one key. 409 CONFLICT past SCOPED_SETTINGS_MAX_COUNT keys. */
export const putScopedSettingBodySchema = z.object({ key: scopedKeySchema, value: scopedValueSchema });
export type PutScopedSettingBody = z.infer<typeof putScopedSettingBodySchema>;

/** `DELETE /api/settings/scoped?key=`: removes one key (a key that is not set is fine). */
export const deleteScopedSettingQuerySchema = z.object({ key: scopedKeySchema });

/** To the user's own devices: the global settings changed (the full synced set, with its version). */
export const globalSettingsUpdateSchema = z.object({
  kind: z.literal('global'),
  settings: syncedGlobalSettingsSchema,
  version: z.number().int().nonnegative(),
});

/** To the user's own devices: a scoped key was set, or removed (`value: null`). */
export const scopedSettingUpdateSchema = z.object({
  kind: z.literal('scoped'),
  key: z.string(),
  value: z.json(),
});

export const settingsUpdateEventSchema = z.object({
  type: z.literal('settings_update'),
  payload: z.discriminatedUnion('kind', [globalSettingsUpdateSchema, scopedSettingUpdateSchema]),
});
export type SettingsUpdateEvent = z.infer<typeof settingsUpdateEventSchema>;
