const MAX_CAUSE_DEPTH = 5;

/** Drizzle's failed-query message: `Failed query: <sql>\nparams: <values>`; the SQL has placeholders only. */
const PARAMS_MARKER = '\nparams: ';

/**
 * Properties that carry a failed query's values: Drizzle's `params` (bound parameters: e-mails, password hashes,
 * message text…) and the PostgreSQL drivers' `detail` ("Key (email)=(…) already exists").
 */
const VALUE_PROPERTIES = new Set(['params', 'detail']);

function carriesValues(error: Error): boolean {
  return Object.keys(error).some((key) => VALUE_PROPERTIES.has(key)) || error.message.includes(PARAMS_MARKER);
}

/**
 * A copy of `error` (and of its causes) for a log line, without any query's parameter values: the message and the
 * stack lose Drizzle's `params:` tail, `params` and `detail` are dropped. The SQL text, codes and stack frames stay,
 * so the line still says which query failed and where. The error itself is left untouched.
 */
export function withoutQueryValues(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth >= MAX_CAUSE_DEPTH) return error;
  const cause: unknown = error.cause;
  const scrubbedCause = withoutQueryValues(cause, depth + 1);
  if (!carriesValues(error) && scrubbedCause === cause) return error;

  const marker = error.message.indexOf(PARAMS_MARKER);
  const message = marker === -1 ? error.message : error.message.slice(0, marker);
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  for (const [key, value] of Object.entries(error)) {
    if (VALUE_PROPERTIES.has(key) || key === 'cause') continue;
    Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  }
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true, configurable: true });
  const stack = error.stack?.replace(error.message, message);
  Object.defineProperty(copy, 'stack', { value: stack, enumerable: false, writable: true, configurable: true });
  if (cause !== undefined) {
    Object.defineProperty(copy, 'cause', {
      value: scrubbedCause,
      enumerable: false,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}
