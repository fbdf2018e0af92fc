import type { IceServerConfig } from '@beseda/sfu/media-server';
import { z } from 'zod';

/** An external LiveKit (or any LiveKit-compatible server): tokens are minted with its key, its URL is handed out. */
export interface ExternalLivekitConfig {
  url: string;
  apiKey: string;
  apiSecret: string;
}

/** coturn's shared-secret REST credentials (`use-auth-secret`), minted per join. */
export interface TurnConfig {
  secret: string;
  urls: string[];
  ttlSeconds: number;
}

export interface MediaConfig {
  /** The media URL handed to clients (`ws(s)://…`); null: derived from each request (`ws(s)://<host>/media`). */
  publicUrl: string | null;
  /** UDP ports the embedded SFU's peer connections bind; null: any free port. */
  udpPortRange: { min: number; max: number } | null;
  /** The address put into host candidates (a server behind NAT); null: the interface's own. */
  announcedIp: string | null;
  /** STUN/TURN servers every participant gets. */
  iceServers: IceServerConfig[];
  /** Set: a TURN server with per-join credentials is added to `iceServers`. */
  turn: TurnConfig | null;
  /** The embedded SFU tells clients to use TURN relay candidates only (MEDIA_FORCE_RELAY). */
  forceRelay: boolean;
  /** Set: no embedded SFU; clients are sent to this LiveKit. */
  livekit: ExternalLivekitConfig | null;
}

/** A coturn credential lives this long: longer than any call should need a fresh ICE gathering. */
export const TURN_CREDENTIAL_TTL_SECONDS = 6 * 60 * 60;

const iceServerSchema = z.object({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});

const iceServersSchema = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'ICE_SERVERS must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.array(iceServerSchema));

const portRangeSchema = z
  .string()
  .regex(/^\d{1,5}-\d{1,5}$/, 'MEDIA_UDP_PORTS must look like 50000-50100')
  .transform((text) => {
    const [min = 0, max = 0] = text.split('-').map(Number);
    return { min, max };
  })
  .refine(({ min, max }) => min >= 1 && max <= 65_535 && min <= max, 'MEDIA_UDP_PORTS must be 1-65535, low-high');

const wsUrl = z.url({ protocol: /^wss?$/ });

/** The media variables of the environment (merged into config.ts's schema, so every problem is reported at once). */
export const mediaEnvSchema = z.object({
  MEDIA_URL: wsUrl.optional(),
  MEDIA_UDP_PORTS: portRangeSchema.optional(),
  MEDIA_ANNOUNCED_IP: z.union([z.ipv4(), z.ipv6()]).optional(),
  ICE_SERVERS: iceServersSchema.optional(),
  TURN_SECRET: z.string().min(16, 'TURN_SECRET must be at least 16 characters').optional(),
  TURN_URLS: z.string().min(1).optional(),
  MEDIA_FORCE_RELAY: z
    .enum(['true', 'false', '1', '0'])
    .transform((value) => value === 'true' || value === '1')
    .default(false),
  LIVEKIT_URL: wsUrl.optional(),
  LIVEKIT_API_KEY: z.string().min(1).optional(),
  // Any length: `livekit-server --dev` uses the secret «secret»; a production LiveKit enforces its own minimum.
  LIVEKIT_API_SECRET: z.string().min(1).optional(),
});

type MediaEnv = z.output<typeof mediaEnvSchema>;

/** The variables that only make sense together; each message names what is missing. */
export function mediaEnvProblems(env: MediaEnv): string[] {
  const problems: string[] = [];
  const livekit = [env.LIVEKIT_URL, env.LIVEKIT_API_KEY, env.LIVEKIT_API_SECRET];
  if (livekit.some(Boolean) && !livekit.every(Boolean)) {
    problems.push('LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET must be set together');
  }
  if (Boolean(env.TURN_SECRET) !== Boolean(env.TURN_URLS)) {
    problems.push('TURN_SECRET and TURN_URLS must be set together');
  }
  // Relays only, and no relay to use: every call would fail to connect.
  if (env.MEDIA_FORCE_RELAY && !env.TURN_URLS && !env.ICE_SERVERS?.some(hasTurnUrl)) {
    problems.push('MEDIA_FORCE_RELAY needs a TURN server (TURN_SECRET and TURN_URLS, or a turn: URL in ICE_SERVERS)');
  }
  return problems;
}

export function toMediaConfig(env: MediaEnv): MediaConfig {
  const { LIVEKIT_URL: url, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret } = env;
  return {
    publicUrl: env.MEDIA_URL?.replace(/\/+$/, '') ?? null,
    udpPortRange: env.MEDIA_UDP_PORTS ?? null,
    announcedIp: env.MEDIA_ANNOUNCED_IP ?? null,
    iceServers: (env.ICE_SERVERS ?? []).map((server) => ({
      ...server,
      urls: typeof server.urls === 'string' ? [server.urls] : server.urls,
    })),
    turn:
      env.TURN_SECRET && env.TURN_URLS
        ? { secret: env.TURN_SECRET, urls: splitList(env.TURN_URLS), ttlSeconds: TURN_CREDENTIAL_TTL_SECONDS }
        : null,
    forceRelay: env.MEDIA_FORCE_RELAY,
    livekit: url && apiKey && apiSecret ? { url: url.replace(/\/+$/, ''), apiKey, apiSecret } : null,
  };
}

function hasTurnUrl(server: { urls: string | string[] }): boolean {
  const urls = typeof server.urls === 'string' ? [server.urls] : server.urls;
  return urls.some((url) => /^turns?:/.test(url));
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
