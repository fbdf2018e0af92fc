/**
 * The ids of the events applied lately. The server logs each durable event with an id and publishes it at least
 * once; after a crash or a broker hiccup the same event can come again with a new offset, which the stream guard
 * cannot tell from a new one. This can. Bounded: a repeat comes within seconds (a publisher's lease), never after
 * thousands of newer events.
 */
export class SeenEvents {
  readonly #ids = new Set<string>();
  readonly #capacity: number;

  constructor(capacity = 2048) {
    this.#capacity = capacity;
  }

  /** True the first time an id is offered; false for a repeat. */
  admit(id: string): boolean {
    if (this.#ids.has(id)) return false;
    this.#ids.add(id);
    // A Set iterates in insertion order: the first is the oldest.
    if (this.#ids.size > this.#capacity) {
      for (const oldest of this.#ids) {
        this.#ids.delete(oldest);
        break;
      }
    }
    return true;
  }
}
