import { z } from 'zod';
import { validateServerUrl } from './server-url.js';

/*
 * Which server the window loads: `BESEDA_SERVER_URL` (a build or a developer pins it) wins, then the address the
 * first-run screen saved in `config.json` under the user-data folder. Both go through the same validation, so a
 * hand-edited config file cannot point the shell at `file:` or plain HTTP on the network.
 */

const desktopConfigSchema = z.object({ serverOrigin: z.string().optional() });
export type DesktopConfig = z.infer<typeof desktopConfigSchema>;

export function parseDesktopConfig(raw: string | undefined): DesktopConfig {
  if (raw === undefined) return {};
  try {
    const parsed = desktopConfigSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function resolveServerOrigin(envValue: string | undefined, config: DesktopConfig): string | null {
  for (const candidate of [envValue, config.serverOrigin]) {
    if (candidate === undefined || candidate.trim() === '') continue;
    const check = validateServerUrl(candidate);
    if (check.ok) return check.origin;
  }
  return null;
}
