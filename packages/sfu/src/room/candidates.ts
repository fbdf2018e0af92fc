/*
 * A server behind NAT (MEDIA_ANNOUNCED_IP) must hand out its public address. werift has no 1:1 NAT option, so the
 * host candidates it gathers are rewritten on their way out (in the SDP and in trickle messages); the sockets stay
 * bound to the interface, which is what a 1:1 NAT forwards to.
 */

/** `candidate:<foundation> <component> <transport> <priority> <address> <port> typ <type> …` */
export function announceCandidate(candidate: string, announcedIp: string | undefined): string {
  if (announcedIp === undefined) return candidate;
  const fields = candidate.split(' ');
  if (fields.length < 8 || fields[6] !== 'typ' || fields[7] !== 'host') return candidate;
  fields[4] = announcedIp;
  return fields.join(' ');
}

export function announceSdp(sdp: string, announcedIp: string | undefined): string {
  if (announcedIp === undefined) return sdp;
  return sdp
    .split('\r\n')
    .map((line) => (line.startsWith('a=candidate:') ? `a=${announceCandidate(line.slice(2), announcedIp)}` : line))
    .join('\r\n');
}
