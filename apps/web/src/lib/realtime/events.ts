import { realtimeEventSchema, type RealtimeEvent, type RealtimeEventType } from '@beseda/protocol/realtime';

/** Where a publication came from; handlers may use the offset to order or deduplicate further. */
export interface EventMeta {
  channel: string;
  offset?: number | undefined;
}

export type RealtimeEventHandler = (event: RealtimeEvent, meta: EventMeta) => void;

export type ParsedPublication = { ok: true; event: RealtimeEvent } | { ok: false; error: unknown };

/** Validates the `{type, status?, payload}` envelope; payloads are narrowed by the feature that handles the type. */
export function parseRealtimeEvent(data: unknown): ParsedPublication {
  const parsed = realtimeEventSchema.safeParse(data);
  return parsed.success ? { ok: true, event: parsed.data } : { ok: false, error: parsed.error.issues };
}

export interface EventRegistry {
  /** Registers a handler for one event type; returns the function that removes it. */
  on(type: RealtimeEventType, handler: RealtimeEventHandler): () => void;
  /** Calls every handler of the event's type; a throwing handler is reported and the others still run. */
  dispatch(event: RealtimeEvent, meta: EventMeta): void;
}

export function createEventRegistry(onHandlerError: (error: unknown, event: RealtimeEvent) => void): EventRegistry {
  const handlers = new Map<RealtimeEventType, Set<RealtimeEventHandler>>();
  return {
    on(type, handler) {
      let set = handlers.get(type);
      if (!set) {
        set = new Set();
        handlers.set(type, set);
      }
      set.add(handler);
      return () => {
        handlers.get(type)?.delete(handler);
      };
    },
    dispatch(event, meta) {
      // A copy: a handler may unregister itself (or another) while we iterate.
      for (const handler of [...(handlers.get(event.type) ?? [])]) {
        try {
          handler(event, meta);
        } catch (error) {
          onHandlerError(error, event);
        }
      }
    },
  };
}
