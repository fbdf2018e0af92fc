import { okResponseSchema } from '../auth.js';
import { defineEndpoint } from '../endpoint.js';
import {
  deleteScopedSettingQuerySchema,
  globalSettingsResponseSchema,
  patchGlobalSettingsBodySchema,
  putScopedSettingBodySchema,
  scopedSettingsQuerySchema,
  scopedSettingsResponseSchema,
} from '../settings.js';

/*
 * Settings that follow the user (spec §7 "Settings: global and scoped get and update"; the spec does not show the
 * paths). What is synced and what stays per device: `settings.ts`. Every write announces `settings_update` to the
 * caller's own devices.
 */

/** The caller's synced global settings, defaults filled in, with their version. */
export const getGlobalSettings = defineEndpoint({
  method: 'GET',
  path: '/settings/global',
  response: globalSettingsResponseSchema,
  errors: ['UNAUTHENTICATED'],
});

/** Changes the given keys only; answers the whole set after the change. */
export const patchGlobalSettings = defineEndpoint({
  method: 'PATCH',
  path: '/settings/global',
  body: patchGlobalSettingsBodySchema,
  response: globalSettingsResponseSchema,
  errors: ['UNAUTHENTICATED'],
});

/** The caller's scoped settings, all or those whose key starts with `scope:`. */
export const getScopedSettings = defineEndpoint({
  method: 'GET',
  path: '/settings/scoped',
  query: scopedSettingsQuerySchema,
  response: scopedSettingsResponseSchema,
  errors: ['UNAUTHENTICATED'],
});

/** Sets one scoped key. 409 CONFLICT when the caller already has SCOPED_SETTINGS_MAX_COUNT other keys. */
export const putScopedSetting = defineEndpoint({
  method: 'PUT',
  path: '/settings/scoped',
  body: putScopedSettingBodySchema,
  response: okResponseSchema,
  errors: ['UNAUTHENTICATED', 'CONFLICT'],
});

/** Removes one scoped key. */
export const deleteScopedSetting = defineEndpoint({
  method: 'DELETE',
  path: '/settings/scoped',
  query: deleteScopedSettingQuerySchema,
  response: okResponseSchema,
  errors: ['UNAUTHENTICATED'],
});
