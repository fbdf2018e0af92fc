import { UNKNOWN_DEVICE } from '@beseda/protocol/user';

/** Order matters: Chromium-based browsers also say "Chrome" and "Safari", and Android also says "Linux". */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/Electron\//, 'Beseda Desktop'],
  [/YaBrowser\//, 'Yandex Browser'],
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Linux|X11/, 'Linux'],
];

/** Real user agents stay under ~300 characters; looking at more only gives a crafted header room to backtrack. */
export const USER_AGENT_MAX_LENGTH = 512;

/**
 * A short human name for the sessions list, e.g. "Chrome, Linux". Deliberately small and ours: the list only needs
 * to tell a user's own devices apart, not to fingerprint them. The server stays language-neutral: the fallback is
 * the code UNKNOWN_DEVICE, which the web client shows in Russian (`device-label.ts`).
 */
export function deviceName(fullUserAgent: string): string {
  const userAgent = fullUserAgent.slice(0, USER_AGENT_MAX_LENGTH);
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser}, ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
}
