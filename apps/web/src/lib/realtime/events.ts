import {
  serverEventSchema,
  type ServerEvent,
  type ServerEventOfType,
  type ServerEventType,
} from '@beseda/protocol/server-events';

/** Where a publication came from; handlers may use the offset to order or deduplicate further. */
export interface EventMeta {
  channel: string;
  offset?: number | undefined;
}

/** A handler of one event type gets that type's payload, already validated. */
export type ServerEventHandler<T extends ServerEventType> = (event: ServerEventOfType<T>, meta: EventMeta) => void;

export type ParsedPublication =
  { ok: true; event: ServerEvent; id: string | undefined } | { ok: false; error: unknown };

/**
 * The one place a publication is validated: against the union of every event the server publishes, payload
 * included. Handlers receive typed events and never parse again. `id` is the delivery log's id of a durable event
 * (none for typing), by which a repeat is recognised.
 */
export function parseServerEvent(data: unknown): ParsedPublication {
  const parsed = serverEventSchema.safeParse(data);
  if (!parsed.success) return { ok: false, error: parsed.error.issues };
  const id =
    typeof data === 'object' && data !== null && 'id' in data && typeof data.id === 'string' ? data.id : undefined;
  return { ok: true, event: parsed.data, id };
}

export interface EventRegistry {
  /** Registers a handler for one event type; returns the function that removes it. */
  on<T extends ServerEventType>(type: T, handler: ServerEventHandler<T>): () => void;
  /** Calls every handler of the event's type; a throwing handler is reported and the others still run. */
  dispatch(event: ServerEvent, meta: EventMeta): void;
}

type AnyHandler = (event: ServerEvent, meta: EventMeta) => void;

export function createEventRegistry(onHandlerError: (error: unknown, event: ServerEvent) => void): EventRegistry {
  const handlers = new Map<ServerEventType, Set<AnyHandler>>();
  return {
    on(type, handler) {
      // Sound: dispatch hands a handler only events whose `type` is the one it registered for.
      const erased = handler as AnyHandler;
      let set = handlers.get(type);
      if (!set) {
        set = new Set();
        handlers.set(type, set);
      }
      set.add(erased);
      return () => {
        handlers.get(type)?.delete(erased);
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
