import type { Logger } from 'pino';

export type SessionRevokedReason = 'logout' | 'terminated' | 'refresh-token-reuse';

export interface SessionRevokedEvent {
  userId: string;
  sessionId: string;
  reason: SessionRevokedReason;
}

export type SessionRevokedListener = (event: SessionRevokedEvent) => void;

/**
 * The hook for the realtime gateway: when a session ends, its open sockets must be closed at once. The gateway
 * subscribes with `onRevoked`; with several processes the listener is expected to forward the event through the
 * broker, since the socket may live in another process.
 */
export class SessionEvents {
  readonly #listeners = new Set<SessionRevokedListener>();
  readonly #logger: Logger;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /** Returns the unsubscribe function. */
  onRevoked(listener: SessionRevokedListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emitRevoked(event: SessionRevokedEvent): void {
    for (const listener of this.#listeners) {
      // A failing listener must not turn a successful logout into an error response.
      try {
        listener(event);
      } catch (error) {
        this.#logger.error({ err: error, sessionId: event.sessionId }, 'sessionRevoked listener failed');
      }
    }
  }
}
