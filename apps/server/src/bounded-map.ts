/**
 * `map.set(key, value)` for an in-memory cache of at most `maxEntries`: a new key past the bound first drops the oldest
 * entry (Map keeps insertion order), which at worst costs the cache one more miss.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): void {
  if (!map.has(key) && map.size >= maxEntries) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}
