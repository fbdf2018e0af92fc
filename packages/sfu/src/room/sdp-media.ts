/** What the SFU needs from each m-line of a client's offer: which mid sends which track. */
export interface SdpMedia {
  kind: string;
  mid: string;
  /** Port 0 (rejected or stopped) counts as not sending. */
  sending: boolean;
  /** The track id of `a=msid:<stream> <track>` — livekit-client's AddTrackRequest cid. */
  msidTrackId: string | undefined;
}

export function parseSdpMedia(sdp: string): SdpMedia[] {
  const sections = sdp.split(/\r?\nm=/).slice(1);
  return sections.map((section) => {
    const lines = section.split(/\r?\n/);
    const [kind = '', port = '0'] = (lines[0] ?? '').split(' ');
    let mid = '';
    let direction = 'sendrecv';
    let msidTrackId: string | undefined;
    for (const line of lines) {
      if (line.startsWith('a=mid:')) mid = line.slice('a=mid:'.length).trim();
      else if (line.startsWith('a=msid:')) msidTrackId = line.slice('a=msid:'.length).trim().split(' ')[1];
      else if (/^a=(sendrecv|sendonly|recvonly|inactive)$/.test(line.trim())) direction = line.trim().slice(2);
    }
    const sending = port !== '0' && (direction === 'sendonly' || direction === 'sendrecv');
    return { kind, mid, sending, msidTrackId };
  });
}
