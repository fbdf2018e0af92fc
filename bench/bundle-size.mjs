// Bundle sizes per route chunk of the production web build, from Vite's manifest.
// The budget (issue 2): the first load of /auth ships at most 150 KB of JavaScript, gzipped.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const DIST = 'apps/web/dist';
const MANIFEST = join(DIST, '.vite/manifest.json');
export const AUTH_FIRST_LOAD_BUDGET_BYTES = 150 * 1024;

/**
 * @typedef {{ file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], css?: string[] }} Chunk
 * @typedef {{ name: string, files: number, rawBytes: number, gzipBytes: number, brotliBytes: number }} Row
 */

/** @returns {{ rows: Row[], authFirstLoad: Row, withinBudget: boolean }} */
export function measureBundles() {
  if (!existsSync(MANIFEST)) throw new Error(`${MANIFEST} is missing: run \`npm run build\` first.`);
  /** @type {Record<string, Chunk>} */
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk.');
  const entryFiles = closure(manifest, [entryKey]);

  const rows = [measure('entry (every route)', entryFiles)];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const own = [...closure(manifest, [key])].filter((file) => !entryFiles.has(file));
    rows.push(measure(`lazy ${chunk.src ?? key}`, new Set(own)));
  }
  const authKey = Object.keys(manifest).find(
    (key) => manifest[key]?.isDynamicEntry && /features\/auth\/auth-page\./.test(key),
  );
  const authFiles = authKey ? closure(manifest, [entryKey, authKey]) : entryFiles;
  const authFirstLoad = measure('/auth first load', authFiles);
  return { rows, authFirstLoad, withinBudget: authFirstLoad.gzipBytes <= AUTH_FIRST_LOAD_BUDGET_BYTES };
}

/**
 * JavaScript files a chunk loads before it runs: itself and its static imports, transitively.
 * @param {Record<string, Chunk>} manifest
 * @param {string[]} keys
 */
function closure(manifest, keys) {
  /** @type {Set<string>} */
  const files = new Set();
  const pending = [...keys];
  const seen = new Set();
  while (pending.length > 0) {
    const key = /** @type {string} */ (pending.pop());
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) continue;
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    pending.push(...(chunk.imports ?? []));
  }
  return files;
}

/**
 * @param {string} name
 * @param {Set<string>} files
 * @returns {Row}
 */
function measure(name, files) {
  const row = { name, files: files.size, rawBytes: 0, gzipBytes: 0, brotliBytes: 0 };
  for (const file of files) {
    const bytes = readFileSync(join(DIST, file));
    row.rawBytes += bytes.length;
    row.gzipBytes += gzipSync(bytes, { level: 9 }).length;
    row.brotliBytes += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return row;
}
