/** Seconds from the NTP epoch (1900) to the Unix epoch (1970). */
const NTP_UNIX_OFFSET_SECONDS = 2_208_988_800;
const FRACTION_SCALE = 2 ** 32;

/** A Unix time in milliseconds as a 64-bit NTP timestamp (RFC 3550 §4): seconds since 1900, 32-bit fraction. */
export function ntpFromUnixMs(unixMs: number): bigint {
  const seconds = Math.floor(unixMs / 1000);
  const fraction = Math.floor(((unixMs - seconds * 1000) / 1000) * FRACTION_SCALE);
  return (BigInt(seconds + NTP_UNIX_OFFSET_SECONDS) << 32n) | BigInt(fraction);
}

export function ntpNow(): bigint {
  return ntpFromUnixMs(performance.timeOrigin + performance.now());
}
