import { extname } from 'node:path';
import { LOG_FILTER_NAME } from './strings.js';

/**
 * The save dialog's file types for the application log: the type the web app named the file with (today `.jsonl`)
 * first, so the dialog never proposes a filter that hides or renames the suggested file, then plain text.
 */
export function logSaveFilters(suggestedName: string): { name: string; extensions: string[] }[] {
  const suggested = extname(suggestedName).slice(1).toLowerCase();
  const extensions = [...new Set([suggested, 'txt', 'log'].filter((extension) => extension !== ''))];
  return [{ name: LOG_FILTER_NAME, extensions }];
}
