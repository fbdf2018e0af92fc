import type { DesktopSetupConnectResult } from '@beseda/protocol/desktop';
import { urlOf } from '@beseda/protocol/endpoint';
import { getHealth } from '@beseda/protocol/endpoints/health';
import { apiErrorBodySchema } from '@beseda/protocol/errors';
import { PROTOCOL_VERSION, PROTOCOL_VERSION_HEADER } from '@beseda/protocol/version';
import { validateServerUrl } from './server-url.js';

/*
 * The first-run screen's «Подключиться»: is this address a Beseda server this build can talk to? The address goes
 * through the same validation as the page's, then `GET <origin>/api/health` is asked with this build's protocol
 * version in the header every API call carries. The server answers 200 `{ ok: true }` when it speaks that version and
 * 426 CLIENT_OUTDATED when the app is too old for it (apps/server/src/http/protocol-version.ts runs before any route,
 * health included). The fetch is injected: `main.ts` passes Electron's `net.fetch` (the system's proxy and certificate
 * store), tests a fake.
 */

export interface ProbeResponse {
  readonly status: number;
  json(): Promise<unknown>;
}

export type ProbeFetch = (
  url: string,
  init: { headers: Record<string, string>; redirect: 'manual'; signal: AbortSignal },
) => Promise<ProbeResponse>;

/** Long enough for a slow TLS handshake on a phone hotspot; short enough that «Подключение…» never looks hung. */
export const PROBE_TIMEOUT_MS = 10_000;

/** What a reverse proxy answers while the Beseda process behind it is down: the server is there, just not answering. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

async function jsonOf(response: ProbeResponse): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

export async function probeServer(
  origin: string,
  fetch: ProbeFetch,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<DesktopSetupConnectResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let response: ProbeResponse;
    try {
      // A redirect means the app would live on another origin than the one saved: not followed, not accepted.
      response = await fetch(new URL(urlOf(getHealth), origin).toString(), {
        headers: { [PROTOCOL_VERSION_HEADER]: String(PROTOCOL_VERSION), accept: 'application/json' },
        redirect: 'manual',
        signal: controller.signal,
      });
    } catch {
      // DNS, refused connection, TLS (a self-signed certificate), the timeout.
      return { ok: false, error: 'unreachable' };
    }
    if (GATEWAY_STATUSES.has(response.status)) return { ok: false, error: 'unreachable' };
    const body = await jsonOf(response);
    if (response.status === 426) {
      const error = apiErrorBodySchema.safeParse(body);
      return {
        ok: false,
        error: error.success && error.data.error.code === 'CLIENT_OUTDATED' ? 'outdated' : 'not-beseda',
      };
    }
    if (response.status === 200 && getHealth.response.safeParse(body).success) return { ok: true, origin };
    return { ok: false, error: 'not-beseda' };
  } finally {
    clearTimeout(timer);
  }
}

/** The whole decision behind `desktopSetup.connect`: validate, then ask the server. Saving is the caller's. */
export async function checkServerAddress(
  address: string,
  fetch: ProbeFetch,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<DesktopSetupConnectResult> {
  const check = validateServerUrl(address);
  if (!check.ok) return { ok: false, error: check.error };
  return probeServer(check.origin, fetch, timeoutMs);
}
