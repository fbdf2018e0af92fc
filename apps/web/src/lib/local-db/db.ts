import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { LOCAL_DB_VERSION } from '@beseda/protocol/constants';
import { createLogger } from '../logger';
import { DEFAULT_GLOBAL_SETTINGS, mergeGlobalSettings, type GlobalSettings } from './global-settings';

const log = createLogger('local-db');

export const LOCAL_DB_NAME = 'beseda';

/** Spec §3: version 1 with a `global` store (one record per setting) and a `scoped` store (keys `a:b:c`). */
interface BesedaDb extends DBSchema {
  global: { key: string; value: unknown };
  scoped: { key: string; value: unknown };
}

let dbPromise: Promise<IDBPDatabase<BesedaDb>> | null = null;

function db(): Promise<IDBPDatabase<BesedaDb>> {
  dbPromise ??= openDB<BesedaDb>(LOCAL_DB_NAME, LOCAL_DB_VERSION, {
    upgrade(database) {
      if (!database.objectStoreNames.contains('global')) database.createObjectStore('global');
      if (!database.objectStoreNames.contains('scoped')) database.createObjectStore('scoped');
    },
  });
  return dbPromise;
}

/** Settings are a convenience: without IndexedDB (private modes, blocked storage) the defaults apply. */
export async function loadGlobalSettings(): Promise<GlobalSettings> {
  try {
    const database = await db();
    const tx = database.transaction('global');
    const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
    const stored: Record<string, unknown> = {};
    keys.forEach((key, index) => {
      stored[key] = values[index];
    });
    return mergeGlobalSettings(stored);
  } catch (error) {
    log.warn('Global settings unavailable, using defaults', error);
    return { ...DEFAULT_GLOBAL_SETTINGS };
  }
}

export async function saveGlobalSetting<K extends keyof GlobalSettings>(
  key: K,
  value: GlobalSettings[K],
): Promise<void> {
  try {
    await (await db()).put('global', value, key);
  } catch (error) {
    log.warn('Could not save a global setting', { key, error });
  }
}

export async function getScoped<T>(key: string): Promise<T | undefined> {
  try {
    return (await (await db()).get('scoped', key)) as T | undefined;
  } catch (error) {
    log.warn('Could not read a scoped setting', { key, error });
    return undefined;
  }
}

export async function setScoped(key: string, value: unknown): Promise<void> {
  try {
    await (await db()).put('scoped', value, key);
  } catch (error) {
    log.warn('Could not save a scoped setting', { key, error });
  }
}
