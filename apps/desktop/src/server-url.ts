import type { DesktopSetupError } from '@beseda/protocol/desktop';
import { SETUP_ERROR_MESSAGES } from './strings.js';

/*
 * The first-run screen: which Beseda server this app talks to. One build serves any deployment, so the address is
 * asked once, validated here and remembered. Plain HTTP is refused except for a server on this computer (developers
 * running `npm start`): session cookies and calls must not cross a network in the clear. The main process and the
 * first-run page (an ES module in the window) both run it, so it imports only the shell's strings and types.
 */

export type ServerUrlError = Extract<
  DesktopSetupError,
  'empty' | 'invalid' | 'scheme' | 'credentials' | 'insecure' | 'path'
>;

export type ServerUrlCheck = { ok: true; origin: string } | { ok: false; error: ServerUrlError; message: string };

function refuse(error: ServerUrlError): ServerUrlCheck {
  return { ok: false, error, message: SETUP_ERROR_MESSAGES[error] };
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

export function validateServerUrl(input: string): ServerUrlCheck {
  const trimmed = input.trim();
  if (trimmed === '') return refuse('empty');
  // People type `beseda.example.ru`; a bare host means HTTPS.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return refuse('invalid');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse('scheme');
  if (url.hostname === '' || /\s/.test(trimmed)) return refuse('invalid');
  if (url.username !== '' || url.password !== '') return refuse('credentials');
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return refuse('insecure');
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '') return refuse('path');
  return { ok: true, origin: url.origin };
}
