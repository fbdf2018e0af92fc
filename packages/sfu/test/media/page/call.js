/* global LivekitClient */
// The page side of livekit-client.test.ts: the official livekit-client (UMD build) joined to the SFU.
window.call = {
  room: undefined,
  async join(url, token) {
    const room = new LivekitClient.Room({
      singlePeerConnection: false,
      adaptiveStream: true,
      dynacast: true,
      publishDefaults: { simulcast: false },
    });
    window.call.room = room;
    await room.connect(url, token);
    await room.localParticipant.enableCameraAndMicrophone();
  },
  /** Inbound bytes (audio) and decoded frames (video) per remote publication, from the receivers' getStats. */
  async remoteMedia() {
    const result = [];
    for (const participant of window.call.room.remoteParticipants.values()) {
      for (const publication of participant.trackPublications.values()) {
        const entry = {
          identity: participant.identity,
          source: publication.source,
          kind: publication.kind,
          muted: publication.isMuted,
          subscribed: publication.isSubscribed,
          bytes: 0,
          framesDecoded: 0,
        };
        const report = publication.track ? await publication.track.getRTCStatsReport() : undefined;
        report?.forEach((stat) => {
          if (stat.type !== 'inbound-rtp') return;
          entry.bytes += stat.bytesReceived ?? 0;
          entry.framesDecoded += stat.framesDecoded ?? 0;
        });
        result.push(entry);
      }
    }
    return result;
  },
  async muteMicrophone() {
    await window.call.room.localParticipant.setMicrophoneEnabled(false);
  },
  async shareScreen() {
    await window.call.room.localParticipant.setScreenShareEnabled(true);
  },
  async stopScreenShare() {
    await window.call.room.localParticipant.setScreenShareEnabled(false);
  },
  async leave() {
    await window.call.room?.disconnect();
  },
};
