// The API as packages/protocol's endpoint descriptors describe it, so no method or path is written in the bench.
// Imported from the protocol's build once buildServer() has run `tsc -b packages/protocol apps/server`: a fresh
// checkout has no dist before that.

/** @typedef {import('@beseda/protocol/endpoint').Endpoint} Endpoint */
/** @typedef {{ params?: Record<string, string>, query?: Record<string, string | number | undefined> }} UrlInput */

export async function loadApi() {
  const [{ urlOfPath }, auth, chat, contact, group, channel, livekit, directCalls] = await Promise.all([
    import('@beseda/protocol/endpoint'),
    import('@beseda/protocol/endpoints/auth'),
    import('@beseda/protocol/endpoints/chat'),
    import('@beseda/protocol/endpoints/contact'),
    // The media benchmarks' voice channel (bench/media/voice-channel.mjs).
    import('@beseda/protocol/endpoints/group'),
    import('@beseda/protocol/endpoints/channel'),
    import('@beseda/protocol/endpoints/livekit'),
    // The call setup benchmark (bench/media-call.mjs).
    import('@beseda/protocol/endpoints/direct-calls'),
  ]);
  return {
    auth,
    chat,
    contact,
    group,
    channel,
    livekit,
    directCalls,
    /** The address of a call, relative to the server. @param {Endpoint} endpoint @param {UrlInput} [input] */
    urlOf: (endpoint, input) => urlOfPath(endpoint.path, input),
  };
}

/** @typedef {Awaited<ReturnType<typeof loadApi>>} Api */
